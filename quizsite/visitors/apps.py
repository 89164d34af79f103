from django.apps import AppConfig


class VisitorsConfig(AppConfig):
    name = "quizsite.visitors"
    label = "visitors"
    verbose_name = "Visitors without an account"

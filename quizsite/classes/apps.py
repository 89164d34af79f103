from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "quizsite.classes"
    default_auto_field = "django.db.models.BigAutoField"

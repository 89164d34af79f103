from django.apps import AppConfig


class DrillsConfig(AppConfig):
    name = "quizsite.drills"
    label = "drills"

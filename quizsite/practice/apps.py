from django.apps import AppConfig


class PracticeConfig(AppConfig):
    name = "quizsite.practice"
    label = "practice"
    verbose_name = "Practice and progress"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the log-in handler)

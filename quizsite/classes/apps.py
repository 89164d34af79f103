from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "quizsite.classes"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from quizsite.drills.public import NAMERS

        from .students import name_for_drill

        # A member starts a drill set for their class under the class's name for them.
        if name_for_drill not in NAMERS:
            NAMERS.append(name_for_drill)

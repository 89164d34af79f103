from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "quizsite.classes"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from quizsite.drills import public as drills
        from quizsite.practice import public as practice

        from . import signals, standing
        from .students import name_for_drill

        # A member starts a drill set for their class under the class's name for them.
        if name_for_drill not in drills.NAMERS:
            drills.NAMERS.append(name_for_drill)
        # The members' standings move with their answers, in the answers' transactions.
        drills.after_answer(standing.drill_answered)
        practice.after_answer(standing.response_stored)
        practice.add_scope(signals.CLASS_PRACTICE)
        drills.add_place(signals.CLASS_DRILLS)  # a drill made for a class is set there

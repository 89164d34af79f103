from django.apps import AppConfig


class DrillsConfig(AppConfig):
    name = "quizsite.drills"
    label = "drills"

    def ready(self) -> None:
        from quizsite.games.public import drill_with
        from quizsite.quiz.public import HAND_MODES, MODE_TITLES

        from .public import drill_from_hands

        # a game's own hands made a drill, from the games' pages (games import no drills)
        drill_with(drill_from_hands, lambda: [(m, MODE_TITLES[m]) for m in HAND_MODES])

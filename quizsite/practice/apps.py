from django.apps import AppConfig


class PracticeConfig(AppConfig):
    name = "quizsite.practice"
    label = "practice"
    verbose_name = "Practice and progress"

    def ready(self) -> None:
        from quizsite.games.public import practise_with, slips_with
        from quizsite.quiz.public import keep_answers_in

        from . import public, signals  # noqa: F401  (signals: connects the log-in handler)

        keep_answers_in(public)  # the quiz and drills record answers here, through quiz.public
        practise_with(public.practise_hands)  # a game's own hands, from the games' pages
        slips_with(public.own_hand_slips)  # what a player gets wrong on them (their games)

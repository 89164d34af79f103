from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "quizsite.games"
    label = "games"
    verbose_name = "Games kept at the table"

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class GamesConfig(AppConfig):
    name = "quizsite.games"
    label = "games"
    verbose_name = gettext_lazy("Games kept at the table")

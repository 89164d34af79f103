"""The site's URLs: the scoring app (home, table, calculator, API) and the quiz."""

from django.urls import include, path

urlpatterns = [
    path("", include("scoring.urls")),
    path("quiz/", include("quizsite.quiz.urls")),
    path("games/", include("quizsite.games.urls")),
]

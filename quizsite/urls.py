"""The site's URLs: the scoring app (home, table, calculator, API), the quiz and the reference."""

from django.urls import include, path

urlpatterns = [
    path("", include("scoring.urls")),
    path("quiz/", include("quizsite.quiz.urls")),
    path("learn/", include("quizsite.learn.urls")),
    path("games/", include("quizsite.games.urls")),
]

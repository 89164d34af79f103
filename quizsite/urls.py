"""The site's URLs: the scoring app (home, table, calculator, API), the quiz, the reference,
accounts and drills."""

from django.contrib import admin
from django.urls import include, path

from quizsite.accounts.views import admin_login

urlpatterns = [
    path("", include("scoring.urls")),
    path("quiz/", include("quizsite.quiz.urls")),
    path("learn/", include("quizsite.learn.urls")),
    path("accounts/", include("quizsite.accounts.urls")),
    path("", include("quizsite.drills.urls")),
    path("", include("quizsite.practice.urls")),
    path("progress/", include("quizsite.practice.progress_urls")),
    path("admin/login/", admin_login),  # the admin's own, with the log-in limits' status
    path("admin/", admin.site.urls),
    path("games/", include("quizsite.games.urls")),
]

# An error outside any view that is the database being busy or full still answers 503.
handler500 = "quizsite.unavailable.server_error"

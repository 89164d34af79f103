"""The site's URLs: the scoring app (home, table, calculator, API), the quiz, the reference,
accounts and drills.

Pages answer in English at their plain path and in each other language under its prefix
(`/ja/`, `/zh-hans/`, `/ko/`: `i18n_patterns`; quizsite/language.py). The JSON API and the
admin have one address for every language.
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from quizsite.accounts.views import admin_login
from quizsite.language import choose

urlpatterns = [
    path("", include("scoring.api_urls")),
    path("admin/login/", admin_login),  # the admin's own, with the log-in limits' status
    path("admin/", admin.site.urls),
    # The language switch on every page: keeps the choice in a cookie, then shows the same
    # page in the chosen language.
    path("language/", choose, name="set_language"),
]

urlpatterns += i18n_patterns(
    path("", include("scoring.urls")),
    path("quiz/", include("quizsite.quiz.urls")),
    path("learn/", include("quizsite.learn.urls")),
    path("accounts/", include("quizsite.accounts.urls")),
    path("", include("quizsite.drills.urls")),
    path("", include("quizsite.practice.urls")),
    path("progress/", include("quizsite.practice.progress_urls")),
    path("games/", include("quizsite.games.urls")),
    path("classes/", include("quizsite.classes.urls")),
    prefix_default_language=False,
)

# An error outside any view that is the database being busy or full still answers 503.
handler500 = "quizsite.unavailable.server_error"

"""URLs of the JSON API: one address for every language (`lang=ja` words its explanations in
Japanese), so they stay outside the pages' language prefix."""

from django.urls import path

from quizsite.visitors.public import stateless

from . import api

urlpatterns = [
    path("api/v1/points", stateless(api.points), name="api_points"),
    path("api/v1/score", stateless(api.score), name="api_score"),
    path("api/v1/settle", stateless(api.settle), name="api_settle"),
    path("api/v1/final", stateless(api.final), name="api_final"),
    path("api/v1/", stateless(api.not_found)),
    path("api/v1/<path:rest>", stateless(api.not_found)),
]

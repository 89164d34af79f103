"""URLs of the scoring app. Each view module has one owner: views (site pages),
api (JSON API), calculator (tile pictures and the hand calculator)."""

from django.urls import path

from . import api, calculator, views

urlpatterns = [
    path("", views.home, name="home"),
    path("table/", views.table, name="table"),
    path("table/cell/", views.cell, name="cell"),
    path("points/", views.points, name="points"),
    path("rules/", views.rules, name="rules"),
    path("table-rules/", views.table_rules, name="table_rules"),
    path("api/", views.api_docs, name="api_docs"),
    path("api/v1/points", api.points, name="api_points"),
    path("api/v1/score", api.score, name="api_score"),
    path("api/v1/settle", api.settle, name="api_settle"),
    path("api/v1/final", api.final, name="api_final"),
    path("api/v1/", api.not_found),
    path("api/v1/<path:rest>", api.not_found),
    path("tiles/", calculator.tiles, name="tiles"),
    path("hand/", calculator.hand, name="hand"),
]

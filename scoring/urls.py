"""URLs of the scoring app's pages (the JSON API's are `api_urls`, outside the language
prefix). Each view module has one owner: views (site pages),
api (JSON API), calculator (tile pictures and the hand calculator). Every page here reads
nothing stored: `stateless` keeps the session, the user and so the database out of them."""

from django.urls import path

from quizsite.visitors.public import stateless

from . import calculator, views

urlpatterns = [
    path("", stateless(views.home), name="home"),
    path("table/", stateless(views.table), name="table"),
    path("table/cell/", stateless(views.cell), name="cell"),
    path("points/", stateless(views.points), name="points"),
    path("rules/", stateless(views.rules), name="rules"),
    path("table-rules/", stateless(views.table_rules), name="table_rules"),
    path("api/", stateless(views.api_docs), name="api_docs"),
    path("tiles/", stateless(calculator.tiles), name="tiles"),
    path("hand/", stateless(calculator.hand), name="hand"),
]

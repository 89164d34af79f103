"""The instructor's pages under /drills/ and the learner's under /d/."""

from django.urls import path

from . import take, views

app_name = "drills"
urlpatterns = [
    path("drills/", views.drill_list, name="list"),
    path("drills/new/", views.new, name="new"),
    path("drills/<str:code>/", views.detail, name="detail"),
    path("drills/<str:code>/preview/", views.preview, name="preview"),
    path("drills/<str:code>/projector/", views.projector, name="projector"),
    path("drills/<str:code>/edit/", views.edit, name="edit"),
    path("drills/<str:code>/delete/", views.delete, name="delete"),
    path("drills/<str:code>/preview/<int:number>/redraw/", views.redraw, name="redraw"),
    path("drills/<str:code>/sheet/", views.sheet, name="sheet"),
    path("drills/<str:code>/key/", views.key, name="key"),
    path("drills/<str:code>/open/", views.set_open, name="set_open"),
    path("drills/<str:code>/copy/", views.copy, name="copy"),
    path("drills/<str:code>/results/", views.results, name="results"),
    path("drills/<str:code>/results.csv", views.results_csv, name="results_csv"),
    path(
        "drills/<str:code>/results/<int:pk>/remove/",
        views.remove_attempt,
        name="remove_attempt",
    ),
    path("d/", take.enter, name="enter"),
    path("d/<str:code>/", take.start, name="take"),
    path("d/<str:code>/done/", take.summary, name="summary"),
    path("d/<str:code>/<int:position>/", take.question, name="question"),
]

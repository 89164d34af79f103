"""The learner's reference: pages that read nothing stored (`stateless`)."""

from django.urls import path

from quizsite.visitors.public import stateless

from . import views

app_name = "learn"
urlpatterns = [
    path("", stateless(views.index), name="index"),
    path("scoring/", stateless(views.lesson), name="lesson"),
    path("terms/", stateless(views.terms), name="terms"),
    path("yaku/", stateless(views.yaku), name="yaku"),
    path("fu/", stateless(views.fu), name="fu"),
]

from django.urls import path

from . import views

app_name = "learn"
urlpatterns = [
    path("", views.index, name="index"),
    path("terms/", views.terms, name="terms"),
    path("yaku/", views.yaku, name="yaku"),
    path("fu/", views.fu, name="fu"),
]

from django.urls import path

from . import views

app_name = "practice"

urlpatterns = [
    path("practice/", views.home, name="home"),
    path("practice/next/", views.next_question, name="next"),
    path("practice/q/<str:seed>/", views.question, name="question"),
]

from django.urls import path

from . import views

app_name = "quiz"
urlpatterns = [
    path("", views.start, name="start"),
    path("next/", views.next_question, name="next"),
    path("q/<str:seed>/", views.question, name="question"),
]

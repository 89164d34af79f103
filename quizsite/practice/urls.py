from django.urls import path

from . import own_views, views

app_name = "practice"

urlpatterns = [
    path("practice/", views.home, name="home"),
    path("practice/next/", views.next_question, name="next"),
    path("practice/q/<str:seed>/", views.question, name="question"),
    path("practice/own/", own_views.hands, name="own"),
    path("practice/own/next/", own_views.next_hand, name="own_next"),
    path("practice/own/<int:pk>/", own_views.question, name="own_question"),
    path("practice/own/<int:pk>/remove/", own_views.remove, name="own_remove"),
]

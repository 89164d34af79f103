from django.urls import path

from . import progress_views as views

app_name = "progress"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("answers/<int:pk>/", views.answer, name="answer"),
    path("students/<int:pk>/", views.student, name="student"),
    path(
        "students/<int:student_pk>/answers/<int:pk>/", views.student_answer, name="student_answer"
    ),
    path("export.csv", views.export, name="export"),
    path("delete/", views.delete, name="delete"),
    path("deleted/", views.deleted, name="deleted"),
]

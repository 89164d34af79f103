from django.urls import path

from .views import reports

urlpatterns = [
    path("<int:pk>/", reports.detail, name="detail"),
    path("<int:pk>/me/", reports.me, name="me"),
]

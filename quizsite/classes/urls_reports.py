from django.urls import path

from .views import reports

urlpatterns = [
    path("<int:pk>/", reports.detail, name="detail"),
    path("<int:pk>/class.csv", reports.export, name="csv"),
    path("<int:pk>/me/", reports.me, name="me"),
    path("<int:pk>/me/share/", reports.share, name="me_share"),
    path("<int:pk>/members/<int:member_pk>/", reports.member, name="member"),
    path("<int:pk>/members/<int:member_pk>/merge/", reports.merge, name="merge"),
    path("<int:pk>/members/<int:member_pk>/forget/", reports.forget, name="forget"),
]

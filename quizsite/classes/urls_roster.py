"""The roster's addresses: the classes one teaches and is in, a new class, joining, the
members the instructor adds and their sign-in, the roster, and the work set."""

from django.urls import path

from .views import added, join, roster, work

urlpatterns = [
    path("", roster.index, name="index"),
    path("new/", roster.new, name="new"),
    path("join/", join.enter, name="enter"),
    path("join/<str:code>/", join.join, name="join"),
    path("sign-in/", added.sign_in, name="sign_in"),
    path("s/<str:token>/", added.link, name="link"),
    path("<int:pk>/share/", join.share, name="share"),
    path("<int:pk>/card/", join.card, name="card"),
    path("<int:pk>/roster/", roster.roster, name="roster"),
    path("<int:pk>/open/", roster.set_open, name="set_open"),
    path("<int:pk>/members/<int:member_pk>/rename/", roster.rename, name="rename"),
    path("<int:pk>/members/<int:member_pk>/remove/", roster.remove, name="remove"),
    path("<int:pk>/members/<int:member_pk>/pin/", added.reset_pin, name="reset_pin"),
    path("<int:pk>/members/<int:member_pk>/link/", added.renew_link, name="renew_link"),
    path("<int:pk>/instructors/", roster.add_instructor, name="add_instructor"),
    path(
        "<int:pk>/instructors/<int:user_pk>/remove/",
        roster.remove_instructor,
        name="remove_instructor",
    ),
    path("<int:pk>/add/", added.add, name="add"),
    path("<int:pk>/sheet/", added.sheet, name="sheet"),
    path("<int:pk>/switch/", added.switch, name="switch"),
    path("<int:pk>/work/", work.work, name="work"),
    path("<int:pk>/work/assign/", work.assign, name="assign"),
    path("<int:pk>/work/<int:assignment_pk>/unassign/", work.unassign, name="unassign"),
    path("<int:pk>/work/<int:assignment_pk>/due/", work.set_due, name="due"),
    path("<int:pk>/topics/", work.add_topic, name="add_topic"),
    path("<int:pk>/topics/<int:topic_pk>/remove/", work.remove_topic, name="remove_topic"),
    path("<int:pk>/student/", work.student, name="student"),
]

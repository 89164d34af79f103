from django.urls import path

from . import views
from .views import own, rules

app_name = "games"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("import/", views.import_game, name="import"),
    path("mine/", views.my_games_page, name="mine"),
    path("mine/names/", views.my_names, name="my_names"),
    path("rules/", rules.index, name="rules"),
    path("rules/<slug:slug>/", rules.page, name="rules_page"),
    path("rules/<slug:slug>/edit/", rules.edit, name="rules_edit"),
    path("clubs/<slug:slug>/rules/", rules.club_rules, name="club_rules"),
    path("clubs/new/", views.club_new, name="club_new"),
    path("clubs/<slug:slug>/", views.club_page, name="club"),
    path("clubs/<slug:slug>/add/", views.club_add, name="club_add"),
    path("clubs/<slug:slug>/import/", views.club_import, name="club_import"),
    path("clubs/<slug:slug>/rename/", views.club_rename, name="club_rename"),
    path("<slug:slug>/", views.game_board, name="board"),
    path("<slug:slug>/poll/", views.poll, name="poll"),
    path("<slug:slug>/hand/", views.hand, name="hand"),
    path("<slug:slug>/hand/<int:number>/", views.hand, name="edit"),
    path("<slug:slug>/undo/", views.undo, name="undo"),
    path("<slug:slug>/stop/", views.stop, name="stop"),
    path("<slug:slug>/end/", views.end_game, name="end"),
    path("<slug:slug>/join/<str:token>/", views.join, name="join"),
    path("<slug:slug>/watch/", views.watch, name="watch"),
    path("<slug:slug>/log/", views.game_log, name="log"),
    path("<slug:slug>/log/seat/", views.log_seat, name="log_seat"),
    path("<slug:slug>/watch/log/", views.watch_log, name="watch_log"),
    path("<slug:slug>/practise/", own.practise, name="practise"),
    path("<slug:slug>/drill/", own.drill, name="drill"),
    path("<slug:slug>/hands/", views.earlier_hands, name="hands"),
    path("<slug:slug>/game.csv", views.export_csv, name="csv"),
    path("<slug:slug>/game.json", views.export_json, name="json"),
]

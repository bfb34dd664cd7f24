from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="index"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("games/<str:game_id>/", views.replay, name="replay"),
    path("leagues/", views.leagues, name="leagues"),
    path("leagues/<int:pk>/ladder/", views.ladder, name="ladder"),
    path("leagues/<int:pk>/seasons/<int:number>/", views.season, name="season"),
    path("tournaments/<int:pk>/", views.tournament, name="tournament"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:game_id>/", views.game_rules, name="game_rules"),
    path("play/<uuid:game_id>/", views.play, name="play"),
]

"""The league API's routes (mounted under /api/)."""

from django.urls import path

from . import apis, archive_api

urlpatterns = [
    path("leagues/", apis.LeagueListApi.as_view(), name="leagues"),
    path("leagues/<int:pk>/", apis.LeagueDetailApi.as_view(), name="league"),
    path("tournaments/", apis.TournamentListApi.as_view(), name="tournaments"),
    path("tournaments/<int:pk>/", apis.TournamentDetailApi.as_view(), name="tournament"),
    path("tournaments/<int:pk>/start/", apis.TournamentStartApi.as_view(),
         name="tournament-start"),
    path("tournaments/<int:pk>/withdraw/", apis.TournamentWithdrawApi.as_view(),
         name="tournament-withdraw"),
    path("tournaments/<int:pk>/games/", apis.TournamentGamesApi.as_view(),
         name="tournament-games"),
    path("tournaments/<int:pk>/standings/", apis.StandingsApi.as_view(), name="standings"),
    path("tournaments/<int:pk>/archive/", archive_api.TournamentArchiveApi.as_view(),
         name="tournament-archive"),
    path("tables/", apis.TableListApi.as_view(), name="tables"),
    path("tables/<int:pk>/", apis.TableDetailApi.as_view(), name="table"),
    path("tables/<int:pk>/resume/", apis.TableResumeApi.as_view(), name="table-resume"),
    path("games/<str:game_id>/clock/", apis.GameClockApi.as_view(), name="game-clock"),
    path("players/", apis.PlayerListApi.as_view(), name="players"),
    path("players/<int:pk>/", apis.PlayerDetailApi.as_view(), name="player"),
    path("players/<int:pk>/ratings/", apis.PlayerRatingsApi.as_view(), name="player-ratings"),
    path("ratings/", apis.LadderApi.as_view(), name="ratings"),
]

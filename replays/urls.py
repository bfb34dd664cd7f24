"""The replay API's routes (mounted under /api/)."""

from django.urls import path

from . import apis

urlpatterns = [
    path("catalog/", apis.CatalogApi.as_view(), name="catalog"),
    path("games/", apis.GameListApi.as_view(), name="games"),
    path("games/import/", apis.GameImportApi.as_view(), name="games-import"),
    path("games/<str:game_id>/", apis.GameDetailApi.as_view(), name="game"),
    path("games/<str:game_id>/events/", apis.GameEventsApi.as_view(), name="game-events"),
    path("games/<str:game_id>/frames/", apis.GameFramesApi.as_view(), name="game-frames"),
    path("games/<str:game_id>/record/", apis.GameRecordApi.as_view(), name="game-record"),
    path("games/<str:game_id>/verify/", apis.GameVerifyApi.as_view(), name="game-verify"),
    path("games/<str:game_id>/inputs/", apis.GameInputApi.as_view(), name="game-inputs"),
    path("games/<str:game_id>/explain/", apis.GameExplainApi.as_view(), name="game-explain"),
    path("games/<str:game_id>/whatif/", apis.GameWhatIfApi.as_view(), name="game-whatif"),
    path("games/<str:game_id>/evidence/", apis.GameEvidenceApi.as_view(),
         name="game-evidence"),
    path("games/<str:game_id>/commands/", apis.GameCommandApi.as_view(), name="game-commands"),
    path("games/<str:game_id>/legal/", apis.GameLegalApi.as_view(), name="game-legal"),
    path("games/<str:game_id>/state/", apis.GameStateApi.as_view(), name="game-state"),
    path("games/<str:game_id>/stream/", apis.GameStreamApi.as_view(), name="game-stream"),
    path("games/<str:game_id>/seat-token/", apis.GameSeatTokenApi.as_view(),
         name="game-seat-token"),
]

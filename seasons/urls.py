"""The seasons API's routes (mounted under /api/)."""

from django.urls import path

from . import apis

urlpatterns = [
    path("leagues/<int:pk>/seasons/", apis.LeagueSeasonsApi.as_view(), name="league-seasons"),
    path("leagues/<int:pk>/seasons/<int:number>/", apis.SeasonDetailApi.as_view(),
         name="league-season"),
    path("leagues/<int:pk>/seasons/<int:number>/close/", apis.SeasonCloseApi.as_view(),
         name="league-season-close"),
    path("leagues/<int:pk>/seasons/<int:number>/next/", apis.SeasonNextApi.as_view(),
         name="league-season-next"),
]

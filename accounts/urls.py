"""The accounts API's routes (mounted under /api/accounts/)."""

from django.urls import path

from . import apis

urlpatterns = [
    path("register/", apis.RegisterApi.as_view(), name="accounts-register"),
    path("login/", apis.LoginApi.as_view(), name="accounts-login"),
    path("logout/", apis.LogoutApi.as_view(), name="accounts-logout"),
    path("me/", apis.MeApi.as_view(), name="accounts-me"),
    path("entries/", apis.EntryApi.as_view(), name="accounts-entries"),
]

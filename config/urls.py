"""Root URL configuration: the API under /api/, the schema and docs, the frontend."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts import web_views as account_pages

urlpatterns = [
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(
        url_name="schema", template_name="frontend/api_docs.html"), name="docs"),
    path("admin/", admin.site.urls),
    path("api/", include("replays.urls")),
    path("api/", include("tournaments.urls")),
    path("api/", include("seasons.urls")),
    path("api/", include("disputes.urls")),
    path("api/accounts/", include("accounts.urls")),
    path("accounts/", include("accounts.web_urls")),
    path("my-games/", account_pages.my_games, name="my_games"),
    path("disputes/", include("disputes.web_urls")),
    path("", include("frontend.urls")),
]

handler404 = "config.views.not_found"
handler500 = "config.views.server_error"

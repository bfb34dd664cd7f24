"""The disputes API's routes (mounted under /api/)."""

from django.urls import path

from . import apis

urlpatterns = [
    path("disputes/", apis.DisputeListApi.as_view(), name="disputes"),
    path("disputes/<str:pk>/", apis.DisputeDetailApi.as_view(), name="dispute"),
    path("disputes/<str:pk>/review/", apis.DisputeReviewApi.as_view(), name="dispute-review"),
    path("disputes/<str:pk>/preview/", apis.DisputePreviewApi.as_view(),
         name="dispute-preview"),
    path("disputes/<str:pk>/rule/", apis.DisputeRuleApi.as_view(), name="dispute-rule"),
]

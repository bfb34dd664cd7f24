"""The arbiters' pages (mounted under /disputes/ by config/urls.py)."""

from django.urls import path

from . import web_views

urlpatterns = [
    path("", web_views.dispute_list, name="disputes_page"),
    path("raise/", web_views.dispute_raise, name="dispute_raise_page"),
    path("raise/<str:game_id>/", web_views.dispute_raise, name="dispute_raise_game_page"),
    path("<int:pk>/", web_views.dispute_detail, name="dispute_page"),
    path("<int:pk>/review/", web_views.dispute_review, name="dispute_review_page"),
    path("<int:pk>/rule/", web_views.dispute_rule, name="dispute_rule_page"),
    path("whatif/<str:game_id>/", web_views.whatif, name="whatif_page"),
]

from django.urls import path
from django.views.generic import TemplateView

from . import views

urlpatterns = [path("", views.index, name="index")]
urlpatterns.append(path("play/<uuid:game_id>/", TemplateView.as_view(template_name="frontend/play.html"), name="play"))  # noqa: E501 - the play page (issue 8)

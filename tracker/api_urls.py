from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from tracker import api

urlpatterns = [
    path("matches/<id:pk>/game/", api.GameView.as_view(), name="api-game"),
    path("matches/<id:pk>/game/events/", api.game_events, name="api-game-events"),
]

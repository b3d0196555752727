from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from pairing import api, api_standings

urlpatterns = [
    path("events/<id:pk>/rounds/", api.EventRoundsView.as_view(), name="api-rounds"),
    path("events/<id:pk>/standings/", api_standings.StandingsView.as_view(), name="api-standings"),
    path(
        "events/<id:pk>/standings/<id:team_id>/",
        api_standings.TeamStandingView.as_view(),
        name="api-standing-team",
    ),
    path("rounds/<id:pk>/", api.RoundView.as_view(), name="api-round"),
    path("rounds/<id:pk>/publish/", api.RoundPublishView.as_view(), name="api-round-publish"),
    path("rounds/<id:pk>/swap/", api.RoundSwapView.as_view(), name="api-round-swap"),
    path("rounds/<id:pk>/missing/", api.RoundMissingView.as_view(), name="api-round-missing"),
    path("matches/<id:pk>/", api.MatchView.as_view(), name="api-match"),
    path("matches/<id:pk>/result/", api.MatchResultView.as_view(), name="api-match-result"),
]

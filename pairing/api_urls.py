from django.urls import path

from pairing import api

urlpatterns = [
    path("events/<int:pk>/rounds/", api.EventRoundsView.as_view(), name="api-rounds"),
    path("events/<int:pk>/standings/", api.StandingsView.as_view(), name="api-standings"),
    path(
        "events/<int:pk>/standings/<int:team_id>/",
        api.TeamStandingView.as_view(),
        name="api-standing-team",
    ),
    path("rounds/<int:pk>/", api.RoundView.as_view(), name="api-round"),
    path("rounds/<int:pk>/publish/", api.RoundPublishView.as_view(), name="api-round-publish"),
    path("rounds/<int:pk>/swap/", api.RoundSwapView.as_view(), name="api-round-swap"),
    path("rounds/<int:pk>/missing/", api.RoundMissingView.as_view(), name="api-round-missing"),
    path("matches/<int:pk>/", api.MatchView.as_view(), name="api-match"),
    path("matches/<int:pk>/result/", api.MatchResultView.as_view(), name="api-match-result"),
]

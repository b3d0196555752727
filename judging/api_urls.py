from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from judging import api, api_calls, timer_api

urlpatterns = [
    path("events/<id:pk>/penalties/", api.EventPenaltiesView.as_view(), name="api-penalties"),
    path(
        "penalties/<id:pk>/rescind/", api.PenaltyRescindView.as_view(), name="api-penalty-rescind"
    ),
    path("rounds/<id:pk>/clock/", api.RoundClockView.as_view(), name="api-round-clock"),
    path("matches/<id:pk>/time/", api.MatchTimeView.as_view(), name="api-match-time"),
    path(
        "matches/<id:pk>/extensions/",
        api.MatchExtensionsView.as_view(),
        name="api-match-extensions",
    ),
    path("rounds/<id:pk>/deck-checks/", api.RoundDeckChecksView.as_view(), name="api-deck-checks"),
    path("deck-checks/<id:pk>/end/", api.DeckCheckEndView.as_view(), name="api-deck-check-end"),
    path(
        "matches/<id:pk>/judge-calls/",
        api_calls.MatchJudgeCallsView.as_view(),
        name="api-match-judge-calls",
    ),
    path(
        "events/<id:pk>/judge-calls/",
        api_calls.EventJudgeCallsView.as_view(),
        name="api-event-judge-calls",
    ),
    path("judge-calls/<id:pk>/", api_calls.JudgeCallView.as_view(), name="api-judge-call"),
    path(
        "judge-calls/<id:pk>/claim/",
        api_calls.JudgeCallClaimView.as_view(),
        name="api-judge-call-claim",
    ),
    path(
        "judge-calls/<id:pk>/escalate/",
        api_calls.JudgeCallEscalateView.as_view(),
        name="api-judge-call-escalate",
    ),
    path(
        "judge-calls/<id:pk>/resolve/",
        api_calls.JudgeCallResolveView.as_view(),
        name="api-judge-call-resolve",
    ),
    path(
        "judge-calls/<id:pk>/withdraw/",
        api_calls.JudgeCallWithdrawView.as_view(),
        name="api-judge-call-withdraw",
    ),
    path(
        "events/<id:pk>/timers/", timer_api.LimitedTimersView.as_view(), name="api-limited-timers"
    ),
]

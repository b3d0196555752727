from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from judging import calls_views, clock_views, coverage_views, deckfix_views, timer_views, views

urlpatterns = [
    path("events/<id:pk>/penalties/", views.penalty_list, name="penalties"),
    path("events/<id:pk>/penalties/new/", views.penalty_new, name="penalty-new"),
    path("events/<id:pk>/penalties.csv", views.penalty_csv, name="penalties-csv"),
    path(
        "events/<id:pk>/penalties/<id:penalty_id>/rescind/",
        views.penalty_rescind,
        name="penalty-rescind",
    ),
    path(
        "events/<id:pk>/penalties/<id:penalty_id>/report/",
        views.penalty_report,
        name="penalty-report",
    ),
    path("events/<id:pk>/judging/reference/", views.quick_reference, name="judging-reference"),
    path("events/<id:pk>/seats/", views.seat_check, name="seat-check"),
    path("events/<id:pk>/deckchecks/", views.deck_checks, name="deck-checks"),
    path(
        "events/<id:pk>/deckchecks/<id:check_id>/fix/",
        deckfix_views.deck_fix,
        name="deck-check-fix",
    ),
    path(
        "events/<id:pk>/decklists/<id:team_id>/fix/",
        deckfix_views.team_deck_fix,
        name="team-deck-fix",
    ),
    path("events/<id:pk>/judging/settings/", views.judging_settings, name="judging-settings"),
    path("events/<id:pk>/clock/", clock_views.projector_clock, name="clock"),
    path("events/<id:pk>/clock/control/", clock_views.clock_control, name="clock-control"),
    path("events/<id:pk>/clock/floor/", clock_views.floor_view, name="clock-floor"),
    path(
        "events/<id:pk>/matches/<id:match_id>/clock/", clock_views.table_clock, name="table-clock"
    ),
    path("t/<str:key>/judge-call/", calls_views.team_call, name="team-judge-call"),
    path("events/<id:pk>/judge-calls/", calls_views.queue, name="judge-calls"),
    path("events/<id:pk>/judge-calls/log/", calls_views.ruling_log, name="judge-call-log"),
    path("events/<id:pk>/judge-calls.csv", calls_views.ruling_log_csv, name="judge-call-csv"),
    path("events/<id:pk>/judge-calls/<id:call_id>/", calls_views.call_page, name="judge-call"),
    path(
        "events/<id:pk>/judge-calls/<id:call_id>/act/",
        calls_views.call_act,
        name="judge-call-act",
    ),
    path("events/<id:pk>/coverage/", coverage_views.coverage_page, name="coverage"),
    path(
        "events/<id:pk>/matches/<id:match_id>/broadcast/",
        coverage_views.broadcast,
        name="broadcast",
    ),
    path("events/<id:pk>/timers/", timer_views.timers_page, name="limited-timers"),
    path("events/<id:pk>/timers/control/", timer_views.timer_control, name="limited-timer-control"),
    path(
        "events/<id:pk>/timers/<str:kind>/",
        timer_views.timer_projector,
        name="limited-timer-projector",
    ),
]

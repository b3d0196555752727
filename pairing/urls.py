from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from pairing import final_views, pod_views, printouts, views

urlpatterns = [
    path("events/<id:pk>/rounds/", views.rounds, name="rounds"),
    path("events/<id:pk>/rounds/pair/", views.round_pair, name="round-pair"),
    path("events/<id:pk>/rounds/<id:number>/", views.round_detail, name="round"),
    path("events/<id:pk>/rounds/<id:number>/publish/", views.round_publish, name="round-publish"),
    path("events/<id:pk>/rounds/<id:number>/unpair/", views.round_unpair, name="round-unpair"),
    path("events/<id:pk>/rounds/<id:number>/swap/", views.round_swap, name="round-swap"),
    path("events/<id:pk>/rounds/<id:number>/table/", views.round_table, name="round-table"),
    path("events/<id:pk>/rounds/<id:number>/slips/", printouts.slips, name="round-slips"),
    path("events/<id:pk>/rounds/<id:number>/print/names/", printouts.wall, name="print-wall"),
    path("events/<id:pk>/rounds/<id:number>/print/tables/", printouts.tables, name="print-tables"),
    path("events/<id:pk>/rounds/<id:number>/results/", views.round_results, name="round-results"),
    path("events/<id:pk>/rounds/<id:number>/missing/", views.round_missing, name="round-missing"),
    path("events/<id:pk>/matches/<id:match_id>/", views.match_detail, name="match"),
    path("events/<id:pk>/now/", views.event_now, name="event-now"),
    path("events/<id:pk>/standings/", views.standings, name="standings"),
    path("events/<id:pk>/standings/<id:team_id>/", views.standing_team, name="standing-team"),
    path("events/<id:pk>/final/", final_views.final_results, name="final-results"),
    path("events/<id:pk>/final/places.csv", final_views.final_places_csv, name="final-places-csv"),
    path(
        "events/<id:pk>/final/results.csv", final_views.final_results_csv, name="final-results-csv"
    ),
    path("events/<id:pk>/print/standings/", printouts.standings, name="print-standings"),
    path("events/<id:pk>/print/poster/", printouts.poster, name="print-poster"),
    path("t/<str:key>/matches/<id:match_id>/report/", views.team_report, name="team-report"),
    path("t/<str:key>/matches/<id:match_id>/seats/", views.team_seats, name="team-seats"),
    path("events/<id:pk>/pods/print/", pod_views.pod_print, name="pod-print"),
    path("events/<id:pk>/pods/projector/", pod_views.pod_projector, name="pod-projector"),
]

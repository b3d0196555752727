from django.urls import path

from pairing import views

urlpatterns = [
    path("events/<int:pk>/rounds/", views.rounds, name="rounds"),
    path("events/<int:pk>/rounds/pair/", views.round_pair, name="round-pair"),
    path("events/<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("events/<int:pk>/rounds/<int:number>/publish/", views.round_publish, name="round-publish"),
    path("events/<int:pk>/rounds/<int:number>/unpair/", views.round_unpair, name="round-unpair"),
    path("events/<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="round-swap"),
    path("events/<int:pk>/rounds/<int:number>/table/", views.round_table, name="round-table"),
    path("events/<int:pk>/rounds/<int:number>/slips/", views.round_slips, name="round-slips"),
    path("events/<int:pk>/rounds/<int:number>/results/", views.round_results, name="round-results"),
    path("events/<int:pk>/rounds/<int:number>/missing/", views.round_missing, name="round-missing"),
    path("events/<int:pk>/matches/<int:match_id>/", views.match_detail, name="match"),
    path("events/<int:pk>/standings/", views.standings, name="standings"),
    path("events/<int:pk>/standings/<int:team_id>/", views.standing_team, name="standing-team"),
    path("t/<str:key>/matches/<int:match_id>/report/", views.team_report, name="team-report"),
]

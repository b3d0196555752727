from django.urls import include, path

from core import converters  # noqa: F401  (registers <id:...>)
from tournament import api, api_arrivals

urlpatterns = [
    path("auth/token/", api.TokenView.as_view(), name="api-token"),
    path("events/", api.EventListView.as_view(), name="api-events"),
    path("events/<id:pk>/", api.EventDetailView.as_view(), name="api-event"),
    path("events/<id:pk>/staff/", api.StaffListView.as_view(), name="api-staff"),
    path(
        "events/<id:pk>/staff/<int:user_id>/",
        api.StaffDetailView.as_view(),
        name="api-staff-detail",
    ),
    path("events/<id:pk>/teams/", api.TeamListView.as_view(), name="api-teams"),
    path("events/<id:pk>/teams/import/", api.TeamImportView.as_view(), name="api-teams-import"),
    path("teams/<id:pk>/", api.TeamDetailView.as_view(), name="api-team"),
    path("teams/<id:pk>/drop/", api_arrivals.TeamSelfDropView.as_view(), name="api-team-drop"),
    path("teams/<id:pk>/undrop/", api.TeamUndropView.as_view(), name="api-team-undrop"),
    path("teams/<id:pk>/key/", api.TeamKeyView.as_view(), name="api-team-key"),
    path("events/<id:pk>/signups/", api_arrivals.SignupsOpenView.as_view(), name="api-signups"),
    path(
        "events/<id:pk>/solo-signups/",
        api_arrivals.SoloSignupListView.as_view(),
        name="api-solo-signups",
    ),
    path(
        "events/<id:pk>/solo-signups/match/",
        api_arrivals.SoloMatchView.as_view(),
        name="api-solo-match",
    ),
    path("solo-signups/<str:code>/", api_arrivals.SoloSignupView.as_view(), name="api-solo"),
    path("events/<id:pk>/check-in/", api_arrivals.CheckInOpenView.as_view(), name="api-check-in"),
    path(
        "teams/<id:pk>/check-in/", api_arrivals.TeamCheckInView.as_view(), name="api-team-check-in"
    ),
    path("", include("decklists.api")),
]

from django.urls import include, path

from core import converters  # noqa: F401  (registers <id:...>)
from tournament import api

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
    path("teams/<id:pk>/drop/", api.TeamDropView.as_view(), name="api-team-drop"),
    path("teams/<id:pk>/undrop/", api.TeamUndropView.as_view(), name="api-team-undrop"),
    path("teams/<id:pk>/key/", api.TeamKeyView.as_view(), name="api-team-key"),
    path("", include("decklists.api")),
]

from django.urls import include, path

from tournament import api

urlpatterns = [
    path("auth/token/", api.TokenView.as_view(), name="api-token"),
    path("events/", api.EventListView.as_view(), name="api-events"),
    path("events/<int:pk>/", api.EventDetailView.as_view(), name="api-event"),
    path("events/<int:pk>/staff/", api.StaffListView.as_view(), name="api-staff"),
    path(
        "events/<int:pk>/staff/<int:user_id>/",
        api.StaffDetailView.as_view(),
        name="api-staff-detail",
    ),
    path("events/<int:pk>/teams/", api.TeamListView.as_view(), name="api-teams"),
    path("events/<int:pk>/teams/import/", api.TeamImportView.as_view(), name="api-teams-import"),
    path("teams/<int:pk>/", api.TeamDetailView.as_view(), name="api-team"),
    path("teams/<int:pk>/drop/", api.TeamDropView.as_view(), name="api-team-drop"),
    path("teams/<int:pk>/undrop/", api.TeamUndropView.as_view(), name="api-team-undrop"),
    path("teams/<int:pk>/key/", api.TeamKeyView.as_view(), name="api-team-key"),
    path("", include("decklists.api")),
]

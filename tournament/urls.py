from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament import views

urlpatterns = [
    path("", views.home, name="home"),
    path(
        "login/", auth_views.LoginView.as_view(template_name="tournament/login.html"), name="login"
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("events/new/", views.event_create, name="event-create"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("events/<int:pk>/edit/", views.event_edit, name="event-edit"),
    path("events/<int:pk>/teams/", views.event_teams, name="event-teams"),
    path("events/<int:pk>/teams/import/", views.teams_import, name="teams-import"),
    path("events/<int:pk>/teams/<int:team_id>/", views.team_manage, name="team-manage"),
    path("events/<int:pk>/staff/", views.event_staff, name="event-staff"),
    path("events/<int:pk>/staff/<int:user_id>/remove/", views.staff_remove, name="staff-remove"),
    path("t/<str:key>/", views.team_private, name="team-private"),
    path("", include("decklists.urls")),
]

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.urls import include, path

from core import converters  # noqa: F401  (registers <id:...>)
from tournament import arrival_views, event_views, team_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="tournament/login.html",
            extra_context={"allow_signup": settings.ALLOW_SIGNUP},
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("events/new/", views.event_create, name="event-create"),
    path("events/<id:pk>/", event_views.event_detail, name="event"),
    path("events/<id:pk>/edit/", views.event_edit, name="event-edit"),
    path("events/<id:pk>/archive/", views.event_archive, name="event-archive"),
    path("events/<id:pk>/delete/", views.event_delete, name="event-delete"),
    path("events/<id:pk>/teams/", views.event_teams, name="event-teams"),
    path("events/<id:pk>/teams/import/", views.teams_import, name="teams-import"),
    path("events/<id:pk>/teams/slips/", team_views.team_slips, name="team-slips"),
    path("events/<id:pk>/teams/links.csv", team_views.team_links_csv, name="team-links-csv"),
    path("events/<id:pk>/teams/<id:team_id>/", views.team_manage, name="team-manage"),
    path("events/<id:pk>/staff/", views.event_staff, name="event-staff"),
    path("events/<id:pk>/staff/<int:user_id>/remove/", views.staff_remove, name="staff-remove"),
    path("events/<id:pk>/signup/", views.signup_start, name="signup-start"),
    path("events/<id:pk>/signups/", views.event_signups, name="event-signups"),
    path("signup/join/", views.signup_join, name="signup-join"),
    path("signup/<str:key>/", views.signup_page, name="signup"),
    path(
        "events/<id:pk>/staff/invites/<int:invite_id>/", views.invite_manage, name="invite-manage"
    ),
    path("invite/<str:token>/", views.invite_accept, name="invite-accept"),
    path("account/signup/", views.signup, name="account-signup"),
    path("t/find/", team_views.team_find, name="team-find"),  # before the keys: "find" is none
    path("t/<str:key>/", team_views.team_private, name="team-private"),
    path("t/<str:key>/remember/", team_views.team_remember, name="team-remember"),
    path("t/<str:key>/manifest.webmanifest", team_views.team_manifest, name="team-manifest"),
    path("t/<str:key>/sw.js", team_views.team_worker, name="team-worker"),
    path("events/<id:pk>/solo/", arrival_views.solo_start, name="solo-start"),
    path("events/<id:pk>/teams/late/", arrival_views.team_late, name="team-late"),
    path("events/<id:pk>/solos/match/", arrival_views.solos_match, name="solos-match"),
    path("events/<id:pk>/check-in/", arrival_views.check_in_switch, name="check-in-switch"),
    path("events/<id:pk>/capacity/", arrival_views.set_cap, name="event-capacity"),
    path("events/<id:pk>/check-in/count/", arrival_views.check_in_count, name="check-in-count"),
    path(
        "events/<id:pk>/check-in/<id:team_id>/",
        arrival_views.desk_check_in,
        name="desk-check-in",
    ),
    path("solo/<str:code>/", arrival_views.solo_page, name="solo"),
    path(
        "signup/<str:key>/accommodation/",
        arrival_views.signup_accommodation,
        name="signup-accommodation",
    ),
    path(
        "events/<id:pk>/accommodations/<int:row_id>/grant/",
        arrival_views.accommodation_grant,
        name="accommodation-grant",
    ),
    path("t/<str:key>/check-in/", arrival_views.team_check_in, name="team-check-in"),
    path("t/<str:key>/drop/", arrival_views.team_drop, name="team-drop"),
    path("t/<str:key>/rename/", arrival_views.team_rename, name="team-rename"),
    path("", include("decklists.urls")),
]

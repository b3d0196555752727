"""Matrix rows: auth, events, staff, teams (issue: foundation)."""

from support.matrix import Row, expect

CSV = "team,primary,second\nTeam Csv,Cora,Carl\n"

ROWS = [
    Row("schema", "get", lambda w: "/api/v1/schema/", expect("anyone")),
    Row("events-list", "get", lambda w: "/api/v1/events/", expect("anyone")),
    Row(
        "events-create",
        "post",
        lambda w: "/api/v1/events/",
        expect("user", 201),
        body=lambda w: {"name": "New", "structure": "sealed"},
    ),
    Row("event-read", "get", lambda w: f"/api/v1/events/{w.event.pk}/", expect("view")),
    Row(
        "event-edit",
        "patch",
        lambda w: f"/api/v1/events/{w.event.pk}/",
        expect("organizer"),
        body=lambda w: {"round_minutes": 70},
    ),
    Row(
        "staff-list", "get", lambda w: f"/api/v1/events/{w.event.pk}/staff/", expect("scorekeeper")
    ),
    Row(
        "staff-add",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/staff/",
        expect("organizer", 201),
        body=lambda w: {"username": "charlie", "role": "judge"},
    ),
    Row(
        "staff-remove",
        "delete",
        lambda w: f"/api/v1/events/{w.event.pk}/staff/{w.sam.pk}/",
        expect("organizer", 204),
    ),
    Row("teams-list", "get", lambda w: f"/api/v1/events/{w.event.pk}/teams/", expect("view")),
    Row(
        "teams-register",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/teams/",
        expect("scorekeeper", 201),
        body=lambda w: {"name": "Team New", "players": [{"name": "Nia"}, {"name": "Ned"}]},
    ),
    Row(
        "teams-import",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/teams/import/",
        expect("scorekeeper", 201),
        body=lambda w: {"csv": CSV},
    ),
    Row("team-read", "get", lambda w: f"/api/v1/teams/{w.red.pk}/", expect("view")),
    Row(
        "team-rename-own",
        "patch",
        lambda w: f"/api/v1/teams/{w.red.pk}/",
        expect("scorekeeper"),
        body=lambda w: {"name": "Team Crimson"},
    ),
    Row(
        "team-seats-own",  # a team chooses its primary player between rounds (MTR 9.4)
        "patch",
        lambda w: f"/api/v1/teams/{w.red.pk}/",
        expect("scorekeeper", team=True),
        body=lambda w: {
            "seat_order": list(w.red.players.order_by("-seat").values_list("pk", flat=True))
        },
    ),
    Row(
        "team-edit-other",
        "patch",
        lambda w: f"/api/v1/teams/{w.blue.pk}/",
        expect("scorekeeper"),
        body=lambda w: {"name": "Team Navy"},
    ),
    Row(
        "team-drop",
        "post",
        lambda w: f"/api/v1/teams/{w.red.pk}/drop/",
        expect("scorekeeper", team=True),  # MTR 2.10: the team drops itself too
    ),
    Row(
        "team-undrop",
        "post",
        lambda w: f"/api/v1/teams/{w.red.pk}/undrop/",
        expect("scorekeeper"),
        setup=lambda w: type(w.red).objects.filter(pk=w.red.pk).update(dropped=True),
    ),
    Row("team-new-key", "post", lambda w: f"/api/v1/teams/{w.red.pk}/key/", expect("scorekeeper")),
    # Pages: team personas browse without a session, like anonymous visitors.
    Row("page-event-create", "get", lambda w: "/events/new/", expect("user"), fmt="page"),
    Row(
        "page-staff-remove",
        "post",
        lambda w: f"/events/{w.event.pk}/staff/{w.sam.pk}/remove/",
        expect("organizer", 302),
        fmt="page",
    ),
    Row("page-event", "get", lambda w: f"/events/{w.event.pk}/", expect("view"), fmt="page"),
    Row("page-teams", "get", lambda w: f"/events/{w.event.pk}/teams/", expect("view"), fmt="page"),
    Row(
        "page-edit",
        "get",
        lambda w: f"/events/{w.event.pk}/edit/",
        expect("organizer"),
        fmt="page",
    ),
    Row(
        "page-import",
        "get",
        lambda w: f"/events/{w.event.pk}/teams/import/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-team-manage",
        "get",
        lambda w: f"/events/{w.event.pk}/teams/{w.red.pk}/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-staff",
        "get",
        lambda w: f"/events/{w.event.pk}/staff/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-event-archive",
        "post",
        lambda w: f"/events/{w.event.pk}/archive/",
        expect("organizer", 302),
        fmt="page",
    ),
    Row(
        "page-event-delete",
        "post",
        lambda w: f"/events/{w.event.pk}/delete/",
        expect("organizer", 302),
        fmt="page",
    ),
    Row(
        "page-invite-manage",
        "post",
        lambda w: f"/events/{w.event.pk}/staff/invites/{_invite(w).pk}/",
        expect("organizer", 302),
        body=lambda w: {"action": "reissue"},
        fmt="page",
    ),
    # A lost team link found again from the event's page: whoever sees the event asks (a wrong
    # code is a redirect back with an error, never the link).
    Row(
        "page-team-find",
        "get",
        lambda w: f"/t/find/?event={w.event.pk}&name=Team+Red&key=WRONGCDE",
        expect("view", 302),
        fmt="page",
    ),
]


def _invite(w):
    from tournament.models import StaffInvite
    from tournament.services import accounts

    invite = StaffInvite.objects.filter(event=w.event).first()
    return invite or accounts.invite_create(event=w.event, label="Vic", role="judge").invite

"""REST API of events, staff and teams (docs/api.md "Events, staff, teams").

Views translate requests into service calls; the access layer (access) decides who may call.
"""

from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.signals import user_logged_in
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.response import Response

from access import Perm, access_event, access_team, can, require, visible_events
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.inputs import USERNAME_MAX
from tournament.api_auth import token_expired
from tournament.domain.formats import CONSTRUCTED_FORMATS
from tournament.hooks import event_settings
from tournament.models import Event, Player, StaffRole, Team, WaitingTeam
from tournament.selectors import events_listed
from tournament.services import capacity
from tournament.services import checkin as checkin_svc
from tournament.services import events as svc
from tournament.services import late as late_svc
from tournament.services import team_import as import_svc
from tournament.services import teams as team_svc


def _checked_by_the_service(schema: dict, base=serializers.IntegerField):
    """A field documented with the values tournament.services.events accepts (its own messages,
    in the field form of a 400, stay the ones the caller reads)."""

    @extend_schema_field(schema)
    class Field(base):
        pass

    return Field


TeamSize = _checked_by_the_service({"type": "integer", "enum": [2, 3, 4]})
Format = _checked_by_the_service(
    {"type": "string", "enum": ["", *sorted(CONSTRUCTED_FORMATS)]},  # "" for limited events
    serializers.CharField,
)


class EventSerializer(serializers.ModelSerializer):
    # The organizer's username is theirs to log in with, not public: others read the name they
    # gave (first and last name, "" without one); the organizer reads their own username.
    organizer = serializers.SerializerMethodField()
    team_count = serializers.SerializerMethodField()
    team_size = TeamSize(required=False)
    format = Format(required=False, allow_blank=True)
    # Extension: the cap on teams (null: none), kept apart from the event's row (capacity).
    max_teams = serializers.IntegerField(
        allow_null=True, required=False, min_value=2, max_value=10000, source="capacity.max_teams"
    )

    # The fields in the order the API shows them; those of the apps' own settings
    # (tournament.hooks.EVENT_SETTINGS) come from them, in their place here.
    ORDER = (
        "id", "name", "date", "structure", "format", "rel", "team_size", "round_minutes",
        "swiss_rounds", "top_cut", "public", "udc_rule", "penalty_policy", "tiebreak_order",
        "status", "organizer", "team_count", "top_cut_automatic", "tiebreak_oomw",
        "pods_lifted", "max_teams",
    )  # fmt: skip

    class Meta:
        model = Event
        fields = [
            "id", "name", "date", "structure", "format", "rel", "team_size", "public", "status",
            "organizer", "team_count", "max_teams",
        ]  # fmt: skip
        read_only_fields = ["id", "status", "organizer", "team_count"]
        extra_kwargs = {"name": {"max_length": 1000}}

    def get_fields(self):
        fields = super().get_fields()
        for entry in event_settings():
            fields.update(entry.api_fields())
        place = {name: i for i, name in enumerate(self.ORDER)}
        return dict(sorted(fields.items(), key=lambda item: place.get(item[0], len(place))))

    @extend_schema_field(serializers.CharField())
    def get_organizer(self, event: Event) -> str:
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.pk == event.organizer_id:
            return event.organizer.username
        return event.organizer.get_full_name()

    def get_team_count(self, event: Event) -> int:
        counted = getattr(event, "team_count", None)  # annotated by selectors.events_listed
        return counted if counted is not None else event.teams.count()


class PlayerSerializer(serializers.ModelSerializer):
    """A player; `wizards_id` is null unless the caller is staff of the event or the player's
    own team (context "show_ids": True for staff, "caller" for the team check)."""

    class Meta:
        model = Player
        fields = ["id", "name", "wizards_id", "seat"]

    def to_representation(self, instance: Player) -> dict:
        data = super().to_representation(instance)
        if not _may_see_ids(self.context, instance.team_id):
            data["wizards_id"] = None
        return data


def _may_see_ids(context: dict, team_id: int | None) -> bool:
    if context.get("show_ids") or context.get("show_keys"):
        return True
    caller = context.get("caller")
    team = getattr(caller, "team", None)
    return team is not None and team_id is not None and team.pk == team_id


class TeamSerializer(serializers.ModelSerializer):
    players = PlayerSerializer(many=True, read_only=True)
    access_key = serializers.SerializerMethodField()
    status = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = [
            "id", "event", "name", "players", "access_key", "dropped", "fixed_table",
            "awarded_byes", "status",
        ]  # fmt: skip

    def get_access_key(self, team: Team) -> str | None:
        return team.access_key if self.context.get("show_keys") else None

    @extend_schema_field(serializers.ChoiceField(["registered", "waiting", "dropped"]))
    def get_status(self, team: Team) -> str:
        """waiting: registered past the event's cap, on its waiting list (docs/api.md)."""
        if team.dropped:
            return "dropped"
        try:
            entry = team.waiting_entry
        except WaitingTeam.DoesNotExist:
            return "registered"
        return "waiting" if entry.promoted_at is None else "registered"


class LateSerializer(serializers.Serializer):
    first_round = serializers.IntegerField(help_text="the first round the team is paired in")
    missed_rounds = serializers.ListField(
        child=serializers.IntegerField(), help_text="a match loss each, no opponent"
    )


class TeamCreatedSerializer(TeamSerializer):
    """A registration's answer: the team, and ``late`` (null unless entered after round 1)."""

    late = serializers.SerializerMethodField()

    class Meta(TeamSerializer.Meta):
        fields = [*TeamSerializer.Meta.fields, "late"]

    @extend_schema_field(LateSerializer(allow_null=True))
    def get_late(self, team: Team) -> dict | None:
        entry = late_svc.late_entry(team)
        if entry is None:
            return None
        return {"first_round": entry.first_round, "missed_rounds": entry.missed_rounds}


class PlayerInSerializer(serializers.Serializer):
    name = serializers.CharField(trim_whitespace=False, allow_blank=True, max_length=1000)
    wizards_id = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, max_length=1000
    )


class TeamInSerializer(serializers.Serializer):
    name = serializers.CharField(trim_whitespace=False, allow_blank=True, max_length=1000)
    players = serializers.ListField(child=PlayerInSerializer(), allow_empty=False, min_length=1)
    late = serializers.BooleanField(
        required=False, default=False, help_text="after round 1: a late entry (docs/rules.md)"
    )


class TeamPatchSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, trim_whitespace=False, max_length=1000)
    seat_order = serializers.ListField(child=serializers.IntegerField(), required=False)
    fixed_table = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    awarded_byes = serializers.IntegerField(required=False, min_value=0, max_value=3)


class StaffSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username")
    user_id = serializers.IntegerField(source="user.id", read_only=True)

    class Meta:
        model = StaffRole
        fields = ["user_id", "username", "role"]


def show_keys(request, event: Event) -> bool:
    return can(request.caller, Perm.VIEW_PRIVATE, event)


class TokenView(APIView):
    """POST {username, password} -> {token}. Wrong credentials: 401; too many failed logins from
    the address or against the account: 429 with Retry-After (settings: LOGIN_FAILURE_LIMIT).
    DELETE (with the token, or a logged-in session) revokes the caller's token: 204."""

    def get_authenticators(self):
        # Logging in takes no credentials but the body's: a stale token in the header must not
        # turn a good login into a 401.
        request = getattr(self, "request", None)
        if request is None or request.method == "DELETE":
            return super().get_authenticators()
        return []

    @extend_schema(
        request=inline_serializer(
            "TokenIn", {"username": serializers.CharField(), "password": serializers.CharField()}
        ),
        responses={
            200: inline_serializer("TokenOut", {"token": serializers.CharField()}),
            401: ErrorSerializer,
            429: ErrorSerializer,
        },
    )
    def post(self, request):
        data = request.data
        username, password = data.get("username"), data.get("password")
        if not isinstance(username, str) or not isinstance(password, str):
            raise exceptions.ValidationError(
                {"username": ["Give username and password."], "password": ["Required."]}
            )
        if len(username) > USERNAME_MAX or "\x00" in username + password:
            # never an account's name; django-axes would record it in a 255-character column
            raise exceptions.ValidationError({"username": ["No such username."]})
        user = authenticate(request, username=username, password=password)
        if getattr(request, "axes_locked_out", False):
            minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
            return Response(
                {
                    "detail": f"Too many failed logins: try again in {minutes} minutes.",
                    "code": "throttled",
                },
                status=status.HTTP_429_TOO_MANY_REQUESTS,
                headers={"Retry-After": str(int(settings.AXES_COOLOFF_TIME.total_seconds()))},
            )
        if user is None:
            return Response(
                {"detail": "Wrong username or password.", "code": "authentication_failed"},
                status=status.HTTP_401_UNAUTHORIZED,
                headers={"WWW-Authenticate": "Token"},
            )
        # A login like the page's: the failure count of the address and account starts over
        # (django-axes) and the user's last login is kept.
        user_logged_in.send(sender=user.__class__, request=request, user=user)
        token, _ = Token.objects.get_or_create(user=user)
        if token_expired(token):
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key})

    @extend_schema(request=None, responses={204: None, 401: ErrorSerializer})
    def delete(self, request):
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class EventListView(APIView):
    @extend_schema(responses=EventSerializer(many=True))
    def get(self, request):
        events = events_listed(visible_events(request.caller))
        return Response(EventSerializer(events, many=True, context={"request": request}).data)

    @extend_schema(request=EventSerializer, responses={201: EventSerializer})
    def post(self, request):
        if request.auth is not None and not request.user.is_authenticated:
            raise exceptions.PermissionDenied("A team key cannot create events; log in as a user.")
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        data = EventSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        cap = values.pop("capacity", None)
        event = svc.event_create(organizer=request.user, **values)
        if cap is not None:
            capacity.set_max_teams(event=event, value=cap["max_teams"])
        return Response(
            EventSerializer(event, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class EventDetailView(APIView):
    @extend_schema(responses=EventSerializer)
    def get(self, request, pk: int):
        return Response(
            EventSerializer(access_event(request.caller, pk), context={"request": request}).data
        )

    @extend_schema(request=EventSerializer, responses=EventSerializer)
    def patch(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.EDIT_EVENT)
        data = EventSerializer(event, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        cap = values.pop("capacity", None)
        event = svc.event_update(event=event, **values)
        if cap is not None:
            capacity.set_max_teams(event=event, value=cap["max_teams"])
            event.refresh_from_db()
        return Response(EventSerializer(event, context={"request": request}).data)


class StaffListView(APIView):
    @extend_schema(responses=StaffSerializer(many=True))
    def get(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
        return Response(StaffSerializer(event.staff.select_related("user"), many=True).data)

    @extend_schema(request=StaffSerializer, responses={201: StaffSerializer})
    def post(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.MANAGE_STAFF)
        data = request.data
        username, role = data.get("username"), data.get("role")
        if not isinstance(username, str) or not isinstance(role, str):
            raise exceptions.ValidationError({"username": ["Required."], "role": ["Required."]})
        staff = svc.staff_set(event=event, username=username, role=role)
        return Response(StaffSerializer(staff).data, status=status.HTTP_201_CREATED)


class StaffDetailView(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request, pk: int, user_id: int):
        event = access_event(request.caller, pk, Perm.MANAGE_STAFF)
        svc.staff_remove(event=event, user_id=user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamListView(APIView):
    @extend_schema(responses=TeamSerializer(many=True))
    def get(self, request, pk: int):
        event = access_event(request.caller, pk)
        teams = event.teams.prefetch_related("players").select_related("waiting_entry")
        context = {"show_keys": show_keys(request, event), "caller": request.caller}
        return Response(TeamSerializer(teams, many=True, context=context).data)

    @extend_schema(request=TeamInSerializer, responses={201: TeamCreatedSerializer})
    def post(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
        data = TeamInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        if values.pop("late", False):
            team = late_svc.team_register_late(event=event, by=request.user, **values)
        else:
            team = team_svc.team_register(event=event, **values)
        body = TeamCreatedSerializer(team, context={"show_keys": True}).data
        return Response(body, status=status.HTTP_201_CREATED)


# The import's preview (dry run, or a refused file): ok when every row can be registered.
# Built with inline_serializer: a declared field named "errors" would hide Serializer.errors.
ImportPreviewSerializer = inline_serializer(
    "TeamImportPreview",
    {
        "ok": serializers.BooleanField(),
        "errors": serializers.ListField(child=serializers.CharField()),
        "rows": inline_serializer(
            "TeamImportRow",
            {
                "line": serializers.IntegerField(),
                "name": serializers.CharField(),
                "players": inline_serializer(
                    "TeamImportPlayer",
                    {
                        "name": serializers.CharField(),
                        "wizards_id": serializers.CharField(allow_null=True),
                    },
                    many=True,
                ),
                "errors": serializers.ListField(child=serializers.CharField()),
            },
            many=True,
        ),
    },
)


class TeamImportView(APIView):
    """POST {csv: text, dry_run: bool}: register every team of a CSV, or none if a row is wrong."""

    @extend_schema(
        request=inline_serializer(
            "TeamImportIn", {"csv": serializers.CharField(), "dry_run": serializers.BooleanField()}
        ),
        responses={
            201: TeamSerializer(many=True),
            # dry_run: what would be registered, nothing saved. A wrong row answers 400 with the
            # same shape; a missing csv field, 400 {csv: [message]}.
            200: ImportPreviewSerializer,
            400: ImportPreviewSerializer,  # or BadRequest (core.api_schema)
        },
    )
    def post(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
        data = request.data
        text = data.get("csv")
        if not isinstance(text, str):
            raise exceptions.ValidationError({"csv": ["Send the CSV text in the field csv."]})
        dry_run = data.get("dry_run") in (True, "true", "1", 1)
        if dry_run:
            preview = import_svc.teams_import_preview(event=event, text=text)
            return Response(_preview_json(preview))
        preview, teams = import_svc.teams_import(event=event, text=text)
        if not preview.ok:
            return Response(_preview_json(preview), status=status.HTTP_400_BAD_REQUEST)
        body = TeamSerializer(teams, many=True, context={"show_keys": True}).data
        return Response(body, status=status.HTTP_201_CREATED)


def _preview_json(preview: import_svc.ImportPreview) -> dict:
    return {
        "ok": preview.ok,
        "errors": preview.errors,
        "rows": [
            {
                "line": row.line,
                "name": row.name,
                "players": [{"name": p.name, "wizards_id": p.wizards_id} for p in row.players],
                "errors": row.errors,
            }
            for row in preview.rows
        ],
    }


class TeamDetailView(APIView):
    @extend_schema(responses=TeamSerializer)
    def get(self, request, pk: int):
        team = access_team(request.caller, pk)
        return Response(TeamSerializer(team, context=_team_context(request, team)).data)

    @extend_schema(request=TeamPatchSerializer, responses=TeamSerializer)
    def patch(self, request, pk: int):
        """Staff edit a team; the team itself may only choose its seat order (MTR 9.4)."""
        team = access_team(request.caller, pk, Perm.SET_SEATS)
        data = TeamPatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if set(values) - {"seat_order"}:
            require(request.caller, Perm.MANAGE_TEAMS, team.event)
        if "name" in values:
            team = team_svc.team_rename(team=team, name=values["name"])
        if "seat_order" in values:
            team = team_svc.team_set_seats(team=team, seat_order=values["seat_order"])
        if "fixed_table" in values:
            team = team_svc.team_set_fixed_table(team=team, table=values["fixed_table"])
        if "awarded_byes" in values:
            team = team_svc.team_set_awarded_byes(team=team, byes=values["awarded_byes"])
        team.refresh_from_db()
        return Response(TeamSerializer(team, context=_team_context(request, team)).data)


def _own_or_staff(request, team: Team) -> bool:
    return request.caller.acts_for(team) or show_keys(request, team.event)


def _team_context(request, team: Team) -> dict:
    """The team's key and its players' Wizards Account IDs: for staff and the team itself."""
    return {"show_keys": _own_or_staff(request, team), "caller": request.caller}


class TeamUndropView(APIView):
    """POST: bring a dropped team back into the event (staff)."""

    @extend_schema(request=None, responses=TeamSerializer)
    def post(self, request, pk: int):
        team = access_team(request.caller, pk, Perm.MANAGE_TEAMS)
        team = checkin_svc.team_undrop_by_staff(team=team, by=request.user)
        return Response(TeamSerializer(team, context={"show_keys": True}).data)


class TeamKeyView(APIView):
    """POST: issue the team a new private link; the old key stops working."""

    @extend_schema(request=None, responses=TeamSerializer)
    def post(self, request, pk: int):
        team = access_team(request.caller, pk, Perm.MANAGE_TEAMS)
        team = team_svc.team_new_key(team=team)
        return Response(TeamSerializer(team, context={"show_keys": True}).data)

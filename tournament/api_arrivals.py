"""REST API of sign-ups, solo players, check-in and a team's own drop (docs/api.md "Sign-ups,
solo players, check-in")."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

from access import Perm, access_event, access_team
from core.api_views import APIView
from tournament.api import TeamSerializer, _team_context
from tournament.models import Signup, SoloSignup
from tournament.services import checkin as checkin_svc
from tournament.services import signups as signup_svc
from tournament.services import solo as solo_svc


def _solo_status() -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=SoloSignup.Status.choices)


SOLO_LISTED = inline_serializer(
    "SoloListed",
    {
        "code": serializers.CharField(),
        "name": serializers.CharField(),
        "wizards_id": serializers.CharField(allow_null=True),
        "language": serializers.CharField(),
        "with": serializers.CharField(allow_null=True),
        "status": _solo_status(),
        "team": serializers.IntegerField(allow_null=True),
        "created_at": serializers.DateTimeField(),
    },
    many=True,
)
SOLO_STATUS = inline_serializer(
    "SoloStatus",
    {
        "status": _solo_status(),
        "name": serializers.CharField(),
        "event": serializers.IntegerField(),
        "with": serializers.CharField(allow_null=True),
        "team": inline_serializer(
            "SoloTeam",
            {"id": serializers.IntegerField(), "name": serializers.CharField()},
            allow_null=True,
        ),
        "link": serializers.URLField(required=False),
        "signup": inline_serializer(
            "SoloJoinedSignup",
            {
                "name": serializers.CharField(),
                "status": serializers.ChoiceField(choices=Signup.Status.choices),
            },
            required=False,
        ),
        "seed": serializers.IntegerField(required=False),
        "by_request": serializers.BooleanField(required=False),
    },
)
SOLO_MATCHED = inline_serializer(
    "SoloMatched",
    {
        "teams": inline_serializer(
            "SoloFormedTeam",
            {
                "id": serializers.IntegerField(),
                "name": serializers.CharField(),
                "players": inline_serializer(
                    "SoloFormedPlayer",
                    {"code": serializers.CharField(), "name": serializers.CharField()},
                    many=True,
                ),
            },
            many=True,
        ),
        "waiting": serializers.ListField(child=serializers.CharField()),
        "seed": serializers.IntegerField(),
        "joined": inline_serializer(
            "SoloJoinedTeam",
            {
                "name": serializers.CharField(),
                "players": inline_serializer(
                    "SoloJoinedPlayer",
                    {"code": serializers.CharField(), "name": serializers.CharField()},
                    many=True,
                ),
                "complete": serializers.BooleanField(),
            },
            many=True,
        ),
    },
)


def _open_flag(request) -> bool:
    value = request.data.get("open") if hasattr(request.data, "get") else None
    if not isinstance(value, bool):
        raise exceptions.ValidationError({"open": ["Send true or false."]})
    return value


OpenSerializer = inline_serializer("OpenIn", {"open": serializers.BooleanField()})


class SignupsOpenView(APIView):
    """POST {open}: open or close the event's sign-ups, for teams and solo players alike."""

    @extend_schema(request=OpenSerializer, responses=OpenSerializer)
    def post(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
        row = signup_svc.signups_set_open(event=event, open=_open_flag(request))
        return Response({"open": row.open})


class SoloInSerializer(serializers.Serializer):
    name = serializers.CharField(allow_blank=True, trim_whitespace=False, max_length=200)
    wizards_id = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, max_length=40
    )
    language = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, max_length=8
    )

    def to_internal_value(self, data):
        values = super().to_internal_value(data)
        other = data.get("with") if hasattr(data, "get") else None
        if other is not None and not isinstance(other, str):
            raise exceptions.ValidationError({"with": ["Send another player's code as text."]})
        values["with_"] = other
        return values


class SoloSignupListView(APIView):
    @extend_schema(
        request=inline_serializer(
            "SoloIn",
            {
                "name": serializers.CharField(max_length=200),
                "wizards_id": serializers.CharField(
                    required=False, allow_null=True, allow_blank=True, max_length=40
                ),
                "language": serializers.CharField(
                    required=False, allow_null=True, allow_blank=True, max_length=8
                ),
                "with": serializers.CharField(required=False, allow_null=True),
            },
        ),
        responses={
            201: inline_serializer(
                "SoloCreated", {"code": serializers.CharField(), "status": serializers.CharField()}
            )
        },
    )
    def post(self, request, pk: int):
        """A player without a team signs up alone while sign-ups are open (anyone)."""
        event = access_event(request.caller, pk)
        data = SoloInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        solo = solo_svc.solo_signup(event=event, **data.validated_data)
        return Response({"code": solo.code, "status": solo.status}, status=status.HTTP_201_CREATED)

    @extend_schema(responses=SOLO_LISTED)
    def get(self, request, pk: int):
        """Staff: the solos of the event, oldest first (extension)."""
        event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
        return Response(
            [
                {
                    "code": s.code,
                    "name": s.name,
                    "wizards_id": s.wizards_id,
                    "language": s.language,
                    "with": wants_text(s),
                    "status": s.status,
                    "team": s.team_id,
                    "created_at": s.created_at,
                }
                for s in event.solo_signups.select_related("wants_signup").order_by(
                    "created_at", "id"
                )
            ]
        )


def wants_text(solo: SoloSignup) -> str | None:
    """What the solo asked for: another solo's code, or the name of a team still forming."""
    return solo.wants or (solo.wants_signup.name if solo.wants_signup else None)


def solo_json(request, solo: SoloSignup) -> dict:
    signup = solo.signup
    team = solo.team or (signup.team if signup is not None else None)
    body: dict = {
        "status": solo.status,
        "name": solo.name,
        "event": solo.event_id,
        "with": wants_text(solo),
        "team": {"id": team.pk, "name": team.name} if team else None,
    }
    key = solo.private_key or (signup.private_key if signup is not None else None)
    if key:
        body["link"] = request.build_absolute_uri(reverse("team-private", args=[key]))
    elif signup is not None and signup.is_open:  # the team's sign-up page until it is approved
        body["link"] = request.build_absolute_uri(reverse("signup", args=[signup.key]))
    if signup is not None:
        body["signup"] = {"name": signup.name, "status": signup.status}
    if solo.match_seed is not None:
        body["seed"] = solo.match_seed
        body["by_request"] = solo.by_request
    return body


class SoloSignupView(APIView):
    @extend_schema(responses=SOLO_STATUS)
    def get(self, request, code: str):
        """The solo's status by its code; the code is the secret, so the team's link is here."""
        solo = solo_svc.solo_by_code(code)
        if solo is None:
            raise exceptions.NotFound("No player signed up with that code.")
        return Response(solo_json(request, solo))


class SoloMatchView(APIView):
    @extend_schema(request=None, responses=SOLO_MATCHED)
    def post(self, request, pk: int):
        """The organizer forms teams of the waiting solos (docs/rules.md "Solo players")."""
        event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
        formed = solo_svc.solos_match(event=event)
        return Response(
            {
                "teams": [
                    {
                        "id": team.pk,
                        "name": team.name,
                        "players": [{"code": m.code, "name": m.name} for m in members],
                    }
                    for team, members in formed.teams
                ],
                "waiting": [s.code for s in formed.waiting],
                "seed": formed.seed,
                "joined": [
                    {
                        "name": signup.name,
                        "players": [{"code": m.code, "name": m.name} for m in members],
                        "complete": signup.status == Signup.Status.PENDING,
                    }
                    for signup, members in formed.joined
                ],
            }
        )


class CheckInOpenView(APIView):
    @extend_schema(request=OpenSerializer, responses=OpenSerializer)
    def post(self, request, pk: int):
        """Staff open or close check-in."""
        event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
        row = checkin_svc.checkin_set_open(event=event, open=_open_flag(request))
        checked, teams = checkin_svc.counts(event)
        return Response({"open": row.open, "checked_in": checked, "teams": teams})


class TeamCheckInView(APIView):
    @extend_schema(
        request=None,
        responses=inline_serializer(
            "CheckedIn",
            {"checked_in": serializers.BooleanField(), "at": serializers.DateTimeField()},
        ),
    )
    def post(self, request, pk: int):
        """The team (its key) or staff check the team in."""
        team = access_team(request.caller, pk, Perm.CHECK_IN)
        by = None if request.caller.acts_for(team) else request.user
        row = checkin_svc.team_check_in(team=team, by=by)
        return Response({"checked_in": True, "at": row.at})


class TeamSelfDropView(APIView):
    @extend_schema(request=None, responses=TeamSerializer)
    def post(self, request, pk: int):
        """The team drops itself (its key), or staff drop it."""
        team = access_team(request.caller, pk, Perm.DROP_TEAM)
        if request.caller.acts_for(team):
            team = checkin_svc.team_drop_self(team=team)
        else:
            team = checkin_svc.team_drop_by_staff(team=team, by=request.user)
        return Response(TeamSerializer(team, context=_team_context(request, team)).data)

"""REST API of decklists, pools and the card catalogue (docs/api.md "Decklists").

Who may call (the access layer, access): a team reads and, before the lock, writes its own lists
(X-Team-Key); staff read every list (Perm.VIEW_PRIVATE) and write before the lock
(Perm.MANAGE_DECKLISTS); after round 1 is paired only judges write (Perm.DECK_CHECKS), and the
change is logged. The catalogue and card look-up are public.
"""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from access import Perm, access_event, access_player, access_team, actor_for
from core import converters  # noqa: F401  (registers <id:...>)
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.i18n import localize
from decklists import catalogue_cache
from decklists import selectors as deck_selectors
from decklists.domain.cards import UNLIMITED, CardFacts
from decklists.domain.udc import Problem
from decklists.pool_api import urlpatterns as pool_api_urls
from decklists.selectors import deck_rules
from decklists.services import catalogue as catalogue_svc
from decklists.services import decklists as svc
from tournament.models import Event, Player

# --- JSON shapes ------------------------------------------------------------------------------


def line_json(line: deck_selectors.DeckLine) -> dict:
    data = {"name": line.name, "count": line.count, "line": line.line, "known": line.known}
    if line.written != line.name:
        data["written"] = line.written
    if line.rebalances:
        data["rebalances"] = line.rebalances  # an Arena "A-" card: the paper card
    return data


def problem_json(problem: Problem, report: deck_selectors.TeamReport) -> dict:
    return {
        "code": problem.code,
        "card": problem.card,
        "message": localize(problem.message),
        "players": list(problem.players),
        "count": problem.count,
        "limit": problem.limit,
        "line": problem.line,
        "severity": problem.severity,
        "holders": [
            {"player": player.pk, "name": player.name, "count": count}
            for player, count in report.holders_of(problem.card)
        ],
    }


def deck_json(deck: deck_selectors.DeckView) -> dict:
    decklist = deck.decklist
    return {
        "player": deck.player.pk,
        "player_name": deck.player.name,
        "seat": deck.player.seat,
        "submitted": deck.submitted,
        "submitted_at": decklist.submitted_at.isoformat() if decklist else None,
        "main_count": deck.main_count,
        "sideboard_count": deck.sideboard_count,
        "main": [line_json(line) for line in deck.main],
        "sideboard": [line_json(line) for line in deck.sideboard],
        "main_text": decklist.main_text if decklist else "",
        "sideboard_text": decklist.sideboard_text if decklist else "",
        # extensions: the command zone, the form read and the lines read but not counted
        "commander_count": deck.commander_count,
        "commander": [line_json(line) for line in deck.commander],
        "form": deck.form or None,
        "skipped": [
            {"box": box, "line": line.line, "text": line.text, "reason": line.reason}
            for box, line in deck.skipped
        ],
    }


def report_json(report: deck_selectors.TeamReport) -> dict:
    event = report.event
    data = {
        "team": report.team.pk,
        "team_name": report.team.name,
        "event": event.pk,
        "structure": event.structure,
        "format": event.format or None,
        "udc_rule": deck_rules.of(event).udc_rule if event.is_constructed else None,
        "locked": report.locked,
        "changes_between_matches": report.rebuild,
        "status": report.status,
        "valid": report.valid,
        "checked": report.checked,
        "cards_date": report.cards_date.isoformat() if report.cards_date else None,
        "problems": [problem_json(p, report) for p in report.problems],
        "decks": [deck_json(d) for d in report.decks],
        "two_headed_giant_bans": report.two_headed_giant_bans if event.is_constructed else [],
    }
    if report.limited:
        data["pool"] = pool_json(report)
        data["shared_sideboard"] = [line_json(line) for line in report.shared_sideboard]
    return data


def pool_json(report: deck_selectors.TeamReport) -> dict:
    pool = report.pool
    return {
        "submitted": pool is not None and bool(pool.text.strip()),
        "submitted_at": pool.submitted_at.isoformat() if pool else None,
        "count": report.pool_count,
        "cards": [line_json(line) for line in report.pool_lines],
        "text": pool.text if pool else "",
    }


def card_json(card: CardFacts) -> dict:
    return {
        "name": card.name,
        "faces": list(card.faces),
        "type_line": card.type_line,
        "is_basic": card.is_basic,
        "deck_limit": None
        if card.deck_limit is None or card.deck_limit >= UNLIMITED
        else card.deck_limit,
        "any_number": card.deck_limit is not None and card.deck_limit >= UNLIMITED,
        "legalities": dict(card.legalities),
    }


PROBLEM = inline_serializer(
    "DecklistProblem",
    {
        "code": serializers.CharField(),
        "card": serializers.CharField(allow_null=True),
        "message": serializers.CharField(),
        "players": serializers.ListField(child=serializers.IntegerField()),
        "count": serializers.IntegerField(allow_null=True),
        "limit": serializers.IntegerField(allow_null=True),
        "line": serializers.IntegerField(allow_null=True),
        "severity": serializers.ChoiceField(choices=["error", "warning"]),
    },
    many=True,
)
CARD_LINE = inline_serializer(
    "DecklistLine",
    {"name": serializers.CharField(), "count": serializers.IntegerField()},
    many=True,
)
DECKLIST_OUT = inline_serializer(
    "DecklistOut",
    {
        "player": serializers.IntegerField(),
        "main": CARD_LINE,
        "sideboard": CARD_LINE,
        "problems": PROBLEM,
        "team_valid": serializers.BooleanField(),
        "team_status": serializers.CharField(),
    },
)
TEAM_DECKLISTS_OUT = inline_serializer(
    "TeamDecklistsOut",
    {
        "valid": serializers.BooleanField(),
        "status": serializers.ChoiceField(choices=list(deck_selectors.STATUSES)),
        "checked": serializers.BooleanField(),
        "cards_date": serializers.DateField(allow_null=True),
        "locked": serializers.BooleanField(),
        "changes_between_matches": serializers.BooleanField(),
        "problems": PROBLEM,
        "decks": serializers.ListField(child=serializers.DictField()),
    },
)


class ListText(serializers.CharField):
    """Text of a list: a JSON string only (a number is not a decklist)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


DECK_RULES = inline_serializer(
    "DeckRules",
    {
        "two_headed_giant_bans": serializers.ListField(child=serializers.CharField()),
        "chosen_by_organizer": serializers.BooleanField(),
        "default_two_headed_giant_bans": serializers.ListField(child=serializers.CharField()),
        "decklists_required": serializers.BooleanField(),
        "changes_between_matches": serializers.BooleanField(
            help_text="MTR 7.3 applies: a limited event at Regular REL without decklists; after "
            "round 1 a team changes its decks between matches."
        ),
    },
)


class DecklistInSerializer(serializers.Serializer):
    main = ListText(allow_blank=True, trim_whitespace=False)
    sideboard = ListText(allow_blank=True, trim_whitespace=False, required=False, default="")
    reason = serializers.CharField(allow_blank=True, required=False, default="", max_length=2000)
    base = serializers.CharField(
        allow_blank=True,
        allow_null=True,
        required=False,
        default=None,
        max_length=100,
        trim_whitespace=False,
        help_text='The `submitted_at` of the list this change starts from ("" when the player '
        "had none); a list saved since then makes the write a 409 `changed_meanwhile`. "
        "The header If-Match with the ETag of a read does the same.",
    )


def _base(request, values: dict) -> str | None:
    """The version a write starts from: the body's `base`, else the If-Match header (an ETag
    as the reads send it). None: no check, the write replaces whatever is there."""
    if values.get("base") is not None:
        return values["base"]
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    return header.strip().removeprefix("W/").strip('"')


def _etag(answer: dict) -> str:
    return '"' + (answer.get("submitted_at") or "") + '"'


class PoolInSerializer(serializers.Serializer):
    pool = ListText(allow_blank=True, trim_whitespace=False)
    reason = serializers.CharField(allow_blank=True, required=False, default="", max_length=2000)


class DeckRulesInSerializer(serializers.Serializer):
    two_headed_giant_bans = serializers.ListField(
        child=serializers.CharField(max_length=200), allow_null=True, max_length=500, required=False
    )
    decklists_required = serializers.BooleanField(required=False)

    def validate(self, attrs):
        if not attrs:
            raise serializers.ValidationError(
                gettext("Send two_headed_giant_bans, decklists_required or both.")
            )
        return attrs


def _valid(serializer_class, request) -> dict:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


# --- views ------------------------------------------------------------------------------------


def _player_answer(player: Player) -> dict:
    report = deck_selectors.team_report(player.team)
    deck = next(d for d in report.decks if d.player.pk == player.pk)
    return {
        **deck_json(deck),
        "problems": [problem_json(p, report) for p in report.problems_of(player.pk)],
        "team_valid": report.valid,
        "team_status": report.status,
        "locked": report.locked,
    }


class PlayerDecklistView(APIView):
    """A player's decklist: PUT {main, sideboard} (text) -> the list read and its problems."""

    @extend_schema(responses=DECKLIST_OUT)
    def get(self, request, pk: int):
        player = access_player(request.caller, pk, Perm.READ_DECKLISTS)
        answer = _player_answer(player)
        return Response(answer, headers={"ETag": _etag(answer)})

    @extend_schema(
        request=DecklistInSerializer,
        parameters=[
            OpenApiParameter(
                "If-Match",
                str,
                OpenApiParameter.HEADER,
                description="The ETag of the list read; 409 if it changed since.",
            )
        ],
        responses={200: DECKLIST_OUT, 409: ErrorSerializer},
    )
    def put(self, request, pk: int):
        caller = request.caller
        player = access_player(caller, pk, Perm.WRITE_DECKLISTS)
        values = _valid(DecklistInSerializer, request)
        svc.decklist_submit(
            player=player,
            main=values["main"],
            sideboard=values["sideboard"],
            actor=actor_for(caller, player.team.event),
            reason=values["reason"],
            base=_base(request, values),
        )
        player.team.event.refresh_from_db()
        answer = _player_answer(player)
        return Response(answer, headers={"ETag": _etag(answer)})


class TeamDecklistsView(APIView):
    """The team's lists checked as a whole, Unified Deck Construction included."""

    @extend_schema(responses=TEAM_DECKLISTS_OUT)
    def get(self, request, pk: int):
        team = access_team(request.caller, pk, Perm.READ_DECKLISTS)
        return Response(report_json(deck_selectors.team_report(team)))


class TeamPoolView(APIView):
    """A limited team's pool: PUT {pool: text}; the cards in neither deck are its sideboard."""

    @extend_schema(responses=TEAM_DECKLISTS_OUT)
    def get(self, request, pk: int):
        team = access_team(request.caller, pk, Perm.READ_DECKLISTS)
        return Response(report_json(deck_selectors.team_report(team)))

    @extend_schema(request=PoolInSerializer, responses=TEAM_DECKLISTS_OUT)
    def put(self, request, pk: int):
        caller = request.caller
        team = access_team(caller, pk, Perm.WRITE_DECKLISTS)
        values = _valid(PoolInSerializer, request)
        svc.pool_submit(
            team=team,
            text=values["pool"],
            actor=actor_for(caller, team.event),
            reason=values["reason"],
        )
        return Response(report_json(deck_selectors.team_report(team)))


def board_row_json(report: deck_selectors.TeamReport) -> dict:
    first = report.errors[0] if report.errors else None
    return {
        "team": report.team.pk,
        "name": report.team.name,
        "dropped": report.team.dropped,
        "status": report.status,
        "valid": report.valid,
        "checked": report.checked,
        "errors": len(report.errors),
        "warnings": len(report.warnings),
        "first_problem": localize(first.message) if first else None,
        "players": [
            {
                "id": d.player.pk,
                "name": d.player.name,
                "submitted": d.submitted,
                "main_count": d.main_count,
            }
            for d in report.decks
        ],
        **({"pool_submitted": not report.pool_missing} if report.limited else {}),
    }


class EventDecklistsView(APIView):
    """The organizer's board: every team's decklist status (missing, illegal, unchecked, legal)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=list(deck_selectors.STATUSES)),
            OpenApiParameter("q", str, description="part of a team or player name"),
        ],
        responses=inline_serializer(
            "DecklistBoard",
            {
                "counts": serializers.DictField(child=serializers.IntegerField()),
                "teams": serializers.ListField(child=serializers.DictField()),
            },
        ),
    )
    def get(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
        status = request.query_params.get("status")
        if status and status not in deck_selectors.STATUSES:
            raise exceptions.ValidationError(
                {"status": ["Use missing, illegal, unchecked or legal."]}
            )
        reports = deck_selectors.board(event, query=request.query_params.get("q", "")[:80])
        shown = [r for r in reports if not status or r.status == status]
        return Response(
            {
                "locked": deck_selectors.is_locked(event),
                "counts": deck_selectors.status_counts(reports),
                "teams": [board_row_json(r) for r in shown],
            }
        )


class EventDeckRulesView(APIView):
    """The 2HG-only banned cards in force for the event (MTR 9.5); the organizer may change them."""

    def _answer(self, event: Event) -> dict:
        names, chosen = deck_selectors.two_headed_giant_bans(event)
        default = sorted(catalogue_cache.banlists().two_headed_giant, key=str.casefold)
        return {
            "two_headed_giant_bans": names,
            "chosen_by_organizer": chosen,
            "default_two_headed_giant_bans": default,
            "decklists_required": deck_selectors.decklists_required(event),
            "changes_between_matches": deck_selectors.rebuilds_between_matches(event),
        }

    @extend_schema(responses=DECK_RULES)
    def get(self, request, pk: int):
        return Response(self._answer(access_event(request.caller, pk, Perm.VIEW_EVENT)))

    @extend_schema(request=DeckRulesInSerializer, responses=DECK_RULES)
    def put(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.EDIT_EVENT)
        values = _valid(DeckRulesInSerializer, request)
        if "two_headed_giant_bans" in values:
            svc.two_headed_giant_bans_set(
                event=event, names=values["two_headed_giant_bans"], user=request.user
            )
        if "decklists_required" in values:
            svc.decklists_required_set(
                event=event, required=values["decklists_required"], user=request.user
            )
        return Response(self._answer(event))


class EventDecklistChangesView(APIView):
    """Changes judges made to lists after the lock: who, when, why, before and after."""

    @extend_schema(responses=inline_serializer("DecklistChanges", {}, many=True))
    def get(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
        return Response(
            [
                {
                    "id": c.pk,
                    "team": c.team_id,
                    "team_name": c.team.name,
                    "player": c.player_id,
                    "player_name": c.player.name if c.player else None,
                    "pool": c.is_pool,
                    "changed_by": c.changed_by_name,
                    "changed_at": c.changed_at.isoformat(),
                    "reason": c.reason,
                    "main_before": c.main_before,
                    "main_after": c.main_after,
                    "sideboard_before": c.sideboard_before,
                    "sideboard_after": c.sideboard_after,
                }
                for c in deck_selectors.changes(event)
            ]
        )


class CatalogueView(APIView):
    """What the card catalogue holds, the dates of its data, and how to load a newer one."""

    @extend_schema(
        responses=inline_serializer(
            "CatalogueStatus",
            {
                "cards": serializers.IntegerField(),
                "other_names": serializers.IntegerField(),
                "cards_date": serializers.DateField(allow_null=True),
                "banlists_date": serializers.DateField(allow_null=True),
                "how_to_update": serializers.CharField(),
            },
        )
    )
    def get(self, request):
        return Response(catalogue_svc.catalogue_status())


class CardSearchView(APIView):
    """GET ?q=name: the card of that name (full or front face, any case or accents), the cards
    whose names start with or contain it, and "did you mean" for a misspelling."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                # 1-200 characters once its spaces are collapsed: one that is not a space
                {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 200,
                    "pattern": r"^[^\x00]*[^\s\x00][^\x00]*$",
                },
                required=True,
            )
        ],
        responses=inline_serializer(
            "CardSearch",
            {
                "query": serializers.CharField(),
                "card": serializers.DictField(allow_null=True),
                "matches": serializers.ListField(child=serializers.CharField()),
                "suggestions": serializers.ListField(child=serializers.CharField()),
            },
        ),
    )
    def get(self, request):
        query = " ".join(str(request.query_params.get("q", "")).split())
        if not query or len(query) > 200:
            raise exceptions.ValidationError(
                {"q": ["Give part of a card name (1-200 characters)."]}
            )
        index = catalogue_cache.card_index()
        card = index.get(query)
        matches = catalogue_svc.search_names(index, query, limit=20)
        suggestions = [] if card is not None or matches else index.suggest(query, 5)
        return Response(
            {
                "query": query,
                "card": card_json(card) if card is not None else None,
                "matches": matches,
                "suggestions": suggestions,
            }
        )


# --- URLs (included from tournament/api_urls.py) ------------------------------------------------

urlpatterns = [
    path("players/<id:pk>/decklist/", PlayerDecklistView.as_view(), name="api-player-decklist"),
    path("teams/<id:pk>/decklists/", TeamDecklistsView.as_view(), name="api-team-decklists"),
    path("teams/<id:pk>/pool/", TeamPoolView.as_view(), name="api-team-pool"),
    path("events/<id:pk>/decklists/", EventDecklistsView.as_view(), name="api-event-decklists"),
    path("events/<id:pk>/deck-rules/", EventDeckRulesView.as_view(), name="api-event-deck-rules"),
    path(
        "events/<id:pk>/decklist-changes/",
        EventDecklistChangesView.as_view(),
        name="api-event-decklist-changes",
    ),
    path("catalogue/", CatalogueView.as_view(), name="api-catalogue"),
    path("cards/", CardSearchView.as_view(), name="api-cards"),
]

# The Limited day's pools and swap (decklists.pool_api).
urlpatterns += pool_api_urls

"""Loading objects with a rights check: the one place pages and API decide who may see or do what.

Every ``access_*`` function loads one object (with what its callers read next already joined)
and returns it, or raises core.errors.NotVisible (404: the object does not exist for this caller)
or core.errors.AccessDenied (403; 401 for an anonymous caller). Rules decided here and nowhere
else:

- an event is seen by everyone when public, else by its teams and its staff;
- a round that is not published, and its matches, exist only for staff (Perm.VIEW_PRIVATE);
- a team right (rights.TEAM_RIGHTS) is held by the team itself, on its own team or on a match it
  plays, or by staff holding the matching staff right; a team key acts on no other team or match;
- decklists lock when round 1 is paired: after that only Perm.DECK_CHECKS writes them
  (DecklistsLocked, 403 ``decklists_locked``), whoever else would have been allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from django.core.exceptions import ObjectDoesNotExist
from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model, Q, QuerySet

from access.caller import Caller, team_of_key
from access.rights import MIN_RANK, RANK, TEAM_RIGHTS, Perm, staff_right
from core.db import prepared_cursor
from core.errors import AccessDenied, NotVisible
from decklists.errors import IN_MATCH, DecklistsLocked
from decklists.selectors import rebuilds_between_matches, team_lists_open
from pairing.models import Match, Round
from tournament.hooks import event_settings_related
from tournament.models import Event, Player, Team

_M = TypeVar("_M", bound=Model)  # the row type of a queryset

MAX_ID = 2**63 - 1  # the largest primary key of PostgreSQL's bigint (and of SQLite)


# --- rights in an event --------------------------------------------------------------------


def can_view(caller: Caller, event: Event) -> bool:
    return event.public or caller.is_team_of(event) or caller.staff_role(event) is not None


def can(caller: Caller, right: Perm, event: Event) -> bool:
    """Whether the caller holds `right` in the event (for a team right: its staff side only;
    can_on_team and can_on_match answer for the team itself)."""
    if right == Perm.VIEW_EVENT:
        return can_view(caller, event)
    role = caller.staff_role(event)
    return role is not None and RANK[role] >= MIN_RANK[staff_right(right)]


def require(caller: Caller, right: Perm, event: Event) -> None:
    """Raise NotVisible (404) or AccessDenied (403/401) unless the caller holds `right`."""
    if not can_view(caller, event):
        raise NotVisible
    if not can(caller, right, event):
        raise AccessDenied


def visible_events(caller: Caller) -> QuerySet[Event]:
    """Events the caller may read: public ones, the ones they run, their team's."""
    query = Q(public=True)
    user = caller.user
    if caller.is_user:
        if getattr(user, "is_superuser", False):
            return Event.objects.all()
        query |= Q(organizer_id=user.pk) | Q(staff__user_id=user.pk)
    if caller.team is not None:
        query |= Q(pk=caller.team.event_id)
    return Event.objects.filter(query).distinct()


# --- rights on a team or a match -------------------------------------------------------------


def require_on_team(caller: Caller, right: Perm, team: Team) -> None:
    """The team itself (for a team right) or staff with the right; raises like require."""
    if not (right in TEAM_RIGHTS and caller.acts_for(team)):
        require(caller, staff_right(right), team.event)
    if right == Perm.WRITE_DECKLISTS:
        _require_unlocked(caller, team)


def can_on_team(caller: Caller, right: Perm, team: Team) -> bool:
    """require_on_team without raising (what pages offer, e.g. the decklist forms)."""
    try:
        require_on_team(caller, right, team)
    except (NotVisible, AccessDenied, DecklistsLocked):
        return False
    return True


def may_write_decklists(caller: Caller, team: Team) -> bool:
    return can_on_team(caller, Perm.WRITE_DECKLISTS, team)


def _require_unlocked(caller: Caller, team: Team) -> None:
    """After the lock only a judge (or more) changes a list; the change is logged. Where MTR 7.3
    applies the team itself may still change its decks between matches (logged too)."""
    if not team_lists_open(team) and not can(caller, Perm.DECK_CHECKS, team.event):
        raise DecklistsLocked(IN_MATCH if rebuilds_between_matches(team.event) else "")


def plays(team: Team | None, match: Match) -> bool:
    """The team is one of the match's two teams."""
    return team is not None and team.pk in (match.team_a_id, match.team_b_id)


def require_on_match(caller: Caller, right: Perm, match: Match) -> None:
    """A team right on a match: the caller's team plays it, or staff with the right."""
    if right in TEAM_RIGHTS and plays(caller.team, match):
        return
    require(caller, staff_right(right), match.round.event)


def sees_unpublished(caller: Caller, event: Event) -> bool:
    """Whether the caller sees the event's rounds before they are published (staff)."""
    return can(caller, Perm.VIEW_PRIVATE, event)


def visible_rounds(caller: Caller, event: Event) -> QuerySet[Round]:
    """The rounds of the event the caller may see: every round for staff, published ones for
    everyone else (teams included). The one place that decides it with _require_published."""
    rounds = Round.objects.filter(event=event)
    return rounds if sees_unpublished(caller, event) else rounds.filter(published=True)


def _require_published(caller: Caller, round_: Round) -> None:
    """A round's existence is private until it is published: only staff see it before."""
    if not round_.published and not sees_unpublished(caller, round_.event):
        raise NotVisible


# --- loading -------------------------------------------------------------------------------


def _get(queryset: QuerySet[_M], pk: object) -> _M:
    """The row of that id, or NotVisible; an id no column can hold is a 404 too, not a 500."""
    if isinstance(pk, str) and pk.isdecimal():  # not isdigit(): int() refuses "²"
        pk = int(pk)
    if isinstance(pk, bool) or not isinstance(pk, int) or not 0 < pk <= MAX_ID:
        raise NotVisible
    try:
        return queryset.get(pk=pk)
    except ObjectDoesNotExist:  # the queryset's model's DoesNotExist
        raise NotVisible from None


def access_event(caller: Caller, event_id: int, right: Perm = Perm.VIEW_EVENT) -> Event:
    """The event (with its organizer and the apps' settings, tournament.hooks.EVENT_SETTINGS)."""
    event = _get(Event.objects.select_related("organizer", *event_settings_related()), event_id)
    require(caller, right, event)
    return event


def access_team(
    caller: Caller, team_id: int, right: Perm = Perm.VIEW_EVENT, *, event_id: int | None = None
) -> Team:
    """The team (with its event); with event_id (a page under /events/<id>/), a team of that
    event only, checked after the event is seen."""
    if event_id is None:
        team = _get(Team.objects.select_related("event"), team_id)
    else:
        event = access_event(caller, event_id)
        team = _get(Team.objects.filter(event=event), team_id)
        team.event = event
    require_on_team(caller, right, team)
    return team


def access_team_by_key(caller: Caller, key: str, right: Perm = Perm.VIEW_EVENT) -> Team:
    """The team of a private link /t/<key>/ (with its event). The key is the team's
    credential: from here on the caller acts as that team (``caller.team`` is set)."""
    team = team_of_key(key)
    if team is None:
        raise NotVisible
    caller.team = team
    require_on_team(caller, right, team)
    return team


def access_player(caller: Caller, player_id: int, right: Perm = Perm.VIEW_EVENT) -> Player:
    """The player (with its team and event); rights as on its team."""
    player = _get(Player.objects.select_related("team__event"), player_id)
    require_on_team(caller, right, player.team)
    return player


def access_round(caller: Caller, round_id: int, right: Perm = Perm.VIEW_EVENT) -> Round:
    """The round (with its event): whoever sees the event sees it once published, staff at once;
    then the right is checked."""
    round_ = _get(Round.objects.select_related("event"), round_id)
    require(caller, Perm.VIEW_EVENT, round_.event)
    _require_published(caller, round_)
    require(caller, right, round_.event)
    return round_


def access_round_by_number(
    caller: Caller, event_id: int, number: int, right: Perm = Perm.VIEW_EVENT
) -> Round:
    """Round `number` of the event (/events/<id>/rounds/<number>/). The right is checked on the
    event first, so a logged-out scorekeeper is sent to log in; then the round must be seen."""
    event = access_event(caller, event_id, right)
    round_ = (
        Round.objects.filter(event=event, number=number).first() if 0 < number <= MAX_ID else None
    )
    if round_ is None:
        raise NotVisible
    round_.event = event
    _require_published(caller, round_)
    return round_


_MATCHES = Match.objects.select_related("round__event", "team_a", "team_b")


def access_match(
    caller: Caller, match_id: int, right: Perm = Perm.VIEW_EVENT, *, event_id: int | None = None
) -> Match:
    """The match (with its round, event and teams): seen as its round is; then `right`, a team
    right only for a team that plays it. With event_id (a staff page under /events/<id>/): the
    right is checked on the event first, and the match must be of that event."""
    if event_id is None:
        match = _get(_MATCHES, match_id)
        require(caller, Perm.VIEW_EVENT, match.round.event)
    else:
        event = access_event(caller, event_id, staff_right(right))
        match = _get(_MATCHES.filter(round__event=event), match_id)
    _require_published(caller, match.round)
    require_on_match(caller, right, match)
    return match


def access_own_match(caller: Caller, match_id: int, right: Perm = Perm.REPORT_RESULT) -> Match:
    """A match under a team's private link (/t/<key>/matches/<id>/): only a match the caller's
    team plays exists there, whatever else the caller may do (the page acts as the team)."""
    match = _get(_MATCHES, match_id)
    if not plays(caller.team, match):
        raise NotVisible
    _require_published(caller, match.round)
    require_on_match(caller, right, match)
    return match


@dataclass(frozen=True, slots=True)
class KeyMatch:
    """What the check of a team key on a match found (match_by_key): the ids, and the team's
    name (a tracker write logs it)."""

    team_id: int
    team_name: str
    event_id: int
    match_id: int
    round_id: int
    team_a_id: int | None
    team_b_id: int | None

    def objects(self, key: str) -> tuple[Team, Match]:
        """The team and the match, built as the ORM builds what it reads (Model.from_db, about
        half the cost of keywords): the values in the models' field order, every other field
        deferred (read if asked for)."""
        team = Team.from_db(
            DEFAULT_DB_ALIAS, _TEAM_FIELDS, (self.team_id, self.event_id, self.team_name, key)
        )
        match = Match.from_db(
            DEFAULT_DB_ALIAS,
            _MATCH_FIELDS,
            (self.match_id, self.round_id, self.team_a_id, self.team_b_id),
        )
        match.round = Round.from_db(
            DEFAULT_DB_ALIAS, _ROUND_FIELDS, (self.round_id, self.event_id, True)
        )
        return team, match


# The check as one SELECT of KeyMatch's fields, in their order (the tables' names come from the
# models; the key and the id are parameters, key_match_params). access_match's rules for a team
# caller: the event is seen by its teams, the match's round is published, the team plays the
# match. A caller that reads a row of its own with the match in the same statement (the
# tracker's keyed write, tracker.game_sql) selects from it as from a table.
KEY_MATCH_SQL = (
    "SELECT t.id AS team_id, t.name AS team_name, t.event_id AS event_id,"  # noqa: S608
    " m.id AS match_id, m.round_id AS round_id, m.team_a_id AS team_a_id,"
    " m.team_b_id AS team_b_id"
    f" FROM {Team._meta.db_table} t, {Round._meta.db_table} r, {Match._meta.db_table} m"
    " WHERE t.access_key = %s AND m.id = %s AND r.id = m.round_id AND r.published = %s"
    " AND r.event_id = t.event_id AND (m.team_a_id = t.id OR m.team_b_id = t.id)"
)
KEY_MATCH_COLUMNS = len(fields(KeyMatch))


def key_match_params(key: str, match_id: int) -> list[str | int | bool] | None:
    """KEY_MATCH_SQL's parameters, or None when no team can hold the key or no match the id."""
    if not key or "\x00" in key or not 0 < match_id <= MAX_ID:
        return None
    return [key, match_id, True]


def match_by_key(key: str, match_id: int) -> KeyMatch | None:
    """The fast answer of access_match for a team right asked by the holder of a team key
    (X-Team-Key) on a match its team plays: the ids of the team and the match, read in one
    query, checked at the moment of the call (a new key, an unpublished round or a re-paired
    match count at once; nothing is kept between requests). None for anything else (no team
    has the key, the team does not play the match, its round is not published, the match does
    not exist): the caller then takes the whole way (team_of_key, access_match), which says why
    and counts an unknown key."""
    params = key_match_params(key, match_id)
    if params is None:
        return None
    with prepared_cursor() as cursor:
        cursor.execute(KEY_MATCH_SQL, params)
        found = cursor.fetchone()
    return None if found is None else KeyMatch(*found)


def access_match_by_key(key: str, match_id: int) -> tuple[Team, Match] | None:
    """match_by_key's team and match as objects: the team's id, name and event; the match's
    ids and its round's id and event."""
    found = match_by_key(key, match_id)
    return None if found is None else found.objects(key)


def _loaded(model: type[Model], *names: str) -> tuple[str, ...]:
    """The fields of ``model`` named, in the model's order (the order Model.from_db reads)."""
    found = tuple(f.attname for f in model._meta.concrete_fields if f.attname in names)
    assert len(found) == len(names), (model, names)
    return found


_TEAM_FIELDS = _loaded(Team, "id", "event_id", "name", "access_key")
_MATCH_FIELDS = _loaded(Match, "id", "round_id", "team_a_id", "team_b_id")
_ROUND_FIELDS = _loaded(Round, "id", "event_id", "published")


# --- live topics ---------------------------------------------------------------------------


def may_follow(
    request: Any,  # the live stream's request, with its caller (core.middleware)
    loader: Callable[..., object],
    object_id: str,
    right: Perm,
) -> bool:
    """Whether the caller of a live subscription (core.live) may read the object behind its
    topic: ``loader(caller, id, right)`` succeeds. EventSource sends no header, so a team's page
    passes the team's key as ``?key=``; it stands for the team as X-Team-Key would."""
    if not object_id.isdecimal():
        return False
    caller: Caller = request.caller
    key = request.GET.get("key")
    if key:
        caller = Caller(request.user, team_of_key(key))
    try:
        loader(caller, int(object_id), right)
    except (NotVisible, AccessDenied):
        return False
    return True

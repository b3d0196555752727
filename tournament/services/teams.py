"""Teams and players: the write side (registration by staff, renames, seats, a player's name
or Wizards Account ID, drops, private links, fixed tables, awarded byes).

Every function here runs in one transaction. A player is in at most one team of an event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext

from core import events, live
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from core.i18n import exception_text
from tournament import hooks
from tournament.domain.names import (
    NameError_,
    clean_name,
    clean_wizards_id,
    name_key,
    search_key,
)
from tournament.models import Event, Player, PlayerChange, Team
from tournament.services import capacity


def _team_changed(team: Team) -> None:
    """Announce, after commit, a change to a team's name, players, seats, table or drop, so what
    other apps derived from it (cached pairing pages, live pages) is renewed."""
    events.team_changed.fire(events.TeamChanged(event_id=team.event_id, team_id=team.pk))


@dataclass
class PlayerIn:
    name: str
    wizards_id: str | None = None


@dataclass
class TeamIn:
    name: str
    players: list[PlayerIn] = field(default_factory=list)


def _clean_team(event: Event, raw_name: object, raw_players: object) -> TeamIn:
    """Check one team's fields (not yet against the event's other teams)."""
    errors: dict[str, list[str]] = {}
    team = TeamIn(name="")
    try:
        team.name = clean_name(raw_name, label=gettext("Team name"))
    except NameError_ as exc:
        errors["name"] = [exception_text(exc)]
    if not isinstance(raw_players, Sequence) or isinstance(raw_players, str):
        raise ServiceError(errors={**errors, "players": [gettext("Players must be a list.")]})
    if len(raw_players) != event.team_size:
        errors["players"] = [
            gettext("This event has teams of %(team_size)s players; %(count)s given.")
            % {"team_size": event.team_size, "count": len(raw_players)}
        ]
    for seat, raw in enumerate(raw_players, start=1):
        label = (
            gettext("Primary player's name")
            if seat == 1
            else gettext("Player %(seat)s's name") % {"seat": seat}
        )
        raw = raw if isinstance(raw, Mapping) else {"name": raw}
        try:
            team.players.append(
                PlayerIn(
                    name=clean_name(raw.get("name"), label=label),
                    wizards_id=clean_wizards_id(raw.get("wizards_id")),
                )
            )
        except NameError_ as exc:
            errors.setdefault("players", []).append(exception_text(exc))
    if not errors:
        _check_players_distinct(team.players, errors)
    if errors:
        raise ServiceError(errors=errors)
    return team


def _check_players_distinct(players: Sequence[PlayerIn], errors: dict[str, list[str]]) -> None:
    seen: set[str] = set()
    for player in players:
        key = f"id:{player.wizards_id}" if player.wizards_id else f"name:{name_key(player.name)}"
        if key in seen:
            errors.setdefault("players", []).append(
                gettext("%(player)s: the same Wizards Account ID is given twice in the team.")
                % {"player": player.name}
                if player.wizards_id
                else gettext("%(player)s is listed twice in the team.") % {"player": player.name}
            )
        seen.add(key)


def _taken_by(
    event: Event, players: Sequence[PlayerIn], *, exclude_team: int | None = None
) -> list[str | None]:
    """For each player, the name of the team of the event that already holds them, or None.

    A player is in at most one team of an event: same Wizards Account ID, or same name where no
    ID is given. One query however many players (a CSV import checks thousands)."""
    ids = {p.wizards_id for p in players if p.wizards_id}
    names = {name_key(p.name) for p in players if not p.wizards_id}
    others = Player.objects.filter(event=event).filter(
        Q(wizards_id__in=ids) | Q(name_key__in=names)
    )
    if exclude_team is not None:
        others = others.exclude(team_id=exclude_team)
    by_id: dict[str, str] = {}
    by_name: dict[str, str] = {}
    for wizards_id, key, team_name in others.values_list("wizards_id", "name_key", "team__name"):
        if wizards_id:
            by_id.setdefault(wizards_id, team_name)
        by_name.setdefault(key, team_name)
    return [
        by_id.get(p.wizards_id) if p.wizards_id else by_name.get(name_key(p.name)) for p in players
    ]


def _clash_message(player: PlayerIn, team_name: str) -> str:
    if player.wizards_id:
        return gettext(
            "%(player)s: that Wizards Account ID is already registered in team %(team)s."
        ) % {"player": player.name, "team": repr(team_name)}
    return gettext("%(player)s is already registered in team %(team)s.") % {
        "player": player.name,
        "team": repr(team_name),
    }


def _player_clashes(
    event: Event, players: Sequence[PlayerIn], *, exclude_team: int | None = None
) -> list[str]:
    taken = _taken_by(event, players, exclude_team=exclude_team)
    return [_clash_message(p, t) for p, t in zip(players, taken, strict=True) if t is not None]


def _clashes_many(event: Event, teams: Sequence[TeamIn]) -> list[list[str]]:
    """For each team, the messages for its name or players already taken in the event (two
    queries in all)."""
    keys = {name_key(t.name) for t in teams}
    names_taken = set(
        Team.objects.filter(event=event, name_key__in=keys).values_list("name_key", flat=True)
    )
    taken = iter(_taken_by(event, [p for t in teams for p in t.players]))
    out = []
    for team in teams:
        messages = []
        if name_key(team.name) in names_taken:
            messages.append(
                gettext("A team named %(name)s is already registered.") % {"name": repr(team.name)}
            )
        for player in team.players:
            team_name = next(taken)
            if team_name is not None:
                messages.append(_clash_message(player, team_name))
        out.append(messages)
    return out


def _clashes(event: Event, team: TeamIn) -> dict[str, list[str]]:
    """Messages for a team name (field ``name``) or players (``players``) already taken."""
    taken = _clashes_many(event, [team])[0]
    name_taken = [m for m in taken if m.startswith("A team named ")]
    players_taken = [m for m in taken if m not in name_taken]
    return {k: v for k, v in (("name", name_taken), ("players", players_taken)) if v}


def _check_open(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise Conflict(gettext("The event is finished."), code="event_finished")


def _save_team(event: Event, team: TeamIn) -> Team:
    row = Team.objects.create(
        event=event, name=team.name, name_key=name_key(team.name), search_key=search_key(team.name)
    )
    from tournament.services.capacity import place_new_team  # the cap's waiting list

    place_new_team(event, row)
    Player.objects.bulk_create(
        Player(
            event=event,
            team=row,
            name=p.name,
            name_key=name_key(p.name),
            search_key=search_key(p.name),
            wizards_id=p.wizards_id,
            seat=seat,
        )
        for seat, p in enumerate(team.players, start=1)
    )
    return row


@transaction.atomic
def team_register(*, event: Event, name: object, players: object) -> Team:
    event = Event.objects.select_for_update().get(pk=event.pk)
    _check_open(event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Registration is closed: round 1 has been paired."), code="registration_closed"
        )
    team = _clean_team(event, name, players)
    clashes = _clashes(event, team)
    if clashes:
        raise ServiceError(errors=clashes, code="already_registered")
    try:
        saved = _save_team(event, team)
    except IntegrityError as exc:  # a concurrent registration took the name first
        raise Conflict(gettext("That team or player was registered at the same moment.")) from exc
    _team_changed(saved)
    return saved


@transaction.atomic
def team_rename(*, team: Team, name: object) -> Team:
    team = Team.objects.select_for_update().get(pk=team.pk)
    try:
        clean = clean_name(name, label=gettext("Team name"))
    except NameError_ as exc:
        raise ServiceError(exception_text(exc), field="name") from exc
    if (
        Team.objects.filter(event_id=team.event_id, name_key=name_key(clean))
        .exclude(pk=team.pk)
        .exists()
    ):
        raise ServiceError(
            gettext("A team named %(name)s is already registered.") % {"name": repr(clean)},
            field="name",
        )
    team.name, team.name_key, team.search_key = clean, name_key(clean), search_key(clean)
    team.save(update_fields=["name", "name_key", "search_key"])
    _team_changed(team)
    return team


@transaction.atomic
def team_set_seats(*, team: Team, seat_order: Sequence[object]) -> Team:
    """Seat the team's players in this order: the first is the primary player (MTR 9.4)."""
    players = {p.pk: p for p in Player.objects.select_for_update().filter(team=team)}
    try:
        order = [int(x) for x in seat_order]  # type: ignore[call-overload]  # any value from the request: int() refusing it is caught below
    except (TypeError, ValueError) as exc:
        raise ServiceError(
            gettext("seat_order must be a list of player ids."), field="seat_order"
        ) from exc
    if sorted(order) != sorted(players):
        raise ServiceError(
            gettext("seat_order must list each player of the team exactly once."),
            field="seat_order",
        )
    offset = 10  # two steps, so the unique (team, seat) constraint holds at every moment
    for seat, pk in enumerate(order, start=1):
        Player.objects.filter(pk=pk).update(seat=seat + offset)
    for seat, pk in enumerate(order, start=1):
        Player.objects.filter(pk=pk).update(seat=seat)
    _team_changed(team)
    return team


@transaction.atomic
def player_update(
    *, player: Player, name: object = None, wizards_id: object = "", by: By = None
) -> Player:
    """Fix a player's name or Wizards Account ID; each change is logged (PlayerChange).

    Once round 1 is paired the Wizards Account cannot change: the team is its members (MTR
    8.2); a typo in a name may still be fixed."""
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    before = {"name": player.name, "wizards_id": player.wizards_id}
    try:
        if name is not None:
            player.name = clean_name(name, label=gettext("Player name"))
        if wizards_id != "":
            player.wizards_id = clean_wizards_id(wizards_id)
    except NameError_ as exc:
        raise ServiceError(exception_text(exc), field="players") from exc
    if (
        player.wizards_id != before["wizards_id"]
        and player.event.status != Event.Status.REGISTRATION
    ):
        raise Conflict(
            gettext(
                "A player's Wizards Account cannot change once round 1 is paired (MTR 8.2); only a typo in a name may be fixed."
            ),
            code="identity_locked",
        )
    player.name_key = name_key(player.name)
    player.search_key = search_key(player.name)
    clashes = _player_clashes(
        player.event, [PlayerIn(player.name, player.wizards_id)], exclude_team=player.team_id
    )
    if clashes:
        raise ServiceError(errors={"players": clashes})
    player.save(update_fields=["name", "name_key", "search_key", "wizards_id"])
    PlayerChange.objects.bulk_create(
        PlayerChange(
            event_id=player.event_id,
            player=player,
            field=key,
            old=old or "",
            new=getattr(player, key) or "",
            by=recorded(by),
        )
        for key, old in before.items()
        if getattr(player, key) != old
    )
    _team_changed(player.team)
    return player


@transaction.atomic
def team_drop(*, team: Team, after_round: int | None = None) -> Team:
    """A dropped team is never paired again (MTR 8.2: a player who drops drops the team).

    Takes the event lock first, like pairing a round: a drop and "pair next round" run one after
    the other, so a team is either dropped before the pairing reads the teams or paired and then
    dropped after that round (never dropped yet paired in a round that ignores the drop)."""
    Event.objects.select_for_update().filter(pk=team.event_id).first()
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.dropped:
        raise Conflict(
            gettext("%(team)s has already dropped.") % {"team": team.name}, code="already_dropped"
        )
    team.dropped = True
    if after_round is None:  # the latest paired round (pairing.Round, by its reverse relation)
        after_round = team.event.rounds.order_by("-number").values_list("number", flat=True).first()
    team.dropped_after_round = after_round
    team.save(update_fields=["dropped", "dropped_after_round"])
    _team_changed(team)
    return team


@transaction.atomic
def team_undrop(*, team: Team) -> Team:
    Event.objects.select_for_update().filter(pk=team.event_id).first()  # as team_drop
    team = Team.objects.select_for_update().get(pk=team.pk)
    if not team.dropped:
        raise Conflict(
            gettext("%(team)s has not dropped.") % {"team": team.name}, code="not_dropped"
        )
    refused = hooks.UNDROP_REFUSED(team)
    if refused:
        raise Conflict(refused, code="after_cut")
    team.dropped, team.dropped_after_round = False, None
    team.save(update_fields=["dropped", "dropped_after_round"])
    capacity.wait_if_full(team.event, team)
    _team_changed(team)
    return team


@transaction.atomic
def team_new_key(*, team: Team) -> Team:
    """Issue a new private link; the old one stops working at once."""
    from tournament.models.events import new_access_key

    team = Team.objects.select_for_update().get(pk=team.pk)
    old_key = team.access_key
    team.access_key = new_access_key()
    team.save(update_fields=["access_key"])
    live.end_streams_of_key(old_key)  # its open live streams end too, after the commit
    _team_changed(team)
    events.team_key_renewed.fire(events.TeamKeyRenewed(team.event_id, team.pk))
    return team


@transaction.atomic
def team_set_fixed_table(*, team: Team, table: int | None) -> Team:
    """Keep a team at one table every round (accessibility); None releases it."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    if table is not None:
        if table < 1 or table > 10_000:
            raise ServiceError(gettext("Table must be between 1 and 10000."), field="fixed_table")
        taken = Team.objects.filter(event_id=team.event_id, fixed_table=table).exclude(pk=team.pk)
        holder = taken.first()
        if holder is not None:
            raise ServiceError(
                gettext("Table %(table)s is already kept for %(holder)s.")
                % {"table": table, "holder": holder.name},
                field="fixed_table",
            )
    team.fixed_table = table
    try:
        with transaction.atomic():  # a savepoint: the constraint's refusal leaves the rest usable
            team.save(update_fields=["fixed_table"])
    except IntegrityError as exc:  # team_fixed_table_unique_in_event: another team got it first
        raise ServiceError(
            gettext("Table %(table)s is already kept for another team.") % {"table": table},
            field="fixed_table",
        ) from exc
    _team_changed(team)
    return team


MAX_AWARDED_BYES = 3  # MTR App. E counts 1-, 2- and 3-round byes


@transaction.atomic
def team_set_awarded_byes(*, team: Team, byes: object) -> Team:
    """Byes awarded before the event (MTR App. E): the team has a bye in rounds 1 to ``byes``
    (0 to 3), each a match win, and counts as 2, 4 or 8 teams for the structure. Fixed once
    round 1 is paired."""
    Event.objects.select_for_update().filter(pk=team.event_id).first()  # as team_drop
    team = Team.objects.select_for_update().get(pk=team.pk)
    if isinstance(byes, bool) or not isinstance(byes, int) or not 0 <= byes <= MAX_AWARDED_BYES:
        raise ServiceError(
            gettext("Awarded byes are 0 to 3 rounds (MTR App. E)."), field="awarded_byes"
        )
    if team.event.status != Event.Status.REGISTRATION and byes != team.awarded_byes:
        raise Conflict(
            gettext("Awarded byes cannot change once round 1 is paired."), code="event_started"
        )
    team.awarded_byes = byes
    team.save(update_fields=["awarded_byes"])
    _team_changed(team)
    return team

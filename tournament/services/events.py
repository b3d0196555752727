"""Events, staff and team registration: the write side.

Every function here runs in one transaction: either all of a change is saved or none of it
(a CSV import with one bad row saves nothing).
"""

from __future__ import annotations

import csv
import io
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from zoneinfo import available_timezones

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy

from core import events, live
from core.errors import Conflict, ServiceError
from core.i18n import exception_text
from tournament import hooks
from tournament.domain.formats import CONSTRUCTED_FORMATS
from tournament.domain.names import (
    NameError_,
    clean_name,
    clean_wizards_id,
    name_key,
    search_key,
)
from tournament.domain.pods import DEFAULT_POD_SIZE, seat_pods
from tournament.models import Event, Player, PlayerChange, StaffRole, Team

EVENT_FIELDS = (
    "name", "date", "structure", "format", "rel", "team_size", "round_minutes", "swiss_rounds",
    "top_cut", "public", "udc_rule", "penalty_policy", "tiebreak_order", "top_cut_automatic",
    "tiebreak_oomw", "time_zone", "pods_lifted",
)  # fmt: skip
# The structure is announced by round 1 and then fixed (MTR 10.2): each locked setting, named as a
# refusal names it.
LOCKED_WORDS = {
    "structure": gettext_lazy("the structure"),
    "format": gettext_lazy("the format"),
    "team_size": gettext_lazy("the team size"),
    "udc_rule": gettext_lazy("the Unified Deck Construction rule"),
    "swiss_rounds": gettext_lazy("the number of Swiss rounds"),
    "top_cut": gettext_lazy("the top cut"),
    "top_cut_automatic": gettext_lazy("the automatic top cut"),
    "pods_lifted": gettext_lazy("whether the draft pods bind"),
}
# The settings fixed once round 1 is paired (MTR 10.2), in the order a refusal names them.
LOCKED_AFTER_START = tuple(LOCKED_WORDS)


def _team_changed(team: Team) -> None:
    """Announce, after commit, a change to a team's name, players, seats, table or drop, so what
    other apps derived from it (cached pairing pages, live pages) is renewed."""
    events.team_changed.fire(events.TeamChanged(event_id=team.event_id, team_id=team.pk))


# --- events -------------------------------------------------------------------------------


def _check_event(values: Mapping[str, object]) -> dict[str, object]:
    """Normalise and check an event's settings; raise ServiceError with every field's problem."""
    errors: dict[str, list[str]] = {}
    out = dict(values)
    try:
        out["name"] = clean_name(values.get("name"), label=gettext("Event name"), max_length=120)
    except NameError_ as exc:
        errors["name"] = [exception_text(exc)]
    fmt = str(values.get("format") or "").strip().lower()
    out["format"] = fmt
    if values.get("structure") == Event.Structure.CONSTRUCTED:
        if not fmt:
            errors["format"] = [gettext("A constructed event needs a format.")]
        elif fmt not in CONSTRUCTED_FORMATS:
            known = ", ".join(sorted(CONSTRUCTED_FORMATS))
            errors["format"] = [
                gettext("Unknown format %(format)s. Known formats: %(known)s.")
                % {"format": repr(fmt), "known": known}
            ]
    elif values.get("structure") in (Event.Structure.SEALED, Event.Structure.DRAFT):
        out["format"] = ""
    team_size = values.get("team_size", 2)
    if not isinstance(team_size, int) or not 2 <= team_size <= 4:
        errors["team_size"] = [gettext("Team size must be 2 (Two-Headed Giant), 3 or 4.")]
    minutes = values.get("round_minutes", 60)
    if not isinstance(minutes, int) or not 20 <= minutes <= 240:
        errors["round_minutes"] = [gettext("Round length must be between 20 and 240 minutes.")]
    rounds = values.get("swiss_rounds")
    if rounds is not None and (not isinstance(rounds, int) or not 0 <= rounds <= 30):
        errors["swiss_rounds"] = [
            gettext("Swiss rounds must be between 0 and 30, or empty for automatic.")
        ]
    if values.get("top_cut", 0) not in Event.TOP_CUTS:
        errors["top_cut"] = [gettext("Top cut must be 0, 2, 4 or 8 teams.")]
    zone = values.get("time_zone", "")
    if zone and (not isinstance(zone, str) or zone not in available_timezones()):
        errors["time_zone"] = [
            gettext("Unknown time zone %(zone)s: a name such as Europe/Madrid or America/Chicago.")
            % {"zone": repr(zone)[:80]}
        ]
    for flag in ("top_cut_automatic", "tiebreak_oomw", "pods_lifted"):
        if not isinstance(values.get(flag, False), bool):
            errors[flag] = [gettext("Must be true or false.")]
    if values.get("pods_lifted") is True and values.get("rel", Event.Rel.REGULAR) != "regular":
        errors["pods_lifted"] = [
            gettext("Only at Regular REL may the organizer lift the draft pods (MTR 7.6).")
        ]
    if errors:
        raise ServiceError(errors=errors)
    return out


def _derive_automatic_cut(changes: dict[str, object], current: Mapping[str, object]) -> None:
    """A change that sets ``swiss_rounds`` or ``top_cut`` without ``top_cut_automatic`` keeps the
    meaning those two fields had on their own: the top cut is automatic (MTR App. E) exactly when
    the Swiss rounds are automatic (None) and the top cut is 0."""
    if "top_cut_automatic" in changes:
        return
    if "swiss_rounds" not in changes and "top_cut" not in changes:
        return
    rounds = changes.get("swiss_rounds", current.get("swiss_rounds"))
    cut = changes.get("top_cut", current.get("top_cut", 0))
    changes["top_cut_automatic"] = rounds is None and cut == 0


@transaction.atomic
def event_create(*, organizer, **values: object) -> Event:
    changes = {k: v for k, v in values.items() if k in EVENT_FIELDS}
    if "top_cut_automatic" not in changes:
        changes.setdefault("swiss_rounds", None)
    _derive_automatic_cut(changes, {})
    clean = _check_event(changes)
    event = Event(organizer=organizer, **clean)
    event.save()
    return event


# The event's life: registration until round 1 is paired (back when round 1 is unpaired),
# running until the last result of the last round is final.
STATUS_MOVES = {
    (Event.Status.REGISTRATION, Event.Status.RUNNING),
    (Event.Status.RUNNING, Event.Status.REGISTRATION),
    (Event.Status.RUNNING, Event.Status.FINISHED),
}


@transaction.atomic
def event_set_status(*, event: Event, status: str) -> Event:
    """Move the event to ``status`` (the pairing services call it as rounds are paired, unpaired
    and finished); a move the event's life does not have is a bug, not a user error."""
    current = Event.objects.filter(pk=event.pk).values_list("status", flat=True).get()
    if current == status:
        event.status = status
        return event
    if (current, status) not in STATUS_MOVES:
        raise ValueError(f"event {event.pk}: no move from {current} to {status}")
    Event.objects.filter(pk=event.pk).update(status=status)
    event.status = status
    return event


@transaction.atomic
def event_update(*, event: Event, **values: object) -> Event:
    event = Event.objects.select_for_update().get(pk=event.pk)
    changes = {k: v for k, v in values.items() if k in EVENT_FIELDS}
    _derive_automatic_cut(changes, {k: getattr(event, k) for k in EVENT_FIELDS})
    if event.status != Event.Status.REGISTRATION:
        locked = [k for k in LOCKED_AFTER_START if k in changes and changes[k] != getattr(event, k)]
        if locked:
            words = gettext(" and ").join(str(LOCKED_WORDS[k]) for k in locked)
            raise Conflict(
                gettext(
                    "%(settings)s cannot change once round 1 is paired (the structure is fixed "
                    "once announced, MTR 10.2)."
                )
                % {"settings": words[:1].upper() + words[1:]},
                code="event_started",
                errors={
                    k: [
                        gettext("%(setting)s cannot change once round 1 is paired.")
                        % {"setting": str(LOCKED_WORDS[k]).capitalize()}
                    ]
                    for k in locked
                },
            )
    if "team_size" in changes and changes["team_size"] != event.team_size:
        if event.teams.exists():
            raise Conflict(
                gettext("Team size cannot change once teams are registered."),
                code="teams_registered",
            )
    current = {k: getattr(event, k) for k in EVENT_FIELDS}
    clean = _check_event({**current, **changes})
    for key in changes:
        setattr(event, key, clean[key])
    event.save(update_fields=list(changes) or None)
    events.event_changed.fire(events.EventChanged(event.pk))  # name, visibility: cached pages
    return event


# --- staff --------------------------------------------------------------------------------


@transaction.atomic
def staff_set(*, event: Event, username: str, role: str) -> StaffRole:
    if role not in StaffRole.Role.values:
        raise ServiceError(
            gettext("Role must be scorekeeper, judge or head_judge."),
            field="role",
            code="invalid_role",
        )
    user = get_user_model().objects.filter(username=str(username).strip()).first()
    if user is None:
        raise ServiceError(
            gettext("No user named %(username)s.") % {"username": repr(username)},
            field="username",
            code="unknown_user",
        )
    if user.pk == event.organizer_id:
        raise ServiceError(
            gettext("The organizer already has every right in the event."), field="username"
        )
    staff, _ = StaffRole.objects.update_or_create(event=event, user=user, defaults={"role": role})
    return staff


@transaction.atomic
def staff_remove(*, event: Event, user_id: int) -> None:
    # user__pk, not user_id: the primary key's lookup finds nothing for an id past the
    # database's integer range (from the URL), where the foreign key's overflows on SQLite.
    deleted, _ = StaffRole.objects.filter(event=event, user__pk=user_id).delete()
    if not deleted:
        raise ServiceError(gettext("That user is not staff of this event."), code="not_staff")


# --- teams --------------------------------------------------------------------------------


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


@dataclass
class ImportRow:
    line: int
    name: str
    players: list[PlayerIn]
    errors: list[str]


@dataclass
class ImportPreview:
    rows: list[ImportRow]
    errors: list[str]  # problems of the file as a whole

    @property
    def ok(self) -> bool:
        return not self.errors and all(not row.errors for row in self.rows)


MAX_CSV_BYTES = 1_000_000
MAX_CSV_ROWS = 5000


def _csv_rows(event: Event, text: str) -> tuple[list[list[str]], list[str]]:
    if len(text) > MAX_CSV_BYTES:
        return [], [gettext("The file is larger than %(max)s kB.") % {"max": MAX_CSV_BYTES // 1000}]
    text = text.lstrip("\ufeff")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # newline="": the csv module reads line ends itself, old Mac ones (a bare \r) too.
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        rows = [r for r in reader if any(c.strip() for c in r)]
    except csv.Error as exc:  # a cell over the module's field size limit, say
        return [], [
            gettext("Line %(line)s could not be read as CSV: %(error)s.")
            % {"line": reader.line_num, "error": exc}
        ]
    if rows and rows[0] and rows[0][0].strip().casefold() in ("team", "team name", "name"):
        rows = rows[1:]
    if not rows:
        return [], [gettext("The file has no teams.")]
    if len(rows) > MAX_CSV_ROWS:
        return [], [gettext("The file has more than %(max)s teams.") % {"max": MAX_CSV_ROWS}]
    return rows, []


def _row_to_team(
    event: Event, cells: list[str]
) -> tuple[str, list[dict[str, str | None]], list[str]]:
    """Columns: team name, then per player: name and (optional) Wizards Account ID."""
    name, rest = cells[0], cells[1:]
    width = 2 if len(rest) == 2 * event.team_size else 1
    if len(rest) not in (event.team_size, 2 * event.team_size):
        return (
            name,
            [],
            [
                gettext(
                    "Expected the team name and %(team_size)s player names (each optionally followed by a Wizards Account ID); found %(count)s columns."
                )
                % {"team_size": event.team_size, "count": len(cells)}
            ],
        )
    players = [
        {"name": rest[i], "wizards_id": rest[i + 1] if width == 2 else None}
        for i in range(0, len(rest), width)
    ]
    return name, players, []


def teams_import_preview(*, event: Event, text: str) -> ImportPreview:
    """Read a CSV of teams and say, row by row, what would be registered or why not."""
    rows, errors = _csv_rows(event, text)
    preview = ImportPreview(rows=[], errors=errors)
    cleaned: list[tuple[ImportRow, TeamIn]] = []
    for line, cells in enumerate(rows, start=1):
        name, players, problems = _row_to_team(event, cells)
        row = ImportRow(line=line, name=name, players=[], errors=list(problems))
        preview.rows.append(row)
        if problems:
            continue
        try:
            team = _clean_team(event, name, players)
        except ServiceError as exc:
            row.errors.extend(m for ms in (exc.errors or {}).values() for m in ms)
            continue
        row.name, row.players = team.name, team.players
        cleaned.append((row, team))
    clashes = _clashes_many(event, [team for _row, team in cleaned])
    seen_teams: set[str] = set()
    seen_players: dict[str, int] = {}
    for (row, team), messages in zip(cleaned, clashes, strict=True):
        line = row.line
        row.errors.extend(messages)
        if name_key(team.name) in seen_teams:
            row.errors.append(
                gettext("Team %(team)s appears twice in the file.") % {"team": repr(team.name)}
            )
        seen_teams.add(name_key(team.name))
        for p in team.players:
            key = f"id:{p.wizards_id}" if p.wizards_id else f"name:{name_key(p.name)}"
            if key in seen_players:
                row.errors.append(
                    gettext("%(player)s is also in row %(row)s.")
                    % {"player": p.name, "row": seen_players[key]}
                )
            seen_players.setdefault(key, line)
    return preview


@transaction.atomic
def teams_import(*, event: Event, text: str) -> tuple[ImportPreview, list[Team]]:
    """Register every team of the CSV, or none when any row is wrong."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Registration is closed: round 1 has been paired."), code="registration_closed"
        )
    preview = teams_import_preview(event=event, text=text)
    if not preview.ok:
        return preview, []
    teams = [_save_team(event, TeamIn(row.name, row.players)) for row in preview.rows]
    if teams:  # one announcement for the whole import
        events.team_changed.fire(events.TeamChanged(event_id=event.pk, team_id=None))
    return preview, teams


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
        order = [int(x) for x in seat_order]  # type: ignore[call-overload]
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
    *, player: Player, name: object = None, wizards_id: object = "", by=None
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
            by=by if getattr(by, "is_authenticated", False) else None,
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


@transaction.atomic
def event_seat_pods(
    *, event: Event, size: object = DEFAULT_POD_SIZE, seed: int | None = None
) -> dict[int, int]:
    """Seat the active teams of a booster-draft event in pods at random (MTR 9.7), before round
    1; seating again replaces the pods. Returns team id -> pod."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.structure != Event.Structure.DRAFT:
        raise ServiceError(gettext("Only a booster-draft event drafts in pods."), code="not_draft")
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(gettext("Pods are seated before round 1 is paired."), code="event_started")
    if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 8:
        raise ServiceError(gettext("A pod holds 2 to 8 teams."), field="size")
    rng = random.Random(secrets.randbits(62) if seed is None else seed)
    teams = list(Team.objects.filter(event=event, dropped=False).values_list("pk", flat=True))
    pods = seat_pods(teams, rng, size)
    Team.objects.filter(event=event).update(pod=None)
    for pod in set(pods.values()):
        Team.objects.filter(pk__in=[t for t, p in pods.items() if p == pod]).update(pod=pod)
    events.team_changed.fire(events.TeamChanged(event_id=event.pk, team_id=None))
    return pods

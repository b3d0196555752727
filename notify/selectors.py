"""The pushes an event sends: per subscription, its payload in the subscription's language
(docs/api.md "Push notifications", payload). Reads only; the tasks send (notify.tasks).

Every builder reads a bounded number of queries for a whole round (2,048 tables, 8,192
subscriptions: four), groups the subscriptions by language and renders the words once per
subscription with that language active. A subscription made with a key the team no longer holds
is left out (the key's renewal deletes it too).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from core.text import Text
from judging.models import Extension, JudgeCall, RoundClock
from notify import domain
from notify.models import PushSubscription, key_digest, subscribed_flag
from pairing.models import Match, MatchTeam, ResultReport, Round
from tournament.models import Event, Player, Team

#: Seconds a push service keeps a message for a phone that is off (RFC 8030 5.2, TTL): what
#: is still worth knowing later. The clock and the judge are no news an hour on.
TTL = {
    "pairings": 3600,
    "cut": 3600,
    "clock_started": 900,
    "time_called": 600,
    "confirm_result": 1800,
    "judge_coming": 300,
    "promoted": 6 * 3600,  # before round 1: worth knowing until the event starts
}


@dataclass(frozen=True)
class Target:
    """One subscription with what its words need."""

    id: int
    team_id: int
    player_id: int | None
    language: str
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class Note:
    """What one team is told: the words are rendered per subscription (seat, language)."""

    type: str
    round: int | None
    table: int | None
    body: Callable[[Target], Text]
    page: str = "team"  # or "table": the table's page (the tracker)


def has_subscriptions(event_id: int) -> bool:
    """Whether a phone subscribed in this event, from the cache (one query the first time, then
    none until a subscription changes: notify.services keeps it): events where nobody did queue
    no push task and cost their write nothing."""
    held = cache.get(subscribed_flag(event_id))
    if held is None:
        held = PushSubscription.objects.filter(event_id=event_id).exists()
        # "no" for a short while only: a read racing a first subscription's commit may store
        # it after that commit said "yes".
        cache.set(subscribed_flag(event_id), held, 3600 if held else 30)
    return bool(held)


def _subscriptions(event_id: int, team_ids: Iterable[int]) -> tuple[list[Target], dict[int, str]]:
    """The subscriptions of these teams made with their current key, and the teams' keys. Many
    teams (a round): the event's rows, kept in Python (no IN list of thousands of ids)."""
    wanted = set(team_ids)
    teams = Team.objects.filter(event_id=event_id)
    rows = PushSubscription.objects.filter(event_id=event_id)
    if len(wanted) <= 64:
        teams, rows = teams.filter(pk__in=wanted), rows.filter(team_id__in=wanted)
    keys = {pk: key for pk, key in teams.values_list("pk", "access_key") if pk in wanted}
    digests = {team: key_digest(key) for team, key in keys.items()}
    targets = [
        Target(pk, team, player, language, endpoint, p256dh, auth)
        for pk, team, player, language, endpoint, p256dh, auth, digest in rows.values_list(
            "pk", "team_id", "player_id", "language", "endpoint", "p256dh", "auth", "key_digest"
        )
        if digests.get(team) == digest
    ]
    return targets, keys


def messages(event: Event, notes: dict[int, Note]) -> list[dict[str, Any]]:
    """One message per subscription of a team in ``notes``: its endpoint, keys, TTL and the
    payload ``{type, event, round, table, title, body, url}``."""
    if not notes:
        return []
    targets, keys = _subscriptions(event.pk, notes.keys())
    if not targets:
        return []
    # The pages' paths, reversed once: a key is URL-safe as it is (secrets.token_urlsafe).
    paths = {
        page: reverse(name, args=["KEY"]).split("KEY")
        for page, name in (("team", "team-private"), ("table", "tracker-table"))
    }
    by_language: dict[str, list[Target]] = defaultdict(list)
    for target in targets:
        by_language[target.language].append(target)
    out: list[dict[str, Any]] = []
    for language, group in by_language.items():
        with translation.override(language):
            words = functools.cache(gettext)  # each template looked up once per language
            for target in group:
                note = notes[target.team_id]
                before, after = paths[note.page]
                page = f"{before}{keys[target.team_id]}{after}"
                payload = {
                    "type": note.type,
                    "event": event.pk,
                    "round": note.round,
                    "table": note.table,
                    "title": event.name,
                    "body": note.body(target).render(words, ngettext),
                    "url": page,
                }
                out.append(
                    {
                        "id": target.id,
                        "endpoint": target.endpoint,
                        "p256dh": target.p256dh,
                        "auth": target.auth,
                        "ttl": TTL[note.type],
                        "payload": payload,
                    }
                )
    return out


# --- the events --------------------------------------------------------------------------------


def _players(event_id: int) -> tuple[dict[int, str], dict[int, list[str]]]:
    """Player names by id, and each team's names in seat order."""
    names: dict[int, str] = {}
    by_team: dict[int, list[str]] = defaultdict(list)
    for pk, team, name in (
        Player.objects.filter(event_id=event_id)
        .values_list("pk", "team_id", "name")
        .order_by("team_id", "seat")
    ):
        names[pk] = name
        by_team[team].append(name)
    return names, by_team


def round_published(round_id: int) -> list[dict[str, Any]]:
    """Pairings posted: each team's round, table, opponents and seat; the first round of the
    top cut tells every team still in the event whether it made it."""
    round_ = Round.objects.select_related("event").filter(pk=round_id, published=True).first()
    if round_ is None:
        return []
    event = round_.event
    first_cut = (
        round_.is_top_cut
        and not Round.objects.filter(
            event=event, stage=Round.Stage.TOP_CUT, number__lt=round_.number
        ).exists()
    )
    kind = "cut" if first_cut else "pairings"
    entries = list(
        MatchTeam.objects.filter(round=round_).values_list(
            "team_id", "match_id", "seats", "match__table"
        )
    )
    teams = dict(Team.objects.filter(event=event).values_list("pk", "name"))
    names, by_team = _players(event.pk)
    sides: dict[int, list[int]] = defaultdict(list)
    for team, match, _seats, _table in entries:
        sides[match].append(team)
    number = round_.number
    notes: dict[int, Note] = {}
    for team, match, seats, table in entries:
        others = [t for t in sides[match] if t != team]
        opponents = (
            domain.opponents_words(teams[others[0]], by_team.get(others[0], [])) if others else ""
        )
        order = [int(p) for p in (seats or [])]
        notes[team] = Note(
            kind, number, table, _pairing_body(kind, number, table, order, names, opponents)
        )
    if first_cut:
        out_ = Team.objects.filter(event=event, dropped=False).exclude(pk__in=notes.keys())
        for team in out_.values_list("pk", flat=True):
            notes[team] = Note(
                kind,
                number,
                None,
                _same(domain.cut_body(False, number, None, domain.Seat(None, ""), "")),
            )
    return messages(event, notes)


def _same(text: Text) -> Callable[[Target], Text]:
    """The same words for every subscription of the team."""
    return lambda _target: text


def _pairing_body(
    kind: str,
    number: int,
    table: int | None,
    order: list[int],
    names: dict[int, str],
    opponents: str,
) -> Callable[[Target], Text]:
    primary = names.get(order[0], "") if order else ""

    def body(target: Target) -> Text:
        seat = (
            order.index(target.player_id) + 1
            if target.player_id is not None and target.player_id in order
            else None
        )
        where = domain.Seat(seat, primary)
        if kind == "cut":
            return domain.cut_body(True, number, table, where, opponents)
        return domain.pairings_body(number, table, where, opponents)

    return body


def _playing(round_: Round) -> list[tuple[int, int, int | None]]:
    """(match, team a, team b) of the round's tables still playing (not final, not a bye)."""
    return list(
        Match.objects.filter(round=round_, team_b__isnull=False)
        .exclude(status=Match.Status.FINAL)
        .values_list("pk", "team_a_id", "team_b_id")
    )


def clock_started(round_id: int) -> list[dict[str, Any]]:
    round_ = Round.objects.select_related("event").filter(pk=round_id, published=True).first()
    clock = RoundClock.objects.filter(round_id=round_id).first()
    if round_ is None or clock is None or clock.started_at is None:
        return []
    minutes = None if clock.length_seconds is None else clock.length_seconds // 60
    notes: dict[int, Note] = {}
    tables = dict(Match.objects.filter(round=round_).values_list("pk", "table"))
    for team, match in MatchTeam.objects.filter(round=round_).values_list("team_id", "match_id"):
        table = tables.get(match)
        notes[team] = Note(
            "clock_started",
            round_.number,
            table,
            _same(domain.clock_started_body(round_.number, table, minutes)),
        )
    return messages(round_.event, notes)


def time_called(round_id: int, match_id: int | None) -> list[dict[str, Any]]:
    """Time at the team's table: the round's (its tables without an extension still playing),
    or one table's after its extension."""
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None:
        return []
    rows = _playing(round_)
    if match_id is None:
        extended = set(
            Extension.objects.filter(match__round=round_).values_list("match_id", flat=True)
        )
        rows = [r for r in rows if r[0] not in extended]
    else:
        rows = [r for r in rows if r[0] == match_id]
    tables = dict(Match.objects.filter(pk__in=[r[0] for r in rows]).values_list("pk", "table"))
    notes: dict[int, Note] = {}
    for match, a, b in rows:
        table = tables[match]
        if table is None or b is None:  # a bye: no table to call time at
            continue
        note = Note(
            "time_called",
            round_.number,
            table,
            _same(domain.time_called_body(round_.number, table)),
            page="table",
        )
        notes[a] = notes[b] = note
    return messages(round_.event, notes)


def confirm_result(match_id: int) -> list[dict[str, Any]]:
    """The other team reported: the team that has not is asked to confirm."""
    match = (
        Match.objects.select_related("round__event", "team_a", "team_b")
        .filter(pk=match_id, status=Match.Status.REPORTED)
        .first()
    )
    if match is None or match.team_b is None or match.table is None:
        return []
    reported = set(ResultReport.objects.filter(match=match).values_list("team_id", flat=True))
    waiting = [t for t in (match.team_a, match.team_b) if t.pk not in reported]
    by = [t for t in (match.team_a, match.team_b) if t.pk in reported]
    if not waiting or not by:
        return []
    table, reporter = match.table, by[0].name
    notes = {
        team.pk: Note(
            "confirm_result",
            match.round.number,
            table,
            _same(domain.confirm_result_body(table, reporter)),
        )
        for team in waiting
    }
    return messages(match.round.event, notes)


def judge_coming(call_id: int) -> list[dict[str, Any]]:
    """A judge took the table's call: both teams of the table are told who comes."""
    call = (
        JudgeCall.objects.select_related("match__round__event", "claimed_by", "head_claimed_by")
        .filter(pk=call_id, resolved_at__isnull=True, withdrawn_at__isnull=True)
        .first()
    )
    if call is None or call.match.table is None:
        return []
    judge = call.head_claimed_by or call.claimed_by
    name = ""
    if judge is not None:
        name = f"{judge.first_name} {judge.last_name}".strip() or judge.get_username()
    table, match = call.match.table, call.match
    note = Note(
        "judge_coming",
        match.round.number,
        table,
        _same(domain.judge_coming_body(table, name)),
        page="table",
    )
    teams = [t for t in (match.team_a_id, match.team_b_id) if t is not None]
    return messages(match.round.event, dict.fromkeys(teams, note))


def team_promoted(team_id: int) -> list[dict[str, Any]]:
    """A place opened before round 1: the team that moved up from the waiting list is told."""
    team = Team.objects.select_related("event").filter(pk=team_id, dropped=False).first()
    if team is None:
        return []
    note = Note("promoted", None, None, _same(domain.promoted_body()))
    return messages(team.event, {team.pk: note})

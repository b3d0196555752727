"""The judges' floor view of a whole round reads its facts in a few narrow queries (timestamps as
integers on PostgreSQL, only the games that are over outside a playoff) and builds each line's
words when the line is shown (issue 27, item 5). What it shows must be what the complete reading
shows: every table read from its own model rows, one by one, and each table's state computed
alone. Compared here on a round with every kind of fact: turns passed before and after time (an
extra turn from a card, a play/draw choice, an undo), extensions applied and not, Tardiness,
Slow Play before time and in additional turns, passing at time, a game won, a game drawn and a
new one, a reported result; and on a playoff round with life totals (won on life, kept until
reported; equal totals; a game drawn in the additional turns)."""

import math
from datetime import timedelta

import pytest
from django.utils import timezone

from judging import services
from judging.clock_views import _floor
from judging.domain.clock import (
    ActiveTeamSet,
    Extension,
    GameEnded,
    GameStarted,
    MatchEnded,
    SlowPlay,
    TableFacts,
    TurnPassed,
    floor_order,
    table_state,
)
from judging.models import Extension as ExtensionRow
from judging.models import Penalty, TableClock
from judging.selectors import clock as sel
from judging.selectors import settings as judging_settings
from pairing import services as pairing_services
from pairing.models import Match, Round
from support import actors
from support.rounds import event_with_teams
from tournament.models import Team
from tracker import services as tracker_services
from tracker.domain.game import Event as LogEvent
from tracker.domain.game import undone_by
from tracker.models import Game, GameEvent

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)


def _complete_facts(round_: Round) -> dict[int, TableFacts]:
    """Each played table's facts from its own model rows (Django's datetimes), one by one."""
    settings = judging_settings.of(round_.event)
    rf = sel.round_facts(round_, settings)
    out = {}
    for m in round_.matches.filter(table__isnull=False, team_b__isnull=False):
        rows = list(GameEvent.objects.filter(match=m, type__in=sel.TABLE_EVENT_TYPES))
        undone = undone_by(tuple(LogEvent(e.seq, e.type, amount=e.amount) for e in rows))
        events: list = []
        for e in sorted(rows, key=lambda e: e.seq):
            if e.seq in undone or e.type == "undo":
                continue
            events.append(
                TurnPassed(e.created_at, e.team)
                if e.type == "pass_turn"
                else ActiveTeamSet(e.created_at, e.team)
                if e.type == "choose_play"
                else GameStarted(e.created_at)
                if e.type == "new_game"
                else GameEnded(e.created_at, "drawn" if e.type == "game_drawn" else "won")
            )
        game = Game.objects.filter(match=m).first()
        life = None
        if game is not None:
            totals = {row[0]: row[1] for row in game.core["teams"]}
            life = (totals[m.team_a_id], totals[m.team_b_id])
            if game.core["status"] == "over":
                outcome = "drawn" if game.core["drawn"] else "won"
                events.append(GameEnded(game.updated_at, outcome))
        if m.result is not None:
            events.append(MatchEnded(m.updated_at))
        standing = Penalty.objects.standing().filter(match=m)
        given = [
            Extension(max(1, math.ceil(p.tardiness_minutes)), "tardiness", p.issued_at)
            for p in standing.filter(infraction="TE-T", dropped_team=False)
            if p.tardiness_minutes and p.tardiness_minutes <= 10
        ] + [
            Extension(e.minutes, e.reason, e.given_at) for e in ExtensionRow.objects.filter(match=m)
        ]
        out[m.pk] = TableFacts(
            table=m.table,
            teams=(m.team_a_id, m.team_b_id),
            round=rf,
            events=tuple(events),
            extensions=tuple(sorted(given, key=lambda x: x.given_at)),
            slow_play=tuple(SlowPlay(p.issued_at) for p in standing.filter(infraction="TE-SP")),
            passing_at_time=TableClock.objects.filter(match=m, passing_at_time=True).exists(),
            playoff=round_.is_top_cut,
            life=life if round_.is_top_cut else None,
            rel=round_.event.rel,
            turn_zero_is_additional=settings.turn_zero_is_additional,
        )
    return out


def _complete_lines(round_: Round, now) -> list[tuple[int, str, object]]:
    """The floor's lines from the complete reading: states one table at a time, every team of
    the event named."""
    states = [table_state(f, now) for f in _complete_facts(round_).values()]
    names = dict(Team.objects.filter(event=round_.event).values_list("pk", "name"))
    shown = floor_order(states, names)
    return [(line.table, str(line.summary), line.state) for line in shown]


def _fast_lines(round_: Round, now, monkeypatch) -> list[tuple[int, str, object]]:
    monkeypatch.setattr(timezone, "now", lambda: now)
    lines, _clock = _floor(Round.objects.select_related("event").get(pk=round_.pk))
    return [(line.table, str(line.summary), line.state) for line, _m in lines]


def _add(match: Match, client_id: str, **data):
    return tracker_services.game_add_event(match=match, data=data, client_id=client_id)


def _heads(match: Match) -> list[int]:
    return [t.players.get(seat=1).pk for t in (match.team_a, match.team_b)]


def _round(n_teams: int, *, playoff: bool = False) -> tuple[Round, list[Match]]:
    event, _teams = event_with_teams(n_teams, rel="competitive")
    round_ = pairing_services.round_pair_next(event=event, seed=3)
    pairing_services.round_publish(round_=round_)
    if playoff:
        Round.objects.filter(pk=round_.pk).update(stage=Round.Stage.TOP_CUT)
        round_.refresh_from_db()
    matches = list(round_.matches.filter(team_b__isnull=False).order_by("table"))
    return round_, matches


def _shift(match: Match, seconds: int) -> None:
    """Date the table's tracker events ``seconds`` later (negative: earlier)."""
    for e in GameEvent.objects.filter(match=match):
        GameEvent.objects.filter(pk=e.pk).update(
            created_at=e.created_at + timedelta(seconds=seconds)
        )


def test_the_floor_of_a_varied_swiss_round_is_the_complete_readings(monkeypatch) -> None:
    round_, ms = _round(24)
    now = timezone.now()
    start = now - 61 * MIN  # time called a minute ago
    services.clock_start(round_=round_, now=start)
    judge = actors.judge(round_.event)
    # 0: turns passed before time (the active team known), then two after: additional turn 2
    services.turn_passed(match=ms[0], next_active=ms[0].team_b_id)
    _shift(ms[0], -5 * 60)
    services.turn_passed(match=ms[0])
    services.turn_passed(match=ms[0])
    # 1: an extra turn from a card after time, a play/draw choice before, an undone pass
    _add(ms[1], "choose", type="choose_play", team=ms[1].team_a_id)
    _shift(ms[1], -30 * 60)
    services.turn_passed(match=ms[1], next_active=ms[1].team_a_id)
    services.turn_passed(match=ms[1])
    _add(ms[1], "undo-1", type="undo")
    # 2: an extension given before time (still playing); 3: one for a pause that began before
    # the call, and one dated after the call (not applied)
    services.extension_give(match=ms[2], minutes=5, reason="deck_check", now=start + 50 * MIN)
    services.extension_give(
        match=ms[3], minutes=2, reason="ruling", began_at=now - 3 * MIN, now=now
    )
    ExtensionRow.objects.create(match=ms[3], minutes=3, reason="ruling", given_at=now)
    # 4: Slow Play before time, 5: Slow Play in additional turns, 6: Tardiness
    for k, when in ((4, start + 30 * MIN), (5, now)):
        actors.issue_penalty(
            event=round_.event,
            actor=judge,
            player=ms[k].team_a.players.get(seat=1),
            infraction_code="TE-SP",
            round_=round_,
            now=when,
        )
    services.turn_passed(match=ms[5])
    Penalty.objects.filter(match=ms[5]).update(issued_at=now + 10 * timedelta(seconds=1))
    actors.issue_penalty(
        event=round_.event,
        actor=judge,
        player=ms[6].team_b.players.get(seat=1),
        infraction_code="TE-T",
        round_=round_,
        now=start + 2 * MIN,
        tardiness_minutes=4,
    )
    # 7: passing at time, with the announced pass recorded after it; 8: passing at time alone
    services.passing_at_time_set(match=ms[7], passing=True)
    services.turn_passed(match=ms[7])
    services.passing_at_time_set(match=ms[8], passing=True)
    # 9: a game won (a concession), 10: a game drawn and a new one (Swiss: a draw)
    _add(ms[9], "concede", type="concede", player=_heads(ms[9])[1])
    a, b = _heads(ms[10])
    _add(
        ms[10],
        "boom",
        type="effect",
        changes=[{"player": a, "life": -30}, {"player": b, "life": -30}],
    )
    # 11: a result reported
    Match.objects.filter(pk=ms[11].pk).update(result=Match.Result.A, status="final", games_a=1)
    later = now + 20 * timedelta(seconds=1)
    expected = _complete_lines(round_, later)
    fast = _fast_lines(round_, later, monkeypatch)
    assert fast == expected
    phases = {state.phase for _t, _s, state in fast}
    assert phases == {"playing", "finishing_turn", "extra_turns"}
    shown = {table for table, _words, _state in fast}
    assert shown.isdisjoint(ms[k].table for k in (9, 10, 11))  # won, drawn, reported: over
    tables = sel.round_tables(round_, sel.MatchRow.of_round(round_), whole_round=True)
    assert tables.facts == _complete_facts(round_)


def test_the_floor_of_a_playoff_round_is_the_complete_readings(monkeypatch) -> None:
    """Won on life at time is kept until reported, equal totals play on (MTR 2.4)."""
    round_, ms = _round(8, playoff=True)
    now = timezone.now()
    services.clock_start(round_=round_, now=now - 100 * MIN)  # 90 minutes: time called
    for k, m in enumerate(ms):
        a, b = _heads(m)
        if k == 0:  # team B ahead: won on life once the turns are over
            _add(m, "hit", type="life", player=a, amount=-7)
        elif k == 1:  # equal totals: sudden death
            _add(m, "hit", type="life", player=a, amount=-3)
            _add(m, "hit2", type="life", player=b, amount=-3)
        services.turn_passed(match=m)  # before time
        _shift(m, -95 * 60)
        if k == 2:  # a game drawn in the additional turns: between games
            services.turn_passed(match=m)
            boom = [{"player": a, "life": -30}, {"player": b, "life": -30}]
            _add(m, "boom", type="effect", changes=boom)
            continue
        for _ in range(4 if k < 2 else 1):
            services.turn_passed(match=m)
    later = now + timedelta(seconds=5)
    expected = _complete_lines(round_, later)
    fast = _fast_lines(round_, later, monkeypatch)
    assert fast == expected
    endings = sorted(str(state.ending) for _t, _s, state in fast)
    assert endings == ["None", "None", "life", "sudden_death"]
    tables = sel.round_tables(round_, sel.MatchRow.of_round(round_), whole_round=True)
    assert tables.facts == _complete_facts(round_)

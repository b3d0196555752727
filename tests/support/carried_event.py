"""An event with something in as many of its tables as the services reach (the event file's
tests), and what must read the same after it is carried: standings, pairings, penalty report."""

from __future__ import annotations

import random
from typing import Any

from django.utils import timezone

from access.actors import actor_of_user
from decklists.services import decklists as deck_svc
from judging import services as judging
from judging.selectors import penalties_of
from pairing import selectors as pairing_selectors
from pairing import services as pairing
from support import actors, factories, rounds
from tournament.models import Event, StaffRole
from tracker.services import game_add_event

DECK = "4 Lightning Bolt\n56 Mountain"


def build(teams: int = 9, played: int = 2) -> Event:
    """``played`` Swiss rounds played and one more in progress (clock running, tracker logs,
    a deck check, a seat check, penalties, an extension); staff of every role, decklists."""
    alice = factories.user("alice-carry")
    event, team_list = rounds.event_with_teams(teams, organizer=alice, swiss_rounds=played + 2)
    judge = factories.staff(event, StaffRole.Role.JUDGE, "judy-carry")
    head = factories.staff(event, StaffRole.Role.HEAD_JUDGE, "hank-carry")
    factories.staff(event, StaffRole.Role.SCOREKEEPER, "sam-carry")
    organizer = actor_of_user(alice, event)
    for team in team_list[:3]:
        for player in team.players.all():
            deck_svc.decklist_submit(player=player, main=DECK, actor=organizer)
    for k in range(played):
        round_ = pairing.round_pair_next(event=event, seed=k + 1)
        pairing.round_publish(round_=round_)
        rounds.play(round_, random.Random(k))
    round_ = pairing.round_pair_next(event=event, seed=played + 1)
    pairing.round_publish(round_=round_)
    judging.clock_start(round_=round_, by=head, now=timezone.now())
    tables = list(round_.matches.filter(team_b__isnull=False).order_by("table"))
    for match in tables:
        for i in range(7):
            team = match.team_a if i % 2 else match.team_b
            player = team.players.order_by("seat").first()
            data = {"type": "life", "player": player.pk, "amount": -1}
            game_add_event(match=match, data=data, client_id=f"c{match.pk}-{i}", by_user=judge)
        game_add_event(match=match, data={"type": "undo"}, client_id=f"u{match.pk}", by_user=judge)
    first = tables[0]
    judging.extension_give(match=first, minutes=3, reason="deck_check", by=judge)
    judging.deck_check_start(round_=round_, match=first, team=first.team_a, by=judge)
    judging.seat_check_record(
        match=tables[1], missing=[tables[1].team_b.players.first().pk], by=judge
    )
    offender = tables[2 % len(tables)].team_a.players.first()
    actors.issue_penalty(
        event=event, actor=actors.judge(event, judge), player=offender, infraction_code="TE-SP"
    )
    actors.issue_penalty(
        event=event,
        actor=actors.judge(event, judge),
        player=offender,
        infraction_code="GPE-HCE",
        round_=round_,
    )
    actors.issue_penalty(event=event, actor=actors.head_judge(event, head), player=tables[1].team_a.players.first(), infraction_code="USC-MJ", round_=round_)  # fmt: skip
    pairing.match_report_result(
        match=tables[-1], team=tables[-1].team_a, games_a=1, games_b=0, games_drawn=0
    )
    return event


def summary(event: Event) -> dict[str, Any]:
    """Standings, pairings and the penalty report in names and numbers (no ids)."""
    names = {t.pk: t.name for t in event.teams.all()}
    standings = [
        [
            r.rank,
            names[r.team],
            r.match_points,
            r.wins,
            r.losses,
            r.draws,
            str(r.omw),
            str(r.gw),
            str(r.ogw),
        ]
        for r in pairing_selectors.standings(event).rows
    ]
    pairings = [
        [m.round.number, m.table, names[m.team_a_id], names.get(m.team_b_id), m.status,
         m.games_a, m.games_b, m.games_drawn]
        for m in sorted(
            (m for r in event.rounds.all() for m in r.matches.select_related("round")),
            key=lambda m: (m.round.number, m.table or 0),
        )
    ]  # fmt: skip
    penalties = [
        [p.player.name, p.team.name, p.round.number if p.round else None, p.infraction,
         p.penalty, p.match_points_deducted, p.extra_turns_added, bool(p.parent_id), p.issued_by.username if p.issued_by else None]
        for p in penalties_of(event).select_related("player", "team", "round", "issued_by")
    ]  # fmt: skip
    return {"standings": standings, "pairings": pairings, "penalties": penalties}

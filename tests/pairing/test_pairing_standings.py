"""Standings from stored results, worked by hand from the MTR definitions (MTR 3.1, App. C).

Six teams A-F, two rounds (A-B-drawn games, team A of each match listed first):
  round 1: A beat B 1-0-0; C beat D 1-0-1; F lost to E 0-1-0
  round 2: A beat C 1-0-0; B beat E 1-0-0; D drew F 0-0-1
Match points: A 6, B 3, C 3, E 3, D 1, F 1.
MW%: A 6/6 = 1; B, C, E 3/6 = 0.5; D, F 1/6, below 0.33 -> 0.33.
OMW%: A (B, C) = 0.5; B (A, E) = 0.75; C (D, A) = (0.33 + 1) / 2 = 0.665;
      E (F, B) = (0.33 + 0.5) / 2 = 0.415; D (C, F) = 0.415; F (E, D) = 0.415.
OOMW%: D (C, F) = (0.665 + 0.415) / 2 = 0.54; F (E, D) = 0.415.
Order (team order, docs/rules.md): A; B, C, E by OMW%; D before F by OOMW%.
"""

from fractions import Fraction

import pytest

from pairing import hooks, selectors
from pairing.models import Match, MatchTeam, Round
from support import factories
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db

RESULTS = {
    1: [("A", "B", 1, 0, 0), ("C", "D", 1, 0, 1), ("F", "E", 0, 1, 0)],
    2: [("A", "C", 1, 0, 0), ("B", "E", 1, 0, 0), ("D", "F", 0, 0, 1)],
}


@pytest.fixture
def six():
    """The stored facts of the module's example: rounds, final matches, entries."""
    event, teams = event_with_teams(6, swiss_rounds=2)
    by = dict(zip("ABCDEF", teams, strict=True))
    for number, matches in RESULTS.items():
        round_ = Round.objects.create(event=event, number=number, seed=11, published=True)
        for table, (a, b, ga, gb, gd) in enumerate(matches, start=1):
            result = "a" if ga else "b" if gb else "draw"
            m = Match.objects.create(
                round=round_, table=table, team_a=by[a], team_b=by[b], games_a=ga, games_b=gb,
                games_drawn=gd, result=result, status="final",
            )  # fmt: skip
            MatchTeam.objects.create(round=round_, match=m, team=by[a], side="a")
            MatchTeam.objects.create(round=round_, match=m, team=by[b], side="b")
    return event, {letter: t.pk for letter, t in by.items()}


@pytest.fixture
def sources():
    """Answer a pairing hook (penalty points, disqualified teams) for one test only."""
    added: list[tuple[object, object]] = []

    def add(hook, fn) -> None:
        hook.register(fn)
        added.append((hook, fn))

    yield add
    for hook, fn in added:
        hook.unregister(fn)


def _letters(event, ids, **kw) -> list[str]:
    back = {pk: letter for letter, pk in ids.items()}
    return [back[row.team] for row in selectors.standings(event, **kw).rows]


def test_standings_follow_match_points_then_omw_then_oomw_as_a_local_rule(six):
    """MTR App. C: MW% and OMW% with the 0.33 floor; docs/rules.md: OOMW% next in the team order
    when the organizer turns the local rule on."""
    event, ids = six
    factories.settings(event, tiebreak_oomw=True)
    table = selectors.standings(event)
    assert table.round == 2
    assert _letters(event, ids) == ["A", "B", "C", "E", "D", "F"]
    row = {letter: table.row(pk) for letter, pk in ids.items()}
    assert [row[x].match_points for x in "ABCEDF"] == [6, 3, 3, 3, 1, 1]
    assert row["A"].mw == 1
    assert row["D"].mw == Fraction(33, 100)  # 1/6 is below the floor
    assert row["B"].omw == Fraction(3, 4)
    assert row["C"].omw == Fraction(665, 1000)
    assert row["E"].omw == Fraction(415, 1000)
    assert row["D"].omw == row["F"].omw == Fraction(415, 1000)
    assert row["D"].oomw == Fraction(54, 100)
    assert row["F"].oomw == Fraction(415, 1000)


def test_default_team_order_breaks_an_omw_tie_by_the_seeded_random_order(six):
    """MTR 3.1, App. C: match points, OMW%, then (Tandem) the seeded random order. D and F tie on
    both; D's higher OOMW% does not count without the local rule."""
    event, ids = six
    table = selectors.standings(event)
    d, f = table.row(ids["D"]), table.row(ids["F"])
    assert d.oomw > f.oomw
    assert _letters(event, ids)[:4] == ["A", "B", "C", "E"]
    first = "D" if d.random_key < f.random_key else "F"
    assert _letters(event, ids)[4] == first


def test_game_win_percentage_counts_drawn_games(six):
    """MTR App. C: game points 3 per game won, 1 per drawn game; C: won 1, drawn 1, lost 1."""
    event, ids = six
    row = selectors.standings(event).row(ids["C"])
    assert row.gw == Fraction(4, 9)
    assert row.explanation.game_points == 4
    assert row.explanation.games_played == 3


def test_standings_after_round_one_ignore_round_two(six):
    event, ids = six
    table = selectors.standings(event, after_round=1)
    assert table.round == 1
    assert {row.rounds_played for row in table.rows} == {1}
    assert table.row(ids["A"]).match_points == 3


def test_a_match_without_a_final_result_is_left_out(six):
    event, ids = six
    Match.objects.filter(round__number=2, table=1).update(status="reported", result=None)
    assert selectors.complete_swiss_rounds(event) == 1
    row = selectors.standings(event, after_round=2).row(ids["A"])
    assert (row.match_points, row.rounds_played) == (3, 1)


def test_match_point_penalty_from_a_source_is_taken_off(six, sources):
    """docs/rules.md: a Match Point penalty takes one point off the team's total (2HG guide)."""
    event, ids = six
    sources(hooks.PENALTY_POINTS, lambda e, r: {ids["B"]: 1} if e.pk == event.pk else {})
    table = selectors.standings(event)
    b = table.row(ids["B"])
    assert (b.match_points, b.penalty_points) == (2, 1)
    assert b.mw == Fraction(2, 6)
    order = _letters(event, ids)
    assert order[:4] == ["A", "C", "E", "B"]
    assert set(order[4:]) == {"D", "F"}  # tied on points and OMW%: the random order decides
    assert table.row(ids["A"]).omw == (Fraction(1, 3) + Fraction(1, 2)) / 2


def test_disqualified_team_leaves_the_standings_but_counts_for_its_opponents(six, sources):
    """docs/rules.md: disqualified teams are removed from the standings."""
    event, ids = six
    sources(hooks.DISQUALIFIED, lambda e: [ids["E"]])
    table = selectors.standings(event)
    assert "E" not in _letters(event, ids)
    assert table.row(ids["B"]).omw == Fraction(3, 4)  # E's 0.5 still counts for B


def test_the_random_tiebreak_is_seeded_by_round_one(six):
    """docs/rules.md: the last tiebreak is a random order drawn from a seed shown on the standings."""
    event, _ids = six
    assert selectors.standings(event).seed == 11
    first = [r.random_key for r in selectors.standings(event).rows]
    assert first == [r.random_key for r in selectors.standings(event).rows]


def test_pairing_uses_points_after_penalties(six, sources):
    """docs/rules.md: pairing pairs teams on equal match points, penalties taken off first."""
    from pairing import adapters, services

    event, ids = six
    factories.settings(event, swiss_rounds=3)
    sources(hooks.PENALTY_POINTS, lambda e, r: {ids["A"]: 3})  # A: 6 - 3 = 3 points
    records = {
        r.id: r
        for r in adapters.team_records(
            selectors.standings(event).rows, selectors.standings(event).matches, {}
        )
    }
    assert records[ids["A"]].points == 3
    assert records[ids["A"]].opponents == {ids["B"], ids["C"]}
    round_ = services.round_pair_next(event=event, seed=2)
    # A now sits on 3 points: without the penalty it would play down at least 3 points
    assert round_.summary["max_gap"] == 2
    assert round_.summary["rematches"] == 0


def test_penalty_points_are_asked_for_the_round_the_standings_are_after(six, sources):
    """Standings after round N take the Match Point penalties of rounds 1..N only: the hook is
    asked with N (docs/rules.md "Penalties")."""
    event, ids = six
    sources(hooks.PENALTY_POINTS, lambda e, r: {ids["A"]: 1} if r >= 2 else {})
    assert selectors.standings(event, after_round=1).row(ids["A"]).penalty_points == 0
    assert selectors.standings(event, after_round=2).row(ids["A"]).penalty_points == 1


def test_the_standings_page_names_oomw_as_a_local_rule_only_when_it_is_on(
    client, six, django_capture_on_commit_callbacks
):
    """MTR 3.1: OOMW% is not an MTR tiebreaker; the standings say so when the event uses it."""
    event, _ids = six
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Local rule" not in page
    assert "OOMW" not in page
    from tournament.services.events import event_update

    with django_capture_on_commit_callbacks(execute=True):  # the pages version moves after commit
        event_update(event=event, tiebreak_oomw=True)
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Local rule:" in page
    assert '<th class="num">OOMW</th>' in page

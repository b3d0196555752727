"""The final finish order and the EventLink form of results (pairing.domain.final)."""

from pairing.domain.final import PlayoffMatch, eventlink_games, finish_order

SWISS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]


def test_playoff_results_come_first_then_the_swiss_standings():
    """MTR 10.4: the bracket decides the top places; the rest keep their Swiss order. Seed 8
    beat seed 1 in the quarterfinal and won the event: it is first; seed 1 is among the
    quarterfinal losers, placed by Swiss standing (5th)."""
    playoff = [
        [
            PlayoffMatch(11, 18, 18),
            PlayoffMatch(14, 15, 14),
            PlayoffMatch(12, 17, 12),
            PlayoffMatch(13, 16, 16),
        ],
        [PlayoffMatch(14, 18, 18), PlayoffMatch(12, 16, 12)],
        [PlayoffMatch(12, 18, 18)],
    ]
    order = finish_order(SWISS, playoff)
    assert [p.team for p in order] == [18, 12, 14, 16, 11, 13, 15, 17, 19, 20]
    assert [p.place for p in order] == list(range(1, 11))
    assert [p.reached for p in order[:5]] == [
        "champion", "final", "semifinal", "semifinal", "quarterfinal",
    ]  # fmt: skip
    assert order[8].stage == "swiss"


def test_disqualified_and_never_played_teams_are_left_out():
    """IPG 1.1: a disqualified team has no place; MTR 2.10: a team that dropped before round 1
    did not take part."""
    order = finish_order(SWISS, [], excluded={12, 20})
    assert [p.team for p in order] == [11, 13, 14, 15, 16, 17, 18, 19]


def test_a_team_that_drops_in_the_bracket_finishes_below_that_rounds_losers():
    """MTR 2.10: seed 3 won its quarterfinal then dropped; seed 1 had the bye, 2 beat 4 in the
    semifinal, 1 beat 2 in the final. Seed 3 reached the semifinal without playing it: it
    finishes after the semifinal's loser (4) and before the quarterfinal losers."""
    playoff = [
        [
            PlayoffMatch(11, 18, 11),
            PlayoffMatch(14, 15, 14),
            PlayoffMatch(12, 17, 12),
            PlayoffMatch(13, 16, 13),
        ],
        [PlayoffMatch(11, None, None), PlayoffMatch(12, 14, 12)],
        [PlayoffMatch(11, 12, 11)],
    ]
    order = [p.team for p in finish_order(SWISS, playoff)]
    assert order[:5] == [11, 12, 14, 13, 15]
    assert finish_order(SWISS, playoff)[3].reached == "semifinal"


def test_eventlink_form_of_a_bye_and_an_intentional_draw():
    """docs/rules.md: an intentional draw with no game is 0-0-3 (MTR 2.5); a bye a 2-0 win
    (MTR App. C); other results as played."""
    assert eventlink_games(games_won=0, games_lost=0, games_drawn=0, bye=True, draw=False) == (
        2, 0, 0,
    )  # fmt: skip
    assert eventlink_games(games_won=0, games_lost=0, games_drawn=0, bye=False, draw=True) == (
        0, 0, 3,
    )  # fmt: skip
    assert eventlink_games(games_won=0, games_lost=0, games_drawn=1, bye=False, draw=True) == (
        0, 0, 1,
    )  # fmt: skip
    assert eventlink_games(games_won=1, games_lost=0, games_drawn=1, bye=False, draw=False) == (
        1, 0, 1,
    )  # fmt: skip

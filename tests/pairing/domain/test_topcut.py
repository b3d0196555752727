"""The playoff bracket (MTR 10.4; docs/rules.md "Swiss rounds and playoffs")."""

import pytest

from pairing.domain.notes import PairingNote
from pairing.domain.topcut import (
    CutRound,
    PlayoffError,
    advance,
    champion,
    cut_size,
    first_round,
    next_round,
    seed_cut,
)

# Team ids deliberately unlike seed numbers: seed k is team 100 + 7 * k.
SEEDS = [100 + 7 * k for k in range(1, 9)]


def seed(k: int) -> int:
    return SEEDS[k - 1]


def test_first_round_of_a_top_8_is_1v8_4v5_2v7_3v6() -> None:
    """MTR 10.4: 1v8, 4v5, 2v7, 3v6 in bracket order, the higher seed first."""
    assert first_round(SEEDS) == [
        (seed(1), seed(8)),
        (seed(4), seed(5)),
        (seed(2), seed(7)),
        (seed(3), seed(6)),
    ]


def test_first_round_of_a_top_4_is_1v4_2v3() -> None:
    """MTR 10.4: top 4 plays 1v4, 2v3."""
    assert first_round(SEEDS[:4]) == [(seed(1), seed(4)), (seed(2), seed(3))]


def test_first_round_of_a_top_2_is_the_final() -> None:
    assert first_round(SEEDS[:2]) == [(seed(1), seed(2))]


@pytest.mark.parametrize("size", [0, 1, 3, 5, 6, 7, 16])
def test_first_round_rejects_other_sizes(size: int) -> None:
    with pytest.raises(PlayoffError, match="2, 4 or 8"):
        first_round(list(range(1, size + 1)))


def test_first_round_rejects_a_team_seeded_twice() -> None:
    with pytest.raises(PlayoffError, match="twice"):
        first_round([1, 2, 3, 1])


def test_semifinals_pair_winners_of_1v8_and_4v5() -> None:
    """MTR 10.4: the winner of 1/8 plays the winner of 4/5; 2/7 meets 3/6."""
    quarters = first_round(SEEDS)
    winners = {
        quarters[0]: seed(8),
        quarters[1]: seed(4),
        quarters[2]: seed(2),
        quarters[3]: seed(6),
    }
    assert next_round(quarters, winners) == [(seed(8), seed(4)), (seed(2), seed(6))]


def test_next_round_puts_the_higher_seed_first_given_the_seeding() -> None:
    quarters = first_round(SEEDS)
    winners = {
        quarters[0]: seed(8),
        quarters[1]: seed(4),
        quarters[2]: seed(7),
        quarters[3]: seed(3),
    }
    assert next_round(quarters, winners, seeding=SEEDS) == [(seed(4), seed(8)), (seed(3), seed(7))]


def test_bracket_runs_to_a_champion_and_then_stops() -> None:
    """Quarterfinals, semifinals, final; after the final there is no next round."""
    rounds = [first_round(SEEDS)]
    upset = {seed(5), seed(7)}  # these seeds win every match they play

    def winner(pair: tuple[int, int]) -> int:
        return next((t for t in pair if t in upset), pair[0])

    while True:
        winners = {pair: winner(pair) for pair in rounds[-1]}
        following = next_round(rounds[-1], winners, seeding=SEEDS)
        if following is None:
            break
        rounds.append(following)
    assert [len(r) for r in rounds] == [4, 2, 1]
    assert rounds[-1] == [(seed(5), seed(7))]
    assert champion(rounds[-1], {rounds[-1][0]: seed(7)}) == seed(7)
    assert champion(rounds[0], {}) is None


def test_next_round_needs_a_winner_for_every_match() -> None:
    """Playoff matches cannot be draws (MTR 2.4): every match needs a winner first."""
    semis = first_round(SEEDS[:4])
    with pytest.raises(PlayoffError, match="no winner"):
        next_round(semis, {semis[0]: seed(1)})


def test_next_round_rejects_a_winner_who_did_not_play_the_match() -> None:
    semis = first_round(SEEDS[:4])
    with pytest.raises(PlayoffError, match="did not play"):
        next_round(semis, {semis[0]: seed(2), semis[1]: seed(2)})


# --- the stored bracket: size, seeds, slots (MTR 10.4, App. E; docs/rules.md "Swiss rounds and
# playoffs") -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wanted", "eligible", "size", "entrants"),
    [
        (8, 20, 8, 8),
        (8, 8, 8, 8),
        (8, 6, 8, 6),  # App. E: 5-8 teams play a bracket of 8, the best seeds get byes
        (8, 5, 8, 5),
        (8, 4, 4, 4),  # half of a bracket of 8 would be byes: a top 4
        (8, 3, 4, 3),
        (4, 2, 2, 2),
        (2, 9, 2, 2),
    ],
)
def test_cut_size_halves_while_more_than_half_would_be_byes(
    wanted: int, eligible: int, size: int, entrants: int
) -> None:
    assert cut_size(wanted, eligible) == (size, entrants)


def _slots(cut: CutRound) -> list[tuple[int, int, int | None]]:
    return [(m.slot, m.high.seed, m.low.seed if m.low else None) for m in cut.matches]


@pytest.mark.parametrize(
    ("wanted", "teams", "slots"),
    [
        (8, 8, [(1, 1, 8), (2, 4, 5), (3, 2, 7), (4, 3, 6)]),  # MTR 10.4
        (4, 9, [(1, 1, 4), (2, 2, 3)]),
        (2, 9, [(1, 1, 2)]),
        (8, 6, [(1, 1, None), (2, 4, 5), (3, 2, None), (4, 3, 6)]),  # seeds 7, 8 missing
    ],
)
def test_seed_cut_numbers_seeds_and_slots_in_bracket_order(
    wanted: int, teams: int, slots: list[tuple[int, int, int | None]]
) -> None:
    cut = seed_cut(SEEDS[:teams] + [999] * (teams > 8), wanted)
    assert _slots(cut) == slots
    assert all(m.high.team == seed(m.high.seed) for m in cut.matches)


def test_seed_cut_notes_a_smaller_cut_and_its_byes() -> None:
    cut = seed_cut(SEEDS[:3], 8)
    assert cut.notes == (
        PairingNote("cut_reduced", counts=(8, 4)),
        PairingNote("cut_byes", counts=(1, 4, 3)),
    )
    assert cut.byes == (seed(1),)
    assert cut.bye_note() == PairingNote("cut_bye", (seed(1),))
    assert cut.matches[0].note() == PairingNote("bye_match")
    assert cut.matches[1].note() == PairingNote("seeds", (seed(2), seed(3)), seeds=(2, 3))


def test_seed_cut_needs_two_teams() -> None:
    with pytest.raises(PlayoffError, match="at least 2"):
        seed_cut(SEEDS[:1], 8)


@pytest.mark.parametrize(
    ("winning_seeds", "next_slots"),
    [
        ((8, 4, 7, 3), [(1, 4, 8), (2, 3, 7)]),  # 1/8 meets 4/5, the higher seed first
        ((1, 5, 2, 6), [(1, 1, 5), (2, 2, 6)]),
    ],
)
def test_advance_pairs_neighbouring_slots_and_keeps_the_seeds(
    winning_seeds: tuple[int, ...], next_slots: list[tuple[int, int, int]]
) -> None:
    quarters = seed_cut(SEEDS, 8)
    winners = {m.slot: seed(s) for m, s in zip(quarters.matches, winning_seeds, strict=True)}
    semis = advance(quarters.matches, winners)
    assert semis is not None
    assert _slots(semis) == next_slots


def test_advance_moves_a_bye_on_and_ends_after_the_final() -> None:
    first = seed_cut(SEEDS[:3], 4)  # seed 1 has a bye, 2 v 3
    final = advance(first.matches, {2: seed(3)})
    assert final is not None
    assert _slots(final) == [(1, 1, 3)]
    assert advance(final.matches, {1: seed(3)}) is None


def test_advance_refuses_a_match_without_a_winner() -> None:
    quarters = seed_cut(SEEDS, 8)
    with pytest.raises(PlayoffError, match="no winner"):
        advance(quarters.matches, {1: seed(1)})


def test_a_team_dropping_in_the_bracket_gives_the_bye_to_the_highest_ranked_team_left() -> None:
    """MTR 2.10: nobody takes a dropped team's place; in single elimination the highest-ranked
    remaining team gets a bye instead of the dropped team's next opponent getting a walkover.
    Quarterfinal winners: seeds 1, 5, 2, 3; seed 3 drops. Seed 2 would have met seed 3; instead
    seed 1 gets the bye and seeds 2 and 5 play."""
    quarters = seed_cut(SEEDS, 8)
    winners = {m.slot: seed(s) for m, s in zip(quarters.matches, (1, 5, 2, 3), strict=True)}
    semis = advance(quarters.matches, winners, dropped={seed(3)})
    assert semis is not None
    assert _slots(semis) == [(1, 1, None), (2, 2, 5)]
    assert semis.notes == (PairingNote("cut_dropped", (seed(3),)),)
    assert semis.byes == (seed(1),)
    final = advance(semis.matches, {2: seed(5)})
    assert final is not None
    assert _slots(final) == [(1, 1, 5)]


def test_two_drops_in_the_semifinal_leave_a_final_and_a_last_team_wins_by_bye() -> None:
    """MTR 2.10: with two of four semifinalists gone the other two play the final; when a
    finalist drops, the last team left advances with a bye and the bracket ends."""
    quarters = seed_cut(SEEDS, 8)
    winners = {m.slot: seed(s) for m, s in zip(quarters.matches, (1, 4, 2, 3), strict=True)}
    final = advance(quarters.matches, winners, dropped={seed(1), seed(2)})
    assert final is not None
    assert _slots(final) == [(1, 3, 4)]
    semis = advance(quarters.matches, winners)
    assert semis is not None
    last = advance(semis.matches, {1: seed(1), 2: seed(2)}, dropped={seed(2)})
    assert last is not None
    assert _slots(last) == [(1, 1, None)]
    assert advance(last.matches, {}) is None


def test_a_drop_after_the_final_changes_nothing_and_all_gone_is_an_error() -> None:
    first = seed_cut(SEEDS[:2], 2)
    assert advance(first.matches, {1: seed(2)}, dropped={seed(1)}) is None
    semis = seed_cut(SEEDS[:4], 4)
    with pytest.raises(PlayoffError, match="dropped"):
        advance(semis.matches, {1: seed(1), 2: seed(2)}, dropped={seed(1), seed(2)})


def test_seed_cut_leaves_out_a_team_gone_after_the_swiss_rounds_without_replacing_it() -> None:
    """MTR 2.10: seed 5 of a top 8 dropped after the last Swiss round. The cut is still the
    final standings (team 9 does not come in, nobody is renumbered); seed 1, the highest-ranked
    team left, gets the bye, and the others play in bracket order: 4v8, 2v7, 3v6."""
    cut = seed_cut([*SEEDS, 999], 8, gone={seed(5)})
    assert _slots(cut) == [(1, 1, None), (2, 4, 8), (3, 2, 7), (4, 3, 6)]
    assert 999 not in {s.team for m in cut.matches for s in (m.high, m.low) if s}
    assert cut.notes == (PairingNote("cut_dropped", (seed(5),)),)
    nxt = advance(cut.matches, {2: seed(4), 3: seed(2), 4: seed(3)})
    assert nxt is not None
    assert [(m.high.seed, m.low.seed if m.low else None) for m in nxt.matches] == [(1, 4), (2, 3)]

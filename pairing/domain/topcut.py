"""The single-elimination playoff after the Swiss rounds (MTR 10.4, App. E).

Notes on terminology
--------------------
seed
    A team's place in the final Swiss standings; seed 1 is the best.
bracket order
    The order of the matches of a round such that the winners of matches 1 and 2 meet next,
    then the winners of 3 and 4, and so on. MTR 10.4: top 8 plays 1v8, 4v5, 2v7, 3v6 and "the
    winner of 1/8 plays the winner of 4/5"; top 4 plays 1v4, 2v3; top 2 plays 1v2.
draws
    Playoff matches may not end in a draw (MTR 2.4): after the additional turns the team with
    the highest life total wins. The caller records a winner for every match; this module
    rejects a result without one.

slot
    A match's place in bracket order, 1-based: the winners of slots 2k - 1 and 2k meet in slot
    k of the next round (stored as ``Match.bracket_slot``).
bracket size
    2, 4 or 8 (the organizer's top cut), halved while more than half of it would be byes. A
    bracket with fewer teams than its size (MTR App. E: 5-8 teams play 3 single-elimination
    rounds, a bracket of 8) has missing seeds: the best seeds meet them, which is a bye.

drops (MTR 2.10)
    A team that drops inside the bracket is not replaced: when the next round is paired, the
    teams that won their way on but dropped are left out, and instead of handing a walkover to
    the team that would have met them, the highest-ranked teams left (best seeds) get the byes
    of a bracket cut to the next power of two; the others play in bracket order. The same holds
    for the first playoff round: a team that dropped or was disqualified after the last Swiss
    round keeps its seed in the cut (the cut is the final Swiss standings) and is left out;
    the next team in the standings does not come in.

In every pair the higher seed comes first; from the second round on that needs the seeding
(``seeding``); without it the winner of the earlier match in bracket order comes first.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from pairing.domain.notes import PairingNote

Match = tuple[int, int]

#: Seed numbers (1-based) of the first round, in bracket order (MTR 10.4).
_FIRST_ROUND = {
    2: ((1, 2),),
    4: ((1, 4), (2, 3)),
    8: ((1, 8), (4, 5), (2, 7), (3, 6)),
}


class PlayoffError(ValueError):
    """A bracket that cannot be built or advanced from the data given."""


def first_round(seeded_team_ids: Sequence[int]) -> list[Match]:
    """The first playoff round for a top 2, 4 or 8, seeds best first (MTR 10.4)."""
    if len(seeded_team_ids) not in _FIRST_ROUND:
        raise PlayoffError(f"A playoff needs 2, 4 or 8 teams, not {len(seeded_team_ids)}.")
    if len(set(seeded_team_ids)) != len(seeded_team_ids):
        raise PlayoffError("A team appears twice in the playoff seeding.")
    seeds = _FIRST_ROUND[len(seeded_team_ids)]
    return [(seeded_team_ids[hi - 1], seeded_team_ids[lo - 1]) for hi, lo in seeds]


def next_round(
    previous_pairs: Sequence[Match],
    winners: Mapping[Match, int],
    *,
    seeding: Sequence[int] | None = None,
) -> list[Match] | None:
    """The next round from the winners of ``previous_pairs`` (in bracket order), or None when
    ``previous_pairs`` was the final. With ``seeding`` the higher seed comes first in a pair."""
    advancing = [_winner(pair, winners) for pair in previous_pairs]
    if len(advancing) == 1:
        return None
    if len(advancing) % 2:
        raise PlayoffError(f"A playoff round has 1, 2 or 4 matches, not {len(advancing)}.")
    pairs = list(zip(advancing[::2], advancing[1::2], strict=True))
    if seeding is None:
        return pairs
    place = {team: k for k, team in enumerate(seeding)}
    return [(a, b) if place[a] < place[b] else (b, a) for a, b in pairs]


def champion(final_pairs: Sequence[Match], winners: Mapping[Match, int]) -> int | None:
    """The winner of the final; None while ``final_pairs`` is an earlier round."""
    if len(final_pairs) != 1:
        return None
    return _winner(final_pairs[0], winners)


def _winner(pair: Match, winners: Mapping[Match, int]) -> int:
    if pair not in winners:
        raise PlayoffError(f"The match {pair[0]} v {pair[1]} has no winner yet.")
    winner = winners[pair]
    if winner not in pair:
        raise PlayoffError(f"Team {winner} did not play in the match {pair[0]} v {pair[1]}.")
    return winner


# --- a bracket with seeds and slots (what the service stores) -------------------------------


@dataclass(frozen=True, slots=True)
class Seeded:
    team: int
    seed: int  # place in the final Swiss standings, 1 = best (MTR 10.4)


@dataclass(frozen=True, slots=True)
class BracketMatch:
    slot: int  # 1-based place in bracket order (module notes)
    high: Seeded
    low: Seeded | None  # None: ``high`` advances with a bye

    def note(self) -> PairingNote:
        """The match's note: the two seeds, or the bye."""
        if self.low is None:
            return PairingNote("bye_match")
        return PairingNote(
            "seeds", (self.high.team, self.low.team), seeds=(self.high.seed, self.low.seed)
        )


@dataclass(frozen=True, slots=True)
class CutRound:
    matches: tuple[BracketMatch, ...]  # in bracket order
    notes: tuple[PairingNote, ...] = ()  # a smaller cut, missing seeds

    @property
    def byes(self) -> tuple[int, ...]:
        return tuple(m.high.team for m in self.matches if m.low is None)

    def bye_note(self) -> PairingNote | None:
        return PairingNote("cut_bye", self.byes) if self.byes else None


def cut_size(wanted: int, eligible: int) -> tuple[int, int]:
    """(bracket size, teams in it): the organizer's 2, 4 or 8, halved while more than half of
    it would be byes."""
    size = wanted
    while size > 2 and eligible <= size // 2:
        size //= 2
    return size, min(size, eligible)


def seed_cut(eligible: Sequence[int], wanted: int, gone: Collection[int] = ()) -> CutRound:
    """The first playoff round from the final Swiss standings, best first (MTR 10.4): seeds 1,
    2, ... in that order, the bracket cut to size, the best seeds given the missing seeds' byes.

    ``gone``: teams of ``eligible`` that dropped or were disqualified after the last Swiss
    round. The cut is still the final standings (MTR 2.10: nobody is advanced in their place,
    the seeds are not renumbered): a seed that is gone plays no match, and as in a later round
    (``advance``) the highest-ranked teams left get the bye(s) of the bracket."""
    left_in = len([team for team in eligible if team not in set(gone)])
    if left_in < 2:
        raise PlayoffError("A top cut needs at least 2 teams still in the event.")
    size, entrants = cut_size(wanted, len(eligible))
    seeded = [Seeded(team, k) for k, team in enumerate(eligible[:entrants], start=1)]
    missing = [-k for k in range(1, size - entrants + 1)]  # placeholders, seeds after the last
    by_id = {s.team: s for s in seeded}
    pairs = first_round([*(s.team for s in seeded), *missing])
    out = [s for s in seeded if s.team in set(gone)]
    if out:
        in_order = [by_id[team] for pair in pairs for team in pair if team in by_id]
        cut = _without(in_order, out)
        reduced = (PairingNote("cut_reduced", counts=(wanted, size)),) if size < wanted else ()
        return CutRound(cut.matches, reduced + cut.notes)
    matches = tuple(
        BracketMatch(slot, by_id[a], by_id.get(b)) for slot, (a, b) in enumerate(pairs, start=1)
    )
    notes: list[PairingNote] = []
    if size < wanted:
        notes.append(PairingNote("cut_reduced", counts=(wanted, size)))
    if entrants < size:
        notes.append(PairingNote("cut_byes", counts=(size - entrants, size, entrants)))
    return CutRound(matches, tuple(notes))


def advance(
    previous: Sequence[BracketMatch],
    winners: Mapping[int, int],
    dropped: Collection[int] = (),
) -> CutRound | None:
    """The next playoff round from the winners of ``previous`` (slot -> team id; a bye's team
    wins it), or None after the final. Each team keeps its seed; the higher seed comes first.
    Winners in ``dropped`` are left out (module notes, MTR 2.10)."""
    ordered = sorted(previous, key=lambda m: m.slot)
    if len(ordered) > 1:
        gone = [w for w in _advancing(ordered, winners) if w.team in set(dropped)]
        if gone:
            return _without(_advancing(ordered, winners), gone)
    seeded = {s.team: s for m in ordered for s in (m.high, m.low) if s is not None}
    placeholder = iter(range(-1, -1 - len(ordered), -1))
    pairs = [(m.high.team, m.low.team if m.low else next(placeholder)) for m in ordered]
    won: dict[Match, int] = {}
    for pair, m in zip(pairs, ordered, strict=True):
        winner = winners.get(m.slot, m.high.team if m.low is None else None)
        if winner is not None:
            won[pair] = winner
    seeding = sorted(seeded, key=lambda team: seeded[team].seed)
    nxt = next_round(pairs, won, seeding=seeding)
    if nxt is None:
        return None
    return CutRound(
        tuple(BracketMatch(slot, seeded[a], seeded[b]) for slot, (a, b) in enumerate(nxt, start=1))
    )


def _advancing(ordered: Sequence[BracketMatch], winners: Mapping[int, int]) -> list[Seeded]:
    """The winner of each match, in bracket order, with its seed."""
    out = []
    for m in ordered:
        winner = winners.get(m.slot, m.high.team if m.low is None else None)
        if winner is None:
            raise PlayoffError(f"The match in slot {m.slot} has no winner yet.")
        seats = [s for s in (m.high, m.low) if s is not None and s.team == winner]
        if not seats:
            raise PlayoffError(f"Team {winner} did not play in slot {m.slot}.")
        out.append(seats[0])
    return out


def _without(advancing: Sequence[Seeded], gone: Sequence[Seeded]) -> CutRound:
    """The next round without the teams that dropped: the best seeds left get the byes of a
    bracket of the next power of two; the rest play in bracket order (MTR 2.10)."""
    left = [s for s in advancing if s not in gone]
    if not left:
        raise PlayoffError("Every team left in the playoff has dropped.")
    size = 1
    while size < len(left):
        size *= 2
    n_byes = size - len(left) if len(left) > 1 else 1
    by_seed = sorted(left, key=lambda s: s.seed)
    byes = by_seed[:n_byes]
    playing = [s for s in left if s not in byes]
    matches = [BracketMatch(slot, s, None) for slot, s in enumerate(byes, start=1)]
    for a, b in zip(playing[::2], playing[1::2], strict=True):
        high, low = (a, b) if a.seed < b.seed else (b, a)
        matches.append(BracketMatch(len(matches) + 1, high, low))
    note = PairingNote("cut_dropped", tuple(s.team for s in gone))
    return CutRound(tuple(matches), (note,))

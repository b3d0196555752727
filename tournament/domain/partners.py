"""Solo players matched into teams: who plays with whom (docs/rules.md "Solo players").

Glossary: a *solo* signs up without a team and gets a *code*; it may name, as the partner it
asks for (its *request*), another solo's code or a *team with room*: a team still forming (its
sign-up has fewer players than the event's team size, e.g. one player waiting for a partner, or
two of a three-headed giant). A *mutual* request: A asks for B and B for A. The organizer's
"form teams" makes teams of exactly the event's team size (CR 810.1: two players; three or four
only in the N-headed variants, CR 810.11):

1. every mutual pair starts a team together;
2. then the one-sided requests, in sign-up order: the requester joins the one it named (or that
   one joins the requester's team) while the team has room; a requester who named a team with
   room joins it (with the solos already tied to it by requests) while it has room;
3. then the rest, shuffled by a seeded random order (the seed is shown, so anyone can check
   it), fill the teams started above and then make new teams; nobody is drawn into a team with
   room that did not ask for it;
4. players left over (fewer than a team) stay waiting for the next "form teams"; a team
   started by requests that cannot be completed stays waiting too, its requests kept. Solos
   who join a team with room join it even when it is still not full (it goes on forming).

Pure: no database, the random order comes from the seed passed in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Solo:
    code: str
    request: str | None = None  # another solo's code, or the key of a team with room


@dataclass(frozen=True)
class Matching:
    teams: tuple[tuple[str, ...], ...]  # teams in the order made; codes in sign-up order
    waiting: tuple[str, ...]  # codes, in sign-up order
    seed: int
    by_request: frozenset[str]  # codes placed by a request (mutual or one-sided), not at random
    # (team key, codes that join it in sign-up order), in the order the teams were first asked
    joined: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(eq=False)
class _Group:
    members: list[str] = field(default_factory=list)
    team: str | None = None  # the key of a team with room this group joins
    base: int = 0  # players the team has already

    @property
    def size(self) -> int:
        return self.base + len(self.members)


def match_partners(
    solos: Sequence[Solo], team_size: int, seed: int, teams: Mapping[str, int] | None = None
) -> Matching:
    """Teams of ``team_size`` from the waiting solos (given in sign-up order). ``teams``: the
    teams with room a solo may name, by key (never a solo's code), with the players each has."""
    if team_size < 2:
        raise ValueError("A team has at least two players.")
    codes = [s.code for s in solos]
    if len(set(codes)) != len(codes):
        raise ValueError("Each solo's code appears once.")
    order = {code: i for i, code in enumerate(codes)}
    room = {k: n for k, n in (teams or {}).items() if k not in order and n < team_size}
    wants = {
        s.code: s.request
        for s in solos
        if s.request is not None and (s.request in order or s.request in room)
        if s.request != s.code
    }
    group_of: dict[str, _Group] = {}
    team_groups: dict[str, _Group] = {}
    groups: list[_Group] = []

    def start(*members: str) -> None:
        group = _Group(list(members))
        groups.append(group)
        for m in members:
            group_of[m] = group

    def join(group: _Group, member: str) -> None:
        group.members.append(member)
        group_of[member] = group

    def team_group(key: str) -> _Group:
        if key not in team_groups:
            team_groups[key] = _Group(team=key, base=room[key])
            groups.append(team_groups[key])
        return team_groups[key]

    # 1. mutual requests (solos only: a team asks for nobody)
    for code in codes:
        other = wants.get(code)
        if other and wants.get(other) == code and code not in group_of and other not in group_of:
            start(*sorted((code, other), key=order.__getitem__))
    # 2. one-sided requests, in sign-up order
    for code in codes:
        other = wants.get(code)
        if other is None:
            continue
        mine = group_of.get(code)
        theirs = team_group(other) if other in room else group_of.get(other)
        if mine is not None and mine is theirs:
            continue
        if mine is None and theirs is None:
            start(*sorted((code, other), key=order.__getitem__))
        elif mine is None and theirs is not None and theirs.size < team_size:
            join(theirs, code)
        elif theirs is None and mine is not None and mine.size < team_size:
            join(mine, other)
        elif (
            mine is not None
            and theirs is not None
            and mine.size + theirs.size <= team_size
            and not (mine.team and theirs.team)
        ):
            keep, gone = (theirs, mine) if theirs.team else (mine, theirs)
            for m in gone.members:
                join(keep, m)
            groups.remove(gone)
    by_request = frozenset(group_of)
    # 3. the rest at random: fill the started teams (never a team with room), then new teams
    rest = [c for c in codes if c not in group_of]
    random.Random(seed).shuffle(rest)
    for group in groups:
        while group.team is None and group.size < team_size and rest:
            join(group, rest.pop(0))
    while len(rest) >= team_size:
        start(*(rest.pop(0) for _ in range(team_size)))

    # each team's players in sign-up order: the first takes the primary seat (MTR 9.4)
    def ordered(group: _Group) -> tuple[str, ...]:
        return tuple(sorted(group.members, key=order.__getitem__))

    made = tuple(ordered(g) for g in groups if g.team is None and g.size == team_size)
    joined = tuple((g.team, ordered(g)) for g in groups if g.team is not None and g.members)
    placed = {c for team in made for c in team} | {c for _, cs in joined for c in cs}
    waiting = tuple(c for c in codes if c not in placed)
    return Matching(made, waiting, seed, by_request, joined)


def team_name(names: Sequence[str], limit: int = 80) -> str:
    """The default name of a formed team: "A & B" ("A, B & C"), shortened to ``limit``."""
    names = [n.strip() for n in names if n.strip()]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

"""Solo players matched into teams: who plays with whom (docs/rules.md "Solo players").

Glossary: a *solo* signs up without a team and gets a *code*; it may name another solo's code
as the partner it asks for (its *request*). A *mutual* request: A asks for B and B for A. The
organizer's "form teams" makes teams of exactly the event's team size (CR 810.1: two players;
three or four only in the N-headed variants, CR 810.11):

1. every mutual pair starts a team together;
2. then the one-sided requests, in sign-up order: the requester joins the one it named (or that
   one joins the requester's team) while the team has room;
3. then the rest, shuffled by a seeded random order (the seed is shown, so anyone can check
   it), fill the teams started above and then make new teams;
4. players left over (fewer than a team) stay waiting for the next "form teams"; a team
   started by requests that cannot be completed stays waiting too, its requests kept.

Pure: no database, the random order comes from the seed passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Solo:
    code: str
    request: str | None = None  # another solo's code


@dataclass(frozen=True)
class Matching:
    teams: tuple[tuple[str, ...], ...]  # teams in the order made; codes in sign-up order
    waiting: tuple[str, ...]  # codes, in sign-up order
    seed: int
    by_request: frozenset[str]  # codes placed by a request (mutual or one-sided), not at random


def match_partners(solos: Sequence[Solo], team_size: int, seed: int) -> Matching:
    """Teams of ``team_size`` from the waiting solos (given in sign-up order)."""
    if team_size < 2:
        raise ValueError("A team has at least two players.")
    codes = [s.code for s in solos]
    if len(set(codes)) != len(codes):
        raise ValueError("Each solo's code appears once.")
    order = {code: i for i, code in enumerate(codes)}
    wants = {s.code: s.request for s in solos if s.request in order and s.request != s.code}
    group_of: dict[str, list[str]] = {}
    groups: list[list[str]] = []

    def start(*members: str) -> None:
        group = list(members)
        groups.append(group)
        for m in members:
            group_of[m] = group

    def join(group: list[str], member: str) -> None:
        group.append(member)
        group_of[member] = group

    # 1. mutual requests
    for code in codes:
        other = wants.get(code)
        if other and wants.get(other) == code and code not in group_of and other not in group_of:
            start(*sorted((code, other), key=order.__getitem__))
    # 2. one-sided requests, in sign-up order
    for code in codes:
        other = wants.get(code)
        if other is None:
            continue
        mine, theirs = group_of.get(code), group_of.get(other)
        if mine is not None and mine is theirs:
            continue
        if mine is None and theirs is None:
            start(*sorted((code, other), key=order.__getitem__))
        elif mine is None and theirs is not None and len(theirs) < team_size:
            join(theirs, code)
        elif theirs is None and mine is not None and len(mine) < team_size:
            join(mine, other)
        elif mine is not None and theirs is not None and len(mine) + len(theirs) <= team_size:
            for m in theirs:
                join(mine, m)
            groups.remove(theirs)
    by_request = frozenset(group_of)
    # 3. the rest at random: fill the started teams, then new teams
    rest = [c for c in codes if c not in group_of]
    random.Random(seed).shuffle(rest)
    for group in groups:
        while len(group) < team_size and rest:
            join(group, rest.pop(0))
    while len(rest) >= team_size:
        start(*(rest.pop(0) for _ in range(team_size)))
    # each team's players in sign-up order: the first takes the primary seat (MTR 9.4)
    teams = tuple(tuple(sorted(g, key=order.__getitem__)) for g in groups if len(g) == team_size)
    placed = {c for team in teams for c in team}
    waiting = tuple(c for c in codes if c not in placed)
    return Matching(teams=teams, waiting=waiting, seed=seed, by_request=by_request)


def team_name(names: Sequence[str], limit: int = 80) -> str:
    """The default name of a formed team: "A & B" ("A, B & C"), shortened to ``limit``."""
    names = [n.strip() for n in names if n.strip()]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

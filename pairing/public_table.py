"""The public's pairings table of a round, written in one pass of Python.

The table of a 2,048-table round is the page every player opens at round start; through the
template (pairing/_pairings_table.html) its rows cost about 90 us each, and reading them as
model instances (matches, teams, players, entries) about 200 us more. Here the round is read as
plain rows in four queries and each row of the table is one string format: the same HTML,
byte for byte, as the template writes for the public (tests/pairing/test_public_table.py
compares the two). The staff's table, with its checkboxes and notes, stays the template's.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape  # as django.utils.html.escape, without its lazy-text wrapper

from django.utils.translation import gettext

from pairing.domain.seats import effective_seats
from pairing.models import Match, MatchTeam, Round
from tournament.models import Player, Team

TABLES_PER_ROW = 10  # as pairing.rendering: a row of the hall
_PLAYERS = ' <span class="players">%s</span>'


@dataclass(frozen=True)
class Side:
    """A team at a table: its id and name, and its name and players' names in the seats of this
    match as HTML (escaped once, for every view and language)."""

    team: int
    name: str
    name_html: str
    players: str  # the players' span, with a space before it


@dataclass(frozen=True)
class Table:
    table: int | None  # None: a bye
    a: Side
    b: Side | None
    chooses: str | None  # "a", "b" or None (MTR 9.3)


def tables(round_: Round) -> list[Table]:
    """The round's matches by table (the byes after the last table), read in four queries."""
    matches = list(
        Match.objects.filter(round=round_).values_list(
            "table", "team_a_id", "team_b_id", "chooses_play_draw"
        )
    )
    names = dict(Team.objects.filter(event_id=round_.event_id).values_list("pk", "name"))
    players: dict[int, list[tuple[int, str]]] = {}
    for team, pk, name in (
        Player.objects.filter(event_id=round_.event_id)
        .order_by("team_id", "seat")
        .values_list("team_id", "pk", "name")
    ):
        players.setdefault(team, []).append((pk, name))
    chosen = {
        team: seats or []
        for team, seats in MatchTeam.objects.filter(round=round_).values_list("team_id", "seats")
    }

    def side(team: int) -> Side:
        mine = players.get(team, [])
        by_pk = dict(mine)
        order = effective_seats([int(p) for p in chosen.get(team, [])], [pk for pk, _ in mine])
        heads = " · ".join(escape(by_pk[pk]) for pk in order)
        name = names[team]
        return Side(team, name, escape(name), _PLAYERS % heads)

    found = [
        Table(table, side(a), None if b is None else side(b), chooses)
        for table, a, b, chooses in matches
    ]
    found.sort(key=lambda t: (t.table is None, t.table or 0))
    return found


class _Words:
    """The words of the table in the active language, escaped as the template escapes them."""

    def __init__(self) -> None:
        self.play_draw = (
            f' <span class="tag play-draw" title="{escape(gettext("chooses to play or draw (MTR 9.3)"))}">'
            f"{escape(gettext('play/draw'))}</span>"
        )
        self.bye = escape(gettext("bye"))
        self.bye_win = f"<em>{escape(gettext('Bye: a win, 3 points'))}</em>"
        self.versus = escape(gettext("v"))

    def team(self, side: Side, chooses: bool) -> str:
        tag = self.play_draw if chooses else ""
        return f"<strong>{side.name_html}</strong>{tag}{side.players}"


def by_table(found: list[Table], label) -> str:
    """The by-table view: a table per row of the hall (``label(tables)`` names it)."""
    words = _Words()
    head = (
        '<table class="table pairings by-table">\n  <thead><tr>'
        f'<th class="num">{escape(gettext("Table"))}</th><th>{escape(gettext("Team A"))}</th>'
        f'<th class="vs"></th><th>{escape(gettext("Team B"))}</th></tr></thead>\n  <tbody>\n  '
    )
    out = ["\n"]
    rows: list[list[Table]] = []
    block: object = object()
    for t in found:
        mine = None if t.table is None else (t.table - 1) // TABLES_PER_ROW
        if not rows or mine != block:
            rows.append([])
            block = mine
        rows[-1].append(t)
    for row in rows:
        out.append(f'\n<h3 class="hall-row">{escape(label([t.table for t in row]))}</h3>\n')
        out.append(head)
        for t in row:
            number = t.table if t.table else words.bye
            a = words.team(t.a, t.chooses == "a")
            if t.b is None:
                b, versus = words.bye_win, ""
            else:
                b, versus = words.team(t.b, t.chooses == "b"), words.versus
            out.append(
                f'\n    <tr id="table-{t.table or "bye"}">\n      <td class="num">{number}</td>\n'
                f'      \n      <td class="team">{a}</td>\n      <td class="vs">{versus}</td>\n'
                f'      \n      <td class="team">{b}</td>\n      \n    </tr>\n  '
            )
        out.append("\n  </tbody>\n</table>\n")
    out.append("\n\n")
    return "".join(out)


def by_name(found: list[Table]) -> str:
    """The by-name view: every team once, alphabetically, with its table and opponent."""
    words = _Words()
    lines: list[tuple[str, int, str]] = []
    for t in found:
        number = str(t.table) if t.table else words.bye
        opponent = words.bye_win if t.b is None else t.b.name_html
        lines.append((t.a.name.casefold(), t.a.team, _line(words, t.a, t, "a", number, opponent)))
        if t.b is not None:
            line = _line(words, t.b, t, "b", number, t.a.name_html)
            lines.append((t.b.name.casefold(), t.b.team, line))
    lines.sort(key=lambda line: (line[0], line[1]))
    head = (
        '\n<table class="table pairings by-name">\n  <thead><tr>'
        f'<th>{escape(gettext("Team"))}</th><th class="num">{escape(gettext("Table"))}</th>'
        f"<th>{escape(gettext('Opponent'))}</th></tr></thead>\n  <tbody>\n  "
    )
    return head + "".join(line for _, _, line in lines) + "\n  </tbody>\n</table>\n\n"


def _line(words: _Words, side: Side, t: Table, mine: str, number: str, opponent: str) -> str:
    return (
        f'\n    <tr>\n      \n      <td class="team">{words.team(side, t.chooses == mine)}</td>\n'
        f'      <td class="num">{number}</td>\n      <td>{opponent}</td>\n    </tr>\n  '
    )

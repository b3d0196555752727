"""A CSV of teams: read it, say row by row what would be registered or why not, and register
every team or none (a file with one bad row saves nothing)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from core import events
from core.errors import Conflict, ServiceError
from tournament.domain.names import name_key
from tournament.models import Event, Team
from tournament.services.teams import PlayerIn, TeamIn, _clashes_many, _clean_team, _save_team


@dataclass
class ImportRow:
    line: int
    name: str
    players: list[PlayerIn]
    errors: list[str]


@dataclass
class ImportPreview:
    rows: list[ImportRow]
    errors: list[str]  # problems of the file as a whole

    @property
    def ok(self) -> bool:
        return not self.errors and all(not row.errors for row in self.rows)


MAX_CSV_BYTES = 1_000_000
MAX_CSV_ROWS = 5000


def _csv_rows(event: Event, text: str) -> tuple[list[list[str]], list[str]]:
    if len(text) > MAX_CSV_BYTES:
        return [], [gettext("The file is larger than %(max)s kB.") % {"max": MAX_CSV_BYTES // 1000}]
    text = text.lstrip("\ufeff")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # newline="": the csv module reads line ends itself, old Mac ones (a bare \r) too.
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        rows = [r for r in reader if any(c.strip() for c in r)]
    except csv.Error as exc:  # a cell over the module's field size limit, say
        return [], [
            gettext("Line %(line)s could not be read as CSV: %(error)s.")
            % {"line": reader.line_num, "error": exc}
        ]
    if rows and rows[0] and rows[0][0].strip().casefold() in ("team", "team name", "name"):
        rows = rows[1:]
    if not rows:
        return [], [gettext("The file has no teams.")]
    if len(rows) > MAX_CSV_ROWS:
        return [], [gettext("The file has more than %(max)s teams.") % {"max": MAX_CSV_ROWS}]
    return rows, []


def _row_to_team(
    event: Event, cells: list[str]
) -> tuple[str, list[dict[str, str | None]], list[str]]:
    """Columns: team name, then per player: name and (optional) Wizards Account ID."""
    name, rest = cells[0], cells[1:]
    width = 2 if len(rest) == 2 * event.team_size else 1
    if len(rest) not in (event.team_size, 2 * event.team_size):
        return (
            name,
            [],
            [
                gettext(
                    "Expected the team name and %(team_size)s player names (each optionally followed by a Wizards Account ID); found %(count)s columns."
                )
                % {"team_size": event.team_size, "count": len(cells)}
            ],
        )
    players = [
        {"name": rest[i], "wizards_id": rest[i + 1] if width == 2 else None}
        for i in range(0, len(rest), width)
    ]
    return name, players, []


def teams_import_preview(*, event: Event, text: str) -> ImportPreview:
    """Read a CSV of teams and say, row by row, what would be registered or why not."""
    rows, errors = _csv_rows(event, text)
    preview = ImportPreview(rows=[], errors=errors)
    cleaned: list[tuple[ImportRow, TeamIn]] = []
    for line, cells in enumerate(rows, start=1):
        name, players, problems = _row_to_team(event, cells)
        row = ImportRow(line=line, name=name, players=[], errors=list(problems))
        preview.rows.append(row)
        if problems:
            continue
        try:
            team = _clean_team(event, name, players)
        except ServiceError as exc:
            row.errors.extend(m for ms in (exc.errors or {}).values() for m in ms)
            continue
        row.name, row.players = team.name, team.players
        cleaned.append((row, team))
    clashes = _clashes_many(event, [team for _row, team in cleaned])
    seen_teams: set[str] = set()
    seen_players: dict[str, int] = {}
    for (row, team), messages in zip(cleaned, clashes, strict=True):
        line = row.line
        row.errors.extend(messages)
        if name_key(team.name) in seen_teams:
            row.errors.append(
                gettext("Team %(team)s appears twice in the file.") % {"team": repr(team.name)}
            )
        seen_teams.add(name_key(team.name))
        for p in team.players:
            key = f"id:{p.wizards_id}" if p.wizards_id else f"name:{name_key(p.name)}"
            if key in seen_players:
                row.errors.append(
                    gettext("%(player)s is also in row %(row)s.")
                    % {"player": p.name, "row": seen_players[key]}
                )
            seen_players.setdefault(key, line)
    return preview


@transaction.atomic
def teams_import(*, event: Event, text: str) -> tuple[ImportPreview, list[Team]]:
    """Register every team of the CSV, or none when any row is wrong."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Registration is closed: round 1 has been paired."), code="registration_closed"
        )
    preview = teams_import_preview(event=event, text=text)
    if not preview.ok:
        return preview, []
    teams = [_save_team(event, TeamIn(row.name, row.players)) for row in preview.rows]
    if teams:  # one announcement for the whole import
        events.team_changed.fire(events.TeamChanged(event_id=event.pk, team_id=None))
    return preview, teams

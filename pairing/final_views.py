"""HTML and CSV of an event's final results: the finish order (playoff results first, then the
Swiss standings) for everyone who sees the event, and for staff the two CSV files for reporting
the event in EventLink (the places with Wizards Account IDs, every match from each side)."""

from __future__ import annotations

import csv

from django.http import HttpResponse
from django.shortcuts import render

from access import Perm, access_event, can, sees_unpublished
from pairing.selectors import results as final_reads


def final_results(request, pk: int):
    """The finish order: playoff results first, then the Swiss standings (pairing.domain.final)."""
    event = access_event(request.caller, pk)
    context = {
        "event": event,
        "staff": sees_unpublished(request.caller, event),
        "rows": final_reads.final_results(event),
        "exports": can(request.caller, Perm.VIEW_PRIVATE, event),
    }
    return render(request, "pairing/final.html", context)


def _csv_response(filename: str, header: list[str], rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(c) for c in row])
    return response


def _cell(value: object) -> object:
    """A cell a spreadsheet will not run as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def final_places_csv(request, pk: int):
    """The finish order with each team's players and Wizards Account IDs (staff: the IDs are
    private), for reporting the event in EventLink."""
    event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
    header, rows = final_reads.final_places_table(event)
    return _csv_response(f"event-{event.pk}-places.csv", header, rows)


def final_results_csv(request, pk: int):
    """Every match from each team's side, round by round: games won-lost-drawn in the form
    EventLink takes (an intentional draw 0-0-3, a bye 2-0-0)."""
    event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
    header = ["round", "stage", "table", "team", "opponent", "result", "won", "lost", "drawn"]
    rows = [
        [
            line.round,
            line.stage,
            "" if line.missed else line.table or "bye",
            line.team_name,
            "missed (late entry)" if line.missed else line.opponent_name or "bye",
            line.outcome,
            *line.games,
        ]
        for line in final_reads.result_lines(event)
    ]
    return _csv_response(f"event-{event.pk}-results.csv", header, rows)

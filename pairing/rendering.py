"""The rendered pairings of a round, cached per round, version and view.

A pairings page of a big event is the page everyone opens at round start; its table is rendered
once per (round, version, view) and kept in the cache, so the page costs a handful of queries.
Every change to a round's pairings bumps Round.version, which makes a new key. The public's
table is written by pairing.public_table (the same HTML as the template, in a fraction of the
time); at publication the worker renders it and the whole public page around it (``warm``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from core import pagecache
from pairing import presenters, public_table
from pairing.models import Match, Round
from pairing.selectors import settings as pairing_settings
from tournament import snapshots
from tournament.models import Event

log = logging.getLogger(__name__)

VIEWS = ("table", "name")
TIMEOUT = 6 * 3600
TABLES_PER_ROW = 10  # a row of the hall, for the printed list: "Tables 1-10"


def cache_key(round_: Round, view: str, staff: bool) -> str:
    """Per round, version, view and language. The creation time and seed keep the key unique
    where ids are reused with the cache kept (a database flushed or restored; tests do it)."""
    made = f"{round_.created_at.timestamp():.6f}:{round_.seed}"
    audience = "staff" if staff else "all"
    language = translation.get_language() or ""
    return f"pairings:{round_.pk}:{made}:{round_.version}:{view}:{audience}:{language}"


def _matches(round_: Round) -> list[Match]:
    return list(
        round_.matches.select_related("team_a", "team_b")
        .prefetch_related("team_a__players", "team_b__players", "entries")
        .order_by("table")
    )


def _by_table(matches: list[Match]) -> list[dict]:
    """Matches by table, in rows of the hall; the byes after the last table. A row is named by
    the tables it really holds: "Tables 1-4" over four tables, "Table 5" alone."""
    rows: list[dict] = []
    for m in sorted(matches, key=lambda m: (m.table is None, m.table or 0)):
        block = None if m.table is None else (m.table - 1) // TABLES_PER_ROW
        if not rows or rows[-1]["block"] != block:
            rows.append({"block": block, "matches": []})
        rows[-1]["matches"].append(m)
    for row in rows:
        row["label"] = _row_label([m.table for m in row["matches"]])
    return rows


def _row_label(tables: list[int | None]) -> str:
    if tables[0] is None:
        return translation.npgettext("pairings hall row", "Bye", "Byes", len(tables))
    first, last = tables[0], tables[-1]
    if first == last:
        return translation.gettext("Table %(table)s") % {"table": first}
    return translation.gettext("Tables %(first)s-%(last)s") % {"first": first, "last": last}


def _by_name(matches: list[Match]) -> list[dict]:
    """Every team once, alphabetically: where it sits and whom it plays."""
    lines = []
    for m in matches:
        heads = getattr(m, "heads_a", None), getattr(m, "heads_b", None)
        chooses = m.chooses_play_draw
        lines.append(
            {
                "team": m.team_a,
                "table": m.table,
                "opponent": m.team_b,
                "side": "a",
                "heads": heads[0],
                "chooses": chooses == "a",
            }
        )
        if m.team_b_id:
            lines.append(
                {
                    "team": m.team_b,
                    "table": m.table,
                    "opponent": m.team_a,
                    "side": "b",
                    "heads": heads[1],
                    "chooses": chooses == "b",
                }
            )
    return sorted(lines, key=lambda line: (line["team"].name.casefold(), line["team"].pk))


def pairings_html(round_: Round, view: str, *, staff: bool) -> SafeString:
    """The pairings table of a round, from the cache when it is there."""
    key = cache_key(round_, view, staff)
    if staff:
        html = pagecache.once(key, lambda: render(round_, view, staff=True), TIMEOUT)
    else:
        html = pagecache.once(key, lambda: render_public(round_, view), TIMEOUT)
    return mark_safe(html)  # noqa: S308 - our own template's output


def render_public(round_: Round, view: str, found: list[public_table.Table] | None = None) -> str:
    """The public's pairings table in the active language, as ``render(..., staff=False)``
    writes it (pairing.public_table; ``found``: the round's tables already read)."""
    if found is None:
        found = public_table.tables(round_)
    if view == "name":
        return public_table.by_name(found)
    return public_table.by_table(found, _row_label)


def render(round_: Round, view: str, *, staff: bool, matches: list[Match] | None = None) -> str:
    """The pairings table in the active language (``matches``: already read and seated)."""
    if matches is None:
        matches = _seated(round_)
    for m in matches:
        m.note_text = presenters.match_note(m)  # type: ignore[attr-defined]  # read by the template
    context = {"round": round_, "staff": staff, "view": view}
    if view == "name":
        context["lines"] = _by_name(matches)
    else:
        context["hall_rows"] = _by_table(matches)
    return render_to_string("pairing/_pairings_table.html", context)


def _seated(round_: Round) -> list[Match]:
    matches = _matches(round_)
    presenters.seat_heads(matches)  # the seats chosen for this match (MTR 9.4)
    return matches


def warm(round_: Round, page: Callable[[Round, str], str] | None = None) -> None:
    """Render the public's tables of a round into the cache in every language, the default one
    first (at publication: round start, when every player opens them), and with ``page`` (the
    publish task's ``public_round_page``) the whole page an anonymous visitor gets around each
    (core.pagecache.warm), so that the first visitor is answered from the cache. Staff views are
    rendered on their first visit. A page or table a visitor is rendering already (or rendered)
    is left to them (single flight)."""
    event = round_.event
    found: list[list[public_table.Table]] = []

    def tables() -> list[public_table.Table]:
        if not found:
            found.append(public_table.tables(round_))
        return found[0]

    languages = [code for code, _name in settings.LANGUAGES]
    languages.sort(key=lambda code: code != settings.LANGUAGE_CODE)
    for language in languages:
        with translation.override(language):
            for view in VIEWS:
                # A private event's round is seen by its teams' holders only: their own pages.
                _warm_view(round_, view, tables, page if event.public else None)


def _warm_view(
    round_: Round,
    view: str,
    tables: Callable[[], list[public_table.Table]],
    page: Callable[[Round, str], str] | None,
) -> None:
    """The public's table of one view in the active language, and its whole page (``page``)."""

    def table() -> str:
        return render_public(round_, view, tables())

    if page is None:
        pagecache.once(cache_key(round_, view, False), table, TIMEOUT)
        return

    around = page

    def whole() -> str:
        pagecache.once(cache_key(round_, view, False), table, TIMEOUT)
        return around(round_, view)

    pagecache.warm(public_pairings_key(round_.event, round_.number, view), whole, TIMEOUT)


# --- standings -------------------------------------------------------------------------------

STANDINGS_TIMEOUT = 3600  # a safety net: a new Event.pages_version is what renews them
MAX_AFTER_ROUND = 99  # ?after_round= beyond any event's rounds reads as the last one


def standings_key(event: Event, after_round: int | None, *, staff: bool) -> str:
    """Per event, pages version, round asked for and audience (staff see unpublished rounds, the
    public does not: the two are never served from one entry)."""
    made = f"{event.created_at.timestamp():.6f}"
    asked = "last" if after_round is None else str(min(after_round, MAX_AFTER_ROUND))
    audience = "staff" if staff else "public"
    language = translation.get_language() or ""
    return f"standings:{event.pk}:{made}:{event.pages_version}:{asked}:{audience}:{language}"


def standings_page(event: Event, after_round: int | None, *, staff: bool) -> dict:
    """The standings' round and rendered body (top cut, round tabs, table), from the cache when
    it is there: ``{"round": n, "html": ...}``."""
    key = standings_key(event, after_round, staff=staff)
    page = pagecache.once(
        key, lambda: render_standings(event, after_round, staff=staff), STANDINGS_TIMEOUT
    )
    return {"round": page["round"], "html": mark_safe(page["html"])}  # noqa: S308 - our template


def render_standings(event: Event, after_round: int | None, *, staff: bool) -> dict:
    from pairing import explain, selectors

    if after_round is not None:
        paired = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
        after_round = min(after_round, paired)
    table = selectors.standings(event, after_round=after_round, published_only=not staff)
    # Kept for the next pairing, which reads the same facts (pairing.selectors.standings_kept).
    key = selectors.standings_key(event, table.round, published_only=not staff)
    selectors.keep_standings(table, key)
    rounds = Round.objects.filter(event=event)
    if not staff:
        rounds = rounds.filter(published=True)
    swiss = list(rounds.filter(stage=Round.Stage.SWISS).values_list("number", flat=True))
    if not staff:  # the public's tabs stop where its standings stop (published in order)
        swiss = [n for n in swiss if n <= selectors.published_swiss_rounds(event)]
    cut = list(
        rounds.filter(stage=Round.Stage.TOP_CUT)
        .prefetch_related("matches__team_a", "matches__team_b")
        .order_by("number")
    )
    rows = [
        {"row": row, "team": table.teams[row.team], "omw": explain.pct(row.omw),
         "oomw": explain.pct(row.oomw), "gw": explain.pct(row.gw), "ogw": explain.pct(row.ogw)}
        for row in table.rows
    ]  # fmt: skip
    chosen = pairing_settings.of(event)
    context = {
        "event": event,
        "table": table,
        "rows": rows,
        "swiss_rounds": swiss,
        "cut_rounds": cut,
        "team_order": chosen.tiebreak_order == "team",
        "oomw": chosen.tiebreak_order == "team" and chosen.tiebreak_oomw,
        "staff": staff,  # penalties are the staff's to see; the public sees the points
    }
    return {"round": table.round, "html": render_to_string("pairing/_standings_body.html", context)}


# --- the public's snapshot of an event (tournament.snapshots) ----------------------------------

public_event = snapshots.public_event
remember_public_event = snapshots.remember_event
refresh_public_event = snapshots.refresh_event


def public_pairings_key(event: Event, number: int, view: str) -> str:
    """The anonymous pairings page of round ``number``: every change to a round's pairings
    bumps the event's pages version (pairing.receivers.bump_pages), so the version names it."""
    made = f"{event.created_at.timestamp():.6f}"
    return f"page:pairings:{event.pk}:{made}:{event.pages_version}:{number}:{view}"

"""The pairing's notes in words, with the teams' names: the one place that writes them.

The domain returns ``PairingNote`` records (pairing.domain.notes); the services store them as
JSON (``Match.notes``, ``Round.summary["bye_notes"]`` and ``["warning_notes"]``); the pages, the
API and the pairing log all show them through this module, so a note reads the same everywhere.

Rows written before the notes were data hold their words already (``Match.note``,
``Round.summary["bye_note"]`` and ``["warnings"]``, names included): they are shown as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext
from django.utils.translation import gettext as _

from core.i18n import localize
from pairing.domain.notes import PairingNote, note_from_data
from pairing.domain.structure import Structure
from pairing.models import Match, Round
from tournament.models import Team

Names = Mapping[int, str]


# --- one note ------------------------------------------------------------------------------


def note_text(note: PairingNote, names: Names) -> str:
    """One note in words."""
    return _WRITERS[note.kind](note, _Namer(names))


def notes_text(notes: Iterable[PairingNote], names: Names) -> str:
    """Several notes of one match or one warning, joined as one line."""
    return "; ".join(note_text(note, names) for note in notes)


class _Namer:
    def __init__(self, names: Names) -> None:
        self.names = names

    def __call__(self, team: int) -> str:
        return self.names.get(team, _("Team %(id)s") % {"id": team})


def _pts(points: int, *, long: bool = False) -> str:
    if long:
        return ngettext("%(count)s point", "%(count)s points", abs(points)) % {"count": points}
    return ngettext("%(count)s pt", "%(count)s pts", abs(points)) % {"count": points}


_ORDINALS = {
    "st": gettext_noop("%(n)sst"),
    "nd": gettext_noop("%(n)snd"),
    "rd": gettext_noop("%(n)srd"),
    "th": gettext_noop("%(n)sth"),
}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return gettext(_ORDINALS[suffix]) % {"n": n}


def _pair_down(note: PairingNote, name: _Namer) -> str:
    (a, b), (pa, pb) = note.team_ids, note.points
    words = {"a": name(a), "pa": _pts(pa), "b": name(b), "pb": _pts(pb)}
    if note.reason == "odd_group":
        words["points"] = _pts(pa, long=True)
        text = _(
            "%(a)s (%(pa)s) plays down against %(b)s (%(pb)s): odd number of teams on %(points)s"
        )
    else:
        text = _(
            "%(a)s (%(pa)s) plays down against %(b)s (%(pb)s): pairing within the point groups "
            "would have forced a rematch"
        )
    return text % words


def _rematch(note: PairingNote, name: _Namer) -> str:
    a, b = note.team_ids
    text = _("%(a)s and %(b)s meet again: no pairing of this round avoids every rematch")
    return text % {"a": name(a), "b": name(b)}


def _bye(note: PairingNote, name: _Namer) -> str:
    team, *passed_over = note.team_ids
    if note.reason == "random":
        return _("%(team)s gets the bye: drawn at random in round 1") % {"team": name(team)}
    words = {"team": name(team), "points": _pts(note.points[0]), "place": _ordinal(note.place or 0)}
    if note.reason == "no_bye_yet":
        reason = _("lowest-ranked team without a bye")
    else:
        reason = _("every team has had a bye; lowest-ranked team with the fewest byes")
    if passed_over:
        skipped = ", ".join(name(t) for t in passed_over[:3])
        if len(passed_over) > 3:
            skipped = _("%(teams)s and others") % {"teams": skipped}
        reason = _(
            "%(reason)s whose bye leaves no avoidable rematch (a bye to %(teams)s would force one)"
        ) % {"reason": reason, "teams": skipped}
    words["reason"] = reason
    return _("%(team)s (%(points)s, %(place)s) gets the bye: %(reason)s") % words


def _where(note: PairingNote) -> str:
    return _("Table %(table)s:") % {"table": note.table} if note.table else _("Bye:")


def _swap_rematch(note: PairingNote, name: _Namer) -> str:
    a, b = note.team_ids
    text = _("%(where)s rematch: %(a)s and %(b)s have met before.")
    return text % {"where": _where(note), "a": name(a), "b": name(b)}


def _swap_points(note: PairingNote, name: _Namer) -> str:
    (a, b), (pa, pb) = note.team_ids, note.points
    text = _("%(where)s %(a)s (%(pa)s) plays %(b)s (%(pb)s): points differ.")
    return text % {
        "where": _where(note),
        "a": name(a),
        "pa": _pts(pa),
        "b": name(b),
        "pb": _pts(pb),
    }


def _swap_bye_again(note: PairingNote, name: _Namer) -> str:
    text = _("%(where)s %(team)s gets a bye again (%(count)s byes).")
    return text % {"where": _where(note), "team": name(note.team_ids[0]), "count": note.counts[0]}


def _cut_byes(note: PairingNote, _name: _Namer) -> str:
    byes, size, teams = note.counts
    text = ngettext(
        "%(byes)s bye in the bracket of %(size)s: %(teams)s teams.",
        "%(byes)s byes in the bracket of %(size)s: %(teams)s teams.",
        byes,
    )
    return text % {"byes": byes, "size": size, "teams": teams}


def _cut_bye(note: PairingNote, name: _Namer) -> str:
    teams = ", ".join(name(t) for t in note.team_ids)
    text = ngettext(
        "%(teams)s advances with a bye", "%(teams)s advance with a bye", len(note.team_ids)
    )
    return text % {"teams": teams}


def _cut_dropped(note: PairingNote, name: _Namer) -> str:
    text = _(
        "%(teams)s dropped: nobody takes the place; the highest-ranked team left gets the bye "
        "(MTR 2.10)."
    )
    return text % {"teams": ", ".join(name(t) for t in note.team_ids)}


_WRITERS: dict[str, Callable[[PairingNote, _Namer], str]] = {
    "pair_down": _pair_down,
    "rematch": _rematch,
    "bye": _bye,
    "bye_match": lambda _note, _name: pgettext("pairing note", "Bye"),
    "seeds": lambda note, _name: (
        _("Seed %(a)s v seed %(b)s") % {"a": note.seeds[0], "b": note.seeds[1]}
    ),
    "cut_bye": _cut_bye,
    "cut_reduced": lambda note, _name: (
        _("Top %(was)s reduced to top %(now)s: too few teams.")
        % {"was": note.counts[0], "now": note.counts[1]}
    ),
    "cut_byes": _cut_byes,
    "cut_dropped": _cut_dropped,
    "table_lost": lambda note, _name: (
        _("table %(table)s could not be kept") % {"table": note.table}
    ),
    "swap_rematch": _swap_rematch,
    "swap_points": _swap_points,
    "swap_bye_again": _swap_bye_again,
}


# --- stored notes --------------------------------------------------------------------------


def match_notes(match: Match) -> list[PairingNote]:
    return notes_of(match.notes)


def notes_of(data: list | None) -> list[PairingNote]:
    """A match's ``notes`` column as PairingNotes."""
    return [note_from_data(item) for item in data or []]


def match_note(match: Match) -> str:
    """A match's note with its teams' names (loaded with the match), or the old text."""
    if not match.notes:
        return match.note
    names = {match.team_a_id: match.team_a.name}
    if match.team_b is not None:
        names[match.team_b.pk] = match.team_b.name
    return notes_text(match_notes(match), names)


@dataclass(frozen=True)
class RoundNotes:
    bye_note: str | None
    warnings: list[str]


def round_note_data(round_: Round) -> tuple[list[PairingNote], list[list[PairingNote]]]:
    """The round's bye notes and its warnings (each a list of notes shown as one line)."""
    summary = round_.summary or {}
    bye = [note_from_data(d) for d in summary.get("bye_notes", [])]
    warnings = [[note_from_data(d) for d in group] for group in summary.get("warning_notes", [])]
    return bye, warnings


def round_notes(round_: Round, names: Names | None = None) -> RoundNotes:
    """The bye note and the staff's warnings of a round in words. ``names`` may hold some of
    the teams' names already (the loaded matches); the others are read in one query."""
    summary = round_.summary or {}
    if "bye_notes" not in summary and "warning_notes" not in summary:
        return RoundNotes(summary.get("bye_note") or None, list(summary.get("warnings", [])))
    bye, warnings = round_note_data(round_)
    names = _with_names(names or {}, [*bye, *(n for group in warnings for n in group)])
    return RoundNotes(notes_text(bye, names) or None, [notes_text(g, names) for g in warnings])


def _with_names(names: Names, notes: Sequence[PairingNote]) -> Names:
    missing = {t for note in notes for t in note.team_ids} - set(names)
    if not missing:
        return names
    return {**names, **dict(Team.objects.filter(pk__in=missing).values_list("pk", "name"))}


# --- seats for a match -----------------------------------------------------------------------


def seat_heads(matches: Iterable[Match]) -> None:
    """Give each match ``heads_a`` and ``heads_b``: its teams' players in the seat order chosen
    for that match (MatchTeam.seats, MTR 9.4), primary first. Reads the prefetched
    ``team_*__players`` and ``entries``, so a whole round costs no query per match."""
    from pairing.domain.seats import effective_seats

    for m in matches:
        chosen = {e.team_id: [int(p) for p in e.seats or []] for e in m.entries.all()}
        for side, team in (("a", m.team_a), ("b", m.team_b)):
            if team is None:
                setattr(m, f"heads_{side}", [])
                continue
            players = {p.pk: p for p in team.players.all()}
            order = effective_seats(chosen.get(team.pk, []), list(players))
            setattr(m, f"heads_{side}", [players[pk] for pk in order])


# --- the event's structure -------------------------------------------------------------------


def structure_text(plan: Structure) -> str:
    """One line for the dashboard and the rounds page: exactly what will be paired
    (pairing.domain.structure.Structure.describe), in the reader's language."""
    return localize(plan.describe())


# --- results in words ------------------------------------------------------------------------


def describe(match: Match) -> str:
    """'Red Giants beat Blue Twins (1-0-1)' / 'Red Giants and Blue Twins drew (0-0-1)'."""
    a, b = match.team_a.name, match.team_b.name if match.team_b is not None else None
    if b is None:
        return _("%(team)s has a bye") % {"team": a}
    if match.result == Match.Result.A:
        return _("%(winner)s beat %(loser)s (%(score)s)") % {
            "winner": a,
            "loser": b,
            "score": match.score,
        }
    if match.result == Match.Result.B:
        return _("%(winner)s beat %(loser)s (%(score)s)") % {
            "winner": b,
            "loser": a,
            "score": match.score,
        }
    return _("%(team_a)s and %(team_b)s drew (%(score)s)") % {
        "team_a": a,
        "team_b": b,
        "score": match.score,
    }


def score_for(match: Match, team) -> str:
    """The games from one team's side, its own first: "0-1-0" for team B that lost 1-0-0."""
    if match.team_a_id == team.pk:
        return f"{match.games_a}-{match.games_b}-{match.games_drawn}"
    return f"{match.games_b}-{match.games_a}-{match.games_drawn}"


def describe_for(match: Match, team) -> str:
    """A result from one team's side: 'Red Giants beat Blue Twins: you won, 1-0-1 (won, lost,
    drawn games)'; a team listed second reads its own games first too."""
    ours = match.team_a_id == team.pk
    other = match.team_b if ours else match.team_a
    won, lost = (match.games_a, match.games_b) if ours else (match.games_b, match.games_a)
    them = other.name if other is not None else ""
    words = {"us": team.name, "them": them, "won": won, "lost": lost}
    words["drawn"] = match.games_drawn
    if match.result == Match.Result.DRAW:
        text = _("%(us)s and %(them)s drew: a draw, %(won)s-%(lost)s-%(drawn)s")
    elif match.result == (Match.Result.A if ours else Match.Result.B):
        text = _("%(us)s beat %(them)s: you won, %(won)s-%(lost)s-%(drawn)s")
    else:
        text = _("%(them)s beat %(us)s: you lost, %(won)s-%(lost)s-%(drawn)s")
    return (text + " " + _("(won, lost, drawn games)")) % words

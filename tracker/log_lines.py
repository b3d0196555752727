"""A game log row in the reader's language, built from the row's own fields (``type``,
``player``, ``team``, ``amount``, ``changes``, ``applied``, ``undone_by``; docs/api.md "Tracker")
and the names at the table.

The English words of a row (``text``) are written once, when the event is stored, and kept in
the game's cached state; a page in another language says the same event in its words: what
happened and whether it stands (undone by a later event, or without effect). The details after
the colon of the English row (totals after the event, rule references) come from the state at
that event, which the row does not keep; the page shows the current totals beside the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _


def names_of(sides: Iterable[Mapping[str, Any]]) -> tuple[dict[int, str], dict[int, str]]:
    """Team and player names by id, from the page's ``sides`` (tracker.views.sides)."""
    teams: dict[int, str] = {}
    players: dict[int, str] = {}
    for side in sides:
        teams[side["team"]] = side["name"]
        for player in side["players"]:
            players[player["id"]] = player["name"]
    return teams, players


def log_line(
    row: Mapping[str, Any],
    teams: Mapping[int, str],
    players: Mapping[int, str],
    rows: Mapping[int, Mapping[str, Any]] | None = None,
) -> str:
    """The row as the page shows it: its stored English words in English, else what happened
    and whether it stands, in the active language."""
    if (translation.get_language() or "en").split("-")[0] == "en":
        return str(row.get("text", ""))
    summary = _summary(row, teams, players, rows or {})
    if row.get("undone_by") is not None:
        line = _("%(summary)s (undone by #%(seq)s).") % {
            "summary": summary,
            "seq": row["undone_by"],
        }
    elif not row.get("applied", True):
        line = _("%(summary)s (no effect).") % {"summary": summary}
    else:
        line = _("%(summary)s.") % {"summary": summary}
    return line[:1].upper() + line[1:]


def event_summary(
    row: Mapping[str, Any],
    teams: Mapping[int, str],
    players: Mapping[int, str],
    rows: Mapping[int, Mapping[str, Any]] | None = None,
) -> str:
    """What the event says, without the state ("Ann +3 life"): the undo button's words."""
    if (translation.get_language() or "en").split("-")[0] == "en":
        return str(row.get("text", ""))
    summary = _summary(row, teams, players, rows or {})
    return summary[:1].upper() + summary[1:]


def _signed(value: object) -> str:
    return f"{int(value or 0):+d}"  # type: ignore[call-overload]


def _summary(
    row: Mapping[str, Any],
    teams: Mapping[int, str],
    players: Mapping[int, str],
    rows: Mapping[int, Mapping[str, Any]],
    nested: bool = False,
) -> str:
    kind = row.get("type")
    player = players.get(row.get("player") or 0, "?")
    team_id = row.get("team")
    team = teams.get(team_id or 0) or _("team %(team)s") % {"team": team_id}
    amount = row.get("amount")
    on = bool(amount)
    if kind == "life":
        return _("%(player)s %(amount)s life") % {"player": player, "amount": _signed(amount)}
    if kind == "pay_life":
        return _("%(player)s pays %(amount)s life") % {"player": player, "amount": amount}
    if kind == "set_life":
        return _("%(player)s's life total becomes %(amount)s") % {
            "player": player,
            "amount": amount,
        }
    if kind == "poison":
        return _("%(player)s %(amount)s poison") % {"player": player, "amount": _signed(amount)}
    if kind == "proliferate":
        return _("proliferate on %(team)s") % {"team": team}
    if kind == "effect":
        changes = ", ".join(_change(c, players) for c in row.get("changes") or [])
        return _("at once: %(changes)s") % {"changes": changes}
    if kind == "pass_turn":
        if team_id is None:
            return _("turn passed")
        return _("turn passed to %(team)s") % {"team": team}
    if kind == "concede":
        return _("%(player)s concedes") % {"player": player}
    if kind == "player_loses":
        return _("%(player)s loses the game") % {"player": player}
    if kind == "player_wins":
        return _("%(player)s wins the game") % {"player": player}
    if kind == "game_drawn":
        return _("the game is drawn")
    if kind == "restart":
        return _("the game restarts")
    if kind == "choose_play":
        return _("%(name)s plays first") % {"name": team}
    if kind == "mulligan":
        return _("%(player)s mulligans") % {"player": player}
    if kind == "undo":
        target = rows.get(amount) if isinstance(amount, int) else None
        if target is None or nested:
            return _("undo #%(seq)s") % {"seq": amount}
        what = _summary(target, teams, players, rows, nested=target.get("type") == "undo")
        return _("undo #%(seq)s (%(event)s)") % {"seq": amount, "event": what}
    if kind == "new_game":
        return _("next game of the match")
    if kind == "cant_lose":
        if on:
            return _("%(player)s can't lose the game: on") % {"player": player}
        return _("%(player)s can't lose the game: off") % {"player": player}
    if kind == "cant_lose_life":
        if on:
            return _("%(player)s can't lose life: on") % {"player": player}
        return _("%(player)s can't lose life: off") % {"player": player}
    return _("%(type)s event") % {"type": kind}


def _change(change: Mapping[str, Any], players: Mapping[int, str]) -> str:
    name = players.get(change.get("player") or 0, "?")
    life, poison = change.get("life") or 0, change.get("poison") or 0
    if life and poison:
        return _("%(player)s %(life)s life %(poison)s poison") % {
            "player": name,
            "life": _signed(life),
            "poison": _signed(poison),
        }
    if poison:
        return _("%(player)s %(amount)s poison") % {"player": name, "amount": _signed(poison)}
    return _("%(player)s %(amount)s life") % {"player": name, "amount": _signed(life)}

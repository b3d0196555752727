"""Pages of a table's game: the players' table page under the team's link (/t/<key>/table/),
its form posts (every button works without JavaScript; static/js/tracker.js sends the same
events through the API, live and with an offline queue), and the judge's view of any table.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from access import Perm, access_match, access_own_match, access_team_by_key, can
from core import live
from core.errors import NotVisible, ServiceError
from pairing import selectors as pairing_selectors
from pairing.models import Match
from tournament.models import Team
from tracker import hooks, presenters, receivers, selectors, services

BUTTONS = (-5, -1, 1, 5)

# Why a team lost the game (tracker.domain.game_model.Reason), in the words of the page.
REASONS = {
    "life": gettext_lazy("0 or less life"),
    "poison": gettext_lazy("poison"),
    "conceded": gettext_lazy("a player conceded"),
    "player_lost": gettext_lazy("a player lost"),
    "opponent_won": gettext_lazy("a player of the other team won"),
}


def _team_match(request, key: str, right: Perm = Perm.READ_GAME) -> tuple[Team, Match]:
    team = access_team_by_key(request.caller, key)
    match = receivers.current_match(team)
    if match is None:
        raise NotVisible
    return team, access_own_match(request.caller, match.pk, right)


def sides(state: dict, setup, first_team: int, mine: tuple[int, ...] = ()) -> list[dict]:
    """Both teams for the page, ``first_team`` first: numbers, players and their mulligans;
    ``mine``: the teams whose turn the page calls "your turn" (the viewer's; both halves of the
    phone in the middle, each facing its team; none on a judge's page)."""
    mulligans = {m["player"]: m["count"] for m in state["mulligans"]}
    rows = []
    for team_setup, numbers in zip(setup.teams, state["teams"], strict=True):
        rows.append(
            {
                **numbers,
                "reason_text": REASONS.get(numbers.get("reason") or "", numbers.get("reason")),
                "name": team_setup.name,
                "active": state["active_team"] == team_setup.team,
                "mine": team_setup.team in mine,
                "players": [
                    {"id": pk, "name": name, "mulligans": mulligans.get(pk, 0)}
                    for pk, name in zip(team_setup.players, team_setup.player_names, strict=True)
                ],
            }
        )
    rows.sort(key=lambda row: row["team"] != first_team)
    return rows


def _clock_context(match: Match) -> dict:
    """What the clock line reads (``?part=clock``, fetched again by the phones whenever the turn,
    the active team, the game or its status changes): the match's time block and the cached
    state's numbers, which it names (``data-seq``) so a phone can tell a line read before the
    latest event."""
    state = selectors.game_summary(match)
    setup = selectors.game_setup(match)
    time = pairing_selectors.match_times(match.round, [match]).get(match.pk)
    return {
        "state": state,
        "time": time,
        "time_line": presenters.time_line(time, {t.team: t.name for t in setup.teams}),
    }


def _page_context(match: Match, first_team: int, mine: tuple[int, ...] = ()) -> dict:
    state = selectors.game_state(match)
    setup = selectors.game_setup(match)
    names = {t.team: t.name for t in setup.teams}
    time = pairing_selectors.match_times(match.round, [match]).get(match.pk)
    return {
        "match": match,
        "state": state,
        "sides": sides(state, setup, first_team, mine),
        "active_name": names.get(state["active_team"], ""),
        "chooser_name": names.get(state["chooser"], ""),
        "winner_name": names.get(state["winner"], ""),
        "pregame": state["status"] == "playing" and state["starter"] is None,
        "last": state["last_action"],  # what Undo undoes: the server's choice (game_undo)
        "time": time,
        "time_line": presenters.time_line(time, names),
        "buttons": BUTTONS,
        "recent": list(reversed(state["log"][-20:])),
        "client_id": uuid.uuid4().hex,
        "live_url": reverse("live-stream", args=["table", match.pk]),
        "live_since": live.version(receivers.topic(match.pk)),
    }


def _view_query(request) -> str:
    """``?view=middle``: one phone in the middle of the table for both teams."""
    return "?view=middle" if request.GET.get("view") == "middle" else ""


def table(request, key: str):
    """The players' table page: both teams' life and poison, the turn, the clock, the buttons,
    the log; ``?view=middle`` lays it out for one phone between the teams; ``?part=clock`` is
    the clock line alone and ``?part=log`` the log alone, in the request's language (the page
    refreshes them)."""
    team, match = _team_match(request, key)
    if request.GET.get("part") == "clock":
        return render(request, "tracker/_clock_line.html", _clock_context(match))
    view = _view_query(request)
    mine = tuple(t for t in (match.team_a_id, match.team_b_id) if t) if view else (team.pk,)
    context = _page_context(match, team.pk, mine)
    if request.GET.get("part") == "log":
        return render(request, "tracker/_log.html", context)
    context.update(
        {
            "team": team,
            "key": key,
            "event": team.event,
            "middle": bool(view),
            "view_url": reverse("tracker-table", args=[key]) + ("" if view else "?view=middle"),
            "post_url": reverse("tracker-table-event", args=[key]) + view,
            "confirm_url": reverse("tracker-table-confirm", args=[key]),
            "api_url": reverse("api-game-events", args=[match.pk]),
        }
    )
    blocks = [b for b in hooks.TABLE_PAGE(request, team, match, key) if b is not None]
    for block in blocks:
        context.update(block.context)
    context["table_blocks"] = [block.template for block in blocks]
    return render(request, "tracker/table.html", context)


def event_from_form(post, players: list[int]) -> dict[str, object]:
    """The API event a button posts: ``op`` names the type, and for life or poison also the
    amount ("life:-5"); "each" is one ``effect`` changing every player's life by ``amount``."""
    op, _, value = post.get("op", "").partition(":")
    data: dict[str, object] = {"type": op}
    for name in ("player", "team", "amount"):
        raw = post.get(name, "")
        if raw.lstrip("-").isdecimal() and len(raw) < 12:
            data[name] = int(raw)
    if value.lstrip("-").isdecimal() and len(value) < 6:
        data["amount"] = int(value)
    if op == "each":
        amount = data.pop("amount", 0)
        data = {"type": "effect", "changes": [{"player": p, "life": amount} for p in players]}
    return data


@require_POST
def table_event(request, key: str):
    """A button of the table page (without JavaScript): one event, then the page again."""
    team, match = _team_match(request, key, Perm.TRACK_GAME)
    data = event_from_form(request.POST, list(selectors.game_setup(match).players))
    try:
        services.game_add_event(
            match=match,
            data=data,
            client_id=request.POST.get("client_id"),
            by_user=request.user,
            by_team=team,
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("tracker-table", args=[key]) + _view_query(request))


@require_POST
def table_confirm(request, key: str):
    """The team confirms the result its finished game proposes: its report of the match."""
    team, match = _team_match(request, key, Perm.REPORT_RESULT)
    try:
        outcome = services.game_confirm_result(match=match, team=team)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("tracker-table", key)
    if outcome.disputed:
        messages.error(
            request, _("The other team reported a different result: a judge will decide.")
        )
    elif outcome.outcome == "confirmed":
        messages.success(request, _("Both teams confirmed: the result is final."))
    else:
        messages.success(request, _("Confirmed. Waiting for the other team to confirm the same."))
    return redirect("team-private", key)


def judge_table(request, pk: int, match_id: int):
    """Staff: any table of the event with its whole log, when and by whom each event came; a
    scorekeeper or judge (Perm.TRACK_GAME) also has the table's buttons, entered in their name;
    ``?part=clock`` and ``?part=log`` as on the players' page."""
    match = access_match(request.caller, match_id, Perm.READ_GAME, event_id=pk)
    if request.GET.get("part") == "clock":
        return render(request, "tracker/_clock_line.html", _clock_context(match))
    context = _page_context(match, match.team_a_id)
    if request.GET.get("part") == "log":
        context.update({"staff": True, "recent": list(reversed(context["state"]["log"]))})
        return render(request, "tracker/_log.html", context)
    event = match.round.event
    context.update(
        {
            "event": event,
            "staff": True,
            "writer": can(request.caller, Perm.TRACK_GAME, event),
            "post_url": reverse("tracker-judge-event", args=[event.pk, match.pk]),
            "recent": list(reversed(context["state"]["log"])),
        }
    )
    return render(request, "tracker/judge.html", context)


@require_POST
def judge_table_event(request, pk: int, match_id: int):
    """A button of the judge's view (without JavaScript): one event in the judge's name."""
    match = access_match(request.caller, match_id, Perm.TRACK_GAME, event_id=pk)
    data = event_from_form(request.POST, list(selectors.game_setup(match).players))
    try:
        services.game_add_event(
            match=match, data=data, client_id=request.POST.get("client_id"), by_user=request.user
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("tracker-judge", pk, match.pk)

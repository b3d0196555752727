"""A team's private page /t/<key>/: the players' phone view of their event, opened by the team's
link (its key is the credential), and "remember us on this phone"."""

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import access_team_by_key
from core import live, pagecache
from tournament import snapshots
from tournament.selectors import REMEMBER_DAYS, remember_cookie, team_page_blocks


def _cached_team_page(request, key: str) -> HttpResponse | None:
    """The team's page from the cache, without a query (tournament.snapshots), for whoever holds
    the link without being logged in; None when it is not kept or not for this caller."""
    shared = pagecache.shared_by_audience(request, team_page=True)
    if request.GET.get("part") == "blocks" or not shared:
        return None
    holder = snapshots.holder(key, request)
    if holder is None:
        return None
    remembered = request.COOKIES.get(remember_cookie(holder.event_id)) == key
    return pagecache.peek(request, holder.page_key(remembered))


@pagecache.answers_early(_cached_team_page)
def team_private(request, key: str):
    """A team's private page: the players' phone view of their event. ``?part=blocks`` is the
    part that changes during a round, fetched again on each live change (core.live).

    Kept in the cache (core.pagecache) for whoever holds the link without being logged in, one
    entry per team and "remembered on this phone" state, renewed when the event's pages version
    or the team's or event's generation moves (pairing.contrib's receivers of the after-commit
    events); rendered afresh for the others and for the live refresh of the blocks."""
    cached = _cached_team_page(request, key)
    if cached is not None:
        return cached
    team = access_team_by_key(request.caller, key)
    event = team.event
    part = request.GET.get("part") == "blocks"
    remembered = request.COOKIES.get(remember_cookie(event.pk)) == key
    gens = pagecache.generations(f"event:{event.pk}", f"team:{team.pk}")
    if part or gens is None or not pagecache.shared_by_audience(request, team_page=True):
        return HttpResponse(
            _team_private_html(request, team, key, part=part, remembered=remembered)
        )
    snapshots.remember_holder(key, team)
    return pagecache.response(
        request,
        snapshots.team_page_key(
            team.pk, snapshots.made(event), event.pages_version, gens, remembered
        ),
        lambda: _team_private_html(
            request, team, key, remembered=remembered, csrf_token=pagecache.CSRF_PLACEHOLDER
        ),
        snapshots.HOLDER_SECONDS,
    )


def _team_private_html(
    request, team, key: str, *, part: bool = False, remembered: bool, csrf_token: str | None = None
) -> str:
    players = list(team.players.all())
    event = team.event
    context = {
        "team": team,
        "event": event,
        "players": players,
        "key": key,
        "remembered": remembered,
        "live_url": reverse("live-stream", args=["team", team.pk]) + "?" + urlencode({"key": key}),
        "live_since": live.version(f"team:{team.pk}"),
    }
    blocks = team_page_blocks(request, team)
    context["team_blocks"] = blocks.pop("blocks")
    context.update(blocks)
    if csrf_token is not None:  # rendered for the cache: each response gets its own token
        context["csrf_token"] = csrf_token
    template = "tournament/_team_blocks.html" if part else "tournament/team_private.html"
    return render_to_string(template, context, request)


@require_POST
def team_remember(request, key: str):
    """ "Remember us on this phone": a cookie with the team's key keeps its page one tap away
    from the event's public page; "forget" removes it."""
    team = access_team_by_key(request.caller, key)
    response = redirect("team-private", key)
    name = remember_cookie(team.event_id)
    if request.POST.get("action") == "forget":
        response.delete_cookie(name, samesite="Lax")
        messages.success(request, _("This phone no longer remembers your team."))
    else:
        response.set_cookie(
            name, key, max_age=REMEMBER_DAYS * 24 * 3600, httponly=True, samesite="Lax",
            secure=request.is_secure(),
        )  # fmt: skip
        messages.success(request, _("This phone remembers your team: the event page links here."))
    return response

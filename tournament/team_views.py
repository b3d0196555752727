"""A team's private page /t/<key>/: the players' phone view of their event, opened by the team's
link (its key is the credential), "remember us on this phone", and the page as an app (its
manifest and service worker)."""

import csv
from functools import cache
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import Perm, access_event, access_team_by_key
from core import keylog, lan, live, pagecache, qr
from tournament import snapshots
from tournament.models import Team
from tournament.selectors import (
    REMEMBER_DAYS,
    remember_cookie,
    team_by_code,
    team_code,
    team_page_blocks,
)


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
    or the team's or event's generation moves (pairing.receivers's receivers of the after-commit
    events); rendered afresh for the others and for the live refresh of the blocks."""
    cached = _cached_team_page(request, key)
    if cached is not None:
        return cached
    team = access_team_by_key(request.caller, key)
    event = team.event
    part = request.GET.get("part") == "blocks"
    remembered = request.COOKIES.get(remember_cookie(event.pk)) == key
    gens = pagecache.generations(
        snapshots.event_page_scope(event.pk), snapshots.team_page_scope(team.pk)
    )
    if part or gens is None or not pagecache.shared_by_audience(request, team_page=True):
        html, _lasts = _team_private_html(request, team, key, part=part, remembered=remembered)
        return HttpResponse(html)
    snapshots.remember_holder(key, team)
    return pagecache.response(
        request,
        snapshots.team_page_key(
            team.pk, snapshots.made(event), event.pages_version, gens, remembered
        ),
        lambda: _for_cache(
            _team_private_html(
                request, team, key, remembered=remembered, csrf_token=pagecache.CSRF_PLACEHOLDER
            )
        ),
        snapshots.HOLDER_SECONDS,
    )


def _for_cache(page: tuple[str, float | None]) -> str | pagecache.Timed:
    """A page kept no longer than it reads the same ("About 12 min left" a minute later)."""
    html, lasts = page
    return html if lasts is None else pagecache.Timed(html, lasts)


def _team_private_html(
    request, team, key: str, *, part: bool = False, remembered: bool, csrf_token: str | None = None
) -> tuple[str, float | None]:
    """The team's page (its blocks alone with ``part``) and how many seconds it reads the same
    with nothing changed (None: until something changes; the clock's "About 12 min left")."""
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
    lasts = blocks.pop("lasts")
    context.update(blocks)
    if csrf_token is not None:  # rendered for the cache: each response gets its own token
        context["csrf_token"] = csrf_token
    template = "tournament/_team_blocks.html" if part else "tournament/team_private.html"
    return render_to_string(template, context, request), lasts


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


# --- every team's private link at once: printed slips, a CSV, and a lost link found again -----

SLIPS_PER_PAGE = 6  # 2 x 3 slips of 95 x 84 mm, as the match slips (static/css/print.css)


def _link(request, team: Team) -> str:
    """The team's private link as players open it: on the local network in LAN mode, else as
    this request reached the server."""
    path = reverse("team-private", args=[team.access_key])
    base = lan.base_url()
    return base + path if base else request.build_absolute_uri(path)


def _slips(request, event) -> list[dict]:
    teams = event.teams.filter(dropped=False).prefetch_related("players").order_by("name", "pk")
    return [
        {
            "team": t,
            "players": list(t.players.all()),
            "link": _link(request, t),
            "code": team_code(t),
        }
        for t in teams
    ]


def team_slips(request, pk: int):
    """A slip per team to hand out or put on the tables: the team, its players, its private
    link with its QR code and the code that finds the link again; six to an A4 or Letter page,
    cut along the dashed lines."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    slips = _slips(request, event)
    for slip in slips:
        label = _("QR code of %(team)s's private link") % {"team": slip["team"].name}
        slip["qr"] = qr.svg(slip["link"], label=label)
    context = {"event": event, "staff": True, "slips": slips, "per_page": SLIPS_PER_PAGE}
    return render(request, "tournament/print/team_slips.html", context)


def team_links_csv(request, pk: int):
    """Every team's private link and code as CSV (team, players in seat order, link, code),
    for a mail merge or a message to each team."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="team-links-{event.pk}.csv"'
    writer = csv.writer(response)
    heads = [_("player %(seat)s") % {"seat": n} for n in range(1, event.team_size + 1)]
    writer.writerow([_("team"), *heads, _("private link"), _("code")])
    for slip in _slips(request, event):
        names = [p.name for p in slip["players"]]
        names += [""] * (event.team_size - len(names))
        writer.writerow([slip["team"].name, *names, slip["link"], slip["code"]])
    return response


def team_find(request):
    """A team that lost its link finds it again from the event's page: its name and the code of
    its slip (``key``: kept out of the logs and counted with the team keys' misses, so an
    address guessing codes is refused a while, core.keylog). Never by the name alone."""
    raw = request.GET.get("event", "")
    event = access_event(request.caller, int(raw) if raw.isdecimal() and len(raw) < 12 else 0)
    name = " ".join(request.GET.get("name", "").split())[:80]
    team = team_by_code(event, name, request.GET.get("key", "")[:40]) if name else None
    if team is not None:
        return redirect("team-private", team.access_key)
    keylog.note_key_miss()
    messages.error(
        request,
        _(
            "No team of this event has that name and code: check both on your team's slip, or ask the organizer."
        ),
    )
    return redirect(reverse("event", args=[event.pk]) + "#team-link")


# --- the team's page as an app on the phone: its web app manifest and its service worker -----
#
# Both live under the team's private link (/t/<key>/manifest.webmanifest, /t/<key>/sw.js) and
# answer only for a key that opens a team (404 otherwise, counted with the key misses,
# core.keylog). The worker's scope is its own folder, /t/<key>/: the team's page and its table
# page, nothing of another key's (templates/tournament/pwa/sw.js says what it keeps). Its address
# never changes (not a hashed static file), so the browser finds a new version of it by comparing
# the script itself; the script names the hashed assets it keeps, so a new release is a new one.

THEME_COLOUR = "#16324f"  # the header's colour (static/css/tandem.css .top)
BACKGROUND_COLOUR = "#f6f7f9"  # the page's (--bg)
ICON_SIZES = (192, 512)  # static/icons/tandem-<size>.png
MANIFEST_SECONDS = 3600  # a renamed team shows its new name on the installed app within an hour

# What the team's pages load (templates/base.html, tournament/team_private.html,
# tracker/table.html and the blocks' own), kept by the worker when it installs.
OFFLINE_ASSETS = (
    "css/tandem.css",
    "css/pairing.css",
    "css/calls.css",
    "css/tracker.css",
    "favicon.svg",
    "js/language.js",
    "js/live.js",
    "js/floor.js",
    "js/calls.js",
    "js/tracker.js",
    "js/pwa.js",
    "js/notify.js",
    "js/alerts.js",
    "icons/tandem-192.png",
)


def icon_path(size: int) -> str:
    """The icon of ``size`` pixels square, as a static file's name."""
    return f"icons/tandem-{size}.png"


def team_manifest(request, key: str) -> JsonResponse:
    """The web app manifest of the team's page: installed, it opens the team's page, and only
    it (its scope is the team's link), under the team's and the event's name."""
    team = access_team_by_key(request.caller, key)
    start = reverse("team-private", args=[key])
    manifest = {
        "id": start,
        "name": f"{team.name} · {team.event.name}",
        "short_name": team.name,
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": static(icon_path(size)),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any",
            }
            for size in ICON_SIZES
        ],
    }
    response = JsonResponse(
        manifest,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
    # Private: its address is the team's credential, so no shared cache keeps it.
    response["Cache-Control"] = f"private, max-age={MANIFEST_SECONDS}"
    return response


@cache
def _worker_source() -> str:
    assets = [static(name) for name in OFFLINE_ASSETS]
    return render_to_string("tournament/pwa/sw.js", {"assets": assets})


def team_worker(request, key: str) -> HttpResponse:
    """The service worker of the team's pages (scope ``/t/<key>/``): the same script for every
    team; it reads its key from its own scope."""
    access_team_by_key(request.caller, key)
    response = HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")
    # Checked again on each update: a browser compares it byte for byte with the one it runs.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = reverse("team-private", args=[key])
    return response

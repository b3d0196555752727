"""Pages of decklists: the team's editor (phone), the organizer's board, the deck-check print view,
limited pool registration, the 2HG-only bans of an event, and the catalogue's status.

Saving works without JavaScript (post, redirect, page); static/js/decklists.js posts the same
forms with fetch and swaps the parts of the page marked ``data-live`` from the answer, and polls
so a teammate's save shows up. Rights: the access layer (access).
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from access import (
    MAX_ID,
    Perm,
    access_event,
    access_team,
    access_team_by_key,
    actor_for,
    can,
    may_follow,
    may_write_decklists,
    require_on_team,
)
from core import live
from core.errors import ServiceError
from core.events import DecklistsChanged
from core.tasks import run_task
from decklists import selectors as deck_selectors
from decklists import tasks
from decklists.domain.problems import EventRules
from decklists.services import card_updates
from decklists.services import catalogue as catalogue_svc
from decklists.services import decklists as svc
from tournament.hooks import NextStep, TeamBlock
from tournament.models import Event, Player, Team


def _is_fetch(request) -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def catalogue_dates() -> dict[str, object]:
    return catalogue_svc.catalogue_brief()


# --- the editor, shared by the team's page and the staff's page ---------------------------------


def _editor_context(request, team: Team, *, save_url, errors=None, texts=None) -> dict:
    report = deck_selectors.team_report(team)
    writable = may_write_decklists(request.caller, team)
    # After round 1 a judge's change carries a reason; a team's change between matches (MTR 7.3)
    # is logged without one, and its pool stays as registered.
    after_lock = deck_selectors.is_locked(team.event)
    judge = after_lock and writable and can(request.caller, Perm.DECK_CHECKS, team.event)
    judge_edit = judge
    errors = errors or {}
    texts = texts or {}
    decks = []
    problem_cards = report.problem_cards()
    for deck in report.decks:
        key = str(deck.player.pk)
        decklist = deck.decklist
        decks.append(
            {
                "view": deck,
                "player": deck.player,
                "save_url": save_url(deck.player.pk),
                "main_text": texts.get(key, {}).get("main", decklist.main_text if decklist else ""),
                "sideboard_text": texts.get(key, {}).get(
                    "sideboard", decklist.sideboard_text if decklist else ""
                ),
                "base": decklist.submitted_at.isoformat() if decklist else "",
                "errors": errors.get(key, []),
                "problems": report.problems_of(deck.player.pk),
                "error_count": sum(
                    p.severity == "error" for p in report.problems_of(deck.player.pk)
                ),
                "groups": [
                    (
                        TYPE_LABELS.get(group, group),
                        [_marked(line, report, problem_cards) for line in lines],
                        total,
                    )
                    for group, lines, total in deck.groups()
                ],
            }
        )
    pool = report.pool
    return {
        "team": team,
        "event": team.event,
        "report": report,
        "decks": decks,
        "writable": writable,
        "pool_writable": writable and (not after_lock or judge),
        "judge_edit": judge_edit,
        "pool_text": texts.get("pool", {}).get("text", pool.text if pool else ""),
        "pool_base": pool.submitted_at.isoformat() if pool else "",
        "pool_errors": errors.get("pool", []),
        "pool_save_url": save_url("pool"),
        "problems": [{"problem": p, "holders": report.holders_of(p.card)} for p in report.problems],
        "catalogue": catalogue_dates(),
    }


PROBLEM_LABELS = {
    "unknown_card": gettext_lazy("unknown card"),
    "banned": gettext_lazy("banned"),
    "not_legal": gettext_lazy("not legal in the format"),
    "restricted_over_limit": gettext_lazy("restricted: 1 copy"),
    "udc_over_limit": gettext_lazy("shared with a teammate"),
    "card_limit_exceeded": gettext_lazy("too many copies"),
    "not_in_pool": gettext_lazy("not in the pool"),
    "legality_unknown": gettext_lazy("legality unknown"),
    "legality_outdated": gettext_lazy("legality not checked"),
}

# The card type groups of a deck (decklists.selectors.TYPE_ORDER), in the page's language.
TYPE_LABELS = {
    "Creature": gettext_lazy("Creature"),
    "Planeswalker": gettext_lazy("Planeswalker"),
    "Battle": gettext_lazy("Battle"),
    "Instant": gettext_lazy("Instant"),
    "Sorcery": gettext_lazy("Sorcery"),
    "Artifact": gettext_lazy("Artifact"),
    "Enchantment": gettext_lazy("Enchantment"),
    "Land": gettext_lazy("Land"),
    "Other": gettext_lazy("Other"),
    "Unknown": gettext_lazy("Unknown"),
}


def _marked(
    line: deck_selectors.DeckLine, report: deck_selectors.TeamReport, problem_cards
) -> dict:
    """A deck line with the labels of its card's problems and who holds how many copies."""
    problems = problem_cards.get(line.name, [])
    if line.rebalances:  # the A-card's clash is reported under the paper card's name
        problems = problems + [
            p for p in problem_cards.get(line.rebalances, []) if p.code == "udc_over_limit"
        ]
    labels = list(dict.fromkeys(PROBLEM_LABELS.get(p.code, p.code) for p in problems))
    holders = report.holders_of(line.name) if problems else []
    return {
        "line": line,
        "problems": problems,
        "labels": labels,
        "error": any(p.severity == "error" for p in problems),
        "holders": holders if len(holders) > 1 else [],
    }


def _save(request, team: Team, target: str) -> tuple[dict, dict]:
    """Save one player's list or the pool from a posted form; ({errors}, {texts}) on failure."""
    caller = request.caller
    actor = actor_for(caller, team.event)
    reason = request.POST.get("reason", "")
    base = request.POST.get("base")
    try:
        # DecklistsLocked is a ServiceError: shown like any error of the form
        require_on_team(caller, Perm.WRITE_DECKLISTS, team)
        if target == "pool":
            text = _posted_text(request, "text")
            svc.pool_submit(
                team=team, text=text, actor=actor, reason=reason, base=base
            )  # fmt: skip
        else:
            # not isdigit(): int() refuses "²"; a number no key can be is no player either
            if not target.isdecimal() or len(target) > 19 or int(target) > MAX_ID:
                raise Http404("No such player.")
            player = get_object_or_404(Player, pk=int(target), team=team)
            main = _posted_text(request, "main")
            svc.decklist_submit(
                player=player, main=main, sideboard=request.POST.get("sideboard", ""),
                actor=actor, reason=reason, base=base,
            )  # fmt: skip
    except ServiceError as exc:
        messages_ = [m for ms in (exc.errors or {"": [exc.message]}).values() for m in ms]
        field = "text" if target == "pool" else "main"
        posted = {
            field: request.POST.get(field, ""),
            "sideboard": request.POST.get("sideboard", ""),
        }
        return {target: messages_}, {target: posted}
    return {}, {}


def _posted_text(request, field: str) -> str:
    upload = request.FILES.get("file")
    if upload is not None:
        data = upload.read(svc.MAX_UPLOAD_BYTES + 1)
        return svc.uploaded_text(data, upload.name or "")
    return request.POST.get(field, "")


# --- the team's pages ---------------------------------------------------------------------------


def team_decklists(request, key: str):
    team = access_team_by_key(request.caller, key, Perm.READ_DECKLISTS)

    def save_url(target) -> str:
        return reverse("team-decklist-save", args=[key, target])

    since = _since(team)  # before the lists are read: a save in between is announced again
    context = _editor_context(request, team, save_url=save_url)
    context.update(key=key, staff_view=False, live_url=live_url(team, key), live_since=since)
    return render(request, "decklists/team.html", context)


@require_POST
def team_decklist_save(request, key: str, target: str):
    team = access_team_by_key(request.caller, key)
    errors, texts = _save(request, team, target)

    def save_url(t) -> str:
        return reverse("team-decklist-save", args=[key, t])

    if not errors and not _is_fetch(request):
        messages.success(request, gettext("Saved. The check below is up to date."))
        anchor = "pool" if target == "pool" else f"deck-{target}"
        return redirect(reverse("team-decklists", args=[key]) + f"#{anchor}")
    context = _editor_context(request, team, save_url=save_url, errors=errors, texts=texts)
    context.update(key=key, staff_view=False, saved=target if not errors else None)
    return render(request, "decklists/team.html", context, status=400 if errors else 200)


def team_block(request, team: Team) -> TeamBlock:
    """tournament.hooks.TEAM_PAGE: the decklist status and link on the team's private page."""
    report = deck_selectors.team_report(team)
    return TeamBlock("decklists/_team_block.html", {"decklist_report": report})


# --- staff pages --------------------------------------------------------------------------------


def board(request, pk: int):
    event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
    status = request.GET.get("status", "")
    query = request.GET.get("q", "")[:80]
    reports = deck_selectors.board(event, query=query)
    counts = deck_selectors.status_counts(reports)
    shown = [r for r in reports if status not in deck_selectors.STATUSES or r.status == status]
    two_hg, chosen = deck_selectors.two_headed_giant_bans(event)
    organizer = can(request.caller, Perm.EDIT_EVENT, event)
    catalogue = catalogue_dates()
    return render(
        request,
        "decklists/board.html",
        {
            "event": event,
            "staff": True,
            "reports": shown,
            "counts": counts,
            "total": len(reports),
            "status": status,
            "status_label": deck_selectors.status_label(status),
            "query": query,
            "locked": deck_selectors.is_locked(event),
            # limited events only (MTR 7.3): a constructed board asks nothing more
            "decklists_required": event.is_constructed or deck_selectors.decklists_required(event),
            "rebuild": deck_selectors.is_locked(event)
            and deck_selectors.rebuilds_between_matches(event),
            "organizer": organizer,
            "two_hg": two_hg,
            "two_hg_text": "\n".join(two_hg),
            "two_hg_chosen": chosen,
            "changes": list(deck_selectors.changes(event)[:50]),
            "catalogue": catalogue,
            "data_outdated": _data_outdated(event, catalogue),
            "may_update": organizer or may_load_cards(request.user),
        },
    )


@require_POST
def deck_rules(request, pk: int):
    event = access_event(request.caller, pk, Perm.EDIT_EVENT)
    action = request.POST.get("action")
    try:
        if action == "decklists_required":
            required = request.POST.get("decklists_required") == "on"
            svc.decklists_required_set(event=event, required=required, user=request.user)
            done = (
                gettext("Decklists are collected.")
                if required
                else gettext("No decklists are collected.")
            )
        else:
            names = None
            if action != "reset":
                names = [n for n in request.POST.get("banned", "").splitlines() if n.strip()]
            svc.two_headed_giant_bans_set(event=event, names=names, user=request.user)
            done = gettext("Two-Headed Giant bans saved.")
    except ServiceError as exc:
        for messages_ in (exc.errors or {"": [exc.message]}).values():
            for message in messages_:
                messages.error(request, message)
    else:
        messages.success(request, done)
    return redirect("event-decklists", event.pk)


def staff_team(request, pk: int, team_id: int):
    team = access_team(request.caller, team_id, Perm.READ_DECKLISTS, event_id=pk)
    event = team.event
    errors: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    saved = None
    if request.method == "POST":
        target = request.POST.get("target") or request.GET.get("target", "")
        errors, texts = _save(request, team, target)
        saved = target if not errors else None
        if not errors and not _is_fetch(request):
            messages.success(request, gettext("Saved."))
            return redirect(reverse("event-team-decklists", args=[pk, team_id]))

    def save_url(target) -> str:
        return reverse("event-team-decklists", args=[pk, team_id]) + f"?target={target}"

    since = _since(team)  # before the lists are read: a save in between is announced again
    context = _editor_context(request, team, save_url=save_url, errors=errors, texts=texts)
    context.update(
        staff_view=True,
        staff=True,
        saved=saved,
        changes=list(deck_selectors.changes(event, team)),
        live_url=live_url(team),
        live_since=since,
    )
    return render(request, "decklists/staff_team.html", context, status=400 if errors else 200)


def print_team(request, pk: int, team_id: int):
    team = access_team(request.caller, team_id, Perm.READ_DECKLISTS, event_id=pk)
    event = team.event
    return render(
        request,
        "decklists/print.html",
        {
            "event": event,
            "reports": [deck_selectors.team_report(team)],
            "catalogue": catalogue_dates(),
        },
    )


def print_all(request, pk: int):
    event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
    status = request.GET.get("status", "")
    reports = [
        r
        for r in deck_selectors.board(event)
        if status not in deck_selectors.STATUSES or r.status == status
    ]
    return render(
        request,
        "decklists/print.html",
        {"event": event, "reports": reports, "catalogue": catalogue_dates()},
    )


def _data_outdated(event: Event, catalogue: dict) -> bool:
    """The card data is too old for the event's date (decklists.domain.problems.MAX_DATA_AGE)."""
    rules = EventRules(
        structure="constructed",
        card_data_date=catalogue["cards_date"],
        checked_on=event.date or timezone.localdate(),
    )
    return rules.data_outdated


def may_load_cards(user) -> bool:
    """Card data serves every event of the server: only its administrators (Django superusers
    and staff users) load a file on the page; organizers without that right use the commands."""
    return bool(getattr(user, "is_superuser", False) or getattr(user, "is_staff", False))


def may_update_cards(user) -> bool:
    """Who may press "Update now" (an update from Scryfall, no file chosen): administrators and
    organizers of an event on this server."""
    if may_load_cards(user):
        return True
    return bool(
        getattr(user, "is_authenticated", False) and Event.objects.filter(organizer=user).exists()
    )


@require_POST
def catalogue_update(request):
    """Update now: Scryfall's current card data, through the task the daily schedule runs (in
    this request without a broker, else by a worker). Back to the page it was pressed on."""
    if not may_update_cards(request.user):
        raise PermissionDenied("Only an organizer or an administrator may update the card data.")
    back = request.POST.get("next", "")
    if not back.startswith("/") or back.startswith("//"):
        back = reverse("catalogue")
    if settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            text = card_updates.summary(card_updates.update_cards())
        except ServiceError as exc:
            messages.error(
                request, gettext("The card data was not updated: %(why)s") % {"why": exc.message}
            )
        else:
            messages.success(request, text)
    else:
        run_task(tasks.update_cards)
        messages.success(
            request, gettext("The card data update has started; this page shows it when done.")
        )
    return redirect(back)


def catalogue_page(request):
    """The card data's status; administrators may upload a Scryfall or MTGJSON file here (a
    laptop without internet: the file was downloaded on another computer)."""
    may_load = may_load_cards(request.user)
    error = ""
    if request.method == "POST":
        if not may_load:
            raise PermissionDenied("Only an administrator of this server may load card data.")
        upload = request.FILES.get("file")
        if upload is None:
            error = "Choose a Scryfall or MTGJSON card file to load."
        else:
            try:
                result = catalogue_svc.import_cards(
                    fileobj=upload.file,
                    source=upload.name or "uploaded file",
                    data_date=_posted_date(request.POST.get("date", "")),
                    note=f"Uploaded on the card data page by {request.user.get_username()}.",
                )
            except ServiceError as exc:
                error = exc.message
            else:
                record = result.record
                text = gettext(
                    "%(read)s cards read from %(source)s: %(created)s added, %(updated)s updated, "
                    "%(unchanged)s unchanged. Data of %(date)s."
                )
                words: dict[str, object] = {"read": f"{record.cards_read:,}"}
                words["source"] = record.source
                words |= {"created": f"{record.created:,}", "updated": f"{record.updated:,}"}
                words |= {"unchanged": f"{result.unchanged:,}"}
                words["date"] = record.data_date or gettext("an unknown date")
                messages.success(request, text % words)
                return redirect("catalogue")
    return render(
        request,
        "decklists/catalogue.html",
        {
            "status": catalogue_svc.catalogue_status(),
            "may_load": may_load,
            "may_update": may_update_cards(request.user),
            "failure": card_updates.last_failure(),
            "error": error,
        },
        status=400 if error else 200,
    )


def _posted_date(value: str):
    if not value.strip():
        return None
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError as exc:
        raise ServiceError(gettext("The date of the data must be written YYYY-MM-DD.")) from exc


# --- hooks (registered in decklists/apps.py) ---------------------------------------------------


def next_step(event: Event) -> NextStep | None:
    """tournament.hooks.NEXT_STEP: collect decklists before round 1 (Competitive and up)."""
    if event.status != Event.Status.REGISTRATION or event.rel == Event.Rel.REGULAR:
        return None
    reports = [r for r in deck_selectors.board(event) if not r.team.dropped]
    counts = deck_selectors.status_counts(reports)
    if not counts["missing"] and not counts["illegal"] and not counts["unchecked"]:
        return None
    parts = []
    if counts["missing"]:
        text = ngettext(
            "%(count)s team has not registered every list",
            "%(count)s teams have not registered every list",
            counts["missing"],
        )
        parts.append(text % {"count": counts["missing"]})
    if counts["illegal"]:
        text = ngettext(
            "%(count)s team has lists that break the rules",
            "%(count)s teams have lists that break the rules",
            counts["illegal"],
        )
        parts.append(text % {"count": counts["illegal"]})
    if counts["unchecked"]:
        text = ngettext(
            "%(count)s team could not be checked: the card data does not know every card's "
            "legality (load current card data, or check by hand)",
            "%(count)s teams could not be checked: the card data does not know every card's "
            "legality (load current card data, or check by hand)",
            counts["unchecked"],
        )
        parts.append(text % {"count": counts["unchecked"]})
    if event.is_constructed and deck_selectors.event_rules(event).data_outdated:
        parts.append(
            gettext(
                "the card data (of %(date)s) is more than 90 days older than the event: update "
                "it on the Decklists board"
            )
            % {"date": catalogue_dates()["cards_date"] or gettext("an unknown date")}
        )
    names = sorted((r.team.name for r in reports if r.status != "legal"), key=str.casefold)
    named = ", ".join(names[:12])
    if len(names) > 12:
        named = gettext("%(names)s and %(count)s more") % {"names": named, "count": len(names) - 12}
    detail = gettext(
        "%(problems)s (%(names)s). Teams enter their lists on their private page; pairing round "
        "1 locks them."
    )
    return NextStep(
        gettext("Collect decklists"),
        detail % {"problems": "; ".join(parts), "names": named},
        reverse("event-decklists", args=[event.pk]),
        gettext("Decklists board"),
    )


# --- live updates (core.live, registered in decklists/apps.py) ----------------------------------


def live_url(team: Team, key: str | None = None) -> str:
    """Where the editor hears that a teammate (or a judge) saved: ``/live/decklists/<team>/``.
    EventSource sends no headers, so the team page passes its key as the caller's credential."""
    url = reverse("live-stream", args=["decklists", team.pk])
    return f"{url}?{urlencode({'key': key})}" if key else url


def _since(team: Team) -> int:
    """The version the page was rendered at: the stream then sends only later saves."""
    return live.version(f"decklists:{team.pk}")


def may_follow_decklists(request, team_id: str) -> bool:
    """A subscriber reads the team's decklists: the team (by its key) or staff of the event."""
    return may_follow(request, access_team, team_id, Perm.READ_DECKLISTS)


def publish_decklists(change: DecklistsChanged) -> None:
    live.publish(f"decklists:{change.team_id}")

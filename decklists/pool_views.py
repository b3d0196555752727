"""Pages of the Limited day in the decklists app (issue 31): pool registration and the swap,
a team's opened pool (by the team's private link or by staff), the printable pool sheets (A4 or
Letter, the swap printed on them) and the organizer's product list for the store."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from access import Perm, access_event, access_team, access_team_by_key, can
from core.errors import ServiceError
from decklists import pool_reads
from decklists.domain.decklists import parse_count_lines
from decklists.services import decklists as deck_services
from decklists.services import pool_swap as services
from tournament.hooks import TeamBlock


def _posted_text(request) -> str:
    upload = request.FILES.get("file")
    if upload is not None:
        data = upload.read(deck_services.MAX_UPLOAD_BYTES + 1)
        return deck_services.uploaded_text(data, upload.name or "")
    return request.POST.get("text", "")


def pool_registration(request, pk: int):
    """The staff's board: the organizer's setup, each team's opened pool and its count, the swap
    (drawn here by the scorekeeper and up) and the links to the printouts."""
    event = access_event(request.caller, pk, Perm.MANAGE_DECKLISTS)
    if request.method == "POST":
        _act(request, event)
        return redirect("pool-registration", pk)
    board = pool_reads.board(event)
    return render(
        request,
        "decklists/pool_registration.html",
        {
            "event": event,
            "staff": True,
            "board": board,
            "organizer": can(request.caller, Perm.EDIT_EVENT, event),
            "limited": event.structure in ("sealed", "draft"),
            "swap_allowed": event.structure == "sealed" and event.rel in services.SWAP_RELS,
        },
    )


def _act(request, event) -> None:
    action = request.POST.get("action", "")
    try:
        if action == "setup":
            if not can(request.caller, Perm.EDIT_EVENT, event):
                raise ServiceError(gettext("Only the organizer changes the product and procedure."))
            services.limited_setup_update(event=event, data=request.POST.dict(), by=request.user)
            messages.success(request, gettext("Saved."))
        elif action == "draw":
            swap = services.pool_swap_draw(
                event=event, seed=request.POST.get("seed", ""), by=request.user
            )
            messages.success(
                request, gettext("The swap is drawn (seed %(seed)s).") % {"seed": swap.seed}
            )
        else:
            raise ServiceError(gettext("Unknown action."))
    except ServiceError as exc:
        messages.error(request, exc.message)


def _opened_page(request, team, *, save_url: str, back_url: str, staff: bool, status=200):
    board = pool_reads.board(team.event, team)
    row = board.rows[0]
    text = request.POST.get("text") if request.method == "POST" else None
    return render(
        request,
        "decklists/opened_pool.html",
        {
            "event": team.event,
            "team": team,
            "staff": staff,
            "board": board,
            "row": row,
            "text": text if text is not None else (row.opened.text if row.opened else ""),
            "save_url": save_url,
            "back_url": back_url,
            "writable": board.swapping and board.swap is None,
        },
        status=status,
    )


def _save(request, team, *, by_team: bool) -> bool:
    try:
        services.opened_pool_submit(
            team=team, text=_posted_text(request), by=request.user, by_team=by_team
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return False
    messages.success(request, gettext("Saved. The count check below is up to date."))
    return True


def opened_pool_staff(request, pk: int, team_id: int):
    """A team's opened pool entered by staff (from the team's paper list)."""
    team = access_team(request.caller, team_id, Perm.MANAGE_DECKLISTS, event_id=pk)
    url = reverse("opened-pool-staff", args=[pk, team.pk])
    back = reverse("pool-registration", args=[pk])
    if request.method == "POST":
        if _save(request, team, by_team=False):
            return redirect(url)
        return _opened_page(request, team, save_url=url, back_url=back, staff=True, status=400)
    return _opened_page(request, team, save_url=url, back_url=back, staff=True)


def opened_pool_team(request, key: str):
    """The team registers the pool it opened from its private link (paste or upload)."""
    team = access_team_by_key(request.caller, key, Perm.READ_DECKLISTS)
    url = reverse("opened-pool-team", args=[key])
    back = reverse("team-private", args=[key])
    if request.method == "POST":
        access_team_by_key(request.caller, key, Perm.WRITE_DECKLISTS)
        if _save(request, team, by_team=True):
            return redirect(url)
        return _opened_page(request, team, save_url=url, back_url=back, staff=False, status=400)
    return _opened_page(request, team, save_url=url, back_url=back, staff=False)


def pool_sheets(request, pk: int):
    """One sheet per team (``?team=<id>``: that team's): its opened pool as registered, the
    product it came from and the swap printed on it, to travel with the cards."""
    event = access_event(request.caller, pk, Perm.MANAGE_DECKLISTS)
    board = pool_reads.board(event)
    wanted = request.GET.get("team", "")
    rows = [r for r in board.rows if not wanted or str(r.team.pk) == wanted]
    sheets = []
    for row in rows:
        entries = parse_count_lines(row.opened.text)[0] if row.opened else ()
        sheets.append({"row": row, "entries": sorted(entries, key=lambda e: e.name.casefold())})
    return render(
        request,
        "decklists/print/pool_sheets.html",
        {"event": event, "board": board, "sheets": sheets},
    )


def product_list(request, pk: int):
    """The organizer's product list for the store: what each team gets and the totals."""
    event = access_event(request.caller, pk, Perm.MANAGE_DECKLISTS)
    return render(
        request,
        "decklists/print/product_list.html",
        {"event": event, **pool_reads.product_list(event)},
    )


def team_opened_block(request, team):
    """tournament.hooks.TEAM_PAGE: in a register-and-swap event, the team's opened pool and,
    once drawn, whose pool it builds from."""
    event = team.event
    if services.setup_of(event).pool_procedure != "register_and_swap":
        return None
    board = pool_reads.board(event, team)
    return TeamBlock(
        "decklists/_opened_pool_block.html", {"pool_row": board.rows[0], "board": board}
    )

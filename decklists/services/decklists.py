"""Decklists and limited pools: saving them. The check of a team is a read: decklists.selectors.

One transaction per call. Lists are saved as the text submitted; a list *locks* when
round 1 is paired (the event leaves "registration"). The event row is locked while saving, so a
save and the pairing of round 1 never interleave: a save that waited for the pairing sees the
lock. After the lock only a judge changes a list (the actor holds Perm.DECK_CHECKS: the service
asks the actor, access.actors, the interface decides nothing), and every such change is logged as
a DecklistChange. One exception (MTR 7.3,
decklists.domain.rebuild): at Regular REL a limited event that collects no decklists lets the team
change its decks between matches; such a change must still be legal with the team's pool (MTR
9.6: one pool for both decks) and is logged like a judge's change.

Rules: MTR 6.1 (60 cards, 4 copies), 6.2-6.7 (banned and restricted lists), 8.4 and 9.5 (Unified
Deck Construction, no sideboard, the 2HG-only ban), 7.1 and 9.6 (limited: 40 cards from the pool,
the shared sideboard). decklists/domain/udc.py has the details.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from access.actors import Actor
from access.rights import Perm
from core import events
from core.actors import By, recorded
from core.errors import AccessDenied, Conflict, ServiceError
from core.i18n import localize
from decklists import catalogue_cache, hooks
from decklists.domain.decklists import parse_decklist
from decklists.domain.rebuild import between_matches
from decklists.domain.udc import SUGGESTED_NAMES
from decklists.errors import IN_MATCH, DecklistsLocked
from decklists.models import Decklist, DecklistChange, EventDeckRules, LimitedSetup, TeamPool
from decklists.selectors import is_locked, rebuilds_between_matches, team_report
from tournament.domain.names import BIDI_CONTROLS
from tournament.models import Event, Player, Team

MAX_TEXT_CHARS = 50_000
MAX_TEXT_LINES = 1_000
MAX_UPLOAD_BYTES = 200_000


# --- checking input -----------------------------------------------------------------------------


def clean_text(value: object, field_name: str) -> str:
    """The submitted text of one box, or ServiceError {field: [message]} (cheap on huge input)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ServiceError(errors={field_name: [gettext("Send the list as text.")]}, code="invalid")
    if len(value) > MAX_TEXT_CHARS:
        raise ServiceError(
            errors={
                field_name: [
                    gettext("The list is longer than %(max)s characters.")
                    % {"max": f"{MAX_TEXT_CHARS:,}"}
                ]
            },
            code="too_long",
        )
    if value.count("\n") + 1 > MAX_TEXT_LINES or value.count("\r") + 1 > MAX_TEXT_LINES:
        raise ServiceError(
            errors={
                field_name: [
                    gettext("The list has more than %(max)s lines.")
                    % {"max": f"{MAX_TEXT_LINES:,}"}
                ]
            },
            code="too_long",
        )
    if "\x00" in value:
        raise ServiceError(errors={field_name: [gettext("The list contains a NUL character.")]})
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ServiceError(
            errors={field_name: [gettext("The list contains characters that are not valid text.")]}
        ) from exc
    return value


def uploaded_text(data: bytes, filename: str = "") -> str:
    """The text of an uploaded decklist file, as it is: the reader finds its form by its
    content (plain text, MTGO .dek or Cockatrice .cod XML, XMage or Forge .dck, .mwDeck...),
    never by its name. A file in which no card can be read is refused with the reader's words.
    """
    if len(data) > MAX_UPLOAD_BYTES:
        raise ServiceError(
            errors={
                "file": [
                    gettext("The file is larger than %(max)s kB.")
                    % {"max": MAX_UPLOAD_BYTES // 1000}
                ]
            },
            code="too_long",
        )
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes nearly everything
        raise ServiceError(errors={"file": [gettext("The file is not text.")]})
    parsed = parse_decklist(text[: MAX_TEXT_CHARS + 1])
    if not (parsed.main or parsed.sideboard or parsed.commander):
        why = [localize(e.message) for e in parsed.errors[:3]]
        message = gettext("No cards found in the file.")
        raise ServiceError(errors={"file": [" ".join([message, *why])]}, code="no_cards")
    return text


def clean_reason(value: object) -> str:
    """A judge's reason for a change after the lock, as the change log stores it."""
    reason = str(value or "")[:2000]
    if "\x00" in reason:  # PostgreSQL refuses NUL in text
        raise ServiceError(errors={"reason": [gettext("The reason contains a NUL character.")]})
    return reason


def clean_card_names(values: object, field_name: str = "banned") -> list[str]:
    """A list of card names as the catalogue writes them; unknown names get a "did you mean"."""
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ServiceError(errors={field_name: [gettext("Send a list of card names.")]})
    if len(values) > 500:
        raise ServiceError(errors={field_name: [gettext("At most 500 names.")]})
    index = catalogue_cache.card_index()
    names, errors = [], []
    for raw in values:
        name = " ".join(raw.split())
        if not name:
            continue
        if any(ch in BIDI_CONTROLS or (ord(ch) < 32) for ch in name) or len(name) > 200:
            errors.append(gettext("%(name)s is not a card name.") % {"name": repr(name[:40])})
            continue
        card = index.get(name) if len(index) else None
        if card is None and len(index):
            hint = index.suggest(name) if len(errors) < SUGGESTED_NAMES else []
            if hint:
                errors.append(
                    gettext("No card named %(name)s. Did you mean %(names)s?")
                    % {"name": repr(name), "names": gettext(" or ").join(hint)}
                )
            else:
                errors.append(gettext("No card named %(name)s.") % {"name": repr(name)})
            continue
        names.append(card.name if card is not None else name)
    if errors:
        raise ServiceError(errors={field_name: errors}, code="unknown_card")
    return sorted(set(names), key=str.casefold)


# --- write side ---------------------------------------------------------------------------------


def _lock_event(event_id: int) -> Event:
    return Event.objects.select_for_update().get(pk=event_id)


def _check_base(current_at: datetime | None, base: str | None) -> None:
    """Optimistic check for pages: the list changed since the form was shown."""
    if base is None:
        return
    shown = "" if current_at is None else current_at.isoformat()
    if base != shown:
        raise Conflict(
            gettext(
                "This list was changed (by a teammate or a judge) since you opened the page. Reload to see it, then make your change again."
            ),
            code="changed_meanwhile",
        )


def _acting(actor: Actor | None, event_id: int, team_id: int) -> tuple[Actor, bool, bool]:
    """(the actor, saved by the team, a judge's change). The actor writes the team's lists as
    the team itself (its key) or as staff (AccessDenied otherwise); a list changes after the
    lock by the right of deck checks (Perm.DECK_CHECKS: judges and up). No actor: nobody is
    recorded and no staff right is held, as an import or a test saves before the lock."""
    if actor is None:
        return Actor(event_id=event_id), False, False
    assert actor.event_id == event_id, "an actor acts in the event it was resolved for"
    if not actor.holds_on_team(Perm.WRITE_DECKLISTS, team_id):
        raise AccessDenied
    return actor, actor.acts_for(team_id), actor.holds(Perm.DECK_CHECKS)


@transaction.atomic
def decklist_submit(
    *,
    player: Player,
    main: object,
    sideboard: object = "",
    actor: Actor | None = None,
    reason: str = "",
    base: str | None = None,
) -> Decklist:
    """Save a player's decklist; after the lock only by a judge (or a rebuild between matches,
    MTR 7.3), and logged."""
    actor, by_team, judge = _acting(actor, player.event_id, player.team_id)
    user = actor.user
    main_text = clean_text(main, "main")
    sideboard_text = clean_text(sideboard, "sideboard")
    reason = clean_reason(reason)
    event = _lock_event(player.event_id)
    locked = is_locked(event)
    rebuild = locked and not judge
    if rebuild:
        team = player.team
        team.event = event
        if not rebuilds_between_matches(event):
            raise DecklistsLocked
        if not between_matches(hooks.TEAM_MATCH(team)):
            raise DecklistsLocked(IN_MATCH)
        reason = reason or "Deck changed between matches (MTR 7.3)."
    decklist = Decklist.objects.select_for_update().filter(player=player).first()
    _check_base(decklist.submitted_at if decklist else None, base)
    before = (decklist.main_text, decklist.sideboard_text) if decklist else ("", "")
    now = timezone.now()
    user_id = user.pk if user is not None else None
    if decklist is None:
        decklist = Decklist(player=player)
    decklist.main_text, decklist.sideboard_text = main_text, sideboard_text
    decklist.submitted_at, decklist.submitted_by_id, decklist.by_team = now, user_id, by_team
    decklist.save()
    if rebuild:
        _check_rebuild(player, event)
    if locked and before != (main_text, sideboard_text):
        DecklistChange.objects.create(
            team_id=player.team_id,
            player=player,
            changed_by_id=user_id,
            changed_by_name=getattr(user, "username", "") or "team",
            changed_at=now,
            reason=reason,
            main_before=before[0],
            sideboard_before=before[1],
            main_after=main_text,
            sideboard_after=sideboard_text,
        )
    events.decklists_changed.fire(events.DecklistsChanged(player.event_id, player.team_id))
    return decklist


def _check_rebuild(player: Player, event: Event) -> None:
    """A deck changed between matches (MTR 7.3) must be legal, with the team's pool and the
    teammate's deck as saved (MTR 7.1, 9.6); otherwise nothing is saved (the caller's
    transaction rolls back). A card moved to a teammate's deck leaves the first deck first."""
    team = player.team
    team.event = event
    report = team_report(team, locked=False)
    errors = [
        localize(p.message)
        for p in report.problems_of(player.pk)
        if p.severity == "error" and p.code != "missing_decklist"
    ]
    if errors:
        intro = gettext(
            "Between matches a deck may change only to another legal deck from the team's pool "
            "(MTR 7.3); nothing was saved."
        )
        raise ServiceError(intro, errors={"main": [intro, *errors]}, code="rebuild_illegal")


def _pool_swapped(event: Event) -> bool:
    """Register and swap (decklists.services.pool_swap): the pool a team builds from is the one
    the swap gave it, not one it types in."""
    setup = LimitedSetup.objects.filter(event=event).first()
    return setup is not None and setup.pool_procedure == "register_and_swap"


@transaction.atomic
def pool_submit(
    *,
    team: Team,
    text: object,
    actor: Actor | None = None,
    reason: str = "",
    base: str | None = None,
) -> TeamPool:
    """Register a limited team's card pool (MTR 9.6); after the lock only a judge, logged."""
    actor, by_team, judge = _acting(actor, team.event_id, team.pk)
    user = actor.user
    pool_text = clean_text(text, "pool")
    reason = clean_reason(reason)
    event = _lock_event(team.event_id)
    if event.structure == Event.Structure.CONSTRUCTED:
        raise ServiceError(
            gettext("This is a constructed event: teams have no card pool."), code="not_limited"
        )
    locked = is_locked(event)
    if locked and not judge:
        raise DecklistsLocked
    if not judge and _pool_swapped(event):
        raise ServiceError(
            gettext(
                "In this event teams build from the pool they received in the swap: register"
                " the pool you opened on the pool registration page; a judge corrects the other."
            ),
            code="pool_swapped",
        )
    pool = TeamPool.objects.select_for_update().filter(team=team).first()
    _check_base(pool.submitted_at if pool else None, base)
    before = pool.text if pool else ""
    now = timezone.now()
    user_id = user.pk if user is not None else None
    if pool is None:
        pool = TeamPool(team=team)
    pool.text, pool.submitted_at, pool.submitted_by_id, pool.by_team = (
        pool_text,
        now,
        user_id,
        by_team,
    )
    pool.save()
    if locked and before != pool_text:
        DecklistChange.objects.create(
            team=team,
            player=None,
            changed_by_id=user_id,
            changed_by_name=getattr(user, "username", "") or "team",
            changed_at=now,
            reason=reason,
            main_before=before,
            main_after=pool_text,
        )
    events.decklists_changed.fire(events.DecklistsChanged(team.event_id, team.pk))
    return pool


@transaction.atomic
def two_headed_giant_bans_set(*, event: Event, names: object, user: By = None) -> EventDeckRules:
    """The event's own 2HG-only banned cards (MTR 9.5); ``None`` follows the loaded banlists."""
    _lock_event(event.pk)
    clean = None if names is None else clean_card_names(names, "two_headed_giant_bans")
    return _store(event, user, two_headed_giant_bans=clean)


@transaction.atomic
def decklists_required_set(*, event: Event, required: object, user: By = None) -> EventDeckRules:
    """Whether the event collects decklists. Off, a limited event at Regular REL lets teams
    change their decks between matches (MTR 7.3); at Competitive REL or in constructed the lists
    lock at round 1 whatever this says."""
    if not isinstance(required, bool):
        raise ServiceError(errors={"decklists_required": [gettext("Send true or false.")]})
    _lock_event(event.pk)
    return _store(event, user, decklists_required=required)


@transaction.atomic
def udc_rule_set(*, event: Event, udc_rule: object, user: By = None) -> EventDeckRules:
    """The event's Unified Deck Construction rule (MTR 8.4): the event service calls it with the
    event's settings (tournament.hooks.EVENT_SETTINGS), which refuses a change once round 1 is
    paired (MTR 10.2)."""
    if udc_rule not in EventDeckRules.UdcRule.values:
        raise ServiceError(
            errors={"udc_rule": [gettext("Unknown Unified Deck Construction rule.")]}
        )
    return _store(event, user, udc_rule=str(udc_rule))


def _store(event: Event, by: By, **values: object) -> EventDeckRules:
    """Save these fields of the event's deck rules (the row made when first saved), stamped with
    who changed them (``updated_at`` stamps itself). The saved row is also kept as the given
    event's: decklists.selectors.deck_rules.of reads it from there."""
    rules, _ = EventDeckRules.objects.get_or_create(event=event)
    for name, value in values.items():
        setattr(rules, name, value)
    rules.updated_by = recorded(by)
    rules.save()
    event.deck_rules = rules
    return rules

"""Issue 9: a judge on a phone (390x844) opens a table from the staff match page, picks the
player and searches the infraction, sees the proposed penalty with its reasons and Failure to
Maintain Game State offered to the three others, unticks one, issues it; the head judge finds it
in the event's list. Screenshots: judging-*.png.
"""

import re

import pytest
from playwright.sync_api import expect

from judging.models import Penalty
from pairing import services as pairing_services
from support import factories
from support.browser import login
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db(transaction=True)


def _no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_judge_logs_a_penalty_on_a_phone(live_server, phone, shot):
    base = live_server.url
    event, _teams = event_with_teams(4, swiss_rounds=3, name="Judged 2HG", rel="competitive")
    judy = factories.staff(event, "judge", "judy")
    judy.set_password("judy-judges-well")
    judy.save()
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    match = round_.matches.get(table=1)
    offender = match.team_a.players.get(seat=1)

    login(phone, base, "judy", "judy-judges-well")
    phone.goto(f"{base}/events/{event.pk}/matches/{match.pk}/")
    phone.click("text=Penalty at this table")
    expect(phone.locator("h1")).to_contain_text("table 1")
    phone.fill("input[name=q]", "rule violation")
    phone.click(".judging-search button")
    phone.check(f"input[name=player][value='{offender.pk}']")
    phone.check("input[name=infraction][value='GPE-GRV']")
    phone.fill("textarea[name=notes]", "Cast a sorcery in combat; nobody noticed.")
    assert _no_sideways_scroll(phone)
    shot(phone, "judging-01-form-phone")
    phone.click("button[name=propose]")
    expect(phone.locator(".proposal h2")).to_contain_text("Warning")
    expect(phone.locator("input[name=ftmgs_to]:checked")).to_have_count(3)
    shot(phone, "judging-02-proposal-phone")
    phone.locator("input[name=ftmgs_to]").first.uncheck()
    phone.click("button[name=issue]")
    expect(phone.locator(".messages")).to_contain_text("Failure to Maintain Game State to 2")
    assert _no_sideways_scroll(phone)
    shot(phone, "judging-03-list-phone")
    main = Penalty.objects.get(infraction="GPE-GRV")
    assert main.player_id == offender.pk
    assert main.children.count() == 2


def test_judge_checks_seats_and_decks_on_a_phone(live_server, phone, shot):
    """The seat check at the round's start (an empty seat, its timer, the Tardiness penalty in
    one tap) and a deck check at a random table, on a phone (390x844)."""
    from datetime import timedelta

    from django.utils import timezone

    from judging import services
    from judging.models import DeckCheck

    base = live_server.url
    event, _teams = event_with_teams(4, swiss_rounds=3, name="Seated 2HG", rel="competitive")
    judy = factories.staff(event, "judge", "judy")
    judy.set_password("judy-judges-well")
    judy.save()
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    services.clock_start(round_=round_, now=timezone.now() - timedelta(minutes=3))
    match = round_.matches.get(table=1)
    late = match.team_b.players.get(seat=2)

    login(phone, base, "judy", "judy-judges-well")
    phone.goto(f"{base}/events/{event.pk}/seats/")
    expect(phone.locator("h2", has_text="To check")).to_be_visible()
    first = phone.locator("li", has=phone.locator(f"input[name=match][value='{match.pk}']"))
    first.locator(f"input[name=missing][value='{late.pk}']").check()
    first.locator("button", has_text="Seats checked").click()
    expect(phone.locator(".seat-timer")).to_have_text(re.compile(r"^3:\d\d min$"))
    expect(phone.locator(".seat-late")).to_contain_text("Proposed: Game Loss")
    assert _no_sideways_scroll(phone)
    shot(phone, "judging-04-seats-phone")
    phone.locator(".seat-late button").click()
    expect(phone.locator(".messages")).to_contain_text("Tardiness: Game Loss")
    assert Penalty.objects.get().player_id == late.pk

    phone.goto(f"{base}/events/{event.pk}/deckchecks/")
    phone.click("text=Start the deck check")
    expect(phone.locator(".messages")).to_contain_text("Deck check started")
    phone.check("input[name=outcome][value=ok]")
    phone.click("text=Decks back: end the check")
    expect(phone.locator(".messages")).to_contain_text("min extension")
    assert _no_sideways_scroll(phone)
    shot(phone, "judging-05-deck-check-phone")
    assert DeckCheck.objects.get().extension is not None

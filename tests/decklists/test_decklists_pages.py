"""Decklist pages: the team's editor on its private link, the organizer's board, the deck-check
sheet, the judge's logged change after the lock (round 1 paired), limited pools, the 2HG bans."""

import datetime as dt
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from decklists import selectors as deck_selectors
from decklists.demo import decklist_text, demo_decklists
from decklists.models import Decklist, DecklistChange, EventDeckRules, TeamPool
from decklists.services import decklists as svc
from support import factories
from support.catalogue import catalogue  # noqa: F401
from tournament.models import Event, Team

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

BURN = decklist_text(0)  # 4 Lightning Bolt ... 20 Mountain
TEMPO = decklist_text(1)  # 4 Delver of Secrets ... 20 Island


def players(team):
    return list(team.players.order_by("seat"))


def staff_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def lock(event):
    Event.objects.filter(pk=event.pk).update(status="running")


# --- the team's page ----------------------------------------------------------------------------


def test_team_page_links_to_the_decklists_and_shows_their_status(world):
    page = Client().get(f"/t/{world.red.access_key}/").content.decode()
    assert "Rita has no list yet." in page
    assert f'href="/t/{world.red.access_key}/decklists/"' in page
    assert "Enter our decklists" in page


def test_team_saves_a_list_without_javascript_and_sees_it_checked(world):
    rita, _ = players(world.red)
    url = f"/t/{world.red.access_key}/decklists/{rita.pk}/save/"
    response = Client().post(url, {"main": BURN, "base": ""})
    assert response.status_code == 302
    assert response["Location"] == f"/t/{world.red.access_key}/decklists/#deck-{rita.pk}"
    saved = Decklist.objects.get(player=rita)
    assert saved.main_text == BURN
    assert saved.by_team
    page = Client().get(f"/t/{world.red.access_key}/decklists/").content.decode()
    assert "60 cards ✓" in page
    assert "Monastery Swiftspear" in page
    assert "Rob has no list yet." in page


def test_udc_violation_is_highlighted_in_both_decks_with_who_holds_how_many(world):
    """MTR 8.4: a card other than a basic land may be in only one deck of the team."""
    rita, rob = players(world.red)
    svc.decklist_submit(player=rita, main=BURN)
    url = f"/t/{world.red.access_key}/decklists/{rob.pk}/save/"
    response = Client().post(
        url,
        {"main": TEMPO.replace("4 Opt", "2 Opt\n2 Lightning Bolt")},
        HTTP_X_REQUESTED_WITH="fetch",
    )
    assert response.status_code == 200  # the page itself, for the script to swap its parts
    page = response.content.decode()
    assert "Lightning Bolt is in both Rita&#x27;s and Rob&#x27;s decks (4 + 2)" in page
    assert page.count("shared with a teammate: Rita 4, Rob 2") == 2
    assert '<span class="holder">Rita: 4</span><span class="holder">Rob: 2</span>' in page
    assert 'data-code="udc_over_limit"' in page


def test_upload_of_an_mtgo_dek_file(world):
    rita, _ = players(world.red)
    dek = (
        '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
        '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n'
        '  <Cards CatID="2" Quantity="56" Sideboard="false" Name="Mountain" />\n'
        '  <Cards CatID="3" Quantity="2" Sideboard="true" Name="Skullcrack" />\n</Deck>\n'
    )
    upload = SimpleUploadedFile("burn.dek", dek.encode(), content_type="application/xml")
    url = f"/t/{world.red.access_key}/decklists/{rita.pk}/save/"
    assert Client().post(url, {"main": "", "file": upload}).status_code == 302
    # Saved as uploaded: the reader finds the form by the content, on every read.
    assert Decklist.objects.get(player=rita).main_text == dek
    report = deck_selectors.team_report(world.red)
    deck = report.decks[0]
    assert [(line.name, line.count, line.line) for line in deck.main] == [
        ("Lightning Bolt", 4, 3),
        ("Mountain", 56, 4),
    ]
    assert [(line.name, line.count) for line in deck.sideboard] == [("Skullcrack", 2)]
    assert deck.form == "mtgo_dek"
    # MTR 9.5: no sideboard in constructed 2HG.
    assert [(p.code, p.count) for p in report.problems_of(rita.pk)] == [
        ("sideboard_not_allowed", 2)
    ]


def test_save_over_a_teammate_s_newer_list_is_refused(world):
    rita, _ = players(world.red)
    svc.decklist_submit(player=rita, main=BURN)
    shown = Decklist.objects.get(player=rita).submitted_at.isoformat()
    svc.decklist_submit(player=rita, main=TEMPO)  # Rob saved Rita's list meanwhile
    url = f"/t/{world.red.access_key}/decklists/{rita.pk}/save/"
    response = Client().post(url, {"main": BURN, "base": shown})
    assert response.status_code == 400
    assert (
        "changed (by a teammate or a judge) since you opened the page" in response.content.decode()
    )
    assert Decklist.objects.get(player=rita).main_text == TEMPO


def test_after_round_1_the_team_page_is_read_only_and_saves_are_refused(world):
    rita, _ = players(world.red)
    svc.decklist_submit(player=rita, main=BURN)
    lock(world.event)
    page = Client().get(f"/t/{world.red.access_key}/decklists/").content.decode()
    assert "Locked: round 1 has been paired" in page
    assert "<textarea" not in page
    url = f"/t/{world.red.access_key}/decklists/{rita.pk}/save/"
    response = Client().post(url, {"main": TEMPO})
    assert response.status_code == 400
    assert "Only a judge can change them now" in response.content.decode()
    assert Decklist.objects.get(player=rita).main_text == BURN


@pytest.mark.parametrize("target", ["abc", "", "999999", "0x1"])
def test_save_to_a_target_that_is_not_a_player_of_the_team_is_404(world, target):
    url = f"/events/{world.event.pk}/decklists/{world.red.pk}/?target={target}"
    response = staff_client(world.sam).post(url, {"main": BURN})
    assert response.status_code == 404
    assert not Decklist.objects.exists()


def test_another_team_s_key_cannot_save_our_list(world):
    rita, _ = players(world.red)
    response = Client().post(
        f"/t/{world.green.access_key}/decklists/{rita.pk}/save/", {"main": BURN}
    )
    assert response.status_code == 404
    assert not Decklist.objects.exists()


# --- staff pages --------------------------------------------------------------------------------


def test_judge_changes_a_locked_list_with_a_reason_and_it_is_logged(world):
    rita, _ = players(world.red)
    svc.decklist_submit(player=rita, main=BURN)
    lock(world.event)
    url = f"/events/{world.event.pk}/decklists/{world.red.pk}/?target={rita.pk}"
    fixed = BURN.replace("4 Skullcrack", "4 Mountain")
    response = staff_client(world.judy).post(url, {"main": fixed, "reason": "Deck check, round 2"})
    assert response.status_code == 302
    change = DecklistChange.objects.get()
    assert (change.changed_by_name, change.reason, change.main_before, change.main_after) == (
        "judy",
        "Deck check, round 2",
        BURN,
        fixed,
    )
    page = staff_client(world.hank).get(f"/events/{world.event.pk}/decklists/{world.red.pk}/")
    text = page.content.decode()
    assert "judy changed Rita's list: “Deck check, round 2”" in text
    # A scorekeeper may not change it any more (IPG: deck changes after the lock are judges').
    sam = staff_client(world.sam).post(url, {"main": BURN, "reason": "undo"})
    assert sam.status_code == 400
    assert Decklist.objects.get(player=rita).main_text == fixed


def test_board_filters_by_status_and_finds_a_player(world):
    # a week after the shipped card data: its "not legal" is current (docs/rules.md)
    Event.objects.filter(pk=world.event.pk).update(date=dt.date(2022, 5, 2))
    rita, rob = players(world.red)
    svc.decklist_submit(player=rita, main=BURN)
    svc.decklist_submit(player=rob, main=TEMPO)
    bea, ben = players(world.blue)
    svc.decklist_submit(player=bea, main=BURN.replace("20 Mountain", "19 Mountain\n1 Black Lotus"))
    svc.decklist_submit(player=ben, main=TEMPO)
    client = staff_client(world.sam)
    board = client.get(f"/events/{world.event.pk}/decklists/").content.decode()
    assert "Missing 0" in board
    assert "Illegal 1" in board
    assert "Legal 1" in board
    illegal = client.get(f"/events/{world.event.pk}/decklists/?status=illegal").content.decode()
    assert "Team Blue" in illegal
    assert "Team Red" not in illegal
    assert "Black Lotus is not legal in Modern." in illegal
    found = client.get(f"/events/{world.event.pk}/decklists/?q=rob").content.decode()
    assert "Team Red" in found
    assert "Team Blue" not in found


def test_deck_check_sheet_sorts_both_lists_by_type_with_totals(world):
    rita, rob = players(world.red)
    svc.decklist_submit(player=rita, main=BURN)
    svc.decklist_submit(player=rob, main=TEMPO)
    page = staff_client(world.judy).get(f"/events/{world.event.pk}/decklists/{world.red.pk}/print/")
    text = page.content.decode()
    assert text.count('class="sheet"') == 2
    rita_sheet = text.split('class="sheet"')[1]
    order = [
        rita_sheet.index(f"<caption>{group} ")
        for group in ("Creature", "Instant", "Sorcery", "Land")
    ]
    assert order == sorted(order)
    assert "<caption>Creature <span>12</span></caption>" in rita_sheet
    assert "<caption>Land <span>20</span></caption>" in rita_sheet
    assert text.count("Main deck: <strong>60</strong>") == 2
    assert "Delver of Secrets // Insectile Aberration" in text


def test_organizer_changes_the_2hg_bans_on_the_board(world):
    client = staff_client(world.alice)
    url = f"/events/{world.event.pk}/decklists/rules/"
    client.post(url, {"banned": "Erayo, Soratami Ascendant\nlightning bolt"})
    assert EventDeckRules.objects.get(event=world.event).two_headed_giant_bans == [
        "Erayo, Soratami Ascendant // Erayo's Essence",
        "Lightning Bolt",
    ]
    response = client.post(url, {"banned": "Lightnin Bolt"}, follow=True)
    assert "Did you mean Lightning Bolt" in response.content.decode()
    assert staff_client(world.judy).post(url, {"action": "reset"}).status_code == 403


def test_catalogue_page_shows_the_dates_and_how_to_load_newer_data(world):
    page = Client().get("/catalogue/").content.decode()
    assert "2022-04-25" in page
    assert "as of 2026-09-22" in page
    assert "import_cards FILE" in page
    assert "Oracle Cards" in page


# --- limited ------------------------------------------------------------------------------------


def test_sealed_team_registers_its_pool_and_builds_from_it(world):
    Event.objects.filter(pk=world.event.pk).update(structure="sealed", format="")
    rita, rob = players(world.red)
    client = Client()
    base = f"/t/{world.red.access_key}/decklists/"
    pool = "3 Grizzly Bears\n2 Giant Growth\n1 Llanowar Elves\n"
    assert client.post(base + "pool/save/", {"text": pool}).status_code == 302
    assert TeamPool.objects.get(team=world.red).text == pool
    client.post(base + f"{rita.pk}/save/", {"main": "3 Grizzly Bears\n37 Forest\n"})
    page = client.get(base).content.decode()
    assert "6 cards" in page  # the pool
    assert 'data-add="Giant Growth" data-to="main-' in page  # build from the shared sideboard
    red = Team.objects.get(pk=world.red.pk)
    report = deck_selectors.team_report(red)
    assert [(line.name, line.count) for line in report.shared_sideboard] == [
        ("Giant Growth", 2),
        ("Llanowar Elves", 1),
    ]
    assert report.status == "missing"  # Rob has no deck yet
    client.post(base + f"{rob.pk}/save/", {"main": "2 Giant Growth\n1 Llanowar Elves\n37 Forest\n"})
    assert deck_selectors.team_report(red).status == "legal"


# --- hooks: the dashboard's next step and the demo ------------------------------------------------


def test_dashboard_asks_for_decklists_at_competitive_rel():
    organizer = factories.user("olga")
    event = factories.event(organizer, rel="competitive")
    teams = [factories.team(event) for _ in range(4)]
    for team in teams[:3]:
        for player, text in zip(players(team), (BURN, TEMPO), strict=True):
            svc.decklist_submit(player=player, main=text)
    page = staff_client(organizer).get(f"/events/{event.pk}/").content.decode()
    assert "Next: Collect decklists" in page
    assert "1 team has not registered every list" in page
    for player, text in zip(players(teams[3]), (BURN, TEMPO), strict=True):
        svc.decklist_submit(player=player, main=text)
    page = staff_client(organizer).get(f"/events/{event.pk}/").content.decode()
    assert "Collect decklists" not in page


def test_demo_lists_give_every_status_on_the_board(world):
    class Out:
        lines: list[str] = []

        def write(self, text):
            self.lines.append(text)

    event = factories.event(factories.user("demo"), name="Demo", rel="competitive")
    for _ in range(10):
        factories.team(event)
    out = Out()
    demo_decklists(event, random.Random(2026), out)
    counts = deck_selectors.status_counts(deck_selectors.board(event))
    assert counts == {"missing": 1, "illegal": 2, "unchecked": 0, "legal": 7}
    assert out.lines == ["  decklists: 7 teams legal, 2 illegal, 1 missing a list"]
    codes = sorted(p.code for r in deck_selectors.board(event) for p in r.errors)
    assert codes == ["banned", "missing_decklist", "udc_over_limit"]


# --- card data that does not know a card's legality ---------------------------------------------


def test_standard_event_with_2022_card_data_is_not_checked_on_the_board(world):
    """MTR 6.3: the shipped 2022 card data cannot say who is legal in 2026 Standard: the board
    shows "not checked" and the date of the data, never "legal"."""
    event = factories.event(world.alice, name="Standard night", format="standard")
    Event.objects.filter(pk=event.pk).update(date="2026-11-22")
    event.refresh_from_db()
    team = factories.team(event, "Team Blue", ["Una", "Uri"])
    una, uri = players(team)
    svc.decklist_submit(player=una, main="4 Consider\n56 Island\n")
    svc.decklist_submit(player=uri, main="4 Play with Fire\n56 Mountain\n")
    report = deck_selectors.team_report(team)
    assert report.status == "unchecked"
    assert report.valid
    assert not report.checked
    assert [p.code for p in report.problems] == ["legality_outdated", "legality_outdated"]
    page = staff_client(world.alice).get(f"/events/{event.pk}/decklists/")
    html = page.content.decode()
    assert "Not checked 1" in html
    assert ">not checked</span>" in html
    assert "Card data of 2022-04-25" in html
    assert "not checked for Standard legality" in html  # the first warning, in the row
    team_page = staff_client(world.alice).get(f"/events/{event.pk}/decklists/{team.pk}/")
    assert "Not checked" in team_page.content.decode()
    assert "Card data of 2022-04-25" in team_page.content.decode()


def test_card_with_unknown_legality_makes_the_team_not_checked(world):
    """MTR 6.4: Nazgûl's Modern legality is not in the card data: the team is not called legal."""
    rita, rob = players(world.red)
    svc.decklist_submit(player=rita, main="9 Nazgûl\n51 Swamp\n")
    svc.decklist_submit(player=rob, main=TEMPO)
    report = deck_selectors.team_report(world.red)
    # 2022 card data for an event of today: one warning for the deck's cards not checked
    assert [(p.code, p.count) for p in report.problems] == [("legality_outdated", 9)]
    assert report.status == "unchecked"
    counts = deck_selectors.status_counts(deck_selectors.board(world.event))
    assert counts["unchecked"] == 1
    assert counts["legal"] == 0

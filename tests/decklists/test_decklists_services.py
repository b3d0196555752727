"""Decklist services: input limits, file uploads, the lock against a concurrent pairing of round
1 (PostgreSQL), and the team check's memo following the catalogue."""

import threading
import time

import pytest
from django.db import connection, transaction

from core.errors import ServiceError
from decklists import catalogue_cache
from decklists import selectors as deck_selectors
from decklists.models import Decklist
from decklists.services import decklists as svc
from support import actors, factories
from support.catalogue import catalogue  # noqa: F401
from tournament.models import Event

BURN = "4 Lightning Bolt\n4 Goblin Guide\n52 Mountain\n"


def players(team):
    return list(team.players.order_by("seat"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 Island\n" * 1_001, "more than 1,000 lines"),
        ("x" * 50_001, "longer than 50,000 characters"),
        ("4 Island\x00", "NUL"),
        ("4 Is\ud800land", "not valid text"),
    ],
    ids=["lines", "characters", "nul", "surrogate"],
)
def test_clean_text_refuses_what_a_decklist_is_not(text, message):
    with pytest.raises(ServiceError) as caught:
        svc.clean_text(text, "main")
    assert message in caught.value.errors["main"][0]


def test_uploaded_text_decodes_windows_files_and_keeps_xml_as_sent():
    assert svc.uploaded_text("4 Lim-D\u00fbl's Vault\r\n".encode("cp1252")) == (
        "4 Lim-D\u00fbl's Vault\r\n"
    )
    assert svc.uploaded_text(b"\xef\xbb\xbf4 Island\n") == "4 Island\n"
    dek = b'<Deck><Cards Quantity="2" Sideboard="true" Name="Duress" /></Deck>'
    assert svc.uploaded_text(dek, "anything.txt") == dek.decode()
    with pytest.raises(ServiceError) as caught:
        svc.uploaded_text(b"<Deck></Deck>", "x.dek")
    assert caught.value.errors["file"] == ["No cards found in the file."]
    with pytest.raises(ServiceError) as caught:
        svc.uploaded_text(b"<html><body>Burn</body></html>", "burn.dek")
    assert "not a decklist Tandem reads" in caught.value.errors["file"][0]
    with pytest.raises(ServiceError, match="larger than"):
        svc.uploaded_text(b"1 Island\n" * 30_000)


@pytest.mark.django_db
@pytest.mark.usefixtures("catalogue")
def test_check_follows_a_new_banlist_without_a_restart(world):
    """Validation is computed on read: a newer banlist bans a card already in a saved list."""
    from decklists.services.catalogue import import_banlists

    rita, rob = players(world.red)
    svc.decklist_submit(player=rita, main=BURN)
    svc.decklist_submit(player=rob, main="4 Counterspell\n56 Island\n")
    assert deck_selectors.team_report(world.red).status == "legal"
    import_banlists(
        data={"as_of": "2026-12-01", "formats": {"modern": {"banned": ["Goblin Guide"]}}},
        source="test",
    )
    report = deck_selectors.team_report(world.red)
    assert [(p.code, p.card, p.players) for p in report.problems] == [
        ("banned", "Goblin Guide", (rita.pk,))
    ]
    assert catalogue_cache.banlists().formats["modern"].banned == frozenset({"goblin guide"})


@pytest.mark.django_db
@pytest.mark.usefixtures("catalogue")
def test_blank_list_counts_as_not_submitted(world):
    rita, _ = players(world.red)
    svc.decklist_submit(player=rita, main="  \n")
    report = deck_selectors.team_report(world.red)
    assert [p.code for p in report.problems] == ["missing_decklist", "missing_decklist"]
    assert report.status == "missing"


@pytest.mark.django_db
@pytest.mark.usefixtures("catalogue")
def test_lands_after_a_blank_line_stay_in_the_main_deck_in_2hg(world):
    """MTR 9.5: in constructed 2HG a blank line is not a sideboard; the 60 cards are one deck."""
    rita, rob = players(world.red)
    svc.decklist_submit(player=rita, main="4 Lightning Bolt\n4 Goblin Guide\n\n52 Mountain\n")
    svc.decklist_submit(player=rob, main="4 Counterspell\n\n56 Island\n")
    report = deck_selectors.team_report(world.red)
    assert report.problems == []
    assert report.status == "legal"
    assert [d.main_count for d in report.decks] == [60, 60]


@pytest.mark.django_db
@pytest.mark.usefixtures("catalogue")
def test_a_list_saying_sideboard_is_still_refused_in_2hg(world):
    """MTR 9.5: no sideboard in constructed 2HG; a "Sideboard" section is reported."""
    rita, rob = players(world.red)
    svc.decklist_submit(player=rita, main=BURN + "\nSideboard\n2 Duress\n")
    svc.decklist_submit(player=rob, main="4 Counterspell\n56 Island\n")
    report = deck_selectors.team_report(world.red)
    assert [(p.code, p.count) for p in report.problems] == [("sideboard_not_allowed", 2)]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_save_waiting_for_the_pairing_of_round_1_is_refused():
    """The save locks the event row: it waits for the pairing's transaction, then sees the lock."""
    event = factories.event(factories.user("olga"))
    team = factories.team(event, "Team Red", ["Rita", "Rob"])
    rita = team.players.get(seat=1)
    paired = threading.Event()
    outcome: dict[str, object] = {}

    def pair_round_1():
        try:
            with transaction.atomic():
                Event.objects.select_for_update().get(pk=event.pk)
                Event.objects.filter(pk=event.pk).update(status="running")
                paired.set()
                time.sleep(0.5)  # the save arrives while round 1 is being paired
        finally:
            connection.close()

    def save():
        paired.wait(5)
        try:
            svc.decklist_submit(player=rita, main=BURN, actor=actors.team(team))
            outcome["result"] = "saved"
        except svc.DecklistsLocked as exc:
            outcome["result"] = exc.code
        finally:
            connection.close()

    threads = [threading.Thread(target=pair_round_1), threading.Thread(target=save)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert outcome == {"result": "decklists_locked"}
    assert not Decklist.objects.filter(player=rita).exists()


@pytest.mark.django_db
@pytest.mark.usefixtures("catalogue")
def test_board_of_30_teams_reads_the_database_a_fixed_number_of_times(
    django_assert_max_num_queries,
):
    event = factories.event(factories.user("olga"), name="Big Friday")
    for number in range(30):
        team = factories.team(event, f"Team {number}", [f"A{number}", f"B{number}"])
        for player in players(team):
            svc.decklist_submit(player=player, main=BURN)  # shared cards: every team illegal
    with django_assert_max_num_queries(6):
        reports = deck_selectors.board(event)
    assert deck_selectors.status_counts(reports) == {
        "missing": 0,
        "illegal": 30,
        "unchecked": 0,
        "legal": 0,
    }
    assert {p.code for r in reports for p in r.problems} == {"udc_over_limit"}

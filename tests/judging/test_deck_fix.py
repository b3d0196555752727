"""The remedy of a problem found at a deck check (IPG 3.4, 3.5; MTR 9.5): the chosen copies
leave the team's lists, the decks are topped up with basic lands, the change is logged as a
judge's, and the penalty lands on the right match, all in one transaction."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import Conflict, ServiceError
from decklists.models import Decklist, DecklistChange
from judging import services
from judging.models import DeckCheck, Penalty
from pairing import services as pairing_services
from support import actors
from support.catalogue import catalogue  # noqa: F401

pytestmark = pytest.mark.django_db

RED_1 = "4 Lightning Bolt\n20 Mountain\n36 Shock\n"  # 60
RED_2 = "2 Lightning Bolt\n18 Forest\n40 Llanowar Elves\n"  # 60: Bolt shared (MTR 9.5)


def _lists(table):
    for seat, text in ((1, RED_1), (2, RED_2)):
        Decklist.objects.create(
            player=table.player(table.red, seat), main_text=text, submitted_at=timezone.now()
        )


def _problem_check(table, world):
    start = timezone.now() - timedelta(minutes=5)
    check = services.deck_check_start(
        round_=table.round, match=table.match, team=table.red, by=world.judy, now=start
    )
    return services.deck_check_end(check=check, outcome="problem", by=world.judy)


def test_fix_removes_the_chosen_copies_tops_up_logs_and_penalizes_the_current_match(table, world):
    _lists(table)
    check = _problem_check(table, world)
    bob = table.player(table.red, 2)
    done = services.deck_fix_apply(
        check=check,
        card="Lightning Bolt",
        remove={bob.pk: 2},
        actor=actors.judge(check.event, world.judy),
    )
    bob_list = Decklist.objects.get(player=bob)
    assert bob_list.main_text == "20 Forest\n40 Llanowar Elves\n"
    assert Decklist.objects.get(player=table.player(table.red, 1)).main_text == RED_1
    assert done.fix.changes[bob.pk].size_after == 60
    change = DecklistChange.objects.get()  # only Bob's list changed, logged as a judge's
    assert change.player_id == bob.pk
    assert change.main_before == RED_2
    assert f"table {table.match.table}, round 1" in change.reason
    assert "2 Forest added" in change.reason
    penalty = done.issued.penalty
    assert (penalty.player_id, penalty.infraction, penalty.deck_check_id) == (
        bob.pk,
        "TE-DLP",
        check.pk,
    )
    assert penalty.match_id == table.match.pk  # the match still being played
    assert penalty.match_points_deducted == 1  # policy match_point: the Game Loss converted


def test_after_the_match_the_penalty_waits_for_the_next_match(ipg_table, world):
    """IPG 1.1 (policy ipg): a Game Loss issued between matches lands on the next match."""
    table = ipg_table
    _lists(table)
    check = _problem_check(table, world)
    pairing_services.match_enter_result(match=table.match, games_a=1, games_b=0, games_drawn=0)
    bob = table.player(table.red, 2)
    done = services.deck_fix_apply(
        check=check,
        card="Lightning Bolt",
        remove={bob.pk: 2},
        actor=actors.judge(check.event, world.judy),
    )
    penalty = Penalty.objects.get(pk=done.issued.penalty.pk)
    assert penalty.penalty == "game_loss"
    assert penalty.pending_next
    assert penalty.result_match_id is None
    assert penalty.deck_check_id == check.pk


def test_deck_problem_found_at_a_check_carries_the_variant(table, world):
    _lists(table)
    check = _problem_check(table, world)
    alice = table.player(table.red, 1)
    done = services.deck_fix_apply(
        check=check,
        card="Lightning Bolt",
        remove={alice.pk: 4},
        basics={alice.pk: "Island"},
        infraction="TE-DP",
        actor=actors.head_judge(check.event, world.judy),
    )
    assert done.issued.penalty.variants == ["deck_check"]
    assert "4 Island" in Decklist.objects.get(player=alice).main_text


def test_nothing_is_saved_when_the_penalty_is_refused(table, world):
    _lists(table)
    check = _problem_check(table, world)
    bob = table.player(table.red, 2)
    with pytest.raises(ServiceError):
        services.deck_fix_apply(
            check=check,
            card="Lightning Bolt",
            remove={bob.pk: 2},
            penalized=table.player(table.blue, 1),
            actor=actors.judge(check.event, world.judy),
        )
    with pytest.raises(ServiceError):
        services.deck_fix_apply(
            check=check, card="Lightning Bolt", remove={bob.pk: 3}, actor=actors.judge(check.event)
        )
    assert not DecklistChange.objects.exists()
    assert not Penalty.objects.exists()
    assert Decklist.objects.get(player=bob).main_text == RED_2


def test_only_a_check_that_found_a_problem(table, world):
    _lists(table)
    check = services.deck_check_start(round_=table.round, match=table.match, team=table.red)
    bob = table.player(table.red, 2)
    with pytest.raises(Conflict):
        services.deck_fix_apply(
            check=check, card="Lightning Bolt", remove={bob.pk: 2}, actor=actors.judge(check.event)
        )
    services.deck_check_end(check=check, outcome="ok")
    with pytest.raises(Conflict):
        services.deck_fix_apply(
            check=check, card="Lightning Bolt", remove={bob.pk: 2}, actor=actors.judge(check.event)
        )
    assert DeckCheck.objects.get().penalties.count() == 0


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.usefixtures("catalogue")
def test_the_page_shows_holders_previews_and_applies_without_javascript(table, world):
    _lists(table)
    check = _problem_check(table, world)
    alice, bob = table.player(table.red, 1), table.player(table.red, 2)
    judy = _client(world.judy)
    url = f"/events/{table.event.pk}/deckchecks/{check.pk}/fix/"
    listing = judy.get(f"/events/{table.event.pk}/deckchecks/?round=1").content.decode()
    assert url in listing  # the check's "Fix the decks" link
    page = judy.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert f"{alice.name}: 4 Lightning Bolt in a deck of 60" in text
    assert f"{bob.name}: 2 Lightning Bolt in a deck of 60" in text
    assert "Apply the fix and issue the penalty" in text
    assert "under Unified Deck Construction" in text  # the team's problem, as the check says
    form = {
        "card": "Lightning Bolt",
        f"remove-{alice.pk}": "0",
        f"remove-{bob.pk}": "2",
        f"basic-{alice.pk}": "Mountain",
        f"basic-{bob.pk}": "Swamp",
        "infraction": "TE-DLP",
    }
    preview = judy.post(url, {**form, "preview": "1"}).content.decode()
    assert "After: 60 cards (2 Lightning Bolt out, 2 Swamp in)" in preview
    assert not DecklistChange.objects.exists()
    stale = judy.post(url, {**form, f"base-{bob.pk}": "2020-01-01T00:00:00+00:00", "apply": "1"})
    assert "since you opened the page" in stale.content.decode()
    assert f'name="base-{bob.pk}"' in preview
    too_many = judy.post(url, {**form, f"remove-{bob.pk}": "3", "apply": "1"})
    assert "cannot be removed" in too_many.content.decode()
    assert not Penalty.objects.exists()
    done = judy.post(url, {**form, "apply": "1"})
    assert done.status_code == 302
    assert "2 Swamp" in Decklist.objects.get(player=bob).main_text
    penalty = Penalty.objects.get()
    assert (penalty.player_id, penalty.deck_check_id) == (bob.pk, check.pk)


def test_the_page_refuses_a_check_without_a_problem_and_outsiders(table, world):
    check = services.deck_check_start(round_=table.round, match=table.match, team=table.red)
    services.deck_check_end(check=check, outcome="ok")
    url = f"/events/{table.event.pk}/deckchecks/{check.pk}/fix/"
    assert _client(world.judy).get(url).status_code == 302
    assert _client(world.charlie).get(url).status_code in (403, 404)
    assert (
        _client(world.judy).get(f"/events/{table.event.pk}/deckchecks/999999/fix/").status_code
        == 404
    )


def test_staff_fix_a_decklist_problem_without_a_check(table, world):
    """From the team's decklist page: a Decklist Problem (IPG 3.4) on the current round; a Deck
    Problem needs a deck check (IPG 3.5)."""
    _lists(table)
    alice = table.player(table.red, 1)
    with pytest.raises(ServiceError):
        services.deck_fix_apply(
            team=table.red,
            card="Lightning Bolt",
            remove={alice.pk: 4},
            infraction="TE-DP",
            actor=actors.judge(table.red.event),
        )
    done = services.deck_fix_apply(
        team=table.red,
        card="Lightning Bolt",
        remove={alice.pk: 4},
        actor=actors.judge(table.red.event, world.judy),
    )
    penalty = done.issued.penalty
    assert penalty.deck_check_id is None
    assert penalty.match_id == table.match.pk  # the current round's match
    assert DecklistChange.objects.get().reason.startswith("Decklist problem: 4 Lightning Bolt")
    assert "24 Mountain" in Decklist.objects.get(player=alice).main_text


def test_staff_page_without_a_check(table, world):
    _lists(table)
    alice, bob = table.player(table.red, 1), table.player(table.red, 2)
    judy = _client(world.judy)
    url = f"/events/{table.event.pk}/decklists/{table.red.pk}/fix/"
    lists_page = judy.get(f"/events/{table.event.pk}/decklists/{table.red.pk}/").content.decode()
    assert url in lists_page  # the locked lists have problems: the fix is offered
    page = judy.get(url + "?card=Lightning+Bolt").content.decode()
    assert f"{alice.name}: 4 Lightning Bolt in a deck of 60" in page
    assert 'value="TE-DP"' not in page  # only at a deck check
    form = {"card": "Lightning Bolt", f"remove-{bob.pk}": "2", "apply": "1"}
    assert judy.post(url, form).status_code == 302
    assert Penalty.objects.get().player_id == bob.pk
    assert (
        _client(world.judy).get(f"/events/{table.event.pk}/decklists/999999/fix/").status_code
        == 404
    )


def test_a_list_changed_since_the_page_was_shown_refuses_the_whole_fix(table, world):
    _lists(table)
    check = _problem_check(table, world)
    bob = table.player(table.red, 2)
    with pytest.raises(Conflict):
        services.deck_fix_apply(
            check=check,
            card="Lightning Bolt",
            remove={bob.pk: 2},
            bases={bob.pk: "2020-01-01T00:00:00+00:00"},
            actor=actors.judge(check.event),
        )
    assert not Penalty.objects.exists()
    assert Decklist.objects.get(player=bob).main_text == RED_2

"""Pool registration and swap, the product per team and their pages (issue 31; MTR 7.2, 7.4,
7.5, 9.6, App. D)."""

import pytest
from django.test import Client

from core.errors import Conflict, ServiceError
from decklists.models import LimitedSetup, OpenedPool, PoolSwap, PoolSwapEntry, TeamPool
from decklists.services import decklists as deck_services
from decklists.services import pool_swap as services
from support import actors, factories

pytestmark = pytest.mark.django_db

POOL = "\n".join(f"{n} Card {i}" for i, n in enumerate([4] * 28))  # 112 cards: 8 x 14


def _sealed(world, rel="competitive"):
    event = world.event
    event.structure, event.format, event.rel = "sealed", "", rel
    event.save(update_fields=["structure", "format", "rel"])
    return event


def _swapping(world):
    event = _sealed(world)
    services.limited_setup_update(
        event=event, data={"pool_procedure": "register_and_swap"}, by=world.alice
    )
    return event


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_register_and_swap_is_refused_at_regular_rel_and_in_a_draft(world):
    event = _sealed(world, rel="regular")
    with pytest.raises(ServiceError):
        services.limited_setup_update(event=event, data={"pool_procedure": "register_and_swap"})
    event.structure, event.rel = "draft", "competitive"
    event.save(update_fields=["structure", "rel"])
    with pytest.raises(ServiceError):
        services.limited_setup_update(event=event, data={"pool_procedure": "register_and_swap"})


def test_two_teams_swap_pools_and_build_from_the_one_received(world):
    event = _swapping(world)
    services.opened_pool_submit(team=world.red, text=POOL, by_team=True)
    services.opened_pool_submit(team=world.blue, text="40 Forest\n72 Island")
    swap = services.pool_swap_draw(event=event, seed=99, by=world.sam)
    assert swap.seed == 99
    entries = {(e.opener_id, e.receiver_id) for e in PoolSwapEntry.objects.all()}
    assert entries == {(world.red.pk, world.blue.pk), (world.blue.pk, world.red.pk)}
    # Each team's TeamPool (what its decks are checked against) is the other's opened pool.
    assert TeamPool.objects.get(team=world.blue).text == POOL
    assert TeamPool.objects.get(team=world.red).text == "40 Forest\n72 Island"
    with pytest.raises(Conflict):
        services.opened_pool_submit(team=world.red, text="1 Plains")
    with pytest.raises(Conflict):
        services.pool_swap_draw(event=event, seed=1)


def test_swap_waits_for_every_teams_opened_pool(world):
    event = _swapping(world)
    services.opened_pool_submit(team=world.red, text=POOL)
    with pytest.raises(Conflict) as refused:
        services.pool_swap_draw(event=event, seed=1)
    assert "Team Blue" in refused.value.message
    assert not PoolSwap.objects.exists()


def test_seeded_swap_of_five_teams_is_reproducible_and_moves_every_pool(world):
    event = _swapping(world)
    teams = [world.red, world.blue] + [factories.team(event, f"Team {c}") for c in "CDE"]
    for team in teams:
        services.opened_pool_submit(team=team, text=f"112 {team.name} Card")
    services.pool_swap_draw(event=event, seed=2026)
    first = {(e.opener_id, e.receiver_id) for e in PoolSwapEntry.objects.all()}
    assert all(a != b for a, b in first)
    assert {b for _, b in first} == {t.pk for t in teams}
    for team in teams:
        received = TeamPool.objects.get(team=team).text
        assert received != f"112 {team.name} Card"
    PoolSwap.objects.all().delete()
    services.pool_swap_draw(event=event, seed=2026)
    assert {(e.opener_id, e.receiver_id) for e in PoolSwapEntry.objects.all()} == first


def test_team_cannot_type_its_build_pool_in_a_swap_event_but_a_judge_can(world):
    event = _swapping(world)
    with pytest.raises(ServiceError):
        deck_services.pool_submit(team=world.red, text="1 Plains", actor=actors.team(world.red))
    deck_services.pool_submit(team=world.red, text="1 Plains", actor=actors.judge(event))
    assert TeamPool.objects.get(team=world.red).text == "1 Plains"
    assert event.pk == world.red.event_id


def test_bad_setup_numbers_are_refused_and_nothing_is_saved(world):
    event = _sealed(world)
    for data in ({"cards_per_booster": "0"}, {"boosters_per_team": "x"}, {"kits_per_team": "9"}):
        with pytest.raises(ServiceError):
            services.limited_setup_update(event=event, data=data)
    assert not LimitedSetup.objects.exists()


def test_registration_page_checks_the_count_and_draws_the_swap(world):
    event = _swapping(world)
    services.opened_pool_submit(team=world.red, text=POOL)
    services.opened_pool_submit(team=world.blue, text="111 Island")
    client = _client(world.sam)
    page = client.get(f"/events/{event.pk}/pools/").content.decode()
    assert "2 of 2 teams have registered" in page
    assert "111 cards registered; 8 boosters of 14 cards hold 112" in page
    answer = client.post(f"/events/{event.pk}/pools/", {"action": "draw", "seed": "7"}, follow=True)
    assert "The swap is drawn with seed 7." in answer.content.decode()
    sheets = client.get(f"/events/{event.pk}/pools/sheets/").content.decode()
    assert "This pool goes to: Team Blue" in sheets
    assert "Swap seed 7" in sheets


def test_scorekeeper_cannot_change_the_organizers_setup(world):
    event = _sealed(world)
    _client(world.sam).post(
        f"/events/{event.pk}/pools/", {"action": "setup", "pool_procedure": "register_and_swap"}
    )
    assert services.setup_of(event).pool_procedure == "build_opened"
    assert _client(world.charlie).get(f"/events/{event.pk}/pools/").status_code in (403, 404)


def test_team_registers_its_opened_pool_from_its_private_link(world):
    _swapping(world)
    key = world.red.access_key
    page = Client().get(f"/t/{key}/").content.decode()
    assert "Register our opened pool" in page
    Client().post(f"/t/{key}/pool/opened/", {"text": POOL})
    assert OpenedPool.objects.get(team=world.red).by_team
    page = Client().get(f"/t/{key}/pool/opened/").content.decode()
    assert "Registered: 112 cards." in page


def test_product_list_counts_boosters_and_kits_for_the_store(world):
    event = _sealed(world)
    services.limited_setup_update(
        event=event, data={"kits_per_team": "2", "product_name": "Secrets of Strixhaven"}
    )
    page = _client(world.sam).get(f"/events/{event.pk}/product/").content.decode()
    assert "Secrets of Strixhaven" in page
    assert '<td class="num product-total">16</td>' in page  # 2 teams x 8 boosters
    assert '<td class="num product-total">4</td>' in page  # 2 teams x 2 kits


def test_api_runs_the_swap_day_for_staff_and_refuses_bad_input(world):
    event = _sealed(world)
    alice, sam = _client(world.alice), _client(world.sam)
    url = f"/api/v1/events/{event.pk}/pools/"
    answer = alice.patch(
        url,
        {"pool_procedure": "register_and_swap", "kits_per_team": 2},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["product"]["boosters_per_team"] == 8
    assert answer.json()["totals"]["kits"] == 4
    assert sam.patch(url, {"kits_per_team": 1}, content_type="application/json").status_code == 403
    for team in (world.red, world.blue):
        put = sam.put(
            f"/api/v1/teams/{team.pk}/opened-pool/", {"text": POOL}, content_type="application/json"
        )
        assert put.status_code == 200, put.content
        assert put.json()["opened_cards"] == 112
        assert put.json()["problem"] is None
    bad = sam.post(f"{url}swap/", {"seed": -1}, content_type="application/json")
    assert bad.status_code == 400
    drawn = sam.post(f"{url}swap/", {"seed": 5}, content_type="application/json").json()
    assert drawn["swap_seed"] == 5
    rows = {r["team"]: r for r in drawn["teams"]}
    assert rows[world.red.pk]["receives_from"] == world.blue.pk
    again = sam.post(f"{url}swap/", {}, content_type="application/json")
    assert again.status_code == 409
    assert _client(world.charlie).get(url).status_code in (403, 404)


def test_api_refuses_a_swap_and_an_opened_pool_where_pools_are_not_swapped_with_409(world):
    """An event that builds from its opened pools (its setup, not the request) refuses both:
    409 no_swap, as the event's state refuses (docs/api.md "Pools and product")."""
    event = _sealed(world)
    sam = _client(world.sam)
    swap = sam.post(f"/api/v1/events/{event.pk}/pools/swap/", {}, content_type="application/json")
    assert (swap.status_code, swap.json()["code"]) == (409, "no_swap")
    put = sam.put(
        f"/api/v1/teams/{world.red.pk}/opened-pool/",
        {"text": POOL},
        content_type="application/json",
    )
    assert (put.status_code, put.json()["code"]) == (409, "no_swap")
    assert not OpenedPool.objects.exists()
    assert not PoolSwap.objects.exists()

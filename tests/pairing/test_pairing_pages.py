"""The rounds pages: pairings, fast result entry, missing results, standings, the team's report."""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from pairing import rendering, services
from pairing.models import Match, PairingChange, Round
from support.rounds import bulk_teams, event_with_teams, games, match_of, play
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def event8():
    event, teams = event_with_teams(8)
    return event, teams


def test_rounds_page_offers_pair_round_1_and_pairing_redirects_to_the_round(event8):
    event, _teams = event8
    client = _client(event.organizer)
    page = _text(client.get(f"/events/{event.pk}/rounds/"))
    assert "Pair round 1" in page
    assert "3 Swiss rounds" in page
    response = client.post(f"/events/{event.pk}/rounds/pair/")
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.pk}/rounds/1/"
    page = _text(client.get(response["Location"]))
    assert "Not published" in page
    assert "Publish round 1" in page
    assert page.count('name="team"') == 8  # a swap box per team


def test_cached_pairings_show_a_team_renamed_after_publication(event8):
    event, teams = event8
    round_ = services.round_pair_next(event=event, seed=3)
    services.round_publish(round_=round_)
    url = f"/events/{event.pk}/rounds/1/"
    assert teams[0].name in _text(_client().get(url))  # rendered and cached

    tournament_teams.team_rename(team=teams[0], name="Renamed Giants")
    page = _text(_client().get(url))
    assert "Renamed Giants" in page
    assert f"<strong>{teams[0].name}</strong>" not in page


def test_pairings_by_table_and_by_name_list_every_team(event8):
    event, teams = event8
    round_ = services.round_pair_next(event=event, seed=3)
    services.round_publish(round_=round_)
    by_table = _text(_client().get(f"/events/{event.pk}/rounds/1/"))
    assert "Tables 1-4" in by_table  # the four tables there are, not 1-10
    for team in teams:
        assert team.name in by_table
    assert 'name="team"' not in by_table  # no staff controls for the public
    by_name = _text(_client().get(f"/events/{event.pk}/rounds/1/?by=name"))
    names = re.findall(r'<td class="team"><strong>(.*?)</strong>', by_name)
    assert names == sorted(t.name for t in teams)


def test_unpublished_pairings_are_404_for_the_public(event8):
    event, _teams = event8
    services.round_pair_next(event=event)
    assert _client().get(f"/events/{event.pk}/rounds/1/").status_code == 404
    assert "Round 1" not in _text(_client().get(f"/events/{event.pk}/rounds/"))


def test_pairing_with_a_result_missing_shows_the_reason(event8):
    event, _teams = event8
    services.round_pair_next(event=event)
    client = _client(event.organizer)
    response = client.post(f"/events/{event.pk}/rounds/pair/", follow=True)
    assert "4 matches without a final result" in _text(response)
    assert Round.objects.filter(event=event).count() == 1


def test_publish_swap_and_unpair_buttons_work(event8):
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    client = _client(event.organizer)
    m1, m2 = round_.matches.order_by("table")[:2]
    response = client.post(
        f"/events/{event.pk}/rounds/1/swap/", {"team": [m1.team_a_id, m2.team_b_id]}, follow=True
    )
    assert "Teams swapped." in _text(response)
    assert Match.objects.get(pk=m1.pk).team_a_id == m2.team_b_id
    assert "swapped" in _text(response)  # the change log on the page
    client.post(f"/events/{event.pk}/rounds/1/publish/")
    assert Round.objects.get(pk=round_.pk).published
    client.post(f"/events/{event.pk}/rounds/1/unpair/")
    assert not Round.objects.filter(pk=round_.pk).exists()


def test_swap_needs_exactly_two_teams(event8):
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    one = round_.matches.first().team_a_id
    response = _client(event.organizer).post(
        f"/events/{event.pk}/rounds/1/swap/", {"team": [one]}, follow=True
    )
    assert "Tick exactly two teams to swap (1 ticked)." in _text(response)
    assert not PairingChange.objects.filter(kind="swap").exists()


def test_fast_entry_takes_table_then_result(event8):
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    client = _client(event.organizer)
    table3 = round_.matches.get(table=3)
    response = client.post(
        f"/events/{event.pk}/rounds/1/results/", {"table": "3", "result": "0-1-1"}, follow=True
    )
    page = _text(response)
    assert f"Table 3: {table3.team_b.name} beat {table3.team_a.name} (0-1-1)" in page
    assert "3 tables without a final result" in page
    table3.refresh_from_db()
    assert (table3.status, table3.result, table3.decided_by) == ("final", "b", event.organizer)
    # both at once in the table box, and a shortcut
    client.post(f"/events/{event.pk}/rounds/1/results/", {"table": "1 a"})
    assert round_.matches.get(table=1).score == "1-0-0"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ({"table": "99", "result": "1-0-0"}, "There is no table 99 in round 1."),
        ({"table": "2", "result": "1-1-0"}, "both teams cannot have won a game"),
        ({"table": "2", "result": "banana"}, "Type the result as 1-0-0"),
        ({"table": "x", "result": "1-0-0"}, "Type the table number."),
    ],
)
def test_fast_entry_explains_a_typo(event8, typed, message):
    event, _teams = event8
    services.round_pair_next(event=event)
    response = _client(event.organizer).post(
        f"/events/{event.pk}/rounds/1/results/", typed, follow=True
    )
    assert message in _text(response)
    assert not Match.objects.filter(round__event=event, status="final").exists()


def test_fast_entry_asks_before_replacing_a_final_result(event8):
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    services.match_enter_result(match=round_.matches.get(table=2), **games(1, 0))
    client = _client(event.organizer)
    url = f"/events/{event.pk}/rounds/1/results/"
    first = _text(client.post(url, {"table": "2", "result": "0-1-0"}))
    assert "already has the final result 1-0-0" in first
    assert round_.matches.get(table=2).score == "1-0-0"
    client.post(url, {"table": "2", "result": "0-1-0", "confirm": "2:0-1-0"})
    assert round_.matches.get(table=2).score == "0-1-0"


def test_missing_results_list_puts_disputes_first(event8):
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    table4 = round_.matches.get(table=4)
    services.match_report_result(match=table4, team=table4.team_a, **games(1, 0))
    services.match_report_result(match=table4, team=table4.team_b, **games(0, 1))
    services.match_enter_result(match=round_.matches.get(table=1), **games(1, 0))
    page = _text(_client(event.organizer).get(f"/events/{event.pk}/rounds/1/missing/"))
    assert "3 missing results" in page
    tables = re.findall(r'<td class="num">(\d+)</td>', page)
    assert tables == ["4", "2", "3"]
    assert "Disputed: decide" in page


def test_match_page_settles_a_dispute(event8):
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = round_.matches.get(table=1)
    services.match_report_result(match=m, team=m.team_a, **games(1, 0))
    services.match_report_result(match=m, team=m.team_b, **games(0, 1))
    client = _client(event.organizer)
    page = _text(client.get(f"/events/{event.pk}/matches/{m.pk}/"))
    assert f"{m.team_a.name}: 1-0-0" in page
    assert f"{m.team_b.name}: 0-1-0" in page
    client.post(f"/events/{event.pk}/matches/{m.pk}/", games(0, 1, 0))
    m.refresh_from_db()
    assert (m.status, m.result) == ("final", "b")


def test_standings_page_lists_ranks_and_links_each_team_to_its_working(event8):
    event, teams = event8
    for k in range(2):
        round_ = services.round_pair_next(event=event, seed=k)
        services.round_publish(round_=round_)
        play(round_)
    page = _text(_client().get(f"/events/{event.pk}/standings/"))
    assert "after round 2" in page
    ranks = re.findall(r'<td class="num">(\d+)</td> <td><a href="/events/\d+/standings/', page)
    assert ranks == [str(n) for n in range(1, 9)]
    working = _text(_client().get(f"/events/{event.pk}/standings/{teams[0].pk}/?after_round=2"))
    assert "How each number was computed" in working
    assert "x 3 +" in working
    assert "average of the opponents&#x27; match-win %" in working


def test_team_page_shows_table_and_reports_with_confirmation(event8):
    event, teams = event8
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = match_of(round_, teams[0])
    side_a = m.team_a_id == teams[0].pk
    other = m.team_b if side_a else m.team_a
    client = _client()
    page = _text(client.get(f"/t/{teams[0].access_key}/"))
    assert f'Table <strong class="table-no">{m.table}</strong>' in page
    assert f"against <strong>{other.name}</strong>" in page
    url = f"/t/{teams[0].access_key}/matches/{m.pk}/report/"
    confirm = _text(client.post(url, {"outcome": "won", "drawn": "1"}))
    assert f"{teams[0].name} beat {other.name}: you won, 1-0-1" in confirm
    assert Match.objects.get(pk=m.pk).status == "pending"  # not sent before confirming
    done = _text(client.post(url, {"outcome": "won", "drawn": "1", "confirm": "1"}, follow=True))
    assert "It is final when the other team reports the same" in done
    m.refresh_from_db()
    assert m.status == "reported"
    # the other team sees the report in words and confirms it
    other_page = _text(client.get(f"/t/{other.access_key}/"))
    assert f"reported: {teams[0].name} beat {other.name}: you lost" in other_page
    other_url = f"/t/{other.access_key}/matches/{m.pk}/report/"
    client.post(other_url, {"outcome": "lost", "drawn": "1", "confirm": "1"})
    m.refresh_from_db()
    assert (m.status, m.score) == ("final", "1-0-1" if side_a else "0-1-1")


def test_team_cannot_report_another_teams_match(event8):
    event, teams = event8
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    theirs = round_.matches.exclude(entries__team=teams[0]).first()
    url = f"/t/{teams[0].access_key}/matches/{theirs.pk}/report/"
    assert _client().post(url, {"outcome": "won", "confirm": "1"}).status_code == 404
    assert Match.objects.get(pk=theirs.pk).status == "pending"


def test_dashboard_next_step_follows_the_round(event8):
    event, _teams = event8
    client = _client(event.organizer)
    assert "Next: Pair round 1" in _text(client.get(f"/events/{event.pk}/"))
    round_ = services.round_pair_next(event=event)
    assert "Next: Publish round 1" in _text(client.get(f"/events/{event.pk}/"))
    services.round_publish(round_=round_)
    assert "4 matches without a final result" in _text(client.get(f"/events/{event.pk}/"))
    play(round_)
    assert "Next: Pair round 2" in _text(client.get(f"/events/{event.pk}/"))


def test_pairings_page_of_2048_teams_is_under_20_queries_and_cached(
    django_assert_max_num_queries, settings
):
    """the quality bar: pairings page of a 2048-team event, under 20 queries, from cache at start."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    event, _teams = event_with_teams(0)
    bulk_teams(event, 2048)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    round_.refresh_from_db()
    rendering.warm(round_)  # what the publish task does at round start
    key = rendering.cache_key(round_, "table", staff=False)
    assert cache.get(key) is not None
    with django_assert_max_num_queries(8):
        response = _client().get(f"/events/{event.pk}/rounds/1/")
    assert response.content.decode().count('<tr id="table-') == 1024
    cache.clear()
    organizer = _client(event.organizer)
    with django_assert_max_num_queries(20):  # cold cache, staff view: the render itself
        cold = organizer.get(f"/events/{event.pk}/rounds/1/?by=name")
    assert cold.content.decode().count('<td class="team">') == 2048


def test_dashboard_sends_staff_to_disputes_and_then_to_the_top_cut():
    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=4)
    client = _client(event.organizer)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = round_.matches.first()
    services.match_report_result(match=m, team=m.team_a, **games(1, 0))
    services.match_report_result(match=m, team=m.team_b, **games(0, 1))
    page = _text(client.get(f"/events/{event.pk}/"))
    assert "2 matches without a final result, 1 disputed: a judge decides." in page
    assert f'href="/events/{event.pk}/rounds/1/missing/"' in page
    play(round_)
    assert "Next: Pair the top 4" in _text(client.get(f"/events/{event.pk}/"))


def test_pairings_page_after_unpair_and_pair_again_shows_the_new_pairings(event8):
    """The cached page of a round must not outlive the round."""
    event, _teams = event8
    first = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=first)
    client = _client()
    client.get(f"/events/{event.pk}/rounds/1/")  # cached now
    services.round_unpair(round_=first)
    second = services.round_pair_next(event=event, seed=2)
    services.round_publish(round_=second)
    page = _text(client.get(f"/events/{event.pk}/rounds/1/"))
    rows = re.findall(r'<tr id="table-(\d+)".*?<strong>(.*?)</strong>', page)
    expected = [(str(m.table), m.team_a.name) for m in second.matches.order_by("table")]
    assert rows == expected


def test_result_confirmation_reads_from_the_reporting_teams_side(event8):
    """The team listed second wins: it reads 1-0-0 for itself, not the table's 0-1-0."""
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = round_.matches.filter(team_b__isnull=False).first()
    url = f"/t/{m.team_b.access_key}/matches/{m.pk}/report/"
    confirm = _text(_client().post(url, {"outcome": "won", "drawn": "0"}))
    assert f"{m.team_b.name} beat {m.team_a.name}: you won, 1-0-0" in confirm
    assert "0-1-0" not in confirm
    _client().post(url, {"outcome": "won", "drawn": "0", "confirm": "1"})
    other = _text(_client().get(f"/t/{m.team_a.access_key}/"))
    assert f"reported: {m.team_b.name} beat {m.team_a.name}: you lost, 0-1-0" in other


def test_staff_result_form_has_no_result_chosen_and_keeps_the_ruling(event8):
    """One tap must not record 0-0-0 (an intentional draw); the ruling note is in the history."""
    event, _teams = event8
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = round_.matches.get(table=1)
    client = _client(event.organizer)
    page = client.get(f"/events/{event.pk}/matches/{m.pk}/").content.decode()
    for name in ("games_a", "games_b", "games_drawn"):
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)[0]
        assert "value=" not in tag
    assert 'maxlength="200"' in page
    empty = client.post(f"/events/{event.pk}/matches/{m.pk}/", {})
    assert empty.status_code == 200
    m.refresh_from_db()
    assert m.status == "pending"
    client.post(
        f"/events/{event.pk}/matches/{m.pk}/",
        {**games(1, 0, 0), "note": "Concession  confirmed by both teams"},
    )
    m.refresh_from_db()
    assert (m.status, m.score) == ("final", "1-0-0")
    page = _text(client.get(f"/events/{event.pk}/matches/{m.pk}/"))
    assert "Ruling: Concession confirmed by both teams" in page
    other = round_.matches.get(table=2)
    assert "Ruling: " not in _text(client.get(f"/events/{event.pk}/matches/{other.pk}/"))


def test_playoff_report_offers_no_match_draw():
    """MTR 2.4: a playoff match cannot end in a draw; a drawn game before the win still counts."""
    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    play(round_)
    cut = services.round_pair_next(event=event)
    services.round_publish(round_=cut)
    m = cut.matches.first()
    page = _text(_client().get(f"/t/{m.team_a.access_key}/"))
    assert 'value="won"' in page
    assert 'value="lost"' in page
    assert 'value="draw"' not in page
    assert 'value="id"' not in page
    assert "cannot end in a draw" in page
    assert 'name="drawn"' in page


def test_a_team_left_out_of_the_top_cut_reads_so_on_its_page():
    """Once the top cut is published, a team not in it reads so on its page (as its `cut` push
    says), not only its last Swiss result; a team in the cut sees its playoff match."""
    event, teams = event_with_teams(6, swiss_rounds=1, top_cut=4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    play(round_)
    cut = services.round_pair_next(event=event)
    in_cut = {t for m in cut.matches.all() for t in (m.team_a_id, m.team_b_id)}
    out = next(t for t in teams if t.pk not in in_cut)
    inside = next(t for t in teams if t.pk in in_cut)
    message = "The top cut is made; your team is not in it. Well played!"
    assert message not in _text(_client().get(f"/t/{out.access_key}/"))  # not published yet
    services.round_publish(round_=cut)
    assert message in _text(_client().get(f"/t/{out.access_key}/"))
    assert message not in _text(_client().get(f"/t/{inside.access_key}/"))

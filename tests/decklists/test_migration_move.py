"""A database made by the migrations of before the decklists app existed keeps every row.

The catalogue, decklist and pool models moved from the tournament app to the decklists app with
their tables (tournament 0003, decklists 0001: state only). This test migrates a fresh database
back to the old migrations, fills it through the historical models (an event, teams, players,
decklists, a pool, a judge's change, cards, a banlist, a round with a final result), migrates
forward to today and reads it all back through the API.
"""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from support.api_clients import client_for

OLD = [
    ("tournament", "0002_catalogue_decklists"),
    ("pairing", "0002_restrict_teams"),
    ("decklists", None),
]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state([t for t in targets if t[1] is not None]).apps


def _latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def _fill(apps):
    """Rows as the old code wrote them, through the models of that time."""
    User = apps.get_model("auth", "User")
    Event = apps.get_model("tournament", "Event")
    Team = apps.get_model("tournament", "Team")
    Player = apps.get_model("tournament", "Player")
    Card = apps.get_model("tournament", "Card")
    BanList = apps.get_model("tournament", "BanList")
    Decklist = apps.get_model("tournament", "Decklist")
    DecklistChange = apps.get_model("tournament", "DecklistChange")
    TeamPool = apps.get_model("tournament", "TeamPool")
    Round = apps.get_model("pairing", "Round")
    Match = apps.get_model("pairing", "Match")
    MatchTeam = apps.get_model("pairing", "MatchTeam")

    # An earlier test module may have committed the shipped catalogue: the old tables start empty.
    Card.objects.all().delete()
    BanList.objects.all().delete()
    now = timezone.now()
    alice = User.objects.create(username="alice")
    event = Event.objects.create(
        name="Old 2HG", structure="constructed", format="modern", rel="competitive",
        public=True, organizer=alice, status="running", date=dt.date(2026, 3, 1),
    )  # fmt: skip
    teams = []
    for name, players in (("Red", ["Rita", "Rob"]), ("Blue", ["Bea", "Ben"])):
        team = Team.objects.create(event=event, name=name, name_key=name.lower(), access_key=name)
        for seat, player in enumerate(players, 1):
            Player.objects.create(
                event=event, team=team, name=player, name_key=player.lower(), seat=seat
            )
        teams.append(team)
    rita = Player.objects.get(name="Rita")
    Decklist.objects.create(
        player=rita, main_text="4 Lightning Bolt\n56 Mountain", submitted_at=now, by_team=True
    )
    TeamPool.objects.create(team=teams[1], text="1 Opt", submitted_at=now)
    DecklistChange.objects.create(
        team=teams[0], player=rita, changed_by=alice, changed_by_name="alice", changed_at=now,
        reason="deck check", main_before="", main_after="4 Lightning Bolt\n56 Mountain",
    )  # fmt: skip
    Card.objects.update_or_create(
        name_key="old migration test card",
        defaults={"name": "Old Migration Test Card", "front_key": "old migration test card",
                  "legalities": {"modern": "legal"}, "digest": "x"},
    )  # fmt: skip
    BanList.objects.update_or_create(format="modern", defaults={"banned": ["Mental Misstep"]})
    round_ = Round.objects.create(event=event, number=1, published=True, seed=7, version=1)
    match = Match.objects.create(
        round=round_, table=1, team_a=teams[0], team_b=teams[1], games_a=1, result="a",
        status="final",
    )  # fmt: skip
    MatchTeam.objects.create(round=round_, match=match, team=teams[0], side="a")
    MatchTeam.objects.create(round=round_, match=match, team=teams[1], side="b")
    return event.pk, rita.pk


@pytest.mark.django_db(transaction=True)
def test_old_database_migrates_forward_with_nothing_lost():
    latest = _latest()
    old_apps = _migrate(OLD)
    event_id, rita_id = _fill(old_apps)

    _migrate(latest)

    from decklists.models import BanList, Card, Decklist, DecklistChange, TeamPool
    from tournament.models import Event

    event = Event.objects.get(pk=event_id)
    assert Decklist.objects.get(player_id=rita_id).main_text.startswith("4 Lightning Bolt")
    assert TeamPool.objects.get().text == "1 Opt"
    assert DecklistChange.objects.get().reason == "deck check"
    card = Card.objects.get(name_key="old migration test card")
    assert card.legalities == {"modern": "legal"}
    assert BanList.objects.get(format="modern").banned == ["Mental Misstep"]

    anyone = client_for(None)
    body = anyone.get(f"/api/v1/events/{event_id}/").json()
    assert body["name"] == "Old 2HG"
    names = sorted(t["name"] for t in anyone.get(f"/api/v1/events/{event_id}/teams/").json())
    assert names == ["Blue", "Red"]
    rounds = anyone.get(f"/api/v1/events/{event_id}/rounds/").json()
    assert [r["number"] for r in rounds] == [1]
    match = anyone.get(f"/api/v1/rounds/{rounds[0]['id']}/").json()["matches"][0]
    detail = anyone.get(f"/api/v1/matches/{match['id']}/").json()
    assert (detail["result"], detail["status"]) == ("a", "final")

    red = event.teams.get(name="Red")
    lists = client_for(red).get(f"/api/v1/teams/{red.pk}/decklists/")
    assert lists.status_code == 200
    decks = lists.json()["decks"]
    assert any(
        line["name"] == "Lightning Bolt" and line["count"] == 4
        for deck in decks
        for line in deck["main"]
    )


@pytest.mark.django_db(transaction=True)
def test_content_types_follow_the_moved_models():
    latest = _latest()
    _migrate(OLD)
    _migrate(latest)
    from django.contrib.contenttypes.models import ContentType

    from decklists.models import Decklist

    assert ContentType.objects.get_for_model(Decklist).app_label == "decklists"
    assert not ContentType.objects.filter(app_label="tournament", model="decklist").exists()

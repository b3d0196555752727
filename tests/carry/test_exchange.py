"""One file carries an event (carry.services.exchange): every model of an event is in it, ids are
remapped, users come by username, a bad file saves nothing, and the event reads the same after."""

import copy
import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import models

from carry.services import exchange
from support import carried_event
from tournament.models import Event, StaffRole
from tracker.models import Game

ROOT = Path(__file__).resolve().parents[2]


def _reaches_event(model, seen=()) -> bool:
    for f in model._meta.concrete_fields:
        if isinstance(f, models.ForeignKey) and f.related_model not in seen:
            if f.related_model is Event or _reaches_event(f.related_model, (*seen, model)):
                return True
    return False


def test_every_model_with_a_foreign_key_path_to_the_event_is_carried_or_excluded_with_a_reason():
    """A new model of an event must be carried (it is, by the graph walk) or excluded on purpose."""
    reachable = {m._meta.label for m in apps.get_models() if m is Event or _reaches_event(m)}
    carried = {m._meta.label for m in exchange.event_models()}
    assert carried | set(exchange.EXCLUDED) == reachable
    assert not carried & set(exchange.EXCLUDED)
    assert all(reason for reason in exchange.EXCLUDED.values())


def test_every_json_field_and_id_column_of_a_carried_model_is_declared():
    """Ids hidden in a JSON value or an integer column would point at the old server's rows."""
    declared = set(exchange.JSON_IDS) | exchange.REBUILT | exchange.NO_IDS
    for model in exchange.event_models():
        for f in model._meta.concrete_fields:
            key = f"{model._meta.label}.{f.name}"
            if isinstance(f, models.JSONField):
                assert key in declared, f"{key}: does it hold ids? declare it in exchange"
            elif isinstance(f, models.BigIntegerField) and not f.is_relation and not f.primary_key:
                assert key in {*exchange.INT_IDS, *exchange.NO_IDS}, f"{key}: an id? declare it"


@pytest.mark.django_db
def test_an_event_exported_and_imported_reads_the_same_with_new_ids():
    event = carried_event.build()
    before = carried_event.summary(event)
    data = json.loads(exchange.event_export_json(event=event))
    assert data["format"] == "tandem-event"
    assert data["version"] == 1
    counts = {name: len(rows) for name, rows in data["models"].items()}
    for name in (
        "tournament.Event", "tournament.StaffRole", "tournament.Team", "tournament.Player",
        "decklists.Decklist", "pairing.Round", "pairing.Match", "pairing.MatchTeam",
        "pairing.ResultReport", "pairing.PairingChange", "judging.RoundClock", "judging.Extension",
        "judging.DeckCheck", "judging.Penalty", "judging.SeatCheck", "judging.EmptySeatRow",
        "tracker.Game", "tracker.GameEvent",
    ):  # fmt: skip
        assert counts[name] > 0, name

    imported = exchange.event_import(data=data)

    assert imported.pk != event.pk
    assert carried_event.summary(imported) == before
    for model in exchange.event_models():
        path = exchange.reachable_models()[model._meta.label]
        lookup = {path or "pk": imported.pk}
        assert model._default_manager.filter(**lookup).count() == counts[model._meta.label], model
    team_ids = set(imported.teams.values_list("pk", flat=True))
    assert not team_ids & set(event.teams.values_list("pk", flat=True))
    for game in Game.objects.filter(match__round__event=imported):
        assert {t["team"] for t in game.setup["teams"]} <= team_ids
        assert game.state["log_total"] == game.match.game_events.count()
        old = Game.objects.get(match__round__event=event, match__table=game.match.table,
                               match__round__number=game.match.round.number)  # fmt: skip
        assert game.core["teams"][0][1:] == old.core["teams"][0][1:]  # life, poison... the same
    assert set(imported.teams.values_list("access_key", flat=True)).isdisjoint(
        event.teams.values_list("access_key", flat=True)
    )  # the same server: new private links (another server keeps them)


@pytest.mark.django_db
def test_staff_missing_on_this_server_are_created_by_username_without_a_password():
    event = carried_event.build(teams=7, played=1)
    data = exchange.event_export(event=event)
    data = json.loads(json.dumps(data, cls=exchange.DjangoJSONEncoder))
    for row in data["models"]["tournament.StaffRole"]:
        row["user"] = f"{row['user']}-elsewhere"
    data["users"] += [{"username": f"{u['username']}-elsewhere"} for u in data["users"]]
    organizer = get_user_model().objects.create_user("olga-carry")
    imported = exchange.event_import(data=data, organizer=organizer)
    assert imported.organizer == organizer
    created = get_user_model().objects.get(username="judy-carry-elsewhere")
    assert not created.has_usable_password()
    assert StaffRole.objects.filter(event=imported, user=created, role="judge").exists()
    # Only the users a row names: the file's organizer is not created when another organizes.
    assert not get_user_model().objects.filter(username="alice-carry-elsewhere").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        (lambda d: d.update(format="other"), "not a Tandem event file"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d["models"].update({"auth.User": []}), "does not carry"),
        (lambda d: d["models"]["pairing.Match"][0].update(team_a=999999), "does not hold"),
        (lambda d: d["models"]["tournament.Team"][0].update(colour="red"), "unknown field"),
        (lambda d: d["models"]["pairing.Round"][0].update(started_at="yesterday"), "Round"),
        (lambda d: d["models"]["judging.Penalty"][0].update(issued_by="nobody"), "nobody"),
        (lambda d: d["models"]["tournament.Player"][1].update(seat=1, team=d["models"]["tournament.Player"][0]["team"]), "does not fit"),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_with_a_clear_error_and_nothing_saved(spoil, words):
    event = carried_event.build(teams=7, played=1)
    data = json.loads(exchange.event_export_json(event=event))
    before = {m: m._default_manager.count() for m in exchange.event_models()}
    users = get_user_model().objects.count()
    bad = copy.deepcopy(data)
    spoil(bad)
    with pytest.raises(exchange.ExchangeError, match=words):
        exchange.event_import(data=bad)
    assert {m: m._default_manager.count() for m in exchange.event_models()} == before
    assert get_user_model().objects.count() == users


@pytest.mark.django_db
def test_the_commands_write_and_read_the_file(tmp_path):
    event = carried_event.build(teams=7, played=1)
    out = StringIO()
    call_command("export_event", event.pk, stdout=out)
    path = tmp_path / "event.json"
    path.write_text(out.getvalue())
    done = StringIO()
    call_command("import_event", str(path), stdout=done)
    assert "Imported" in done.getvalue()
    assert Event.objects.filter(name=event.name).count() == 2
    path.write_text('{"format": "tandem-event", "version": 1, "models": {}}')
    with pytest.raises(CommandError, match="exactly one event.*Nothing was imported"):
        call_command("import_event", str(path))


_EXPORT_ON_SQLITE = """
import json, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from support import carried_event
from carry.services import exchange
event = carried_event.build(teams=11, played=3)
open({path!r}, "w").write(exchange.event_export_json(event=event))
print(json.dumps(carried_event.summary(event)))
"""


@pytest.mark.postgres
@pytest.mark.django_db
def test_an_event_run_on_sqlite_reads_the_same_on_postgresql(tmp_path):
    """The store laptop's event (SQLite, in another process) moved to a PostgreSQL server."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "TEST_DATA"))}
    env |= {"TANDEM_VAR_DIR": str(tmp_path / "laptop"), "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}",
            "DJANGO_SETTINGS_MODULE": "config.settings", "TANDEM_PLAIN_STATIC": "1"}  # fmt: skip
    path = tmp_path / "event.json"
    laptop = subprocess.run(
        [sys.executable, "-c", _EXPORT_ON_SQLITE.format(path=str(path))],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert laptop.returncode == 0, laptop.stderr
    on_laptop = json.loads(laptop.stdout.strip().splitlines()[-1])
    imported = exchange.event_import(data=json.loads(path.read_text()))
    assert carried_event.summary(imported) == on_laptop
    assert on_laptop["penalties"]
    assert len(on_laptop["pairings"]) > 20

"""Judge calls on the pages (issue 28, items 1-4): the team's page and the table's page call a
judge in one tap and show "Judge called m:ss ago", then "NAME is on the way", then the ruling;
the judges' queue (its own page and the floor view's block) takes, escalates and resolves; the
ruling log and its CSV."""

import csv
import io
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from judging import services as judging_services
from judging.models import JudgeCall, Penalty

pytestmark = pytest.mark.django_db


def _staff(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_team_page_calls_and_follows_the_call(table, world):
    red = Client()
    key = table.red.access_key
    page = red.get(f"/t/{key}/").content.decode()
    assert "Call a judge" in page
    answer = red.post(
        f"/t/{key}/judge-call/", {"op": "call", "reason": "dispute", "back": f"/t/{key}/"}
    )
    assert answer.status_code == 302
    assert answer["Location"] == f"/t/{key}/"
    call = JudgeCall.objects.get()
    assert (call.called_by_team, call.reason) == (table.red, "dispute")
    page = red.get(f"/t/{key}/").content.decode()
    assert "Judge called" in page
    assert "data-since" in page
    assert "We no longer need a judge" in page  # our call: we may withdraw it
    blue_page = Client().get(f"/t/{table.blue.access_key}/").content.decode()
    assert "Judge called" in blue_page
    assert "We no longer need a judge" not in blue_page

    judy = _staff(world.judy)
    assert (
        judy.post(
            f"/events/{world.event.pk}/judge-calls/{call.pk}/act/", {"op": "claim"}
        ).status_code
        == 302
    )
    assert "judy is on the way" in red.get(f"/t/{key}/").content.decode()
    answer = judy.post(
        f"/events/{world.event.pk}/judge-calls/{call.pk}/act/",
        {"op": "resolve", "ruling": "The draw stands.", "rule": "MTR 2.4", "extension_minutes": ""},
    )
    assert answer.status_code == 302
    page = red.get(f"/t/{key}/").content.decode()
    assert "The draw stands." in page
    assert "MTR 2.4" in page
    assert "Call a judge" in page


def test_the_table_page_has_the_block_and_its_fragment(table):
    key = table.red.access_key
    page = Client().get(f"/t/{key}/table/").content.decode()
    assert "Call a judge" in page
    assert f"/live/calls/{table.match.pk}/?key={key}" in page
    middle = Client().get(f"/t/{key}/table/?view=middle").content.decode()
    assert f'name="back" value="/t/{key}/table/?view=middle"' in middle  # back to the same view
    Client().post(f"/t/{key}/judge-call/", {"op": "call", "back": f"/t/{key}/table/"})
    part = Client().get(f"/t/{key}/judge-call/").content.decode()
    assert "Judge called" in part
    assert "<html" not in part


def test_the_queue_takes_escalates_and_marks_the_late_call(table, world):
    judging_services.clock_start(round_=table.round, now=timezone.now() - timedelta(minutes=10))
    Client().post(
        f"/t/{table.red.access_key}/judge-call/", {"op": "call", "reason": "rules_question"}
    )
    call = JudgeCall.objects.get()
    JudgeCall.objects.filter(pk=call.pk).update(called_at=timezone.now() - timedelta(minutes=3))
    judy = _staff(world.judy)
    queue = judy.get(f"/events/{world.event.pk}/judge-calls/").content.decode()
    assert "Table 1" in queue
    assert "Rules question" in queue
    assert "call-late" in queue
    assert "nobody has taken it" in queue
    assert "I take it" in queue
    assert "Head judge needed" in queue
    assert "left" in queue  # the table's clock in the floor view's words
    floor = judy.get(f"/events/{world.event.pk}/clock/floor/").content.decode()
    assert f"/events/{world.event.pk}/judge-calls/?part=1" in floor
    judy.post(f"/events/{world.event.pk}/judge-calls/{call.pk}/act/", {"op": "escalate"})
    hank_queue = (
        _staff(world.hank).get(f"/events/{world.event.pk}/judge-calls/?part=1").content.decode()
    )
    assert "Head judge needed: " not in hank_queue
    assert "asked by judy" in hank_queue
    assert "I take it" in hank_queue  # the head judge takes the escalated call
    judy_queue = judy.get(f"/events/{world.event.pk}/judge-calls/?part=1").content.decode()
    assert "I take it" not in judy_queue
    sam = _staff(world.sam).get(f"/events/{world.event.pk}/judge-calls/?part=1").content.decode()
    assert "Table 1" in sam
    assert "I take it" not in sam


def test_the_call_page_resolves_with_the_proposal_and_issues_a_penalty(table, world):
    judging_services.clock_start(round_=table.round, now=timezone.now() - timedelta(minutes=20))
    Client().post(f"/t/{table.red.access_key}/judge-call/", {"op": "call"})
    call = JudgeCall.objects.get()
    JudgeCall.objects.filter(pk=call.pk).update(
        called_at=timezone.now() - timedelta(minutes=2, seconds=30)
    )
    judy = _staff(world.judy)
    url = f"/events/{world.event.pk}/judge-calls/{call.pk}/"
    page = judy.get(url).content.decode()
    assert (
        'name="extension_minutes" type="number" min="0" max="60" inputmode="numeric" value="3"'
        in page
    )
    for name in ("Rita", "Rob", "Bea", "Ben"):  # the table's four players to pick from
        assert name in page
    bea = table.player(table.blue)
    assert judy.post(url, {"player": bea.pk, "infraction": "GPE-GRV"}).status_code == 302
    assert Penalty.objects.filter(player=bea, infraction="GPE-GRV").exists()
    judy.post(
        f"{url}act/", {"op": "resolve", "ruling": "Rewind the attack.", "extension_minutes": ""}
    )
    row = JudgeCall.objects.get()
    assert row.extension.minutes == 3
    assert row.ruling == "Rewind the attack."
    page = judy.get(url).content.decode()
    assert "Extension: 3 minutes." in page
    assert "Bea" in page

    log = judy.get(f"/events/{world.event.pk}/judge-calls/log/").content.decode()
    assert "Rewind the attack." in log
    assert "Ruling log" in log
    answer = judy.get(f"/events/{world.event.pk}/judge-calls.csv")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert len(rows) == 1
    assert (rows[0]["table"], rows[0]["extension_minutes"], rows[0]["claimed_by"]) == (
        "1",
        "3",
        "judy",
    )
    assert rows[0]["penalties"]  # the penalty issued from the ruling


def test_a_ruling_starting_like_a_formula_is_quoted_in_the_csv(table, world):
    Client().post(f"/t/{table.red.access_key}/judge-call/", {"op": "call"})
    call = JudgeCall.objects.get()
    judy = _staff(world.judy)
    judy.post(
        f"/events/{world.event.pk}/judge-calls/{call.pk}/act/",
        {"op": "resolve", "ruling": "=HYPERLINK(1)", "extension_minutes": "0"},
    )
    text = judy.get(f"/events/{world.event.pk}/judge-calls.csv").content.decode()
    assert "'=HYPERLINK(1)" in text


def test_in_spanish(table, world):
    """Every string of the block and the queue in Spanish (Accept-Language: es)."""
    key = table.red.access_key
    red = Client(HTTP_ACCEPT_LANGUAGE="es")
    assert "Llamar a un juez" in red.get(f"/t/{key}/").content.decode()
    red.post(f"/t/{key}/judge-call/", {"op": "call", "reason": "medical"})
    assert "Juez llamado hace" in red.get(f"/t/{key}/").content.decode()
    judy = Client(HTTP_ACCEPT_LANGUAGE="es")
    judy.force_login(world.judy)
    queue = judy.get(f"/events/{world.event.pk}/judge-calls/").content.decode()
    assert "Asunto médico" in queue
    assert "Me encargo yo" in queue

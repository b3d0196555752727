"""The judging pages: the judge's phone form (proposal with reasons, FtMGS ticked, confirm), the
head judge's list with filters and rescind, the CSV report, the quick reference."""

import csv
import io

import pytest
from django.test import Client

from judging.models import Penalty
from support import actors

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_judge_proposes_then_issues_a_grv_with_ftmgs_unticked_for_one(table, world):
    judy = _client(world.judy)
    url = f"/events/{table.event.pk}/penalties/new/?match={table.match.pk}"
    page = judy.get(url).content.decode()
    assert "Rita" in page
    assert "Game Rule Violation" in page
    rita = table.player(table.red)
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "GPE-GRV", "notes": "Drew 2"}
    proposal = judy.post(f"/events/{table.event.pk}/penalties/new/", form).content.decode()
    assert "Proposed: Warning" in proposal
    assert "IPG 2.5" in proposal
    assert proposal.count('name="ftmgs_to"') == 3
    assert proposal.count("checked>") >= 3
    others = sorted(table.others(table.red))
    response = judy.post(
        f"/events/{table.event.pk}/penalties/new/", {**form, "issue": "1", "ftmgs_to": others[:2]}
    )
    assert response.status_code == 302
    main = Penalty.objects.get(infraction="GPE-GRV")
    assert (main.player_id, main.notes, main.issued_by) == (rita.pk, "Drew 2", world.judy)
    assert sorted(main.children.values_list("player_id", flat=True)) == others[:2]


def test_infraction_search_narrows_the_choices(table, world):
    url = f"/events/{table.event.pk}/penalties/new/?match={table.match.pk}&q=slow"
    page = _client(world.judy).get(url).content
    assert b"Slow Play" in page
    assert b"Cheating" not in page


def test_judge_asking_for_a_match_loss_is_told_to_call_the_head_judge(table, world):
    rita = table.player(table.red)
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "TE-OA", "issue": "1"}
    page = _client(world.judy).post(f"/events/{table.event.pk}/penalties/new/", form, follow=True)
    assert "head judge" in page.content.decode()
    assert not Penalty.objects.exists()


def test_the_head_judges_override_needs_a_reason_on_the_page(table, world):
    rita = table.player(table.red)
    url = f"/events/{table.event.pk}/penalties/new/"
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "GPE-LEC", "issue": "1"}
    hank = _client(world.hank)
    refused = hank.post(url, {**form, "penalty": "none"}, follow=True).content.decode()
    assert "Say why the proposed Warning is changed." in refused
    assert "<details open>" in refused  # the override shown again, the choice kept
    assert '<option value="none" selected>' in refused
    assert not Penalty.objects.exists()
    done = hank.post(url, {**form, "penalty": "none", "override_reason": "Opponent revealed it"})
    assert done.status_code == 302
    row = Penalty.objects.get()
    assert (row.penalty, row.override_reason) == ("none", "Opponent revealed it")


def test_list_filters_and_rescind(table, world):

    actors.issue_penalty(
        event=table.event,
        actor=actors.judge(table.event),
        player=table.player(table.red),
        infraction_code="TE-SP",
    )
    row = actors.issue_penalty(
        event=table.event,
        actor=actors.judge(table.event),
        player=table.player(table.blue),
        infraction_code="GPE-LEC",
    ).penalty
    hank = _client(world.hank)
    base = f"/events/{table.event.pk}/penalties/"
    page = hank.get(f"{base}?team={table.blue.pk}").content.decode()
    assert "· GPE-LEC" in page
    assert "· TE-SP" not in page
    hank.post(f"{base}{row.pk}/rescind/", {"reason": "Wrong table"})
    row.refresh_from_db()
    assert row.rescind_reason == "Wrong table"
    page = hank.get(f"{base}?rescinded=true").content.decode()
    assert "Wrong table" in page
    assert "· TE-SP" not in page


def test_csv_report_has_the_columns_and_wizards_accounts(table, world):

    rita = table.player(table.red)
    rita.wizards_id = "123456"
    rita.save(update_fields=["wizards_id"])
    actors.issue_penalty(
        event=table.event,
        actor=actors.judge(table.event, world.judy),
        player=rita,
        infraction_code="TE-SP",
        notes="=cmd",
    )
    response = _client(world.judy).get(f"/events/{table.event.pk}/penalties.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "round", "table", "player", "wizards_account", "team", "infraction", "penalty", "judge",
        "time", "description",
    ]  # fmt: skip
    assert rows[1][:8] == ["1", "1", "Rita", "123456", "Team Red", "TE-SP", "Warning", "judy"]
    assert rows[1][9] == "'=cmd"  # no spreadsheet formula


def test_quick_reference_names_the_2hg_rules(table, world):
    page = _client(world.judy).get(f"/events/{table.event.pk}/judging/reference/").content
    assert b"each opponent" in page.lower()
    assert b"concession" in page.lower()


def test_quick_reference_cites_the_right_rules_and_the_policy(table, world):
    """Issue 23: shared turns CR 810.2/805, combat CR 810.7/805.10, concession CR 810.8b, life
    CR 810.9; and which Game Losses the event's policy converts."""
    page = _client(world.judy).get(f"/events/{table.event.pk}/judging/reference/")
    text = page.content.decode()
    for cited in ("(CR 810.2, 805)", "(CR 810.7, 805.10; MTR 4.2)", "(CR 810.8b; MTR 9.1)"):
        assert cited in text
    assert "(CR 810.9, 810.10)" in text
    assert "CR 810.5)" not in text
    assert "CR 810.8a; MTR 9.1" not in text
    assert "a deck error found at a deck check" in text
    spanish = _client(world.judy).get(
        f"/events/{table.event.pk}/judging/reference/", HTTP_ACCEPT_LANGUAGE="es"
    )
    assert "(CR 810.8b; MTR 9.1)" in spanish.content.decode()
    assert "encontrado en una revisión de mazos" in spanish.content.decode()


def test_the_dq_report_names_the_teammate_and_both_opponents_with_wizards_accounts(table, world):
    """docs/rules.md "Penalties": the report keeps the Wizards Accounts of the player, the
    teammate and both opponents."""
    from tournament.models import Player

    for k, p in enumerate(Player.objects.filter(team__in=[table.red, table.blue]), start=1):
        p.wizards_id = f"40000{k}"
        p.save(update_fields=["wizards_id"])
    rita = table.player(table.red)
    row = actors.issue_penalty(
        event=table.event,
        actor=actors.head_judge(table.event),
        player=rita,
        infraction_code="USC-C",
    ).penalty
    hank = _client(world.hank)
    listing = hank.get(f"/events/{table.event.pk}/penalties/").content.decode()
    assert f"/penalties/{row.pk}/report/" in listing
    page = hank.get(f"/events/{table.event.pk}/penalties/{row.pk}/report/").content.decode()
    for p in Player.objects.filter(team__in=[table.red, table.blue]):
        assert p.wizards_id in page
    assert page.count("<td>Opponent</td>") == 2
    assert page.count("<td>Teammate</td>") == 1
    assert (
        _client(world.sam).get(f"/events/{table.event.pk}/penalties/{row.pk}/report/").status_code
        == 403
    )

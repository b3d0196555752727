"""The judges' pages in the reader's language (issue 11): the IPG infraction names and penalty
labels of the catalogue (IPG 2-4, official Spanish names), the floor's table lines, deck-check
outcomes and extension reasons. English stays the default, word for word."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from judging import services
from judging.models import Penalty
from support import actors

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)


def _client(user, language: str | None = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language) if language else Client()
    client.force_login(user)
    return client


def test_the_floor_lines_in_spanish_and_in_english(table, world):
    t0 = timezone.now() - 30 * MIN
    services.clock_start(round_=table.round, now=t0)
    services.extension_give(match=table.match, minutes=6, reason="deck_check", now=t0 + MIN)
    url = f"/events/{table.event.pk}/clock/floor/"
    spanish = _client(world.judy, "es").get(url).content.decode()
    assert "mesa 1: +6 min de extensión, quedan 3" in spanish
    assert "extension" not in spanish
    part = _client(world.judy, "es").get(url + "?round=1&part=1").content.decode()
    assert "mesa 1: +6 min de extensión, quedan 3" in part
    english = _client(world.judy).get(url).content.decode()
    assert "table 1: +6 min extension, 3" in english
    assert " left</a>" in english


def test_the_penalty_form_and_list_name_the_infraction_and_penalty_in_spanish(table, world):
    """IPG 2.5 Game Rule Violation: a Warning, Failure to Maintain Game State to the others."""
    judy = _client(world.judy, "es")
    new = f"/events/{table.event.pk}/penalties/new/"
    page = judy.get(f"{new}?match={table.match.pk}").content.decode()
    assert "Violación de las reglas del juego" in page
    assert "Hacer trampa" in page
    assert "Game Rule Violation" not in page
    rita = table.player(table.red)
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "GPE-GRV"}
    proposal = judy.post(new, form).content.decode()
    assert "Propuesta: Advertencia" in proposal
    assert "Poner Advertencia" in proposal
    assert "Violación de las reglas del juego (IPG 2.5): Advertencia." in proposal
    assert "compañero incluido" in proposal
    assert "Game Rule Violation (IPG 2.5)" not in proposal
    assert judy.post(new, {**form, "issue": "1"}).status_code == 302
    assert Penalty.objects.get(infraction="GPE-GRV").penalty == "warning"
    listing = judy.get(f"/events/{table.event.pk}/penalties/").content.decode()
    assert "<strong>Advertencia</strong> · GPE-GRV" in listing
    assert "<strong>Warning</strong>" not in listing
    english = _client(world.judy).get(f"/events/{table.event.pk}/penalties/").content.decode()
    assert "<strong>Warning</strong> · GPE-GRV" in english
    team_page = Client(HTTP_ACCEPT_LANGUAGE="es").get(f"/t/{table.red.access_key}/")
    assert "Advertencia</strong> · Violación de las reglas del juego" in team_page.content.decode()


def test_a_match_loss_proposal_in_spanish(table, world):
    """IPG 3.2 Outside Assistance: a Match Loss, the head judge's to issue (IPG 1.2)."""
    rita = table.player(table.red)
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "TE-OA"}
    page = _client(world.hank, "es").post(f"/events/{table.event.pk}/penalties/new/", form)
    text = page.content.decode()
    assert "Propuesta: Pérdida del enfrentamiento" in text
    assert "Ayuda externa" in text
    assert "Pérdida de partida o más: la pone el juez principal" in text


def test_a_variants_reason_in_spanish_and_in_english(table, world):
    """IPG 3.8 Marked Cards with a pattern: a Game Loss, one match point off under match_point."""
    rita = table.player(table.red)
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "TE-MC"}
    form["variants"] = "pattern"
    url = f"/events/{table.event.pk}/penalties/new/"
    spanish = _client(world.hank, "es").post(url, form).content.decode()
    assert (
        "Las marcas forman un patrón que podría dar ventaja: Pérdida de partida (IPG 3.8)."
        in spanish
    )
    english = _client(world.hank).post(url, form).content.decode()
    assert (
        "The markings form a pattern that could give an advantage: Game Loss (IPG 3.8)." in english
    )


def test_the_infraction_search_finds_the_spanish_names_without_accents(table, world):
    url = f"/events/{table.event.pk}/penalties/new/?match={table.match.pk}&q="
    page = _client(world.judy, "es").get(url + "violacion reglas").content.decode()
    assert "Violación de las reglas del juego" in page
    assert "Retraso" not in page
    assert "Retraso" in _client(world.judy, "es").get(url + "retraso").content.decode()
    english = _client(world.judy).get(url + "slow").content.decode()
    assert "Slow Play" in english
    assert "Cheating" not in english


def test_the_quick_reference_lists_the_catalogue_in_spanish(table, world):
    page = _client(world.judy, "es").get(f"/events/{table.event.pk}/judging/reference/")
    text = page.content.decode()
    assert "Conducta antideportiva — Mayor" in text
    assert "Descalificación" in text
    assert "Unsporting Conduct" not in text


def test_extension_reasons_and_deck_check_outcomes_in_spanish(table, world):
    services.clock_start(round_=table.round, now=timezone.now() - 5 * MIN)
    judy = _client(world.judy, "es")
    clock = judy.get(f"/events/{table.event.pk}/matches/{table.match.pk}/clock/")
    assert "Una revisión de mazos" in clock.content.decode()
    assert "Otro motivo" in clock.content.decode()
    url = f"/events/{table.event.pk}/deckchecks/"
    form = {"round": 1, "action": "start", "match": table.match.pk, "team": table.blue.pk}
    assert judy.post(url, form).status_code == 302
    assert "Nada encontrado" in judy.get(url).content.decode()
    assert "Nothing found" in _client(world.judy).get(url).content.decode()


def test_rescinding_a_match_point_penalty_says_what_was_undone_in_spanish(table, world):
    """JG09: a Decklist Problem's Game Loss found at a deck check is one match point off;
    rescinded, it comes back."""
    row = actors.issue_penalty(
        event=table.event,
        actor=actors.judge(table.event),
        player=table.player(table.red),
        infraction_code="TE-DLP",
        variants=["deck_check"],
    ).penalty
    assert row.penalty == "match_point"
    hank = _client(world.hank, "es")
    base = f"/events/{table.event.pk}/penalties/"
    done = hank.post(f"{base}{row.pk}/rescind/", {"reason": "Mesa equivocada"}, follow=True)
    assert "1 punto(s) de match devuelto(s)." in done.content.decode()

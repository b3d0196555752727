"""The team deck check's problems in Spanish: the English words keep their template and
parameters (core.text.Text), so a page or an API answer says them in the reader's language; the
English text is unchanged (MTR 8.4: no two decks of a team share a card)."""

from django.utils import translation

from core.i18n import localize
from decklists.domain.udc import EventRules, validate_team
from support import decks
from support.udc import ALICE, BOB, CAROL, deck, swap


def _shared(card_index, banlists, *players):
    merfolk = swap(decks.MERFOLK, "16 Island", "14 Island\n2 Lightning Bolt")
    texts = {ALICE: decks.BOROS_BURN, BOB: merfolk, CAROL: "2 Lightning Bolt\n58 Mountain"}
    rules = EventRules(structure="constructed", format="modern", banlists=banlists)
    (problem,) = validate_team([deck(p, texts[p]) for p in players], card_index, rules)
    return problem


def test_a_card_in_two_decks_in_spanish(card_index, banlists):
    problem = _shared(card_index, banlists, ALICE, BOB)
    assert problem.message.startswith("Lightning Bolt is in both Alice's and Bob's decks (4 + 2);")
    with translation.override("es"):
        assert localize(problem.message) == (
            "Lightning Bolt está en los mazos de Alice y de Bob (4 + 2); con la construcción de "
            "mazos unificada dos mazos de un equipo no pueden compartir ninguna carta salvo las "
            "básicas (MTR 8.4, 9.5)."
        )


def test_a_card_in_three_decks_lists_the_players_in_spanish(card_index, banlists):
    problem = _shared(card_index, banlists, ALICE, BOB, CAROL)
    assert problem.message.startswith(
        "Lightning Bolt is in Alice's, Bob's and Carol's decks (4 + 2 + 2);"
    )
    with translation.override("es"):
        assert localize(problem.message).startswith(
            "Lightning Bolt está en los mazos de Alice, de Bob y de Carol (4 + 2 + 2);"
        )


def test_an_unknown_card_suggests_in_spanish(card_index, banlists):
    rules = EventRules(structure="constructed", format="modern", banlists=banlists)
    burn = swap(decks.BOROS_BURN, "4 Lightning Bolt", "4 Lightnig Bolt")
    problems = validate_team([deck(ALICE, burn), deck(BOB, decks.MERFOLK)], card_index, rules)
    (unknown,) = [p for p in problems if p.code == "unknown_card"]
    with translation.override("es"):
        text = localize(unknown.message)
    assert text.startswith("Lista de mazo de Alice, línea ")
    assert ": no se conoce ninguna carta llamada «Lightnig Bolt». ¿Querías decir " in text

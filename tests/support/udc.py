"""Helpers of the team deck check tests (tests/decklists/domain/test_udc*.py): players Alice,
Bob and Carol, a deck from text, and the problems as (code, card) pairs."""

from decklists.domain.decklists import parse_decklist
from decklists.domain.udc import DeckInput

ALICE, BOB, CAROL = 1, 2, 3
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}


def deck(player: int, text: str, *, sideboard: str = "") -> DeckInput:
    parsed = parse_decklist(text)
    side = parse_decklist(sideboard, default_section="sideboard") if sideboard else None
    return DeckInput(
        player=player,
        player_name=NAMES[player],
        main=parsed.main,
        sideboard=side.sideboard if side else parsed.sideboard,
        parse_errors=parsed.errors,
    )


def swap(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def codes(problems) -> list[tuple[str, str | None]]:
    return [(problem.code, problem.card) for problem in problems]


def errors(problems):
    return [problem for problem in problems if problem.severity == "error"]

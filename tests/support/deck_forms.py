"""Decklists written out in every form Tandem reads, as each program writes them (our own
writers, for the property tests and the benchmark): a deck is its main deck, sideboard and
commanders as (count, name) pairs; each writer adds its form's own marks (set codes, headers,
metadata, comments, line endings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from xml.sax.saxutils import quoteattr

Cards = Sequence[tuple[int, str]]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "decklists"

# Printings of the cards the tests use, for the forms that write a set (and number).
PRINTINGS = {
    "Goblin Guide": ("ZEN", "126"),
    "Lightning Bolt": ("M10", "146"),
    "Monastery Swiftspear": ("KTK", "118"),
    "Mountain": ("ZNR", "381"),
    "Island": ("ZNR", "268"),
    "Counterspell": ("MH2", "267"),
    "Fire // Ice": ("MH2", "290"),
    "Lim-D\u00fbl's Vault": ("ALL", "186"),
    "Path to Exile": ("CON", "15"),
}


def _printing(name: str) -> tuple[str, str]:
    return PRINTINGS.get(name, ("M21", "123"))


def plain(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    """A paper list with headers (any program that writes "Sideboard")."""
    text = "Commander\n" + "".join(f"{c} {n}\n" for c, n in commander) if commander else ""
    text += ("Deck\n" if commander else "") + "".join(f"{c} {n}\n" for c, n in main)
    return text + ("Sideboard\n" + "".join(f"{c} {n}\n" for c, n in side) if side else "")


def mtgo_text(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    """MTGO's .txt: main deck, a blank line, the sideboard (the commander, for Commander);
    Windows line endings."""
    text = "".join(f"{c} {n}\r\n" for c, n in main)
    after = [*side, *commander]
    return text + ("\r\n" + "".join(f"{c} {n}\r\n" for c, n in after) if after else "")


def arena(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    def lines(cards: Cards) -> str:
        return "".join(f"{c} {n} ({_printing(n)[0]}) {_printing(n)[1]}\n" for c, n in cards)

    text = "About\nName Test deck\n\n"
    text += f"Commander\n{lines(commander)}\n" if commander else ""
    text += f"Deck\n{lines(main)}"
    return text + (f"\nSideboard\n{lines(side)}" if side else "")


def moxfield(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    def lines(cards: Cards) -> str:
        return "".join(
            f"{c} {n} ({_printing(n)[0]}) {_printing(n)[1]}{' *F*' if i % 3 == 0 else ''}\n"
            for i, (c, n) in enumerate(cards)
        )

    text = f"COMMANDER:\n{lines(commander)}\n" if commander else ""
    text += f"MAINBOARD:\n{lines(main)}"
    return text + (f"\nSIDEBOARD:\n{lines(side)}" if side else "")


def archidekt(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    def lines(cards: Cards, category: str) -> str:
        return "".join(
            f"{c}x {n} ({_printing(n)[0].lower()}) {_printing(n)[1]} [{category}]\n"
            for c, n in cards
        )

    return lines(commander, "Commander{top}") + lines(main, "Spells") + lines(side, "Sideboard")


def goldfish(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    total = sum(c for c, _ in main)
    text = f"Commander (1)\n{plain(commander)}" if commander else ""
    text += f"Spells ({total})\n{plain(main)}{total} Cards\n"
    return text + (f"\nSideboard ({sum(c for c, _ in side)})\n{plain(side)}" if side else "")


def xmage(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    def line(c: int, n: str) -> str:
        return f"{c} [{_printing(n)[0]}:{_printing(n)[1]}] {n}\r\n"

    text = "NAME:Test deck\r\n" + "".join(line(c, n) for c, n in main)
    text += "".join("SB: " + line(c, n) for c, n in [*side, *commander])
    return text + "LAYOUT MAIN:(1,1)(NONE,false,50)|([M10:146])\r\n"


def forge(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    def lines(cards: Cards) -> str:
        return "".join(f"{c} {n}|{_printing(n)[0]}|1\n" for c, n in cards)

    text = "[metadata]\nName=Test deck\n"
    text += f"[Commander]\n{lines(commander)}" if commander else ""
    return text + f"[Main]\n{lines(main)}" + (f"[Sideboard]\n{lines(side)}" if side else "")


def mtgo_dek(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    def cards(cards: Cards, sideboard: bool) -> str:
        flag = "true" if sideboard else "false"
        return "".join(
            f'  <Cards CatID="{i}" Quantity="{c}" Sideboard="{flag}" Name={quoteattr(n)} />\n'
            for i, (c, n) in enumerate(cards)
        )

    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n  <NetDeckID>0</NetDeckID>\n'
        + cards(main, False)
        + cards([*side, *commander], True)
        + "</Deck>\n"
    )


def cockatrice(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    def zone(name: str, cards: Cards) -> str:
        rows = "".join(
            f"    <card number={quoteattr(str(c))} name={quoteattr(n)}/>\n" for c, n in cards
        )
        return f'  <zone name="{name}">\n{rows}  </zone>\n'

    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        "  <deckname>Test deck</deckname>\n"
        + zone("main", main)
        + (zone("side", [*side, *commander]) if side or commander else "")
        + "</cockatrice_deck>\n"
    )


def mwdeck(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    text = "// NAME : Test deck\r\n// CREATOR : Alice\r\n"
    text += "".join(f"        {c} [{_printing(n)[0]}] {n}\r\n" for c, n in main)
    return text + "".join(f"SB:  {c} [{_printing(n)[0]}] {n}\r\n" for c, n in [*side, *commander])


def apprentice(main: Cards, side: Cards = (), commander: Cards = ()) -> str:
    text = "// Deck file for Apprentice\r\n"
    text += "".join(f"        {c} {n}\r\n" for c, n in main)
    return text + "".join(f"SB:     {c} {n}\r\n" for c, n in [*side, *commander])


WRITERS: dict[str, Callable[..., str]] = {
    "plain": plain,
    "mtgo_text": mtgo_text,
    "arena": arena,
    "moxfield": moxfield,
    "archidekt": archidekt,
    "mtggoldfish": goldfish,
    "xmage": xmage,
    "forge": forge,
    "mtgo_dek": mtgo_dek,
    "cockatrice": cockatrice,
    "mwdeck": mwdeck,
    "apprentice": apprentice,
}
COMMANDER_SECTIONS = frozenset({"plain", "arena", "moxfield", "archidekt", "mtggoldfish", "forge"})
"""The forms with a commander section of their own; the others put it in the sideboard."""

# The Boros Burn of tests/fixtures/decklists/, as each fixture file holds it.
BURN_MAIN = [
    (4, "Goblin Guide"), (4, "Monastery Swiftspear"), (4, "Eidolon of the Great Revel"),
    (4, "Lightning Bolt"), (4, "Rift Bolt"), (4, "Lava Spike"), (4, "Skewer the Critics"),
    (4, "Boros Charm"), (4, "Lightning Helix"), (4, "Searing Blaze"), (4, "Inspiring Vantage"),
    (4, "Sacred Foundry"), (2, "Arid Mesa"), (2, "Bloodstained Mire"), (8, "Mountain"),
]  # fmt: skip
BURN_SIDEBOARD = [
    (3, "Path to Exile"), (2, "Rest in Peace"), (2, "Deflecting Palm"), (3, "Kor Firewalker"),
    (2, "Wear // Tear"), (3, "Smash to Smithereens"),
]  # fmt: skip
FIXTURE_FORMS = {
    "mtgo.txt": "text",
    "mtgo.dek": "mtgo_dek",
    "arena.txt": "arena",
    "moxfield.txt": "arena",
    "archidekt.txt": "text",
    "mtggoldfish.txt": "text",
    "xmage.dck": "xmage",
    "forge.dck": "forge",
    "cockatrice.cod": "cockatrice",
    "magic_workstation.mwDeck": "mwdeck",
    "apprentice.dec": "text",
}
"""Each example file of tests/fixtures/decklists/ and the form it is read as."""


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_bytes().decode("utf-8-sig")

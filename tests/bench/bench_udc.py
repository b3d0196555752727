"""Benchmark: load the card catalogue, validate 2HG team decklists, suggest spellings.

Run from the repository root: ``.venv/bin/python tests/bench/bench_udc.py [--repeat N]``.
Budget (the quality bar): a team's two decklists against the full catalogue in under 10 ms; a
list of 999 misspelt names (what a team key could send to burn CPU) checked in under 100 ms.
The card data is the catalogue shipped in decklists/catalogue/ (30,679 cards, the banlists).
"""

import argparse
import gzip
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests"))

from decklists.domain.card_files import read_cards  # noqa: E402
from decklists.domain.cards import CardIndex, parse_banlists  # noqa: E402
from decklists.domain.decklists import parse_decklist  # noqa: E402
from decklists.domain.udc import DeckInput, EventRules, validate_team  # noqa: E402
from support import decks as sample_decks  # noqa: E402

CATALOGUE = REPO_ROOT / "decklists" / "catalogue" / "cards.jsonl.gz"
BANLISTS = REPO_ROOT / "decklists" / "catalogue" / "banlists.json.gz"

# Boros Burn as an Arena export: set codes and collector numbers on two lines.
MODERN_BURN = sample_decks.BOROS_BURN.replace(
    "4 Goblin Guide\n", "4 Goblin Guide (ZEN) 126\n"
).replace("4 Lightning Bolt\n", "4 Lightning Bolt (M11) 146\n")
MODERN_MERFOLK = sample_decks.MERFOLK
# Illegal: a shared Lightning Bolt, a 2026 ban (Lotus Field), the 2HG ban (Erayo), a typo, 5 copies.
MODERN_MERFOLK_ILLEGAL = (
    MODERN_MERFOLK.replace("16 Island", "9 Island\n2 Lightning Bolt\n1 Lotus Field")
    .replace("4 Cursecatcher", "4 Cursecatcher\n1 Erayo, Soratami Ascendant\n1 Cursecatcher")
    .replace("4 Aether Vial", "4 Aether Vial\n3 Spreading Seaz")
)
LEGACY_DELVER = """\
4 Delver of Secrets
4 Dragon's Rage Channeler
4 Brainstorm
4 Ponder
4 Force of Will
4 Daze
4 Lightning Bolt
4 Fire // Ice
4 Wasteland
4 Volcanic Island
4 Scalding Tarn
4 Murktide Regent
4 Stifle
4 Price of Progress
4 Island
"""
LEGACY_DEATH_AND_TAXES = """\
4 Thalia, Guardian of Thraben
4 Stoneforge Mystic
4 Flickerwisp
4 Mother of Runes
4 Swords to Plowshares
4 Aether Vial
4 Rishadan Port
4 Karakas
1 Batterskull
1 Umezawa's Jitte
4 Phyrexian Revoker
4 Palace Jailer
18 Plains
"""
# Illegal: Brainstorm and Force of Will shared, banned Mental Misstep, Relentless Rats shared.
LEGACY_DELVER_RATS = LEGACY_DELVER.replace("4 Island", "4 Relentless Rats")
LEGACY_DNT_ILLEGAL = LEGACY_DEATH_AND_TAXES.replace(
    "18 Plains", "8 Plains\n2 Brainstorm\n2 Force of Will\n2 Mental Misstep\n4 Relentless Rats"
)


def team(first: str, second: str) -> list[DeckInput]:
    decks = []
    for player, (name, text) in enumerate((("Alice", first), ("Bob", second)), start=1):
        parsed = parse_decklist(text)
        decks.append(DeckInput(player, name, parsed.main, parsed.sideboard, parsed.errors))
    return decks


def load_index() -> CardIndex:
    start = time.perf_counter()
    cards = []
    with CATALOGUE.open("rb") as fileobj:
        cards.extend(read_cards(fileobj))
    read = time.perf_counter()
    index = CardIndex(cards)
    built = time.perf_counter()
    index.prepare_suggestions()
    suggest_ready = time.perf_counter()
    print(f"read {len(cards):,} cards from 2 jsonl.gz files: {(read - start) * 1000:8.1f} ms")
    print(f"build CardIndex:                          {(built - read) * 1000:8.1f} ms")
    print(f"build typo index (prepare_suggestions):   {(suggest_ready - built) * 1000:8.1f} ms")
    return index


def misspelt(index: CardIndex, n: int, seed: int = 1) -> list[str]:
    """Real card names with a letter changed and one added: each close to many cards, the costly
    kind to suggest for."""
    rng = random.Random(seed)
    real = sorted(card.name for card in index if len(card.name) > 8)
    names: list[str] = []
    while len(names) < n:
        name = list(rng.choice(real))
        name[rng.randrange(len(name))] = rng.choice("abcdefghijklmnopqrstuvwxyz")
        typo = "".join(name) + rng.choice("abcdefghijklmnopqrstuvwxyz")
        if typo not in index:
            names.append(typo)
    return names


def timings(func, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def report(label: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"{label:<46} mean {statistics.fmean(samples):7.3f} ms  median {statistics.median(samples):7.3f} ms"
        f"  p99 {p99:7.3f} ms  max {ordered[-1]:7.3f} ms  (n={len(samples)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="100 repetitions")
    args = parser.parse_args()
    if args.quick:
        args.repeat = 100
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    index = load_index()
    banlists = parse_banlists(json.loads(gzip.decompress(BANLISTS.read_bytes())))
    modern = EventRules("constructed", "modern", banlists=banlists)
    legacy = EventRules("constructed", "legacy", banlists=banlists)
    legacy_old = EventRules("constructed", "legacy", udc_rule="combined_four", banlists=banlists)
    cases = [
        ("modern legal (Burn + Merfolk)", team(MODERN_BURN, MODERN_MERFOLK), modern),
        (
            "modern illegal (shared, banned, typo)",
            team(MODERN_BURN, MODERN_MERFOLK_ILLEGAL),
            modern,
        ),
        ("legacy legal (Delver + D&T)", team(LEGACY_DELVER, LEGACY_DEATH_AND_TAXES), legacy),
        (
            "legacy illegal (shared, banned, Rats x2)",
            team(LEGACY_DELVER_RATS, LEGACY_DNT_ILLEGAL),
            legacy,
        ),
        (
            "legacy illegal, combined_four rule",
            team(LEGACY_DELVER_RATS, LEGACY_DNT_ILLEGAL),
            legacy_old,
        ),
    ]
    print(f"\nvalidate_team, {args.repeat} runs each:")
    for label, decks, rules in cases:
        problems = validate_team(decks, index, rules)
        errors = [p for p in problems if p.severity == "error"]
        expect_legal = "legal (" in label and "illegal" not in label
        assert (not errors) == expect_legal, (label, problems)
        report(
            f"{label} [{len(problems)} problems]",
            timings(lambda d=decks, r=rules: validate_team(d, index, r), args.repeat),
        )
    print("\nparse_decklist of a 60-card list:")
    report("parse Burn (15 lines)", timings(lambda: parse_decklist(MODERN_BURN), args.repeat))
    huge = "1 Island\n" * 100_000
    report("refuse a 100,000-line list", timings(lambda: parse_decklist(huge), 50))
    print("\na list of 999 misspelt names (suggestions for the first ones only), budget 100 ms:")
    garbled = "\n".join(f"1 {name}" for name in misspelt(index, 999))
    rubbish = team(garbled, MODERN_MERFOLK)
    report(
        "parse + validate_team, 999 unknown names",
        timings(lambda: validate_team(team(garbled, MODERN_MERFOLK), index, modern), 20),
    )
    unknown = [p for p in validate_team(rubbish, index, modern) if p.code == "unknown_card"]
    assert len(unknown) == 999, len(unknown)
    print("\nsuggest() for unknown names:")
    for typo in (
        "Lightening Bolt",
        "Tarmagoyf",
        "Jace the Mind Sculpter",
        "Swrods to Plowshares",
        "xqzzyv",
    ):
        samples = timings(lambda t=typo: index.suggest(t), 200)
        report(f"suggest({typo!r}) -> {index.suggest(typo)[:1]}", samples)


if __name__ == "__main__":
    main()

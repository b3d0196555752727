"""Fixtures: the real card catalogue and banlists, loaded once per test session.

Both ship with Tandem (decklists/catalogue/: 30,679 cards, the banned and restricted lists), so
these tests need nothing outside the repository. The small Scryfall and MTGJSON sample files of
the readers' tests are in tests/fixtures/cards/.
"""

import gzip
import json
from pathlib import Path

import pytest

from decklists.catalogue import SHIPPED_DIR
from decklists.domain.card_files import read_cards
from decklists.domain.cards import Banlist, CardIndex, parse_banlists

CATALOGUE = SHIPPED_DIR / "cards.jsonl.gz"
BANLISTS = SHIPPED_DIR / "banlists.json.gz"
SAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "cards"


@pytest.fixture(scope="session")
def card_index() -> CardIndex:
    """The shipped catalogue: the 2022 snapshot plus the 2025 Commander supplement."""
    with CATALOGUE.open("rb") as fileobj:
        return CardIndex(list(read_cards(fileobj)))


@pytest.fixture(scope="session")
def banlists() -> dict[str, Banlist]:
    with gzip.open(BANLISTS, "rt", encoding="utf-8") as fileobj:
        return parse_banlists(json.load(fileobj))


@pytest.fixture(scope="session")
def samples_dir() -> Path:
    return SAMPLES

"""Fixtures: the real card catalogue and banlists, loaded once per test session.

The data directory is ``$TANDEM_DATA_DIR``, by default ``<repo>/../shared/data``.
"""

import json
import os
from pathlib import Path

import pytest

from decklists.domain.card_files import read_cards
from decklists.domain.cards import Banlist, CardIndex, parse_banlists

REPO_ROOT = Path(__file__).resolve().parents[3]
DATA_DIR = Path(os.environ.get("TANDEM_DATA_DIR", REPO_ROOT.parent / "shared" / "data"))
CATALOGUE = DATA_DIR / "cards.jsonl.gz"
SUPPLEMENT = DATA_DIR / "cards_supplement_commander_2025-09-25.jsonl.gz"
BANLISTS = DATA_DIR / "banlists.json"
SAMPLES = DATA_DIR / "samples"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    if not CATALOGUE.exists():
        pytest.skip(f"card data not found in {DATA_DIR} (set TANDEM_DATA_DIR)")
    return DATA_DIR


@pytest.fixture(scope="session")
def card_index(data_dir: Path) -> CardIndex:
    """The 2022 catalogue, then the 2025 Commander supplement (23,706 + 6,973 cards)."""
    cards = []
    for path in (CATALOGUE, SUPPLEMENT):
        with path.open("rb") as fileobj:
            cards.extend(read_cards(fileobj))
    return CardIndex(cards)


@pytest.fixture(scope="session")
def banlists(data_dir: Path) -> dict[str, Banlist]:
    return parse_banlists(json.loads(BANLISTS.read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def samples_dir(data_dir: Path) -> Path:
    return SAMPLES

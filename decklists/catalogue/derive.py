"""Rebuild the shipped catalogue (this folder) from the source card files in DATA_DIR.

    python -m decklists.catalogue.derive [DATA_DIR]

Reads ``cards.jsonl.gz`` (MTGJSON, 2022-04-25), ``cards_supplement_commander_2025-09-25.jsonl.gz``
(Scryfall, Commander-legal newer cards) and ``banlists.json`` (2026-09-22), and writes:

- ``cards.jsonl.gz``: one card per line, sorted by name, in the JSON Lines shape
  decklists.domain.card_files reads (``name``, ``faces``, ``type_line``, ``is_basic``,
  ``deck_limit``, ``legalities``); the fields Tandem does not use (layout, the limit's sentence)
  are dropped; gzip with a fixed timestamp, so the same input gives the same bytes.
- ``banlists.json.gz``: banlists.json as it is (its notes and sources travel with it).
- ``flavor-names.json``: ``flavor-names.json`` as it is: ``[other name, Oracle name]`` pairs
  (MTR 3.6), Scryfall's flavor names as of 2026-10-10.
- ``manifest.json``: dates, counts and checksums, read by ``load_catalogue`` and the UI.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import sys
from pathlib import Path
from typing import Any

from decklists.domain.card_files import read_cards

HERE = Path(__file__).resolve().parent
CARDS = "cards.jsonl.gz"
SUPPLEMENT = "cards_supplement_commander_2025-09-25.jsonl.gz"
BANLISTS = "banlists.json"
FLAVOR_NAMES = "flavor-names.json"


def _gzip(data: bytes) -> bytes:
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9, mtime=0) as gz:
        gz.write(data)
    return out.getvalue()


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def derive(data_dir: Path, out_dir: Path = HERE) -> dict:
    cards: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for file in (CARDS, SUPPLEMENT):
        with (data_dir / file).open("rb") as fileobj:
            read = list(read_cards(fileobj))
        counts[file] = len(read)
        for card in read:
            cards.setdefault(card.name, card)
    lines = []
    for name in sorted(cards, key=str.casefold):
        card = cards[name]
        row = {
            "name": card.name,
            "faces": list(card.faces),
            "type_line": card.type_line,
            "is_basic": card.is_basic,
            "legalities": dict(sorted(card.legalities.items())),
        }
        if card.deck_limit is not None:
            row["deck_limit"] = card.deck_limit
        lines.append(json.dumps(row, ensure_ascii=False, separators=(",", ":")))
    cards_bytes = _gzip(("\n".join(lines) + "\n").encode("utf-8"))
    banlists_raw = (data_dir / BANLISTS).read_bytes()
    banlists = json.loads(banlists_raw)
    banlists_bytes = _gzip(banlists_raw)
    (out_dir / "cards.jsonl.gz").write_bytes(cards_bytes)
    (out_dir / "banlists.json.gz").write_bytes(banlists_bytes)
    flavor_bytes = (data_dir / FLAVOR_NAMES).read_bytes()
    (out_dir / FLAVOR_NAMES).write_bytes(flavor_bytes)
    pairs = json.loads(flavor_bytes)
    manifest = {
        "cards": {
            "file": "cards.jsonl.gz",
            "count": len(lines),
            "sha256": _sha256(cards_bytes),
            "data_date": "2022-04-25",
            "note": (
                f"MTGJSON v5 snapshot of 2022-04-25 ({counts[CARDS]:,} cards, legalities of that "
                f"date) and {counts[SUPPLEMENT]:,} newer cards from Scryfall of 2025-09-25 "
                "(Commander legality only)."
            ),
            "sources": [
                {"file": CARDS, "cards": counts[CARDS], "date": "2022-04-25"},
                {"file": SUPPLEMENT, "cards": counts[SUPPLEMENT], "date": "2025-09-25"},
            ],
        },
        "banlists": {
            "file": "banlists.json.gz",
            "sha256": _sha256(banlists_bytes),
            "as_of": banlists["as_of"],
            "formats": sorted(banlists["formats"]),
            "note": (
                f"Paper banned and restricted lists as of {banlists['as_of']} (MTR 2026-02-27 "
                "and later announcements), with the 2HG-only ban of MTR 9.5."
            ),
        },
        "aliases": {
            "file": FLAVOR_NAMES,
            "count": len(pairs),
            "sha256": _sha256(flavor_bytes),
            "data_date": "2026-10-10",
            "note": (
                f"Other printed names of {len({oracle for _, oracle in pairs}):,} cards (flavor "
                "names of Universes Beyond and Secret Lair printings, MTR 3.6) from Scryfall's "
                "flavor_name data as of 2026-10-10."
            ),
        },
    }
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared" / "data"
    result = derive(source)
    sys.stdout.write(json.dumps(result, indent=2) + "\n")

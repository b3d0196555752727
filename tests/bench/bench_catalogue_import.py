"""Benchmark: import the full card catalogue into a fresh SQLite database; validate teams.

Run from the repository root (``--quick`` uses a smaller Scryfall-shaped file, fewer repeats):

    .venv/bin/python tests/bench/bench_catalogue_import.py [--quick]

It measures, each in a fresh child process with a fresh SQLite database (so the peak memory is
the import's own, Django included):

1. ``load_catalogue``: the shipped catalogue (30,679 cards, JSON Lines, gzip) and banlists;
2. ``import_cards`` of a Scryfall "Oracle Cards"-shaped file made from the shipped catalogue,
   every card padded with the fields the real bulk file carries (ids, URIs, image links,
   prices, oracle text, set data), about 4.5 KB a card: about 140 MB, like the real file. A
   first import (every card new) and a second one (every card unchanged), to show the import
   streams (memory does not grow with the file) and is idempotent;
3. the team check after the catalogue is loaded: building the process's card index from the
   database, then ``team_report`` (parse, Unified Deck Construction, holders; database reads
   included, the memo disabled) of a team with two 60-card Modern lists: legal (4-ofs), illegal
   (a shared card, bans, a typo needing "did you mean"), and 60 different cards in each list.

Budgets (the quality bar, issue 3): a team's two lists in under 10 ms; import memory under 500 MB.
Figures are printed, never enforced.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "tests"))

from support import decks  # noqa: E402

SHIPPED = REPO_ROOT / "decklists" / "catalogue" / "cards.jsonl.gz"

LEGAL_A = """4 Lightning Bolt (M11) 146
4 Monastery Swiftspear
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Goblin Guide
4 Eidolon of the Great Revel
4 Light Up the Stage
4 Searing Blaze
4 Skullcrack
20 Mountain
"""
LEGAL_B = "Deck\n" + decks.TEMPO
# A shared Lightning Bolt (MTR 8.4), a 2026 ban (Lotus Field), the 2HG ban (Erayo), a typo.
ILLEGAL_B = LEGAL_B.replace(
    "4 Opt\n", "1 Lightning Bolt\n1 Lotus Field\n1 Erayo, Soratami Ascendant\n1 Consdier\n"
)


def _setup_django(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("TANDEM_PLAIN_STATIC", "1")
    sys.path.insert(0, str(REPO_ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kilobytes


# --- the child processes ------------------------------------------------------------------------


def child(mode: str, db_path: Path, file: Path | None, repeat: int) -> dict:
    _setup_django(db_path)
    baseline = _maxrss_mb()
    from decklists.services import catalogue as svc

    result: dict = {"mode": mode, "baseline_rss_mb": round(baseline, 1)}
    if mode == "shipped":
        started = time.perf_counter()
        loaded = svc.load_shipped()
        result["seconds"] = time.perf_counter() - started
        result["cards"] = loaded.cards.record.cards_read
    elif mode == "file":
        svc.load_shipped()  # banlists; the cards are replaced by the file's below
        from decklists.models import Card, CatalogueImport

        Card.objects.all().delete()
        CatalogueImport.objects.filter(kind="cards").delete()
        for run in ("first", "second"):
            with file.open("rb") as fileobj:
                started = time.perf_counter()
                done = svc.import_cards(fileobj=fileobj, source=file.name)
                seconds = time.perf_counter() - started
            result[run] = {
                "seconds": seconds,
                "read": done.record.cards_read,
                "added": done.record.created,
                "updated": done.record.updated,
                "unchanged": done.unchanged,
                "rss_mb_after": round(_maxrss_mb(), 1),
            }
    elif mode == "validate":
        svc.load_shipped()
        result.update(_validate(repeat))
    result["peak_rss_mb"] = round(_maxrss_mb(), 1)
    return result


def _validate(repeat: int) -> dict:
    from decklists import catalogue_cache
    from decklists import selectors as deck_selectors
    from decklists.domain.decklists import parse_decklist
    from decklists.domain.udc import DeckInput, validate_team
    from decklists.services import decklists as svc
    from support import factories

    catalogue_cache.clear()
    started = time.perf_counter()
    index = catalogue_cache.card_index()
    build = time.perf_counter() - started
    started = time.perf_counter()
    index.prepare_suggestions()
    suggestions = time.perf_counter() - started
    event = factories.event(factories.user("bench"), name="Bench", format="modern")
    team = factories.team(event, "Team Bench", ["Ann", "Ben"])
    ann, ben = list(team.players.order_by("seat"))
    figures = {"index_build_s": build, "suggestions_build_s": suggestions}
    singles = [
        card.name
        for card in index
        if card.legalities.get("modern") == "legal" and not card.is_basic and "//" not in card.name
    ][:120]
    highlander = (
        "".join(f"1 {name}\n" for name in singles[:60]),
        "".join(f"1 {name}\n" for name in singles[60:]),
    )
    cases = (
        ("legal", LEGAL_A, LEGAL_B),
        ("illegal", LEGAL_A, ILLEGAL_B),
        ("singleton", *highlander),
    )
    for label, first, second in cases:
        svc.decklist_submit(player=ann, main=first)
        svc.decklist_submit(player=ben, main=second)
        times = []
        for _ in range(repeat):
            deck_selectors._memo._items.clear()  # measure the check itself, not the memo
            started = time.perf_counter()
            report = deck_selectors.team_report(team)
            times.append(time.perf_counter() - started)
        rules = deck_selectors.event_rules(event)
        decks = [
            DeckInput(player=1, player_name="Ann", main=parse_decklist(first).main),
            DeckInput(player=2, player_name="Ben", main=parse_decklist(second).main),
        ]
        pure = []
        for _ in range(repeat):
            started = time.perf_counter()
            validate_team(decks, index, rules)
            pure.append(time.perf_counter() - started)
        figures[label] = {
            "problems": [p.code for p in report.problems],
            "team_report_ms": _stats(times),
            "validate_team_ms": _stats(pure),
        }
    return figures


def _stats(seconds: list[float]) -> dict:
    ms = sorted(s * 1000 for s in seconds)
    return {
        "median": round(statistics.median(ms), 3),
        "p95": round(ms[int(len(ms) * 0.95) - 1], 3),
        "max": round(ms[-1], 3),
    }


# --- the Scryfall-shaped file -------------------------------------------------------------------

_PAD_TEXT = (
    "When this creature enters the battlefield, look at the top four cards of your library. "
    "You may reveal a creature card from among them and put it into your hand. Put the rest on "
    "the bottom of your library in a random order. "
)


def make_scryfall_file(path: Path, *, copies: int = 1, pad: int = 1) -> int:
    """A JSON array of Scryfall card objects, written as it is made (never held in memory)."""
    written = 0
    with gzip.open(SHIPPED, "rt", encoding="utf-8") as lines, path.open("w") as out:
        out.write("[\n")
        first = True
        for number, line in enumerate(lines):
            card = json.loads(line)
            for copy in range(copies):
                obj = _scryfall_object(card, number, copy, pad)
                out.write(("" if first else ",\n") + json.dumps(obj, ensure_ascii=False))
                first = False
                written += 1
        out.write("\n]\n")
    return written


def _scryfall_object(card: dict, number: int, copy: int, pad: int) -> dict:
    ident = f"{number:08x}-{copy:04x}-4000-8000-{number * 7919 % 16**12:012x}"
    name = card["name"] if copy == 0 else f"{card['name']} (variant {copy})"
    faces = card["faces"]
    obj = {
        "object": "card",
        "id": ident,
        "oracle_id": ident[::-1],
        "multiverse_ids": [number, number + 1],
        "mtgo_id": number,
        "arena_id": number,
        "tcgplayer_id": number,
        "cardmarket_id": number,
        "name": name,
        "lang": "en",
        "released_at": "2022-04-29",
        "uri": f"https://api.scryfall.com/cards/{ident}",
        "scryfall_uri": f"https://scryfall.com/card/snc/{number}/{ident}?utm_source=api",
        "layout": "normal" if len(faces) == 1 else "split",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {
            size: f"https://cards.scryfall.io/{size}/front/{ident[0]}/{ident[1]}/{ident}.jpg?1650000000"
            for size in ("small", "normal", "large", "png", "art_crop", "border_crop")
        },
        "mana_cost": "{2}{U}",
        "cmc": 3.0,
        "type_line": card["type_line"],
        "oracle_text": (_PAD_TEXT * pad)
        + (
            f"A deck can have up to {card['deck_limit']} cards named {card['name']}."
            if card.get("deck_limit") and card["deck_limit"] < 100
            else ""
        ),
        "colors": ["U"],
        "color_identity": ["U"],
        "keywords": ["Flying", "Ward"],
        "legalities": card["legalities"],
        "games": ["paper", "arena", "mtgo"],
        "reserved": False,
        "foil": True,
        "nonfoil": True,
        "finishes": ["nonfoil", "foil"],
        "oversized": False,
        "promo": False,
        "reprint": True,
        "variation": False,
        "set_id": "0" * 32,
        "set": "snc",
        "set_name": "Streets of New Capenna",
        "set_type": "expansion",
        "set_uri": "https://api.scryfall.com/sets/" + "0" * 32,
        "set_search_uri": "https://api.scryfall.com/cards/search?order=set&q=e%3Asnc&unique=prints",
        "scryfall_set_uri": "https://scryfall.com/sets/snc?utm_source=api",
        "rulings_uri": f"https://api.scryfall.com/cards/{ident}/rulings",
        "prints_search_uri": f"https://api.scryfall.com/cards/search?order=released&q=oracleid%3A{ident}",
        "collector_number": str(number),
        "digital": False,
        "rarity": "rare",
        "flavor_text": "The streets remember every name.",
        "card_back_id": "0aeebaf5-8c7d-4636-9e82-8c27447861f7",
        "artist": "Some Artist",
        "artist_ids": [ident],
        "illustration_id": ident,
        "border_color": "black",
        "frame": "2015",
        "full_art": False,
        "textless": False,
        "booster": True,
        "story_spotlight": False,
        "edhrec_rank": number,
        "prices": {"usd": "0.25", "usd_foil": "0.50", "eur": "0.20", "tix": "0.03"},
        "related_uris": {
            "gatherer": f"https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={number}",
            "edhrec": f"https://edhrec.com/route/?cc={name}",
        },
        "purchase_uris": {
            "tcgplayer": f"https://www.tcgplayer.com/product/{number}",
            "cardmarket": f"https://www.cardmarket.com/en/Magic/Products/Search?searchString={name}",
        },
    }
    if card.get("deck_limit", 0) >= 100:
        obj["oracle_text"] += f"A deck can have any number of cards named {card['name']}."
    if card.get("is_basic"):
        obj["type_line"] = card["type_line"]
    if len(faces) > 1:
        obj["card_faces"] = [
            {
                "object": "card_face",
                "name": face,
                "type_line": part,
                "oracle_text": _PAD_TEXT,
                "mana_cost": "{1}{R}",
            }
            for face, part in zip(faces, _split_types(card["type_line"], len(faces)), strict=True)
        ]
    return obj


def _split_types(type_line: str, count: int) -> list[str]:
    parts = type_line.split(" // ")
    return (parts + [parts[-1]] * count)[:count]


# --- the parent ---------------------------------------------------------------------------------


def _run_child(mode: str, file: Path | None, repeat: int, workdir: Path) -> dict:
    db = workdir / f"{mode}.sqlite3"
    db.unlink(missing_ok=True)
    args = [sys.executable, __file__, "--child", mode, "--db", str(db), "--repeat", str(repeat)]
    if file is not None:
        args += ["--file", str(file)]
    env = {**os.environ, "TANDEM_VAR_DIR": str(workdir / "var")}
    done = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"child {mode} failed")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=0)
    parser.add_argument("--child")
    parser.add_argument("--db")
    parser.add_argument("--file")
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(REPO_ROOT / "tests"))
        figures = child(
            args.child, Path(args.db), Path(args.file) if args.file else None, args.repeat
        )
        sys.stdout.write(json.dumps(figures) + "\n")
        return
    repeat = args.repeat or (50 if args.quick else 300)
    cpu = platform.processor() or platform.machine()
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs ({cpu}), SQLite, {platform.system()}"
    )
    with tempfile.TemporaryDirectory(prefix="tandem-bench-") as tmp:
        workdir = Path(tmp)
        (workdir / "var").mkdir()

        shipped = _run_child("shipped", None, repeat, workdir)
        print(
            f"\n1. load_catalogue (shipped, {shipped['cards']:,} cards, fresh SQLite): "
            f"{shipped['seconds']:.2f} s, peak RSS {shipped['peak_rss_mb']:.0f} MB "
            f"(Django alone {shipped['baseline_rss_mb']:.0f} MB)"
        )

        pad = 0 if args.quick else 4
        big = workdir / "oracle-cards-bench.json"
        started = time.perf_counter()
        count = make_scryfall_file(big, pad=pad)
        size_mb = big.stat().st_size / 2**20
        print(
            f"\n2. Scryfall-shaped file: {count:,} cards, {size_mb:,.0f} MB "
            f"(made in {time.perf_counter() - started:.1f} s)"
        )
        imported = _run_child("file", big, repeat, workdir)
        for run in ("first", "second"):
            row = imported[run]
            print(
                f"   import_cards, {run} run: {row['seconds']:.2f} s "
                f"({row['read'] / row['seconds']:,.0f} cards/s): {row['added']:,} added, "
                f"{row['updated']:,} updated, {row['unchanged']:,} unchanged; "
                f"peak RSS so far {row['rss_mb_after']:.0f} MB"
            )
        print(
            f"   peak RSS {imported['peak_rss_mb']:.0f} MB for a {size_mb:,.0f} MB file "
            f"(Django alone {imported['baseline_rss_mb']:.0f} MB; budget 500 MB)"
        )

        checked = _run_child("validate", None, repeat, workdir)
        print(
            f"\n3. After the catalogue is loaded: card index built from the database in "
            f"{checked['index_build_s']:.2f} s, typo index in {checked['suggestions_build_s']:.2f} s"
        )
        for label in ("legal", "illegal", "singleton"):
            row = checked[label]
            report, pure = row["team_report_ms"], row["validate_team_ms"]
            what = ", ".join(sorted(set(row["problems"]))) or "no problem"
            print(
                f"   {label} team ({what}):\n"
                f"     team_report (DB reads, parse, check): median {report['median']:.2f} ms, "
                f"p95 {report['p95']:.2f} ms, max {report['max']:.2f} ms\n"
                f"     validate_team alone:                 median {pure['median']:.2f} ms, "
                f"p95 {pure['p95']:.2f} ms  (budget 10 ms)"
            )


if __name__ == "__main__":
    main()

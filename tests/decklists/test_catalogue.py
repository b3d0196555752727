"""The card catalogue: import_cards (Scryfall "Oracle Cards", MTGJSON AtomicCards, JSON Lines),
import_banlists, load_catalogue and the shipped data, against the real sample files.

The import tests start from an empty catalogue (the shipped one, committed to the test database
once per module by the `catalogue` fixture, is deleted inside the test's transaction and comes
back when it is rolled back); the tests of the shipped data read that committed copy, so the
30,000 cards are written once.
"""

import gzip
import hashlib
import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from decklists import catalogue_cache
from decklists.catalogue import SHIPPED_DIR
from decklists.domain.cards import UNLIMITED
from decklists.models import BanList, Card, CatalogueImport
from decklists.services import catalogue as svc
from support.catalogue import catalogue  # noqa: F401

SAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"
SCRYFALL = SAMPLES / "scryfall-oracle-cards.sample.json"
MTGJSON = SAMPLES / "mtgjson-atomiccards.sample.json"

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def empty_catalogue(db):
    Card.objects.all().delete()
    BanList.objects.all().delete()
    CatalogueImport.objects.all().delete()


def run(*args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def card(name: str) -> Card:
    return Card.objects.get(name=name)


# --- import_cards -------------------------------------------------------------------------------


@pytest.mark.usefixtures("empty_catalogue")
def test_import_scryfall_oracle_cards_reads_faces_types_basics_limits_and_legalities():
    out, err = run("import_cards", str(SCRYFALL))
    assert "26 cards read" in out
    assert "26 added" in out
    assert Card.objects.count() == 26
    borrower = card("Brazen Borrower // Petty Theft")
    assert borrower.faces == ["Brazen Borrower", "Petty Theft"]
    assert borrower.front_key == "brazen borrower"
    assert borrower.type_line == "Creature \u2014 Faerie Rogue // Instant \u2014 Adventure"
    assert card("Wear // Tear").faces == ["Wear", "Tear"]
    assert card("Snow-Covered Forest").is_basic is True
    assert card("Stoneforge Mystic").is_basic is False
    # MTR 6.1: "A deck can have any number of cards named Persistent Petitioners."
    assert card("Persistent Petitioners").deck_limit == UNLIMITED
    assert card("Dark Confidant").deck_limit is None
    assert card("Bazaar of Baghdad").legalities["legacy"] == "banned"
    assert card("Mox Pearl").legalities["vintage"] == "restricted"
    assert card("Swords to Plowshares").legalities["modern"] == "not_legal"
    assert "100%" in err  # the progress bar


@pytest.mark.usefixtures("empty_catalogue")
def test_import_mtgjson_atomic_cards_gives_the_same_cards_and_its_meta_date():
    out, _ = run("import_cards", str(MTGJSON))
    assert "(mtgjson, 2022-04-25)" in out
    assert Card.objects.count() == 26
    assert card("Akki Lavarunner // Tok-Tok, Volcano Born").faces == [
        "Akki Lavarunner",
        "Tok-Tok, Volcano Born",
    ]
    assert card("Oko, Thief of Crowns").legalities["modern"] == "banned"
    # MTGJSON leaves out formats where a card is not legal: they are stored as not_legal.
    assert card("Hogaak, Arisen Necropolis").legalities["pauper"] == "not_legal"
    record = CatalogueImport.objects.get()
    assert (record.kind, record.file_format, str(record.data_date)) == (
        "cards",
        "mtgjson",
        "2022-04-25",
    )
    scryfall_names = {c["name"] for c in json.loads(SCRYFALL.read_text())}
    assert set(Card.objects.values_list("name", flat=True)) == scryfall_names


@pytest.mark.usefixtures("empty_catalogue")
def test_import_twice_updates_and_never_duplicates(tmp_path):
    run("import_cards", str(SCRYFALL))
    out, _ = run("import_cards", str(SCRYFALL))
    assert "0 added, 0 updated, 26 unchanged" in out
    assert Card.objects.count() == 26
    cards = json.loads(SCRYFALL.read_text())
    for obj in cards:
        if obj["name"] == "Hogaak, Arisen Necropolis":
            obj["legalities"]["modern"] = "legal"  # a newer file: unbanned
    changed = tmp_path / "oracle-cards-20260208220524.json"
    changed.write_text(json.dumps(cards))
    out, _ = run("import_cards", str(changed))
    assert "0 added, 1 updated, 25 unchanged" in out
    assert Card.objects.count() == 26
    assert card("Hogaak, Arisen Necropolis").legalities["modern"] == "legal"
    # Scryfall's bulk file names carry their date.
    assert str(CatalogueImport.objects.first().data_date) == "2026-02-08"


@pytest.mark.usefixtures("empty_catalogue")
def test_import_gzipped_json_lines_of_the_shipped_shape(tmp_path):
    lines = [
        {
            "name": "Seven Dwarves",
            "faces": ["Seven Dwarves"],
            "type_line": "Creature \u2014 Dwarf",
            "is_basic": False,
            "legalities": {"modern": "legal"},
            "deck_limit_text": "A deck can have up to seven cards named Seven Dwarves.",
        },
        {
            "name": "Fire // Ice",
            "faces": ["Fire", "Ice"],
            "type_line": "Instant // Instant",
            "is_basic": False,
            "legalities": {"modern": "legal"},
        },
    ]
    path = tmp_path / "cards.jsonl.gz"
    path.write_bytes(gzip.compress("\n".join(json.dumps(x) for x in lines).encode()))
    run("import_cards", str(path), "--date", "2026-11-01", "--note", "hand-made")
    assert card("Seven Dwarves").deck_limit == 7
    assert card("Fire // Ice").front_key == "fire"
    record = CatalogueImport.objects.get()
    assert (str(record.data_date), record.note, record.file_format) == (
        "2026-11-01",
        "hand-made",
        "jsonl",
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json at all", "must start with"),
        (b'{"as_of": "2026-09-22", "formats": {}}', "Not a card file"),
        (b"[1, 2, 3]", "Item 1 is not a card object"),
        (b"", "empty"),
    ],
    ids=["text", "banlists-file", "array-of-numbers", "empty"],
)
@pytest.mark.usefixtures("empty_catalogue")
def test_import_file_of_the_wrong_shape_is_a_clear_error(tmp_path, content, message):
    path = tmp_path / "wrong.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        run("import_cards", str(path))
    assert not Card.objects.exists()
    assert not CatalogueImport.objects.exists()


@pytest.mark.usefixtures("empty_catalogue")
def test_truncated_file_saves_nothing(tmp_path):
    """One transaction: a file cut in the middle leaves the catalogue as it was."""
    raw = SCRYFALL.read_bytes()
    path = tmp_path / "cut.json"
    path.write_bytes(raw[: len(raw) * 2 // 3])
    with pytest.raises(CommandError, match="Invalid JSON after"):
        run("import_cards", str(path))
    assert Card.objects.count() == 0


@pytest.mark.usefixtures("empty_catalogue")
def test_import_of_a_missing_file_and_a_bad_date():
    with pytest.raises(CommandError, match="No such file"):
        run("import_cards", "/nonexistent/cards.json")
    with pytest.raises(CommandError, match="YYYY-MM-DD"):
        run("import_cards", str(SCRYFALL), "--date", "yesterday")


@pytest.mark.usefixtures("empty_catalogue")
def test_card_index_of_the_process_is_rebuilt_after_an_import(tmp_path):
    run("import_cards", str(SCRYFALL))
    assert catalogue_cache.card_index().get("Wrath of God") is not None
    assert catalogue_cache.card_index().get("Lightning Bolt") is None
    bolt = [
        {
            "object": "card",
            "name": "Lightning Bolt",
            "layout": "normal",
            "type_line": "Instant",
            "legalities": {"modern": "legal"},
        }
    ]
    path = tmp_path / "bolt.json"
    path.write_text(json.dumps(bolt))
    run("import_cards", str(path))
    assert catalogue_cache.card_index().get("lightning bolt").name == "Lightning Bolt"
    assert len(catalogue_cache.card_index()) == 27


# --- import_banlists ----------------------------------------------------------------------------


@pytest.fixture
def banlists_json(tmp_path) -> Path:
    """The shipped banlists as the plain JSON file an organizer downloads."""
    path = tmp_path / "banlists.json"
    path.write_bytes(gzip.decompress((SHIPPED_DIR / "banlists.json.gz").read_bytes()))
    return path


@pytest.mark.usefixtures("empty_catalogue")
def test_import_banlists_loads_every_format_and_the_2hg_ban(banlists_json):
    out, _ = run("import_banlists", str(banlists_json))
    assert "2026-09-22" in out
    modern = BanList.objects.get(format="modern")
    assert len(modern.banned) == 52
    assert "Hogaak, Arisen Necropolis" in modern.banned
    vintage = BanList.objects.get(format="vintage")
    assert len(vintage.restricted) == 52
    assert "Black Lotus" in vintage.restricted
    assert BanList.objects.get(format="two_headed_giant").banned == ["Erayo, Soratami Ascendant"]
    lists = catalogue_cache.banlists()
    assert lists.two_headed_giant == frozenset({"Erayo, Soratami Ascendant"})
    assert "two_headed_giant" not in lists.formats


@pytest.mark.usefixtures("empty_catalogue")
def test_import_banlists_replaces_only_the_formats_the_file_names(tmp_path, banlists_json):
    run("import_banlists", str(banlists_json))
    newer = {"as_of": "2026-12-01", "formats": {"modern": {"banned": ["Lightning Bolt"]}}}
    path = tmp_path / "modern.json"
    path.write_text(json.dumps(newer))
    run("import_banlists", str(path))
    assert BanList.objects.get(format="modern").banned == ["Lightning Bolt"]
    assert str(BanList.objects.get(format="modern").as_of) == "2026-12-01"
    assert len(BanList.objects.get(format="legacy").banned) == 254
    assert BanList.objects.get(format="two_headed_giant").banned == ["Erayo, Soratami Ascendant"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[]", "Expected a JSON object"),
        (b'{"formats": {"modern": {"banned": "Lightning Bolt"}}}', "must be a list"),
        (b"{nope", "Not a JSON file"),
    ],
    ids=["array", "names-not-a-list", "invalid-json"],
)
@pytest.mark.usefixtures("empty_catalogue")
def test_import_banlists_of_the_wrong_shape_is_refused(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        run("import_banlists", str(path))
    assert not BanList.objects.exists()


# --- the shipped catalogue ----------------------------------------------------------------------


def test_shipped_files_match_their_manifest():
    manifest = json.loads((SHIPPED_DIR / "manifest.json").read_text())
    for part in ("cards", "banlists"):
        data = (SHIPPED_DIR / manifest[part]["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == manifest[part]["sha256"]
    assert manifest["cards"]["count"] == 30_679
    assert manifest["cards"]["data_date"] == "2022-04-25"
    assert manifest["banlists"]["as_of"] == "2026-09-22"


def test_shipped_catalogue_is_loaded_once_with_cards_of_both_files():
    """The `catalogue` fixture ran load_shipped(); the command then has nothing to do."""
    assert Card.objects.count() == 30_679
    # Real cards of both files: the 2022 catalogue and the newer Commander supplement.
    assert card("Seven Dwarves").deck_limit == 7
    assert card("Nazg\u00fbl").deck_limit == 9  # from the 2025 supplement
    assert card("Relentless Rats").deck_limit == UNLIMITED
    assert card("Erayo, Soratami Ascendant // Erayo's Essence").faces[0] == (
        "Erayo, Soratami Ascendant"
    )
    imports = CatalogueImport.objects.count()
    out, _ = run("load_catalogue", "--if-empty", "-v", "2")  # ./tandem runs this on each start
    assert "already loaded" in out
    assert CatalogueImport.objects.count() == imports
    assert Card.objects.count() == 30_679


@pytest.mark.usefixtures("empty_catalogue")
def test_load_catalogue_if_empty_keeps_a_catalogue_the_organizer_imported():
    run("import_cards", str(SCRYFALL))
    run("load_catalogue", "--if-empty")
    assert Card.objects.count() == 26  # the organizer's import is not replaced
    assert BanList.objects.filter(format="modern").exists()  # but the lists were missing


def test_catalogue_status_names_the_dates_and_how_to_update():
    status = svc.catalogue_status()
    assert status["cards"] == 30_679
    assert status["cards_date"] == "2022-04-25"
    assert status["banlists_date"] == "2026-09-22"
    assert status["banlists"]["pauper"]["banned"] == 124
    assert "import_cards" in status["how_to_update"]
    assert "Oracle Cards" in status["how_to_update"]

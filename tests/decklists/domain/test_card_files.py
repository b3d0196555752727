"""Streaming card file readers: Scryfall bulk, MTGJSON AtomicCards, JSON Lines, gzip, bad files."""

import gzip
import io
import json

import pytest

from decklists.catalogue import SHIPPED_DIR
from decklists.domain.card_files import CardFileError, read_cards
from decklists.domain.cards import UNLIMITED, CardFacts

SCRYFALL_SAMPLE = "scryfall-oracle-cards.sample.json"
MTGJSON_SAMPLE = "mtgjson-atomiccards.sample.json"


class CountingStream(io.RawIOBase):
    """A binary stream that records how many bytes were read from it."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self._inner = io.BytesIO(data)
        self.bytes_read = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        chunk = self._inner.read(len(buffer))
        buffer[: len(chunk)] = chunk
        self.bytes_read += len(chunk)
        return len(chunk)


def read_bytes(data: bytes) -> list[CardFacts]:
    return list(read_cards(io.BytesIO(data)))


def by_name(cards: list[CardFacts]) -> dict[str, CardFacts]:
    return {card.name: card for card in cards}


def scryfall_card(name: str, **extra) -> dict:
    card = {
        "object": "card",
        "name": name,
        "layout": "normal",
        "type_line": "Instant",
        "oracle_text": "",
        "legalities": {"modern": "legal"},
    }
    card.update(extra)
    return card


@pytest.fixture(scope="module")
def scryfall_cards(samples_dir):
    with (samples_dir / SCRYFALL_SAMPLE).open("rb") as fileobj:
        return by_name(list(read_cards(fileobj)))


@pytest.fixture(scope="module")
def mtgjson_cards(samples_dir):
    with (samples_dir / MTGJSON_SAMPLE).open("rb") as fileobj:
        return by_name(list(read_cards(fileobj)))


def test_read_cards_scryfall_sample_all_cards(scryfall_cards):
    assert len(scryfall_cards) == 26
    wear_tear = scryfall_cards["Wear // Tear"]
    assert wear_tear.faces == ("Wear", "Tear")
    assert wear_tear.type_line == "Instant // Instant"


def test_read_cards_scryfall_sample_basic_supertype(scryfall_cards):
    # CR 205.4a: "Basic Land — Plains", "Basic Snow Land — Forest" are basic; nothing else is.
    basics = {name for name, card in scryfall_cards.items() if card.is_basic}
    assert basics == {"Plains", "Forest", "Snow-Covered Forest"}


def test_read_cards_scryfall_sample_deck_limit_from_oracle_text(scryfall_cards):
    assert scryfall_cards["Persistent Petitioners"].deck_limit == UNLIMITED
    assert scryfall_cards["Shadowborn Apostle"].deck_limit == UNLIMITED
    assert scryfall_cards["Wrath of God"].deck_limit is None


def test_read_cards_mtgjson_sample_absent_format_is_not_legal(mtgjson_cards):
    bazaar = mtgjson_cards["Bazaar of Baghdad"]
    assert bazaar.legalities["modern"] == "not_legal"  # absent in MTGJSON
    assert bazaar.legalities["legacy"] == "banned"  # "Banned" lowercased
    assert bazaar.legalities["vintage"] == "legal"


def test_read_cards_mtgjson_sample_faces_and_basics(mtgjson_cards):
    assert mtgjson_cards["Valki, God of Lies // Tibalt, Cosmic Impostor"].faces == (
        "Valki, God of Lies",
        "Tibalt, Cosmic Impostor",
    )
    assert mtgjson_cards["Snow-Covered Forest"].is_basic
    assert not mtgjson_cards["Mox Pearl"].is_basic
    assert mtgjson_cards["Persistent Petitioners"].deck_limit == UNLIMITED


def test_read_cards_both_samples_agree_with_catalogue(scryfall_cards, mtgjson_cards, card_index):
    formats = ("standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander")
    for cards in (scryfall_cards, mtgjson_cards):
        assert set(cards) == set(scryfall_cards)
        for name, card in cards.items():
            known = card_index.get(name)
            assert (card.name, card.faces, card.is_basic, card.deck_limit) == (
                known.name,
                known.faces,
                known.is_basic,
                known.deck_limit,
            )
            assert {f: card.legalities[f] for f in formats} == {
                f: known.legalities[f] for f in formats
            }


def test_read_cards_gzip_detected_by_magic_bytes(samples_dir):
    raw = (samples_dir / SCRYFALL_SAMPLE).read_bytes()
    assert len(read_bytes(gzip.compress(raw))) == 26


def test_read_cards_real_jsonl_gzip_catalogue():
    with (SHIPPED_DIR / "cards.jsonl.gz").open("rb") as fileobj:
        cards = by_name(list(read_cards(fileobj)))
    assert len(cards) == 30_679
    # From the 2025 supplement: only Commander legality is known; other formats are absent,
    # not "not_legal".
    assert dict(cards["Nazgûl"].legalities) == {"commander": "legal"}
    assert cards["Nazgûl"].deck_limit == 9


def test_read_cards_jsonl_own_shape():
    lines = [
        {
            "name": "Seven Dwarves",
            "faces": ["Seven Dwarves"],
            "type_line": "Creature — Dwarf",
            "is_basic": False,
            "legalities": {"modern": "legal"},
            "deck_limit_text": "A deck can have up to seven cards named Seven Dwarves.",
            "layout": "normal",
        },
        {"name": "Wastes", "faces": ["Wastes"], "type_line": "Basic Land", "is_basic": True},
    ]
    data = "\n".join(json.dumps(line) for line in lines).encode()
    cards = by_name(read_bytes(data))
    assert cards["Seven Dwarves"].deck_limit == 7
    assert cards["Wastes"].is_basic
    assert cards["Wastes"].legalities == {}


def test_read_cards_jsonl_deck_limit_number_field():
    # The shipped catalogue stores the limit as a number instead of the rules sentence.
    lines = [
        {"name": "Nazgûl", "faces": ["Nazgûl"], "is_basic": False, "deck_limit": 9},
        {"name": "Relentless Rats", "faces": ["Relentless Rats"], "deck_limit": UNLIMITED},
        {"name": "Lightning Bolt", "faces": ["Lightning Bolt"], "deck_limit": None},
    ]
    data = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines).encode()
    limits = {card.name: card.deck_limit for card in read_bytes(data)}
    assert limits == {"Nazgûl": 9, "Relentless Rats": UNLIMITED, "Lightning Bolt": None}


def test_read_cards_jsonl_of_scryfall_objects():
    lines = [scryfall_card("Lightning Bolt"), scryfall_card("Counterspell")]
    data = "\n".join(json.dumps(line) for line in lines).encode()
    assert [card.name for card in read_bytes(data)] == ["Lightning Bolt", "Counterspell"]


def test_read_cards_scryfall_skips_tokens_emblems_and_art_cards():
    items = [
        scryfall_card("Goblin", layout="token"),
        scryfall_card("Elspeth Emblem", layout="emblem"),
        scryfall_card("Lightning Bolt"),
        scryfall_card("Delver of Secrets // Insectile Aberration", layout="double_faced_token"),
        scryfall_card("Island // Island", layout="art_series"),
    ]
    assert [card.name for card in read_bytes(json.dumps(items).encode())] == ["Lightning Bolt"]


def test_read_cards_scryfall_reversible_card_is_one_face():
    faces = [
        {"name": "Zndrsplt, Eye of Wisdom", "type_line": "Legendary Creature — Homunculus"}
    ] * 2
    item = scryfall_card(
        "Zndrsplt, Eye of Wisdom // Zndrsplt, Eye of Wisdom",
        layout="reversible_card",
        card_faces=faces,
    )
    del item["type_line"]
    (card,) = read_bytes(json.dumps([item]).encode())
    assert card.name == "Zndrsplt, Eye of Wisdom"
    assert card.faces == ("Zndrsplt, Eye of Wisdom",)


def test_read_cards_scryfall_legalities_lowercased_and_unknown_values_dropped():
    item = scryfall_card("Black Lotus", legalities={"Vintage": "Restricted", "legacy": "weird"})
    (card,) = read_bytes(json.dumps([item]).encode())
    assert dict(card.legalities) == {"vintage": "restricted"}


def test_read_cards_mtgjson_meld_parts_are_separate_cards():
    def face(face_name):
        return {
            "name": "Bruna, the Fading Light // Brisela, Voice of Nightmares",
            "faceName": face_name,
            "type": "Legendary Creature — Angel Horror",
            "supertypes": ["Legendary"],
            "layout": "meld",
            "legalities": {"modern": "Legal"},
        }

    data = {
        "meta": {},
        "data": {
            "Bruna // Brisela": [
                face("Bruna, the Fading Light"),
                face("Brisela, Voice of Nightmares"),
            ]
        },
    }
    names = [card.name for card in read_bytes(json.dumps(data).encode())]
    assert names == ["Bruna, the Fading Light", "Brisela, Voice of Nightmares"]


def test_read_cards_mtgjson_alternative_deck_limit_flag():
    face = {
        "name": "Rat Colony",
        "type": "Creature — Rat",
        "text": "",
        "hasAlternativeDeckLimit": True,
    }
    (card,) = read_bytes(json.dumps({"data": {"Rat Colony": [face]}, "meta": {}}).encode())
    assert card.deck_limit == UNLIMITED


def test_read_cards_byte_order_mark_accepted():
    data = b"\xef\xbb\xbf" + json.dumps([scryfall_card("Lightning Bolt")]).encode()
    assert [card.name for card in read_bytes(data)] == ["Lightning Bolt"]


def test_read_cards_text_stream_accepted():
    text = io.StringIO(json.dumps([scryfall_card("Lim-Dûl's Vault")], ensure_ascii=False))
    assert [card.name for card in read_cards(text)] == ["Lim-Dûl's Vault"]


def test_read_cards_repeated_name_read_once():
    items = [scryfall_card("Lightning Bolt"), scryfall_card("Lightning Bolt", legalities={})]
    (card,) = read_bytes(json.dumps(items).encode())
    assert card.legalities == {"modern": "legal"}


def test_read_cards_streams_first_card_before_reading_whole_file():
    items = [scryfall_card(f"Card {i}") for i in range(20_000)]
    stream = CountingStream(json.dumps(items).encode())
    cards = read_cards(stream)
    assert next(cards).name == "Card 0"
    assert stream.bytes_read < 1_000_000 < len(json.dumps(items))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"  \n\t ", "empty"),
        (b"hello", "must start with"),
        (b'{"cards": []}', "neither|expected"),
        (b"{}", "empty object"),
        (b'{"name": "Lightning Bolt", ', "Invalid JSON"),
        (b"[1, 2]", "not a card object"),
        (b"[]", "no cards"),
        (b'{"meta": {"date": "2022-04-25"}}', "no cards"),
        (b'{"meta": {}, "data": {"Lightning Bolt": {"name": "x"}}}', "not a list of face objects"),
        (b'[{"name": "Lightning Bolt"}, {"name": ]', "Invalid JSON after 1 cards"),
        (b'{"nam', "neither|expected"),
        (gzip.compress(b"not json at all"), "must start with"),
        (
            gzip.compress(json.dumps([scryfall_card("Lightning Bolt")] * 50).encode())[:-30],
            "Damaged",
        ),
        (b"\x1f\x8b\x08\x00garbage", "gzip"),
    ],
)
def test_read_cards_wrong_shape_raises_card_file_error(data, message):
    with pytest.raises(CardFileError, match=message):
        read_bytes(data)


def test_read_cards_wrong_shape_refused_before_reading_whole_file():
    data = b'{"cards": [' + b'{"name": "x"},' * 500_000 + b"{}]}"
    stream = CountingStream(data)
    with pytest.raises(CardFileError):
        read_cards(stream)  # the check runs at the call, before any card is asked for
    assert stream.bytes_read <= 128 * 1024 < len(data)


def _scryfall(objects: list[dict]) -> list[CardFacts]:
    return list(read_cards(io.BytesIO(json.dumps(objects).encode())))


def test_scryfall_other_names_flavor_printed_and_one_oracle_id_under_two_names():
    """MTR 3.6: the names a Scryfall file links to a card become its other names."""
    base = {"object": "card", "layout": "normal", "type_line": "Creature", "legalities": {}}
    cards = _scryfall(
        [
            {**base, "oracle_id": "a", "name": "Greymond, Avacyn's Stalwart"},
            {**base, "oracle_id": "a", "name": "Rick, Steadfast Leader"},
            {**base, "oracle_id": "b", "name": "Zilortha, Strength Incarnate",
             "flavor_name": "Godzilla, King of the Monsters"},
            {**base, "oracle_id": "c", "name": "Brainstorm", "lang": "ja", "printed_name": "X"},
            {**base, "oracle_id": "d", "name": "Opt", "printed_name": "Opt"},
            {**base, "oracle_id": "e", "name": "Fire // Ice", "layout": "split",
             "card_faces": [{"name": "Fire", "flavor_name": "Flame"}, {"name": "Ice"}]},
        ]
    )  # fmt: skip
    others = {card.name: card.other_names for card in cards if card.other_names}
    assert others == {
        "Greymond, Avacyn's Stalwart": ("Rick, Steadfast Leader",),
        "Zilortha, Strength Incarnate": ("Godzilla, King of the Monsters",),
        "Fire // Ice": ("Flame",),
    }
    assert [card.name for card in cards].count("Rick, Steadfast Leader") == 0


def test_mtgjson_and_json_lines_other_names():
    """MTR 3.6: MTGJSON's flavorName/faceFlavorName and JSON Lines' other_names."""
    mtgjson = {"meta": {}, "data": {"Zilortha, Strength Incarnate": [
        {"name": "Zilortha, Strength Incarnate", "type": "Creature",
         "flavorName": "Godzilla, King of the Monsters"}]}}  # fmt: skip
    (card,) = list(read_cards(io.BytesIO(json.dumps(mtgjson).encode())))
    assert card.other_names == ("Godzilla, King of the Monsters",)
    line = {"name": "Opt", "faces": ["Opt"], "other_names": ["Opt", "Glimpse", 3]}
    (card,) = list(read_cards(io.BytesIO(json.dumps(line).encode())))
    assert card.other_names == ("Glimpse",)


def test_read_cards_colour_identity_of_each_file_kind():
    """CR 903.4: Scryfall's color_identity, MTGJSON's colorIdentity, ours in JSON Lines; absent
    is unknown (None), never colourless."""
    import io
    import json

    scryfall = [
        {
            "object": "card",
            "name": "Knight of Autumn",
            "type_line": "Creature",
            "color_identity": ["G", "W"],
        },
        {"object": "card", "name": "Sol Ring", "type_line": "Artifact", "color_identity": []},
        {"object": "card", "name": "Opt", "type_line": "Instant"},
    ]
    mtgjson = {
        "meta": {},
        "data": {"Krenko, Mob Boss": [{"type": "Legendary Creature", "colorIdentity": ["R"]}]},
    }
    lines = '{"name": "Counterspell", "faces": ["Counterspell"], "color_identity": ["U"]}\n'
    read = {
        c.name: c.color_identity
        for data in (json.dumps(scryfall), json.dumps(mtgjson), lines)
        for c in read_cards(io.BytesIO(data.encode()))
    }
    assert read == {
        "Knight of Autumn": "WG",
        "Sol Ring": "",
        "Opt": None,
        "Krenko, Mob Boss": "R",
        "Counterspell": "U",
    }

"""The card catalogue: importing card files and banned/restricted lists, loading the shipped copy.

Each import runs in one transaction: a file that turns out to be of the wrong shape halfway
leaves the catalogue as it was. Cards are matched by name key (decklists.domain.cards
.normalize_name), so a second import of a file updates cards and never duplicates them; a card
whose facts did not change is not written at all (its ``digest`` is compared). Cards are never
deleted: a catalogue file without a card (the Commander-only supplement, say) says nothing about
it. Files are streamed (decklists.domain.card_files): a 150 MB Scryfall file needs a few tens
of megabytes.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import io
import json
import re
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

import ijson
from django.db import connection, transaction
from django.db.models import Field
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import ServiceError
from decklists.catalogue import SHIPPED_DIR
from decklists.domain.card_files import CardFileError, read_cards
from decklists.domain.cards import (
    TWO_HEADED_GIANT,
    UNLIMITED,
    BanlistError,
    CardFacts,
    CardIndex,
    normalize_name,
    parse_banlists,
)
from decklists.models import BanList, Card, CardAlias, CatalogueImport

BATCH = 2000
MAX_FIELD = 255
HOW_TO_UPDATE = (
    "With internet, run `./tandem manage update_cards` (python manage.py update_cards): it "
    "downloads Scryfall's current \u201cOracle Cards\u201d bulk file and loads it. Without "
    "internet, download that file (https://scryfall.com/docs/api/bulk-data) or MTGJSON's "
    "AtomicCards.json (https://mtgjson.com/downloads/all-files/) elsewhere and load it on the "
    "card data page (/catalogue/) or with `./tandem manage import_cards FILE`; then load the "
    "current banned and restricted lists with `./tandem manage import_banlists FILE`."
)
_DATE_IN_NAME = re.compile(r"(20\d\d)-?(\d\d)-?(\d\d)")


# --- cards ------------------------------------------------------------------------------------


@dataclass
class ImportResult:
    record: CatalogueImport
    unchanged: int
    aliases: int = 0  # other card names added or changed (MTR 3.6)


def _digest(row: Mapping[str, Any]) -> str:
    payload = json.dumps(row, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.md5(payload.encode("utf-8"), usedforsecurity=False).hexdigest()


def card_fields(card: CardFacts) -> dict[str, Any]:
    """The Card columns of one card of a file (names cut to the column size, never longer)."""
    limit = card.deck_limit
    return {
        "name": card.name[:MAX_FIELD],
        "faces": [face[:MAX_FIELD] for face in card.faces],
        "type_line": card.type_line[:MAX_FIELD],
        "is_basic": card.is_basic,
        "deck_limit": None if limit is None else min(limit, UNLIMITED),
        "legalities": dict(sorted(card.legalities.items())),
        "color_identity": card.color_identity,
    }


def sniff_card_file(fileobj: IO[bytes]) -> tuple[str, dt.date | None]:
    """(file format, date of the data) from the start of a card file; the file is rewound.

    The format is ``scryfall`` (a JSON array), ``mtgjson`` (``{"meta": ...}``) or ``jsonl``. The
    date is MTGJSON's ``meta.date`` when the file starts with it.
    """
    head = fileobj.read(64 * 1024)
    fileobj.seek(0)
    if head[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(head)) as gz:
                head = gz.read1(64 * 1024) if hasattr(gz, "read1") else gz.read(64 * 1024)
        except (OSError, EOFError):
            return "", None
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"["):
        return "scryfall", None
    if re.match(rb'\{\s*"(meta|data)"', text):
        return "mtgjson", _mtgjson_date(text)
    if text.startswith(b"{"):
        return "jsonl", None
    return "", None


def _mtgjson_date(head: bytes) -> dt.date | None:
    try:
        for prefix, event, value in ijson.parse(io.BytesIO(head)):
            if prefix == "meta.date" and event == "string":
                return dt.date.fromisoformat(value[:10])
            if prefix == "data":
                return None
    except (ijson.JSONError, ValueError):
        return None
    return None


def date_from_file_name(name: str) -> dt.date | None:
    """Scryfall names its bulk files ``oracle-cards-20260208220524.json``: that date."""
    match = _DATE_IN_NAME.search(Path(name).name)
    if match is None:
        return None
    try:
        return dt.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


_COLUMNS = ("name", "front_key", "faces", "type_line", "is_basic", "deck_limit", "legalities",
            "color_identity", "digest", "updated_at")  # fmt: skip


class _CardWriter:
    """Inserts and updates cards with one executemany per batch.

    bulk_create spends most of its time compiling SQL per row; a plain parameterised statement
    loads the 30,000 shipped cards in a fraction of that, on SQLite and PostgreSQL alike (values
    are prepared by the model fields, so JSON is adapted the way each database wants).
    """

    def __init__(self) -> None:
        meta = Card._meta
        # Plain columns of the card table, never a relation.
        self.fields = [cast("Field[Any, Any]", meta.get_field(name)) for name in _COLUMNS]
        quote = connection.ops.quote_name
        table = quote(meta.db_table)
        columns = [quote(f.column) for f in self.fields]
        key = quote(cast("Field[Any, Any]", meta.get_field("name_key")).column)
        # Table and column names come from the model, quoted; values are parameters.
        placeholders = ", ".join(["%s"] * (len(columns) + 1))
        self.insert_sql = (
            f"INSERT INTO {table} ({', '.join(columns)}, {key}) VALUES ({placeholders})"  # noqa: S608
        )
        self.update_sql = (
            f"UPDATE {table} SET {', '.join(f'{c} = %s' for c in columns)} WHERE {key} = %s"  # noqa: S608
        )
        self.now = timezone.now()
        self.inserts: list[tuple] = []
        self.updates: list[tuple] = []

    def params(self, key: str, row: Mapping[str, Any], digest: str) -> tuple:
        values = {**row, "front_key": normalize_name(row["faces"][0]), "digest": digest,
                  "updated_at": self.now}  # fmt: skip
        prepared = [f.get_db_prep_save(values[f.name], connection) for f in self.fields]
        return (*prepared, key)

    def add(self, key: str, row: Mapping[str, Any], digest: str, *, new: bool) -> None:
        (self.inserts if new else self.updates).append(self.params(key, row, digest))
        if len(self.inserts) + len(self.updates) >= BATCH:
            self.flush()

    def flush(self) -> None:
        with connection.cursor() as cursor:
            if self.inserts:
                cursor.executemany(self.insert_sql, self.inserts)
            if self.updates:
                cursor.executemany(self.update_sql, self.updates)
        self.inserts.clear()
        self.updates.clear()


@transaction.atomic
def import_cards(
    *,
    fileobj: IO[bytes],
    source: str,
    data_date: dt.date | None = None,
    note: str = "",
    progress: Callable[[int], None] | None = None,
) -> ImportResult:
    """Add or update every card of a Scryfall, MTGJSON or JSON Lines file (gzip or not).

    Raises ServiceError (code ``card_file``) for a file of the wrong shape; nothing is saved then.
    """
    file_format, sniffed_date = sniff_card_file(fileobj)
    known = dict(Card.objects.values_list("name_key", "digest"))
    writer = _CardWriter()
    seen: set[str] = set()
    others: dict[str, tuple[str, str]] = {}
    created = updated = unchanged = read = 0
    try:
        for card in read_cards(fileobj):
            row = card_fields(card)
            key = normalize_name(row["name"])
            for other in card.other_names:
                others.setdefault(normalize_name(other), (other[:MAX_FIELD], row["name"]))
            if not key or key in seen:
                continue  # two spellings of one name in the file: the first wins
            seen.add(key)
            read += 1
            if progress is not None and read % 1000 == 0:
                progress(read)
            digest = _digest(row)
            old = known.get(key)
            if old == digest:
                unchanged += 1
                continue
            writer.add(key, row, digest, new=old is None)
            if old is None:
                created += 1
            else:
                updated += 1
        writer.flush()
    except CardFileError as exc:
        raise ServiceError(str(exc), code="card_file") from exc
    if progress is not None:
        progress(read)
    for key in seen:
        others.pop(key, None)  # a card of the file is never another card's other name
    # A name the catalogue held as a card of its own and the file gives as another name of a
    # card (a Universes Beyond card whose Universes Within reprint is its Oracle card): the file
    # is newer; the old card row goes, so the name finds the Oracle card (MTR 3.6).
    merged = [key for key in others if key in known]
    if merged:
        Card.objects.filter(name_key__in=merged).delete()
    aliases = save_aliases(others, source=source)
    record = CatalogueImport.objects.create(
        kind=CatalogueImport.Kind.CARDS,
        source=source[:MAX_FIELD],
        file_format=file_format,
        data_date=data_date or sniffed_date or date_from_file_name(source),
        note=note,
        cards_read=read,
        created=created,
        updated=updated,
    )
    return ImportResult(record=record, unchanged=unchanged, aliases=aliases)


def save_aliases(pairs: Mapping[str, tuple[str, str]], *, source: str) -> int:
    """Add or update other card names (name key -> (other name, Oracle name)); how many changed.

    Never deletes: a file that lacks a name says nothing about it.
    """
    existing = dict(CardAlias.objects.values_list("name_key", "card_name"))
    new = [
        CardAlias(name=name, name_key=key[:MAX_FIELD], card_name=card, source=source[:MAX_FIELD])
        for key, (name, card) in pairs.items()
        if key and key not in existing
    ]
    CardAlias.objects.bulk_create(new, batch_size=BATCH)
    changed = [key for key, (_, card) in pairs.items() if key in existing and existing[key] != card]
    for key in changed:
        name, card = pairs[key]
        CardAlias.objects.filter(name_key=key).update(
            name=name, card_name=card, source=source[:MAX_FIELD], updated_at=timezone.now()
        )
    return len(new) + len(changed)


# --- banned and restricted lists ----------------------------------------------------------------


def read_banlists_file(fileobj: IO[bytes]) -> dict[str, Any]:
    """The JSON object of a banlists file (gzip or not); ServiceError if it is not JSON."""
    raw = fileobj.read(20_000_001)
    if len(raw) > 20_000_000:
        raise ServiceError(gettext("The banlists file is larger than 20 MB."), code="banlists_file")
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise ServiceError(
                gettext("Damaged gzip file: %(error)s") % {"error": exc}, code="banlists_file"
            ) from exc
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ServiceError(
            gettext("Not a JSON file: %(error)s") % {"error": exc}, code="banlists_file"
        ) from exc
    if not isinstance(data, dict):
        raise ServiceError(
            gettext("Expected a JSON object with 'formats' (the shape of banlists.json)."),
            code="banlists_file",
        )
    return data


def _as_of(data: Mapping[str, Any]) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(data.get("as_of"))[:10])
    except ValueError:
        return None


@transaction.atomic
def import_banlists(*, data: Mapping[str, Any], source: str, note: str = "") -> CatalogueImport:
    """Replace the lists of the formats the data names (and the 2HG-only list if it has one)."""
    try:
        parse_banlists(data)  # checks the shape; names are kept as written
    except BanlistError as exc:
        raise ServiceError(str(exc), code="banlists_file") from exc
    as_of = _as_of(data)
    formats: list[str] = []
    for fmt, entry in data["formats"].items():
        key = str(fmt).strip().lower()[:40]
        BanList.objects.update_or_create(
            format=key,
            defaults={
                "banned": sorted(set(entry.get("banned", []))),
                "restricted": sorted(set(entry.get("restricted", []))),
                "as_of": as_of,
                "source": source[:MAX_FIELD],
            },
        )
        formats.append(key)
    two_hg = data.get(TWO_HEADED_GIANT)
    if isinstance(two_hg, Mapping):
        BanList.objects.update_or_create(
            format=BanList.TWO_HEADED_GIANT,
            defaults={
                "banned": sorted(set(two_hg.get("banned_in_all_constructed", []))),
                "restricted": [],
                "as_of": as_of,
                "source": source[:MAX_FIELD],
            },
        )
        formats.append(BanList.TWO_HEADED_GIANT)
    return CatalogueImport.objects.create(
        kind=CatalogueImport.Kind.BANLISTS,
        source=source[:MAX_FIELD],
        file_format="banlists",
        data_date=as_of,
        note=note,
        formats=formats,
    )


# --- the shipped catalogue ----------------------------------------------------------------------


def shipped_manifest(directory: Path = SHIPPED_DIR) -> dict[str, Any]:
    return json.loads((directory / "manifest.json").read_text(encoding="utf-8"))


@dataclass
class LoadResult:
    cards: ImportResult | None
    banlists: CatalogueImport | None
    aliases: CatalogueImport | None = None


def load_shipped_aliases(directory: Path = SHIPPED_DIR) -> CatalogueImport:
    """The other card names shipped in flavor-names.json (MTR 3.6), as an ``aliases`` import."""
    info = shipped_manifest(directory)["aliases"]
    pairs = json.loads((directory / info["file"]).read_text(encoding="utf-8"))
    source = f"shipped: decklists/catalogue/{info['file']}"
    others = {
        normalize_name(other): (other[:MAX_FIELD], oracle[:MAX_FIELD]) for other, oracle in pairs
    }
    changed = save_aliases(others, source=source)
    return CatalogueImport.objects.create(
        kind=CatalogueImport.Kind.ALIASES,
        source=source,
        file_format="pairs",
        data_date=dt.date.fromisoformat(info["data_date"]),
        note=info.get("note", ""),
        cards_read=len(pairs),
        created=changed,
    )


@transaction.atomic
def load_shipped(
    *,
    if_empty: bool = False,
    directory: Path = SHIPPED_DIR,
    progress: Callable[[int], None] | None = None,
) -> LoadResult:
    """Load the catalogue and banlists shipped in decklists/catalogue/.

    With ``if_empty``, each part is loaded only when the database has none of it (so a newer
    catalogue an organizer imported is never replaced by the older shipped one).
    """
    manifest = shipped_manifest(directory)
    cards = banlists = None
    if not (if_empty and Card.objects.exists()):
        info = manifest["cards"]
        with (directory / info["file"]).open("rb") as fileobj:
            cards = import_cards(
                fileobj=fileobj,
                source=f"shipped: decklists/catalogue/{info['file']}",
                data_date=dt.date.fromisoformat(info["data_date"]),
                note=info.get("note", ""),
                progress=progress,
            )
    if not (if_empty and BanList.objects.exists()):
        info = manifest["banlists"]
        with (directory / info["file"]).open("rb") as fileobj:
            data = read_banlists_file(fileobj)
        banlists = import_banlists(
            data=data,
            source=f"shipped: decklists/catalogue/{info['file']}",
            note=info.get("note", ""),
        )
    aliases = None
    if not (if_empty and CardAlias.objects.exists()):
        aliases = load_shipped_aliases(directory)
    return LoadResult(cards=cards, banlists=banlists, aliases=aliases)


# --- reading ------------------------------------------------------------------------------------


def _latest(kind: str) -> CatalogueImport | None:
    return CatalogueImport.objects.filter(kind=kind).order_by("-id").first()


def catalogue_status() -> dict[str, Any]:
    """What the catalogue holds and how old it is (the catalogue page and GET /catalogue/)."""
    cards = _latest(CatalogueImport.Kind.CARDS)
    lists = _latest(CatalogueImport.Kind.BANLISTS)
    banlists = {
        row.format: {
            "banned": len(row.banned),
            "restricted": len(row.restricted),
            "as_of": row.as_of.isoformat() if row.as_of else None,
            "source": row.source,
        }
        for row in BanList.objects.all()
    }
    two_hg = BanList.objects.filter(format=BanList.TWO_HEADED_GIANT).first()
    return {
        "cards": Card.objects.count(),
        "other_names": CardAlias.objects.count(),
        "cards_date": cards.data_date.isoformat() if cards and cards.data_date else None,
        "cards_source": cards.source if cards else None,
        "cards_note": cards.note if cards else "",
        "cards_imported_at": cards.imported_at.isoformat() if cards else None,
        "banlists_date": lists.data_date.isoformat() if lists and lists.data_date else None,
        "banlists_source": lists.source if lists else None,
        "banlists_imported_at": lists.imported_at.isoformat() if lists else None,
        "banlists": banlists,
        "two_headed_giant_bans": list(two_hg.banned) if two_hg else [],
        "imports": [
            {
                "kind": row.kind,
                "source": row.source,
                "file_format": row.file_format,
                "data_date": row.data_date.isoformat() if row.data_date else None,
                "imported_at": row.imported_at.isoformat(),
                "cards_read": row.cards_read,
                "created": row.created,
                "updated": row.updated,
                "formats": row.formats,
            }
            for row in CatalogueImport.objects.all()[:20]
        ],
        "how_to_update": HOW_TO_UPDATE,
    }


def catalogue_brief() -> dict[str, Any]:
    """The dates of the loaded data, for the footer of the decklist pages (two small queries)."""
    cards = _latest(CatalogueImport.Kind.CARDS)
    lists = _latest(CatalogueImport.Kind.BANLISTS)
    return {
        "loaded": cards is not None,
        "cards_date": cards.data_date if cards else None,
        "cards_source": cards.source if cards else "",
        "banlists_date": lists.data_date if lists else None,
    }


_search_keys: weakref.WeakKeyDictionary[CardIndex, list[tuple[str, str]]] = (
    weakref.WeakKeyDictionary()
)


def search_names(index: CardIndex, query: str, *, limit: int = 20) -> list[str]:
    """Card names starting with ``query`` (normalised), then names containing it."""
    keys = _search_keys.get(index)
    if keys is None:
        keys = _search_keys[index] = sorted(
            ((normalize_name(card.name), card.name) for card in index), key=lambda kv: kv[0]
        )
    needle = normalize_name(query)
    if not needle:
        return []
    starts = [name for key, name in keys if key.startswith(needle)]
    if len(starts) >= limit:
        return starts[:limit]
    contains = [name for key, name in keys if needle in key and not key.startswith(needle)]
    return (starts + contains)[:limit]

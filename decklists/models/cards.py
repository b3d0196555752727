"""The card catalogue: cards, banned and restricted lists, and the record of each import.

Glossary (decklists/domain/cards.py has the full one): a card is one English Oracle name; a
multi-face card is one card whose faces are joined with `` // `` ("Fire // Ice"). ``name_key`` is
``normalize_name(name)`` (case, accents and quote styles ignored); ``front_key`` the same of the
front face, so "Delver of Secrets" finds "Delver of Secrets // Insectile Aberration".

The catalogue is data, never code: `import_cards` (Scryfall "Oracle Cards" bulk or MTGJSON
AtomicCards), `import_banlists` (banlists.json) and `load_catalogue` (the copy shipped in
decklists/catalogue/) write it; every import leaves a CatalogueImport row whose ``token`` tells
each process that its in-memory card index is stale (decklists/catalogue_cache.py).
"""

import uuid

from django.db import models


class Card(models.Model):
    name = models.CharField(max_length=255)
    name_key = models.CharField(max_length=255, unique=True)
    front_key = models.CharField(max_length=255, db_index=True)
    faces = models.JSONField(default=list)
    type_line = models.CharField(max_length=255, blank=True, default="")
    is_basic = models.BooleanField(default=False)
    # The card's own copy limit (MTR 6.1 "unless the card's text says otherwise"): null is the
    # usual four; 1_000_000_000 is "any number" (decklists.domain.cards.UNLIMITED).
    deck_limit = models.PositiveIntegerField(null=True, blank=True)
    # format -> legal | not_legal | banned | restricted; an absent format is unknown.
    legalities = models.JSONField(default=dict)
    # Colour identity (CR 903.4) as letters in WUBRG order, "" colourless; null where the
    # card file gave none (the shipped catalogue): Commander's colour check is then not made.
    color_identity = models.CharField(max_length=5, null=True, blank=True, default=None)
    # Hash of the fields above: a second import of the same file writes nothing.
    digest = models.CharField(max_length=32)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournament_card"  # kept from the tournament app
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class CardAlias(models.Model):
    """Another printed name of a card (MTR 3.6): a flavor name of a Universes Beyond or Secret
    Lair printing, or a Universes Within name; ``card_name`` is the Oracle name it stands for.
    Written by import_cards (the names a card file carries) and load_catalogue (the shipped
    flavor-names.json); never deleted, since a file without a name says nothing about it."""

    name = models.CharField(max_length=255)
    name_key = models.CharField(max_length=255, unique=True)
    card_name = models.CharField(max_length=255)
    source = models.CharField(max_length=255, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} = {self.card_name}"


class BanList(models.Model):
    """Banned and restricted names of one format; ``two_headed_giant`` is the 2HG-only list."""

    TWO_HEADED_GIANT = "two_headed_giant"

    format = models.CharField(max_length=40, unique=True)
    banned = models.JSONField(default=list)
    restricted = models.JSONField(default=list)
    as_of = models.DateField(null=True, blank=True)
    source = models.CharField(max_length=255, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournament_banlist"  # kept from the tournament app
        ordering = ["format"]

    def __str__(self) -> str:
        return f"{self.format} ({len(self.banned)} banned, {len(self.restricted)} restricted)"


class CatalogueImport(models.Model):
    """One run of import_cards, import_banlists or load_catalogue: what was read, and when.
    ``aliases`` is a load of other card names alone (the shipped flavor-names.json)."""

    class Kind(models.TextChoices):
        CARDS = "cards", "Cards"
        BANLISTS = "banlists", "Banned and restricted lists"
        ALIASES = "aliases", "Other card names"
        UPDATE_FAILED = "failed", "Failed update"  # the data stays as it was; note says why

    kind = models.CharField(max_length=10, choices=Kind.choices)
    source = models.CharField(max_length=255)  # file name, or "shipped: <file>"
    file_format = models.CharField(max_length=20, blank=True, default="")
    data_date = models.DateField(null=True, blank=True)  # date of the data, not of the import
    note = models.TextField(blank=True, default="")  # where the data comes from, for people
    cards_read = models.PositiveIntegerField(default=0)
    created = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    formats = models.JSONField(default=list, blank=True)  # banlists: the formats replaced
    imported_at = models.DateTimeField(auto_now_add=True)
    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)

    class Meta:
        db_table = "tournament_catalogueimport"  # kept from the tournament app
        ordering = ["-imported_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} from {self.source}"

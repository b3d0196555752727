"""Keeping the card data current where the server has internet: one update from Scryfall.

:func:`update_cards` reads Scryfall's bulk-data index (decklists.services.scryfall_bulk), and
when it names a file other than the one imported last, downloads it to a temporary file and
imports it (decklists.services.catalogue.import_cards: one transaction, so pages keep reading
the old data until the new data is committed whole). What changed is the import's record (cards
added, updated, unchanged); a failure (no internet, a broken file) keeps the old data and is
recorded with its reason as a ``CatalogueImport`` of kind ``update_failed``, which the card data
page shows. The scheduled task (decklists.tasks.update_cards, Celery beat) and the organizer's
"Update now" (through core.tasks.run_task) and the ``update_cards`` command all call it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

from django.utils.translation import gettext

from core.errors import ServiceError
from decklists.models import CatalogueImport
from decklists.services import catalogue as catalogue_svc
from decklists.services import scryfall_bulk


@dataclass
class UpdateResult:
    bulk: scryfall_bulk.BulkFile
    imported: catalogue_svc.ImportResult | None  # None: the file was the one imported last


def update_cards(
    *,
    index_url: str | None = None,
    bulk_type: str = "oracle_cards",
    force: bool = False,
    download_progress: Callable[[int, int | None], None] | None = None,
    reading_progress: Callable[[IO[bytes]], Callable[[int], None]] | None = None,
) -> UpdateResult:
    """Import Scryfall's current bulk file unless it is the file imported last.

    Raises ServiceError (code ``download`` or ``card_file``) after recording the failure; the
    card data stays as it was.
    """
    url = scryfall_bulk.index_url(index_url)
    try:
        bulk = scryfall_bulk.bulk_file(url, bulk_type)
        if not force and scryfall_bulk.already_imported(bulk):
            return UpdateResult(bulk=bulk, imported=None)
        with tempfile.TemporaryFile(prefix="tandem-cards-") as fileobj:
            scryfall_bulk.download(bulk, fileobj, download_progress)
            fileobj.seek(0)
            result = catalogue_svc.import_cards(
                fileobj=fileobj,
                source=bulk.file_name,
                data_date=bulk.data_date,
                note=f"Scryfall {bulk.type} bulk file of {bulk.updated_at}, downloaded from "
                f"{bulk.download_uri}.",
                progress=reading_progress(fileobj) if reading_progress else None,
            )
    except ServiceError as exc:
        record_failure(url, exc.message)
        raise
    return UpdateResult(bulk=bulk, imported=result)


def record_failure(url: str, reason: str) -> CatalogueImport:
    """The failed update, with its reason, for the card data page (the data is unchanged)."""
    return CatalogueImport.objects.create(
        kind=CatalogueImport.Kind.UPDATE_FAILED,
        source=url[:255],
        file_format="",
        note=reason[:2000],
    )


def last_failure() -> CatalogueImport | None:
    """The last failed update, when no card import came after it."""
    latest = (
        CatalogueImport.objects.filter(
            kind__in=(CatalogueImport.Kind.CARDS, CatalogueImport.Kind.UPDATE_FAILED)
        )
        .order_by("-id")
        .first()
    )
    return latest if latest and latest.kind == CatalogueImport.Kind.UPDATE_FAILED else None


def summary(result: UpdateResult) -> str:
    """What the update did, in words for a message."""
    if result.imported is None:
        return gettext(
            "Card data is up to date: %(file)s (Scryfall, %(date)s) is the file loaded last."
        ) % {"file": result.bulk.file_name, "date": result.bulk.updated_at[:10]}
    record = result.imported.record
    return gettext(
        "%(read)s cards read from %(file)s (data of %(date)s): %(created)s added, "
        "%(updated)s updated, %(unchanged)s unchanged."
    ) % {
        "read": f"{record.cards_read:,}",
        "file": result.bulk.file_name,
        "date": record.data_date or "?",
        "created": f"{record.created:,}",
        "updated": f"{record.updated:,}",
        "unchanged": f"{result.imported.unchanged:,}",
    }

"""Getting current card data from Scryfall: its bulk-data index, then the bulk file it names.

Scryfall lists its daily bulk files at https://api.scryfall.com/bulk-data: a JSON object whose
``data`` holds one entry per file (``type`` "oracle_cards", "default_cards", ...), each with its
``download_uri``, ``updated_at`` and ``size``. :func:`bulk_file` reads that index;
:func:`download` streams the file it names to disk in chunks (the Oracle Cards file is well over
100 MB) and reports progress; the caller then imports it with
decklists.services.catalogue.import_cards, whose source is the file's name
(``oracle-cards-20261122100000.json``), so :func:`already_imported` can tell that the newest
file is the one loaded last and nothing need be downloaded.

The index URL is ``settings.SCRYFALL_BULK_DATA_URL`` (or the environment variable
``TANDEM_SCRYFALL_BULK_DATA_URL``), else Scryfall's; tests point it at a local server.
Scryfall asks API clients to send a User-Agent and an Accept header: both are sent.
"""

from __future__ import annotations

import datetime as dt
import http.client
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import IO

from django.conf import settings
from django.utils.translation import gettext

from core.errors import ServiceError
from decklists.models import CatalogueImport

SCRYFALL_BULK_DATA_URL = "https://api.scryfall.com/bulk-data"
BULK_TYPES = ("oracle_cards", "default_cards")
USER_AGENT = "Tandem/1.0 (Two-Headed Giant tournament software; card data update)"
TIMEOUT = 60  # seconds without data before giving up
CHUNK = 1024 * 1024
MAX_INDEX_BYTES = 5_000_000


@dataclass(frozen=True)
class BulkFile:
    """One entry of the bulk-data index."""

    type: str
    download_uri: str
    updated_at: str
    size: int | None

    @property
    def file_name(self) -> str:
        """The file's name in its URL (``oracle-cards-20261122100000.json``): the import source."""
        name = PurePosixPath(urllib.parse.urlparse(self.download_uri).path).name
        return name or f"{self.type}.json"

    @property
    def data_date(self) -> dt.date | None:
        try:
            return dt.date.fromisoformat(self.updated_at[:10])
        except ValueError:
            return None


def index_url(override: str | None = None) -> str:
    return (
        override
        or getattr(settings, "SCRYFALL_BULK_DATA_URL", None)
        or os.environ.get("TANDEM_SCRYFALL_BULK_DATA_URL")
        or SCRYFALL_BULK_DATA_URL
    )


def _open(url: str, accept: str) -> http.client.HTTPResponse:
    if urllib.parse.urlparse(url).scheme not in ("http", "https"):
        raise ServiceError(gettext("Not an http(s) URL: %(url)s") % {"url": url}, code="download")
    request = urllib.request.Request(  # noqa: S310  (http and https only, checked above)
        url, headers={"User-Agent": USER_AGENT, "Accept": accept}
    )
    try:
        return urllib.request.urlopen(request, timeout=TIMEOUT)  # noqa: S310
    except urllib.error.HTTPError as exc:
        raise ServiceError(
            gettext("%(url)s answered %(code)s %(reason)s.")
            % {"url": url, "code": exc.code, "reason": exc.reason},
            code="download",
        ) from exc
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise ServiceError(
            gettext(
                "Could not reach %(url)s (%(reason)s). Without internet, download the file on another computer and load it on the card data page or with import_cards."
            )
            % {"url": url, "reason": reason},
            code="download",
        ) from exc


def bulk_file(url: str, bulk_type: str = "oracle_cards") -> BulkFile:
    """The entry of ``bulk_type`` in the bulk-data index at ``url``."""
    with _open(url, "application/json") as response:
        raw = response.read(MAX_INDEX_BYTES + 1)
    if len(raw) > MAX_INDEX_BYTES:
        raise ServiceError(
            gettext("The bulk-data index at %(url)s is too large.") % {"url": url}, code="download"
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ServiceError(
            gettext("The bulk-data index at %(url)s is not JSON.") % {"url": url}, code="download"
        ) from exc
    entries = data.get("data") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ServiceError(
            gettext("The answer of %(url)s is not a bulk-data index (no 'data' list).")
            % {"url": url},
            code="download",
        )
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == bulk_type:
            uri = entry.get("download_uri")
            if not isinstance(uri, str) or not uri:
                break
            size = entry.get("size")
            return BulkFile(
                type=bulk_type,
                download_uri=urllib.parse.urljoin(url, uri),
                updated_at=str(entry.get("updated_at") or ""),
                size=size if isinstance(size, int) and size > 0 else None,
            )
    raise ServiceError(
        gettext("The bulk-data index at %(url)s has no %(bulk_type)s file.")
        % {"url": url, "bulk_type": repr(bulk_type)},
        code="download",
    )


def already_imported(bulk: BulkFile) -> bool:
    """The newest card import is this very file (same name, which carries Scryfall's time)."""
    latest = CatalogueImport.objects.filter(kind=CatalogueImport.Kind.CARDS).order_by("-id").first()
    return latest is not None and latest.source == bulk.file_name[:255]


def download(
    bulk: BulkFile, dest: IO[bytes], progress: Callable[[int, int | None], None] | None = None
) -> int:
    """Stream the bulk file into ``dest``; the number of bytes written."""
    with _open(bulk.download_uri, "application/json, application/gzip, */*") as response:
        length = response.headers.get("Content-Length")
        total = int(length) if length and length.isdigit() else bulk.size
        written = 0
        while True:
            try:
                chunk = response.read(CHUNK)
            except (OSError, urllib.error.URLError) as exc:
                raise ServiceError(
                    gettext("The download stopped after %(written)s bytes (%(error)s).")
                    % {"written": f"{written:,}", "error": exc},
                    code="download",
                ) from exc
            if not chunk:
                break
            dest.write(chunk)
            written += len(chunk)
            if progress is not None:
                progress(written, total)
    if total is not None and written < total:
        raise ServiceError(
            gettext("The download stopped after %(written)s of %(total)s bytes.")
            % {"written": f"{written:,}", "total": f"{total:,}"},
            code="download",
        )
    dest.flush()
    return written

"""QR codes drawn on the server: SVG for pages and printouts, block characters for a terminal.

No script and nothing fetched by the browser: the SVG is part of the page (segno, pure Python).
"""

from __future__ import annotations

import io

import segno
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# M recovers about 15% of a damaged or badly lit code, and keeps an event's address small
# enough to scan from a phone held at arm's length from a wall poster.
ERROR_LEVEL = "m"


def svg(data: str, *, label: str) -> SafeString:
    """An inline <svg> of data's QR code that scales to its box (no width or height: CSS sets
    them); label is its accessible name."""
    code = segno.make(data, error=ERROR_LEVEL)
    drawing = code.svg_inline(scale=1, border=4, omitsize=True, title=label, svgclass="qr")
    drawing = drawing.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    return mark_safe(drawing)  # noqa: S308 - segno's drawing; the label is escaped


def terminal(data: str) -> str:
    """data's QR code in block characters, two rows a line, dark on a light terminal border."""
    out = io.StringIO()
    segno.make(data, error=ERROR_LEVEL).terminal(out=out, compact=True, border=2)
    return out.getvalue()

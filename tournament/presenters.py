"""Words for the event's pages built from the domain's values, in the reader's language.

The domain (tournament.domain) stays free of Django: the sanctioning check's reasons are
``core.text.Text`` (English words that keep their template), translated here for the dashboard;
its English ``line()`` remains for logs and the shell.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from core.i18n import localize
from tournament.domain.sanctioning import Sanctioning


@dataclass(frozen=True, slots=True)
class SanctioningText:
    """Whether the event can be sanctioned, with its reasons and its line in words."""

    ok: bool
    reasons: tuple[str, ...]
    line: str


def sanctioning_text(check: Sanctioning) -> SanctioningText:
    """``check`` (tournament.domain.sanctioning) in the reader's language."""
    if check.ok:
        return SanctioningText(True, (), gettext("Sanctionable: yes."))
    reasons = tuple(localize(reason) for reason in check.reasons)
    line = gettext("Sanctionable: no, because %(reasons)s. It runs as a casual event.") % {
        "reasons": "; ".join(reasons)
    }
    return SanctioningText(False, reasons, line)

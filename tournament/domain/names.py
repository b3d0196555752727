"""Cleaning of names people type: team names, player names, Wizards Account IDs.

Names are trimmed, inner whitespace collapsed and NFC-normalised (so "Zoë" typed with a combining
diaeresis equals the precomposed one). Control characters and bidirectional overrides are refused:
they can hide or reorder text on printed pairings and standings ("Trojan Source").
"""

import unicodedata

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


class NameError_(ValueError):
    """A name that cannot be accepted; the message is shown to the user."""


def clean_name(raw: object, *, label: str = "Name", max_length: int = 80) -> str:
    """Return the cleaned name or raise NameError_ with a message fit for the form."""
    if not isinstance(raw, str):
        raise NameError_(f"{label} must be text.")
    for ch in raw:
        if ch in BIDI_CONTROLS:
            raise NameError_(f"{label} contains a right-to-left or direction-override mark.")
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in " \t":
            raise NameError_(f"{label} contains a control or invisible character.")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise NameError_(f"{label} may not be blank.")
    if len(name) > max_length:
        raise NameError_(f"{label} is longer than {max_length} characters.")
    return name


def name_key(name: str) -> str:
    """Key for "is this the same name": case-insensitive, on the cleaned name."""
    return name.casefold()


def clean_wizards_id(raw: object) -> str | None:
    """A Wizards Account ID, or None when blank. Accepts digits, letters and -_.@ only."""
    if raw is None:
        return None
    if not isinstance(raw, str | int):
        raise NameError_("Wizards Account ID must be text.")
    value = str(raw).strip()
    if not value:
        return None
    if len(value) > 40:
        raise NameError_("Wizards Account ID is longer than 40 characters.")
    if not all(ch.isascii() and (ch.isalnum() or ch in "-_.@+") for ch in value):
        raise NameError_("Wizards Account ID may contain only letters, digits and - _ . @ +.")
    return value.casefold()

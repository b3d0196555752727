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


WIZARDS_ID_MAX_DIGITS = 10


def clean_wizards_id(raw: object) -> str | None:
    """A Wizards Account ID, or None when blank.

    What Wizards issues for organized play is a number: the player's DCI number, carried over
    into the Wizards Account and asked for at sanctioned events (MTR 1.5, "Tournament
    Identification"), at most ten digits. Nothing else is accepted: in particular not the
    e-mail address a Wizards Account logs in with, which is personal data and not an ID.
    Leading and trailing spaces are dropped; leading zeros are kept (the ID is text).
    """
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        raise NameError_("Wizards Account ID must be text.")
    value = str(raw).strip()
    if not value:
        return None
    if "@" in value:
        raise NameError_(
            "Wizards Account ID is the number on the player's account, not an e-mail address."
        )
    if not (value.isascii() and value.isdigit()):
        raise NameError_("Wizards Account ID may contain only digits.")
    if len(value) > WIZARDS_ID_MAX_DIGITS:
        raise NameError_(f"Wizards Account ID is longer than {WIZARDS_ID_MAX_DIGITS} digits.")
    return value

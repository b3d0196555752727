"""Cleaning of names people type: team names, player names, Wizards Account IDs.

Names are trimmed, inner whitespace collapsed and NFC-normalised (so "Zoë" typed with a combining
diaeresis equals the precomposed one). Control characters and bidirectional overrides are refused:
they can hide or reorder text on printed pairings and standings ("Trojan Source").

Emoji are names too: a zero-width joiner between two pictographs (a family, an astronaut, the
rainbow flag, Unicode TR51 "ZWJ sequences") and the tag characters of a subdivision flag after a
black flag (England, Scotland, Wales) are kept. A joiner anywhere else is an invisible character
and refused.
"""

import unicodedata

from core.text import Text, gettext_noop

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


ZWJ = "\u200d"
BLACK_FLAG = "\U0001f3f4"
TAGS = range(0xE0020, 0xE0080)  # TAG SPACE .. CANCEL TAG
SKIN_TONES = range(0x1F3FB, 0x1F400)
VARIATION_SELECTORS = ("\ufe0e", "\ufe0f")


def _pictograph(ch: str) -> bool:
    """A character an emoji ZWJ sequence joins: a symbol (So), e.g. 👩 🚀 🏳 🌈 ⚧ ❤."""
    return unicodedata.category(ch) == "So"


def _emoji_base_before(text: str, i: int) -> bool:
    """The text before position i ends with a pictograph (with a skin tone or a variation
    selector after it)."""
    j = i - 1
    while j >= 0 and (text[j] in VARIATION_SELECTORS or ord(text[j]) in SKIN_TONES):
        j -= 1
    return j >= 0 and _pictograph(text[j])


def _in_emoji(text: str, i: int) -> bool:
    """Whether the format character at i belongs to an emoji sequence (Unicode TR51)."""
    ch = text[i]
    if ch == ZWJ:
        return _emoji_base_before(text, i) and i + 1 < len(text) and _pictograph(text[i + 1])
    if ord(ch) in TAGS:  # 🏴 + tag letters + CANCEL TAG: a subdivision flag
        j = i
        while j > 0 and ord(text[j - 1]) in TAGS:
            j -= 1
        end = i
        while end + 1 < len(text) and ord(text[end + 1]) in TAGS:
            end += 1
        return j > 0 and text[j - 1] == BLACK_FLAG and text[end] == "\U000e007f"
    return False


class NameError_(ValueError):
    """A name that cannot be accepted; the message is shown to the user."""


def clean_name(raw: object, *, label: str = "Name", max_length: int = 80) -> str:
    """Return the cleaned name or raise NameError_ with a message fit for the form."""
    if not isinstance(raw, str):
        raise NameError_(Text(gettext_noop("%(label)s must be text."), label=label))
    for i, ch in enumerate(raw):
        if ch in BIDI_CONTROLS:
            raise NameError_(
                Text(
                    gettext_noop("%(label)s contains a right-to-left or direction-override mark."),
                    label=label,
                )
            )
        if (
            unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")
            and ch not in " \t"
            and not _in_emoji(raw, i)
        ):
            raise NameError_(
                Text(
                    gettext_noop("%(label)s contains a control or invisible character."),
                    label=label,
                )
            )
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise NameError_(Text(gettext_noop("%(label)s may not be blank."), label=label))
    if len(name) > max_length:
        raise NameError_(
            Text(
                gettext_noop("%(label)s is longer than %(max)s characters."),
                label=label,
                max=max_length,
            )
        )
    return name


def name_key(name: str) -> str:
    """Key for "is this the same name": case-insensitive, on the cleaned name."""
    return name.casefold()


# Letters that are not a base letter plus marks, so NFKD leaves them whole: what a player types
# on a keyboard without them (ß is casefold's "ss" already; ẞ folds to it).
_LETTERS = str.maketrans(
    {"æ": "ae", "ø": "o", "œ": "oe", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i", "ŀ": "l"}
)
_MARK = "Mn"  # nonspacing marks: the accents NFKD splits off


def search_key(text: str) -> str:
    """Key for finding a name as people type it: case and accents ignored, so "jose" finds
    "José", "zoe" "Zoë", "mull" "Müller", "Nuñez" "Ñúñez", "strasse" "Straße", "aeron"
    "Æron", "bjorn" "Bjørn". The same Python function folds the stored names (the
    ``search_key`` columns) and the query, so SQLite and PostgreSQL find the same names."""
    folded = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    plain = "".join(c for c in folded if unicodedata.category(c) != _MARK)
    return " ".join(plain.casefold().translate(_LETTERS).split())


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
        raise NameError_(Text(gettext_noop("Wizards Account ID must be text.")))
    value = str(raw).strip()
    if not value:
        return None
    if "@" in value:
        raise NameError_(
            Text(
                gettext_noop(
                    "Wizards Account ID is the number on the player's account, not an e-mail "
                    "address."
                )
            )
        )
    if not (value.isascii() and value.isdigit()):
        raise NameError_(Text(gettext_noop("Wizards Account ID may contain only digits.")))
    if len(value) > WIZARDS_ID_MAX_DIGITS:
        raise NameError_(
            Text(
                gettext_noop("Wizards Account ID is longer than %(max)s digits."),
                max=WIZARDS_ID_MAX_DIGITS,
            )
        )
    return value

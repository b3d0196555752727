"""Constructed formats Tandem knows: the keys of the card catalogue's legalities."""

CONSTRUCTED_FORMATS: dict[str, str] = {
    "standard": "Standard",
    "pioneer": "Pioneer",
    "modern": "Modern",
    "legacy": "Legacy",
    "vintage": "Vintage",
    "pauper": "Pauper",
    "premodern": "Premodern",
    "explorer": "Explorer",
    "historic": "Historic",
    "alchemy": "Alchemy",
    "oldschool": "Old School",
    "penny": "Penny Dreadful",
    "commander": "Commander",
}

"""Pure domain of the decklists app: no Django imports.

``cards`` (card facts, name matching, banlists), ``card_files`` (streaming readers of Scryfall /
MTGJSON / JSON Lines catalogues), ``decklists`` (the decklist reader: every form, chosen by the
content) with ``deck_lines`` (one line of any program's text) and ``deck_xml`` (MTGO .dek and
Cockatrice .cod), ``problems`` (what the check takes and gives; a player's deck from the boxes
read) and ``udc`` (the team deck check: Unified Deck Construction, limited pools, and Commander
in ``udc_commander``).
"""

"""Pure domain of the decklists app: no Django imports.

``cards`` (card facts, name matching, banlists), ``card_files`` (streaming readers of Scryfall /
MTGJSON / JSON Lines catalogues), ``decklists`` (decklist text parser) and ``udc`` (the team deck
check: Unified Deck Construction and limited pools).
"""

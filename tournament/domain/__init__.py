"""Pure domain of the tournament app: no Django imports.

Card and deck modules: ``cards`` (card facts, name matching, banlists), ``card_files`` (streaming
readers of Scryfall / MTGJSON / JSON Lines catalogues), ``decklists`` (decklist text parser) and
``udc`` (the team deck check: Unified Deck Construction and limited pools).
"""

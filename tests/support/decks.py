"""Real decklists shared by tests and benchmarks (Modern-legal as of the shipped catalogue)."""

# Mono-red Burn, 60 cards.
BURN = """4 Lightning Bolt
4 Monastery Swiftspear
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Goblin Guide
4 Eidolon of the Great Revel
4 Light Up the Stage
4 Searing Blaze
4 Skullcrack
20 Mountain
"""

# Boros Burn, 60 cards, with fetch and shock lands.
BOROS_BURN = """\
4 Goblin Guide
4 Monastery Swiftspear
4 Eidolon of the Great Revel
4 Lightning Bolt
4 Rift Bolt
4 Lava Spike
4 Skewer the Critics
4 Boros Charm
4 Lightning Helix
4 Searing Blaze
4 Inspiring Vantage
4 Sacred Foundry
2 Arid Mesa
2 Bloodstained Mire
8 Mountain
"""

# Blue tempo, 60 cards; shares no card with either Burn list.
TEMPO = """4 Delver of Secrets
4 Counterspell
4 Opt
4 Consider
4 Spell Pierce
4 Thing in the Ice
4 Snapcaster Mage
4 Mana Leak
4 Remand
4 Vendilion Clique
20 Island
"""

# Merfolk, 60 cards; shares no card with either Burn list.
MERFOLK = """\
4 Lord of Atlantis
4 Master of the Pearl Trident
4 Merrow Reejerey
4 Silvergill Adept
4 Cursecatcher
4 Aether Vial
4 Spreading Seas
4 Kitesail Freebooter
4 Harbinger of the Tides
4 Master of Waves
4 Mutavault
16 Island
"""

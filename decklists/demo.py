"""Demo decklists (DEMO_STEPS): constructed lists of real cards for every demo team.

Eight mono-coloured Modern lists share no card but basic lands, so any two of them make a legal
team under Unified Deck Construction (MTR 8.4). Three teams are left with something to fix, so
the organizer's board shows every status: one shares a card between its players, one plays a
card banned in Modern, one has a player who has not submitted yet.
"""

from __future__ import annotations

from access.actors import actor_of_user
from decklists import selectors as deck_selectors
from decklists.services import catalogue as catalogue_svc
from decklists.services import decklists as svc
from tournament.models import Event

ARCHETYPES: list[tuple[list[str], str]] = [
    (["Lightning Bolt", "Monastery Swiftspear", "Lava Spike", "Rift Bolt", "Skewer the Critics",
      "Goblin Guide", "Eidolon of the Great Revel", "Light Up the Stage", "Searing Blaze",
      "Skullcrack"], "Mountain"),
    (["Delver of Secrets", "Counterspell", "Opt", "Consider", "Spell Pierce", "Thing in the Ice",
      "Snapcaster Mage", "Mana Leak", "Remand", "Vendilion Clique"], "Island"),
    (["Llanowar Elves", "Elvish Mystic", "Elvish Visionary", "Heritage Druid", "Nettle Sentinel",
      "Elvish Archdruid", "Ezuri, Renegade Leader", "Imperious Perfect", "Collected Company",
      "Chord of Calling"], "Forest"),
    (["Thalia, Guardian of Thraben", "Adanto Vanguard", "Thraben Inspector",
      "Brimaz, King of Oreskos", "Flickerwisp", "Path to Exile", "Raise the Alarm",
      "Intangible Virtue", "Honor of the Pure", "Spectral Procession"], "Plains"),
    (["Thoughtseize", "Inquisition of Kozilek", "Fatal Push", "Dark Confidant", "Bloodghast",
      "Gurmag Angler", "Liliana of the Veil", "Kitesail Freebooter", "Dismember",
      "Collective Brutality"], "Swamp"),
    (["Tarmogoyf", "Scavenging Ooze", "Noble Hierarch", "Ignoble Hierarch", "Sylvan Caryatid",
      "Courser of Kruphix", "Primeval Titan", "Ancient Stirrings", "Eternal Witness",
      "Lotus Cobra"], "Forest"),
    (["Brazen Borrower", "Archmage's Charm", "Jace, the Mind Sculptor", "Force of Negation",
      "Murktide Regent", "Ledger Shredder", "Fact or Fiction", "Serum Visions", "Thought Scour",
      "Mishra's Bauble"], "Island"),
    (["Ornithopter", "Memnite", "Signal Pest", "Springleaf Drum", "Cranial Plating",
      "Steel Overseer", "Arcbound Ravager", "Walking Ballista", "Galvanic Blast",
      "Frogmite"], "Mountain"),
]  # fmt: skip


def decklist_text(archetype: int) -> str:
    cards, basic = ARCHETYPES[archetype % len(ARCHETYPES)]
    return "".join(f"4 {name}\n" for name in cards) + f"20 {basic}\n"


def demo_decklists(event: Event, rng, stdout) -> None:
    """Every demo team registers two lists; teams 3, 6 and 9 keep something to fix."""
    catalogue_svc.load_shipped(if_empty=True)
    if not event.is_constructed:
        return
    teams = list(event.teams.prefetch_related("players").order_by("pk"))
    organizer = actor_of_user(event.organizer, event)
    for number, team in enumerate(teams, start=1):
        first, second = list(team.players.all())[:2]
        shift = rng.randrange(len(ARCHETYPES))
        texts = [decklist_text(shift), decklist_text(shift + 1 + rng.randrange(7))]
        if number == 3:  # the same card in both decks: Unified Deck Construction (MTR 8.4)
            texts[1] = texts[1].replace("4 ", "3 ", 1) + "1 " + ARCHETYPES[shift][0][0] + "\n"
        if number == 6:  # banned in Modern
            texts[0] = texts[0].replace("20 ", "19 ", 1) + "1 Hogaak, Arisen Necropolis\n"
        svc.decklist_submit(player=first, main=texts[0], actor=organizer)
        if number != 9:  # this player has not submitted yet
            svc.decklist_submit(player=second, main=texts[1], actor=organizer)
    counts = deck_selectors.status_counts(deck_selectors.board(event))
    stdout.write(
        f"  decklists: {counts['legal']} teams legal, {counts['illegal']} illegal, "
        + (f"{counts['unchecked']} not checked, " if counts["unchecked"] else "")
        + f"{counts['missing']} missing a list"
    )

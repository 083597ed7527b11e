"""The numbers of Attack! that the rule document leaves to the designer, in one place.

Every table here is a design choice written down in ``docs/rules/attack.md`` (marked "design") with the
test that covers it; the numbers players may dispute are ruleset options (``rules.attack.options``) and
these are only their defaults.

Unit counts are 4-tuples in a fixed order: armies (infantry, artillery, tank, plane) and navies
(submarine, destroyer, battleship, carrier). A large piece is worth 5 small ones; the engine counts small
units and a renderer draws each 5 as one large piece (``pieces``).
"""

from __future__ import annotations

ARMY_TYPES = ("infantry", "artillery", "tank", "plane")
NAVY_TYPES = ("submarine", "destroyer", "battleship", "carrier")
INFANTRY, ARTILLERY, TANK, PLANE = range(4)
SUBMARINE, DESTROYER, BATTLESHIP, CARRIER = range(4)

Counts = tuple[int, int, int, int]
NONE: Counts = (0, 0, 0, 0)

# The army die: tank, infantry, artillery, two planes and a blank (index = die value - 1; None = blank).
ARMY_FACES: tuple[int | None, ...] = (INFANTRY, ARTILLERY, TANK, PLANE, PLANE, None)
# The navy die: carrier, destroyer, submarine, two battleships and a blank.
NAVY_FACES: tuple[int | None, ...] = (CARRIER, DESTROYER, SUBMARINE, BATTLESHIP, BATTLESHIP, None)

# The order in which hits destroy units (the rule document's hierarchy).
ARMY_LOSS_ORDER = (INFANTRY, ARTILLERY, TANK, PLANE)
NAVY_LOSS_ORDER = (DESTROYER, SUBMARINE, CARRIER, BATTLESHIP)
# Which units a default line takes first: one of each kind, strongest kind first, before a second of any
# (hits count once per kind in the line, so a mixed line hits most often).
ARMY_LINE_ORDER = (PLANE, TANK, ARTILLERY, INFANTRY)

# Build costs (production certificates, oil certificates), before the government's discount.
ARMY_COST: tuple[tuple[int, int], ...] = ((1, 0), (2, 0), (3, 1), (4, 1))
NAVY_COST: tuple[tuple[int, int], ...] = ((2, 0), (3, 1), (5, 1), (4, 1))
# Advanced units: without Minerals a Build takes at most one advanced army unit (tank, plane) and one
# advanced navy unit (battleship, carrier); each Minerals level allows two more of each.
ADVANCED_ARMY = (False, False, True, True)
ADVANCED_NAVY = (False, False, True, True)

# Navy cards: each ship's value in an engagement, and what its navy die adds.
NAVY_VALUE = (1, 2, 3, 2)  # submarine, destroyer, battleship, carrier
FACE_OWN_TYPE = 2  # the die shows the rolling ship's own type
FACE_OTHER_SHIP = 1  # any other ship
# Situational modifiers: (ship, against) -> bonus.
NAVY_MODIFIERS: dict[tuple[int, int], int] = {
    (DESTROYER, SUBMARINE): 1,  # destroyers hunt submarines
    (SUBMARINE, BATTLESHIP): 1,  # submarines torpedo the big ships
    (SUBMARINE, CARRIER): 1,
}
NAVY_LINE_MAX = 8

GOVERNMENTS = ("fascism", "communism", "monarchy", "democracy")
FASCISM, COMMUNISM, MONARCHY, DEMOCRACY = range(4)
# Two blocs decide what negotiating with a neutral costs: same government, same bloc, other bloc.
BLOC = (0, 0, 1, 1)  # fascism and communism are authoritarian; monarchy and democracy traditional
GOVERNMENT_SEATS = 2  # eight placards: at most two players share a government

# Starting forces by government: (army, navy). Two infantry of the army stand in each extra region.
START_ARMY: tuple[Counts, ...] = ((6, 2, 2, 1), (9, 2, 1, 1), (6, 2, 1, 1), (6, 1, 1, 2))
START_NAVY: tuple[Counts, ...] = ((1, 1, 0, 0), (1, 0, 0, 0), (1, 1, 1, 0), (0, 1, 0, 1))
OUTPOST_INFANTRY = 2
START_PRODUCTION = 3
START_OIL = 1
MONARCHY_INCOME = 2  # production added to every income
DEMOCRATIC_RESEARCH_DISCOUNT = 3

SUITS = ("factories", "minerals", "oil", "rail", "population")
FACTORIES, MINERALS, OIL, RAIL, POPULATION = range(5)
LEVELS = 4
# Cards of each level in the box (118 in all), by suit.
SUPPLY: tuple[tuple[int, int, int, int], ...] = (
    (8, 6, 5, 4),
    (8, 6, 5, 4),
    (8, 6, 5, 4),
    (8, 6, 5, 4),
    (11, 6, 5, 4),
)
FACTORY_PRODUCTION = 2  # per Factories level, at each income
# The economics card a government may start with (Step 2 of the setup).
START_CARDS: tuple[tuple[int, ...], ...] = (
    (MINERALS, RAIL),
    (MINERALS, RAIL, FACTORIES),
    (MINERALS, RAIL),
    (MINERALS, RAIL),
)

SEASONS = ("spring", "summer", "autumn", "winter")
SPRING, SUMMER, AUTUMN, WINTER = range(4)
WARS = {"limited": 6, "major": 9, "total": 12}

ACTIONS = ("move", "blitz", "navigate", "transport", "negotiate", "build", "research")

# The action deck: nine kinds, four of each (card id // 4 is its kind).
CARD_KINDS = (
    "surprise_attack",
    "forced_march",
    "blitzkrieg",
    "naval_supremacy",
    "war_bonds",
    "oil_strike",
    "diplomacy",
    "breakthrough",
    "mild_winter",
)
COPIES = 4
DECK_SIZE = len(CARD_KINDS) * COPIES
HAND_LIMIT = 3
# Which actions each card is played with ("winter": any Winter action, instead of the Burn).
CARD_ACTIONS: tuple[tuple[str, ...], ...] = (
    ("move", "blitz", "navigate"),
    ("move", "transport"),
    ("blitz",),
    ("navigate",),
    ("build",),
    ("build",),
    ("negotiate",),
    ("research",),
    ACTIONS,
)
SURPRISE_ATTACK, FORCED_MARCH, BLITZKRIEG, NAVAL_SUPREMACY = range(4)
WAR_BONDS, OIL_STRIKE, DIPLOMACY, BREAKTHROUGH, MILD_WINTER = range(4, 9)
WAR_BONDS_PRODUCTION = 5
OIL_STRIKE_OIL = 3
FORCED_MARCH_RANGE = 2  # Move: up to 2 regions; Transport: 2 regions further
BLITZKRIEG_RANGE = 5

CARD_TEXT = (
    "Surprise Attack: in this action's army battles your opening salvo fires your whole line.",
    "Forced March: Move up to 2 regions (the first into your own), or Transport 2 regions further.",
    "Blitzkrieg: tanks and planes join this Blitz from up to 5 regions away.",
    "Naval Supremacy: +1 to your navy dice in this action's navy battles.",
    "War Bonds: +5 production with this Build.",
    "Oil Strike: +3 oil with this Build.",
    "Diplomacy: this negotiation costs nothing.",
    "Breakthrough: this research costs half.",
    "Mild Winter: take your Winter action without burning.",
)


def card_kind(card: int) -> int:
    return card // COPIES


def card_name(card: int) -> str:
    return CARD_KINDS[card_kind(card)].replace("_", " ").title()


def pieces(count: int) -> tuple[int, int]:
    """(large, small) pieces showing ``count`` units: each large piece is worth 5."""
    return divmod(count, 5)


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def fits(part: Counts, whole: Counts) -> bool:
    return all(0 <= p <= w for p, w in zip(part, whole, strict=True))


def army_value(units: Counts) -> int:
    """What the units cost to build (production), the measure of research and of strength."""
    return sum(n * ARMY_COST[i][0] for i, n in enumerate(units))


def navy_value(ships: Counts) -> int:
    return sum(n * NAVY_COST[i][0] for i, n in enumerate(ships))

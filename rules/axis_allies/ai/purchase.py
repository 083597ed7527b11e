"""The AI's purchases and placements.

First the capital: when the enemy's attack within reach of it beats its defence, infantry (the
cheapest defence) makes up the difference, placed there. Ships only when there is a zone to place
them in (next to a working factory, free of enemy units: ships bought with nowhere to go are lost).
The island powers (UK, Japan, USA) buy submarines while enemy ships guard the waters of an island
goal capital (Tokyo, London), and transports until their shipping keeps up with the land units
waiting at their factories (against an island capital: until they can land tanks worth a sixth of
its defence and more; all the money goes on transports while an army waits for them). A power whose
goal is an island capital, or that has no land front, keeps a squadron of bombers to raid it
(``ai.raids``). The rest of the money goes on infantry with a tank in four (one in two for shipping
against an island; a fighter now and then when rich). Ships are placed where they would be safe,
nearest the goal; land units at the factory nearest the goal by sea (island powers) or under the most
threat (the front).
"""

from __future__ import annotations

from rules.axis_allies.actions import Buy, Place
from rules.axis_allies.ai.survey import COASTS, LAND_STEPS, SEA_STEPS, View
from rules.axis_allies.common import (
    CAPITAL,
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    SIZE,
    hostile_land,
    income,
    may_spend,
)
from rules.axis_allies.mobilize import can_place, capacity, working_factory
from rules.axis_allies.state import AXIS_SIDE, GERMANY, JAPAN, SIDE, USA, AAState
from rules.axis_allies.units import UNIT_TYPES, Domain, attack_value, cost, defense_value

ISLAND_POWERS = (2, 3, 4)  # UK, Japan, USA: their armies need transports
SLOTS = {"infantry": 1, "artillery": 1, "tank": 2}  # transport room a land unit takes (a transport has 2)
PACIFIC_ROUND = 6  # the USA turns to Tokyo from this round (before it, it helps against Berlin)
SQUADRON = 6  # bombers a power with no land front keeps for raids
WAITING = 12  # transport room lacking from which an island power spends everything on transports


def goal_capitals(state: AAState, power: int) -> list[int]:
    """The enemy capitals to go for, first the main one: the USSR and the UK go for Berlin first, then
    Tokyo; the USA too until round PACIFIC_ROUND, then (on the Pacific) for Tokyo first, so that Japan
    is not left to grow while Germany falls. The Axis go for Moscow, then London and Washington. A
    capital of one's own side in enemy hands comes before all of them."""
    if SIDE[power] == AXIS_SIDE:
        order: tuple[int, ...] = (0, 2, 4)
    else:
        order = (JAPAN, GERMANY) if power == USA and state.round >= PACIFIC_ROUND else (GERMANY, JAPAN)
    # An ally's capital in enemy hands comes first: without it the side cannot win.
    lost = [
        CAPITAL[p]
        for p in range(len(CAPITAL))
        if SIDE[p] == SIDE[power] and SIDE[state.owner[CAPITAL[p]]] != SIDE[power]
    ]
    found = lost + [CAPITAL[p] for p in order if state.owner[CAPITAL[p]] == p]
    return found or [CAPITAL[p] for p in order]


def sea_rank(state: AAState, power: int, zone: int) -> int:
    """Sea steps from a zone to the coast of the main goal capital (99: far or cut off)."""
    goal = goal_capitals(state, power)[0]
    return min((SEA_STEPS[zone].get(g, 99) for g in COASTS[goal]), default=99)


def factory_rank(state: AAState, power: int, where: int) -> int:
    """Sea steps from a factory's coast to the coast of the main goal capital (99: inland or far)."""
    return min((sea_rank(state, power, z) for z in COASTS[where]), default=99)


def buy(view: View, seed: int, cap: int | None = None) -> Buy | None:
    """The purchase; ``cap``: transports worth having, in place of ``_transport_cap`` (the ``normal``
    AI's wave against an island capital alone, ``ai.landing.wave_cap``)."""
    state, power = view.state, view.power
    if state.bought or not may_spend(state, power):
        return None
    techs = state.techs[power]
    ipcs = state.ipcs[power]
    factories = [f for f in range(SIZE) if working_factory(state, power, f)]
    room = sum(min(capacity(state, power, f), 40) for f in factories)
    if room == 0 or ipcs < cost("infantry", techs):
        return None
    price = {u: cost(u, techs) for u in ("infantry", "tank", "fighter", "transport")}
    order: list[str] = []
    budget = ipcs
    capital = CAPITAL[power]
    if capital in factories:
        short = view.threat(capital) + 2 - view.defence(capital)
        while short > 0 and budget >= price["infantry"] and len(order) < room:
            order.append("infantry")
            budget -= price["infantry"]
            short -= 2
    ships = _ship_room(state, power, factories)
    if power in ISLAND_POWERS and ships:
        gap = _naval_gap(state, power)
        while gap > 0 and budget >= cost("submarine", techs) and 2 * (ipcs - budget) < ipcs + 1:
            order.append("submarine")
            budget -= cost("submarine", techs)
            gap -= attack_value("submarine", techs)
            ships -= 1
    goal = goal_capitals(state, power)[0]
    squadron = 0
    if power not in ISLAND_POWERS and (_island(goal) or not _land_front(state, power, factories)):
        # The enemy capital left is an island, or nothing is left to fight over land: bombers, which
        # raid its factory so it cannot buy defenders, up to a squadron (``ai.raids``).
        squadron = SQUADRON
    elif power in ISLAND_POWERS and _island(goal) and state.round >= 3:
        squadron = SQUADRON  # an island power going for an island capital starves it too
    if squadron:
        price["bomber"] = cost("bomber", techs)
        while budget >= price["bomber"] and _bombers(state, power) + order.count("bomber") < squadron:
            order.append("bomber")
            budget -= price["bomber"]
    if budget >= 40 and not order and (seed + state.round + power) % 3 == 0:
        order.append("fighter")
        budget -= price["fighter"]
    shipping = power in ISLAND_POWERS and ships > 0
    deficit = _shipping_deficit(state, power, factories) if shipping else 0
    fleet = sum(
        s.count for stacks in state.units for s in stacks if s.power == power and s.unit == "transport"
    )
    boats = 0
    land = 0
    cap = _transport_cap(state, power) if cap is None else max(cap, _transport_cap(state, power))
    # With an army waiting for ships, ships are all the money buys; otherwise at most half of it.
    share = 1 if deficit >= WAITING else 2
    # Against an island, tanks ship best: 3 attack in a transport, against 2 for two infantry.
    tank_every = 2 if shipping and _island(goal) else 4
    while budget >= price["infantry"]:
        if (
            shipping
            and deficit > 0
            and budget >= price["transport"]
            and boats * share * price["transport"] < ipcs
            and fleet + boats < cap
            and boats < ships
        ):
            order.append("transport")
            budget -= price["transport"]
            deficit -= 2
            boats += 1
            continue
        if land >= room:
            break
        unit = "tank" if land % tank_every == tank_every - 1 and budget >= price["tank"] else "infantry"
        order.append(unit)
        budget -= price[unit]
        deficit += SLOTS[unit]
        land += 1
    if not order:
        return None
    tally: dict[str, int] = {}
    for u in order:
        tally[u] = tally.get(u, 0) + 1
    return Buy(tuple(tally.items()))


def _transport_cap(state: AAState, power: int) -> int:
    """Transports worth having: about a third of the income, or, against an island capital, enough
    to land tanks worth half its defence (the AI's siege: ``ai.attack``). The shipping deficit keeps
    them from being bought faster than there are units to fill them."""
    cap = max(income(state, power) // 3, 4)
    goal = goal_capitals(state, power)[0]
    if _island(goal):
        defence = sum(
            defense_value(s.unit, state.techs[s.power]) * s.count
            for s in state.units[goal]
            if SIDE[s.power] != SIDE[power] and UNIT_TYPES[s.unit].fights
        )
        cap = max(cap, defence // 6 + 4)
    return cap


def _island(where: int) -> bool:
    return all(IS_SEA[n] for n in NEIGHBOURS[where])


def _ship_room(state: AAState, power: int, factories: list[int]) -> int:
    """How many ships could be placed this turn: next to a working factory, in a zone free of enemy
    units (ships bought with nowhere to go are lost at the end of the turn)."""
    zones = {z for f in factories for z in COASTS[f]}
    return sum(min(can_place(state, power, "transport", z), 40) for z in zones)


def _land_front(state: AAState, power: int, factories: list[int]) -> bool:
    """Enemy land our factories' units can walk to (within eight steps, whoever holds the way)."""
    return any(hostile_land(state, t, power) for f in factories for t, d in LAND_STEPS[f].items() if d <= 8)


def _bombers(state: AAState, power: int) -> int:
    return sum(s.count for stacks in state.units for s in stacks if s.power == power and s.unit == "bomber")


def _naval_gap(state: AAState, power: int) -> int:
    """The attack our warships lack to clear the waters of an island goal capital (0: enough, or
    the goal is not an island)."""
    goal = goal_capitals(state, power)[0]
    if not all(IS_SEA[n] for n in NEIGHBOURS[goal]):
        return 0
    side = SIDE[power]
    enemy = sum(
        defense_value(s.unit, state.techs[s.power]) * s.count
        for z in COASTS[goal]
        for s in state.units[z]
        if SIDE[s.power] != side and UNIT_TYPES[s.unit].fights
    )
    if not enemy:
        return 0
    ours = sum(
        attack_value(s.unit, state.techs[s.power]) * s.count
        for stacks in state.units
        for s in stacks
        if s.power == power and DOMAIN[s.unit] is Domain.SEA
    )
    return int(1.5 * enemy + 4 - ours)


def _shipping_deficit(state: AAState, power: int, factories: list[int]) -> int:
    """Transport room the land units waiting at the factories lack (room free on transports nearby)."""
    waiting = sum(
        SLOTS.get(s.unit, 0) * s.count for f in factories for s in state.units[f] if s.power == power
    )
    room = 0
    for where in range(SIZE):
        if not IS_SEA[where]:
            continue
        for s in state.units[where]:
            if s.power == power and s.unit == "transport":
                room += (2 - sum(SLOTS.get(u, 0) for u in s.cargo)) * s.count
    return waiting - room


def place(view: View) -> Place | None:
    state, power = view.state, view.power
    for unit, n in state.bought:
        spots = [w for w in range(SIZE) if can_place(state, power, unit, w)]
        if spots:
            where = min(spots, key=lambda w: _spot_rank(view, unit, n, w))
            k = min(n, can_place(state, power, unit, where))
            return Place(((unit, k),), NAMES[where])
    return None


def _spot_rank(view: View, unit: str, n: int, where: int) -> tuple[int, ...]:
    """Ships: a zone they would be safe in, nearest the goal, with our other ships. Land units: a
    threatened capital first, then (island powers) the factory nearest the goal by sea, then the
    factory under the most threat (the front)."""
    state, power = view.state, view.power
    if DOMAIN[unit] is Domain.SEA:
        ships = sum(s.count for s in state.units[where] if s.power == power)
        safe = view.safe_at_sea(where, defense_value(unit, view.techs) * n)
        return (0 if safe else 1, sea_rank(state, power, where), -ships, where)
    if where == CAPITAL[power] and view.threat(where) + 2 > view.defence(where):
        return (-1, 0, where)
    island = factory_rank(state, power, where) if power in ISLAND_POWERS else 0
    return (island, -view.threat(where), where)

"""The ``normal`` AI's landing on an island capital (for the Axis: Germany on London, "Sea Lion").

The easy AI never buys Germany a transport, so London is never in reach and the Axis only ever win
by the economic line. Here a power with a factory whose waters are within one transport move of an
enemy island capital's waters (Germany: the Baltic, next to the North Sea) plans a landing, once
Moscow is in Axis hands (MOSCOW), in three turns' work, as TripleA's ProAI clears a transport route:

- Buying: transports up to SHIPS for the waters next to our factory (the staging waters; tanks
  with the rest: 3 attack a transport against 2 for two infantry), only while the landing could
  beat the capital's defence (the aircraft in reach of it plus transports full of tanks against
  its defence times RATIO) and the route will be open by the landing's turn: every zone of it
  (the staging waters and the capital's shore) clear of enemy ships or beaten this turn by the
  strike below, and the staging waters safe for the transports (SAFE).
- The strike (the combat move of the turn the transports are bought): the enemy ships in the
  route's zones are attacked with the aircraft and warships in reach from STRIKE odds, even at a
  loss of units by the easy AI's score (the route is worth more than the trade).
- The landing (the next turn): everything that could land or fly in (land units loaded from our
  coasts onto the transports, cargo at sea, aircraft) from ODDS; loading first, so that the
  transports then sail and unload as the easy AI's amphibious sources do. Ships that came back
  onto the shore are attacked first only when the cargo alone would still win from ODDS.

It is stateless: each call works out the whole plan again from the position.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies.actions import Buy, Move, Place
from rules.axis_allies.ai.attack import (
    ENOUGH,
    START,
    Source,
    _add,
    _clearing,
    air_sources,
    judge,
    present,
    sea_sources,
    ship_sources,
    sources,
)
from rules.axis_allies.ai.moves import landings
from rules.axis_allies.ai.purchase import _island, goal_capitals
from rules.axis_allies.ai.survey import AIR_STEPS, COASTS, SEA_STEPS, View, legal, movable
from rules.axis_allies.common import (
    CAPITAL,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    SIZE,
    enemy_fighting,
    enemy_ships,
    enemy_units,
    friendly_land,
    hostile_land,
)
from rules.axis_allies.mobilize import can_place, working_factory
from rules.axis_allies.reach import landing_spot, remaining, shortest_air_path
from rules.axis_allies.state import AXIS_SIDE, SIDE, UNLOADED, AAState
from rules.axis_allies.units import UNIT_TYPES, Domain, attack_value, cost, defense_value, movement

SHIPS = 6  # transports a landing is planned with
RATIO = 1.2  # planned attack over the capital's defence from which transports are bought
ODDS = 0.6  # odds from which the landing is made
STRIKE = 0.7  # odds from which the enemy ships on the route are attacked the turn before the landing
SAFE = 1  # how many times the planned transports' defence the enemy's strike on their waters may be
MOSCOW = 1  # 1: plan only once Moscow is in Axis hands (bought from round 1, the east lost its tanks)
EMPTY = 1  # 1: the landing's transports wait empty (``hold``)
ESCORT = "submarine"  # the escort (destroyers are an optional unit)
ESCORTS = 2  # escorts bought with the landing's first transports
AIR_FIRST = 1  # 1: the aircraft come within reach of the target once it is planned, before any purchase
BOATS = 2  # transports (waiting or bought this turn) from which the plan's strike and army count


def island_target(state: AAState, power: int) -> int | None:
    """The first goal capital that is an island, in enemy hands, with waters within one transport
    move of the waters next to one of our factories."""
    if SIDE[power] != AXIS_SIDE:
        return None  # the Allies' island goal (Tokyo) is far from their factories
    if MOSCOW and hostile_land(state, CAPITAL[0], power):
        return None
    for goal in goal_capitals(state, power):
        if _island(goal) and hostile_land(state, goal, power) and staging(state, power, goal):
            return goal
    return None


def staging(state: AAState, power: int, target: int) -> list[int]:
    """Sea zones next to our working factories within one transport move of the target's waters."""
    reach = movement("transport", state.techs[power])
    zones = {z for f in range(SIZE) if working_factory(state, power, f) for z in COASTS[f]}
    return sorted(z for z in zones if _to_shore(target, z) <= reach)


def _to_shore(target: int, zone: int) -> int:
    return min((SEA_STEPS[zone].get(c, 99) for c in COASTS[target]), default=99)


def route(state: AAState, power: int, target: int) -> list[int]:
    """The zones the landing crosses: the staging waters and the target's shore zones in one
    transport move of them (the zones between, on a longer map, are not looked at)."""
    zones = staging(state, power, target)
    reach = movement("transport", state.techs[power])
    shore = [c for c in COASTS[target] if any(SEA_STEPS[z].get(c, 99) <= reach for z in zones)]
    return zones + [c for c in shore if c not in zones]


def _strike_odds(view: View, zone: int, checked: bool) -> float:
    """The odds of attacking the enemy ships in ``zone`` with everything in reach (with ``checked``,
    only what the engine accepts now: in the purchase phase nothing moves yet)."""
    found = sources(view, zone)
    if checked:
        found = [s for s in found if legal(view.state, view.power, s.move) is not None]
    everything = present(view, zone)
    for src in found:
        everything = _add(everything, src.units)
    if not everything:
        return 0.0
    return judge(view, zone, everything)[0]


def route_ready(view: View, target: int) -> bool:
    """The route will be open by the landing's turn: each of its zones clear of enemy ships or
    beaten by a strike this turn from STRIKE (each zone judged alone), and a staging zone safe
    for the planned transports (SAFE times their defence; 0: not asked)."""
    state, power = view.state, view.power
    for zone in route(state, power, target):
        if enemy_ships(state, zone, power) and _strike_odds(view, zone, checked=False) < STRIKE:
            return False
    if not SAFE:
        return True
    added = defense_value("transport", view.techs) * SHIPS * SAFE
    return any(view.safe_at_sea(z, added) for z in staging(state, power, target))


def _ships(state: AAState, power: int, zones: list[int], unit: str = "transport") -> int:
    return sum(s.count for z in zones for s in state.units[z] if s.power == power and s.unit == unit)


def _air(view: View, target: int) -> int:
    """The attack of our aircraft that could strike ``target`` this turn and fly on to land."""
    total = 0
    for where in range(SIZE):
        for s in view.state.units[where]:
            air = s.power == view.power and UNIT_TYPES[s.unit].domain is Domain.AIR
            if air and AIR_STEPS[where].get(target, 99) <= movement(s.unit, view.techs) - 1:
                total += attack_value(s.unit, view.techs) * s.count
    return total


def _worth(view: View, target: int, boats: int) -> bool:
    planned = _air(view, target) + attack_value("tank", view.techs) * boats
    return planned >= RATIO * view.enemy_defence(target)


def buy(view: View, easy: Buy | None) -> Buy | None:
    """Transports for the landing (the rest as the easy AI would spend it), or the easy AI's buy."""
    state, power = view.state, view.power
    target = island_target(state, power)
    if target is None or easy is None:
        return easy
    zones = staging(state, power, target)
    if not any(can_place(state, power, "transport", z) for z in zones):
        return easy
    have = _ships(state, power, zones)
    if have >= SHIPS or not _worth(view, target, SHIPS) or not route_ready(view, target):
        return easy
    price, tank = cost("transport", view.techs), cost("tank", view.techs)
    ipcs = state.ipcs[power]
    spend = sum(cost(u, view.techs) * n for u, n in easy.units)
    # The capital's guard (the easy AI's first infantry: its threat's shortfall) stays first.
    capital = CAPITAL[power]
    guard = (
        max(0, view.threat(capital) + 3 - view.defence(capital)) // 2
        if working_factory(state, power, capital)
        else 0
    )
    guard = min(guard, dict(easy.units).get("infantry", 0))
    money = ipcs - guard * cost("infantry", view.techs)
    # The escort first: it clears the shore the British refill each turn and guards the waiting boats.
    escort = max(0, ESCORTS - _ships(state, power, zones, ESCORT))
    escort = min(escort, max(money, 0) // (cost(ESCORT, view.techs) + price + tank))
    money -= escort * cost(ESCORT, view.techs)
    boats = min(SHIPS - have, max(money, 0) // (price + tank))
    if boats <= 0 or spend > ipcs:
        return easy
    money -= boats * price
    tanks = money // tank
    money -= tanks * tank
    units = {
        ESCORT: escort,
        "transport": boats,
        "tank": tanks,
        "infantry": guard + money // cost("infantry", view.techs),
    }
    return Buy(tuple((u, n) for u, n in units.items() if n))


def place(state: AAState, power: int) -> Place | None:
    """Transports and escorts bought for the landing go to the staging waters."""
    target = island_target(state, power)
    if target is None:
        return None
    for unit, n in state.bought:
        if unit not in ("transport", ESCORT):
            continue
        for zone in staging(state, power, target):
            k = min(n, can_place(state, power, unit, zone))
            if k > 0:
                return Place(((unit, k),), NAMES[zone])
    return None


def _shore_open(view: View, target: int) -> bool:
    return any(not enemy_ships(view.state, z, view.power) or _clearing(view, z) for z in COASTS[target])


def load_sources(view: View, target: int, planning: bool = False) -> list[Source]:
    """Land units that could board our transports in waters within reach of the target's shore
    (tanks first: a transport carries one tank or two infantry)."""
    state, power = view.state, view.power
    found: list[Source] = []
    reach = movement("transport", view.techs)
    if not planning and not _shore_open(view, target):
        return found  # the landing waits for a clear shore (``clear_shore``)
    for zone in range(SIZE):
        if not IS_SEA[zone] or enemy_units(state, zone, power) or _to_shore(target, zone) > reach:
            continue
        boats = [
            s
            for s in state.units[zone]
            if s.power == power and s.unit == "transport" and not s.moved and not s.flags & UNLOADED
        ]
        empty = sum(s.count for s in boats if not s.cargo)
        slots = 2 * empty + sum(s.count for s in boats if len(s.cargo) == 1 and s.cargo[0] != "tank")
        for coast in NEIGHBOURS[zone]:
            if IS_SEA[coast] or not friendly_land(state, coast, power):
                continue
            stacks = {s.unit: s for s in movable(state, power, coast, Domain.LAND)}
            # What the coast may give up is shared by its units (``spare`` judges one stack alone).
            need = view.capital_need(coast)
            budget = view.defence(coast) - need if need else 10**6
            for unit in ("tank", "artillery", "infantry"):
                s = stacks.get(unit)
                if s is None:
                    continue
                worth = defense_value(unit, view.techs)
                k = min(s.count, budget // worth if worth else s.count, empty if unit == "tank" else slots)
                if k <= 0:
                    continue
                found.append(Source(Move(((unit, k),), (NAMES[coast], NAMES[zone])), ((unit, k),), "load"))
                budget -= k * worth
                slots -= 2 * k if unit == "tank" else k
                empty = min(empty - (k if unit == "tank" else 0), slots // 2)
    return found


def landing(view: View) -> Move | None:
    """The next move of the plan in the combat move: the strike that opens the route in the turn
    the transports are bought; in the next, the landing on the island capital when everything
    would win from ODDS (first, when enemy ships hold its shore, the attack that clears them)."""
    target = island_target(view.state, view.power)
    if target is None or not enemy_fighting(view.state, target, view.power) or present(view, target):
        return None  # an empty capital is the easy AI's grab; a started landing is fed by ``_feed``
    waiting = _ships(view.state, view.power, staging(view.state, view.power, target))
    bought = sum(n for u, n in view.state.bought if u == "transport")
    if waiting < BOATS:
        return strike(view, target) if waiting + bought >= BOATS else None
    if not _shore_open(view, target):
        return clear_shore(view, target)
    found = sea_sources(view, target) + load_sources(view, target) + air_sources(view, target)
    found.sort(key=lambda s: s.kind != "load")
    ok = [s for s in found if legal(view.state, view.power, s.move) is not None]
    everything = present(view, target)
    for src in ok:
        everything = _add(everything, src.units)
    if not ok or judge(view, target, everything)[0] < ODDS:
        return None
    return ok[0].move


def strike(view: View, target: int) -> Move | None:
    """The first move of an attack on the enemy ships in a zone of the route (a zone already
    attacked is fed by ``_feed``), with the aircraft and warships in reach, from STRIKE odds."""
    state, power = view.state, view.power
    for zone in route(state, power, target):
        if not enemy_ships(state, zone, power) or present(view, zone):
            continue
        if _strike_odds(view, zone, checked=True) < STRIKE:
            continue
        for src in ship_sources(view, zone) + air_sources(view, zone):
            if legal(state, power, src.move) is not None:
                return src.move
    return None


def clear_shore(view: View, target: int) -> Move | None:
    """The first move of an attack on the weakest enemy fleet on the target's shore, with the ships
    and aircraft in reach taken in the order ``_feed`` sends them until the sea battle is won from
    ENOUGH (the easy AI's feeding), when it is won from START and the cargo that could land with
    the aircraft left over would win from ODDS."""
    cargo: dict[str, int] = {}
    for src in load_sources(view, target, planning=True):
        if legal(view.state, view.power, src.move) is not None:
            cargo = _add(cargo, src.units)
    if not cargo:
        return None
    state, power = view.state, view.power
    zone = min(COASTS[target], key=lambda z: (view.enemy_defence(z), z))
    used: list[Source] = []
    everything = present(view, zone)
    for src in sources(view, zone):
        if everything and judge(view, zone, everything)[0] >= ENOUGH:
            break
        if legal(state, power, src.move) is not None:
            used.append(src)
            everything = _add(everything, src.units)
    if not used or judge(view, zone, everything)[0] < START:
        return None
    taken = {src.move.path[0] for src in used if src.kind == "air"}
    for src in air_sources(view, target):
        if src.move.path[0] not in taken and legal(state, power, src.move) is not None:
            cargo = _add(cargo, src.units)
    if judge(view, target, cargo)[0] < ODDS:
        return None
    return used[0].move


def planned(view: View) -> int | None:
    """The coast the landing's army gathers on (next to the staging waters, with our factory), while
    a landing is planned: BOATS transports waiting in the staging waters (or bought this turn) and
    the landing they and the aircraft in reach could make worth RATIO times the target's defence."""
    state, power = view.state, view.power
    target = island_target(state, power)
    if target is None:
        return None
    zones = staging(state, power, target)
    boats = _ships(state, power, zones) + sum(n for u, n in state.bought if u == "transport")
    if boats < BOATS or not _worth(view, target, boats):
        return None
    return _coast(state, power, target)


def _coast(state: AAState, power: int, target: int) -> int | None:
    """Our factory on the staging waters, where the landing's army gathers."""
    zones = staging(state, power, target)
    coasts = [f for f in range(SIZE) if working_factory(state, power, f) and set(COASTS[f]) & set(zones)]
    return coasts[0] if coasts else None


def hold(view: View) -> AAState:
    """The position with the landing's army (our land units on its coast) and, with EMPTY, its
    transports in the staging waters kept out of the other plans' moves (marked as having moved),
    while a landing is planned: the easy AI's guard counts only loaded transports as a threat to a
    coast, so transports kept empty until the landing's turn do not call up London's defence."""
    coast = planned(view)
    if coast is None:
        return view.state
    state = view.state
    target = island_target(state, view.power)
    zones = staging(state, view.power, target) if EMPTY and target is not None else []
    units = list(state.units)
    for where in (coast, *zones):
        units[where] = tuple(
            replace(s, moved=movement(s.unit, state.techs[s.power]))
            if s.power == view.power
            and (s.unit == "transport" if IS_SEA[where] else UNIT_TYPES[s.unit].domain is Domain.LAND)
            and s.unit != "aa_gun"
            else s
            for s in units[where]
        )
    return replace(state, units=tuple(units))


def place_army(view: View) -> Place | None:
    """Land units bought while a landing is planned are placed on its coast."""
    coast = planned(view)
    if coast is None:
        return None
    for unit, n in view.state.bought:
        if UNIT_TYPES[unit].domain is Domain.LAND and unit in ("infantry", "artillery", "tank"):
            k = min(n, can_place(view.state, view.power, unit, coast))
            if k > 0:
                return Place(((unit, k),), NAMES[coast])
    return None


def mobilize(state: AAState, power: int) -> Place | None:
    """The landing's placements: its transports in the staging waters, its army on their coast."""
    return place(state, power) or place_army(View(state, power))


def recall(view: View) -> Move | None:
    """While a landing is planned, the non-combat move brings the aircraft within striking reach of
    the target (the easy AI lands them nearest and flies them to the eastern front, so on the
    landing's turn the Luftwaffe was often out of reach): an aircraft that must land picks the
    landing spot in reach of the target nearest it; one that has not moved and is out of reach
    flies to the landing's coast."""
    coast = planned(view)
    target = island_target(view.state, view.power)
    if coast is None and target is not None and AIR_FIRST:
        coast = _coast(view.state, view.power, target)
    if coast is None or target is None:
        return None
    state, power = view.state, view.power
    for where in range(SIZE):
        for s in movable(state, power, where, Domain.AIR):
            reach = movement(s.unit, view.techs) - 1
            if AIR_STEPS[where].get(target, 99) <= reach and landing_spot(state, power, where, s.unit):
                continue
            left = remaining(s, view.techs)
            spots = [coast] if left == movement(s.unit, view.techs) else []
            if not landing_spot(state, power, where, s.unit):
                spots = sorted(
                    (
                        x
                        for x in landings(state, power, where, s.unit, left)
                        if AIR_STEPS[x].get(target, 99) <= reach
                    ),
                    key=lambda x: (AIR_STEPS[x].get(target, 99), x),
                )
            for spot in spots:
                path = shortest_air_path(state, power, where, spot)
                if path is None or len(path) - 1 > left or spot == where:
                    continue
                move = legal(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
                if move is not None:
                    return move
    return None

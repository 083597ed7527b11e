"""The ``normal`` Axis's second capital by the Pacific: Japan crosses to Western United States (issue 32).

In all-normal games the Axis win only by the economic line, 0-3 rounds after Moscow falls: no Axis
land unit is ever in reach of a second Allied capital. London is an island behind the Royal Navy
(the German landings tried in earlier sessions never fired); Washington (East US) is next to Western
United States, which the easy USA leaves with 0-4 defence in rounds 2-7 while it ships its army to
Europe (tuning seeds ``aax17-t``), and which has a factory of 10 IPCs. So Japan crosses:

- in its non-combat move, while West US is American and weak, empty transports off Japan take on the
  army Tokyo can spare (tanks first) and sail to the safest zone one step from West US's Pacific
  waters (Hawaii's or Midway's, two from Japan's); the easy AI's shipping is kept off them (``pinned``);
- in the next combat move, the warships and aircraft in reach clear West US's waters from STRIKE
  odds, and the cargo lands on West US from ODDS (everything in reach);
- while Japan holds West US's factory, its land units are placed there first (up to 10), next to
  Washington, which ``capital_push`` attacks from its odds as any goal capital;
- empty transports of the crossing sail back to Japan's waters.

Off by default (CROSSING 0), a bench option (``bench/aa_ai_games.py --set crossing.CROSSING=1``): on
fresh all-normal seeds it decided 86 and 93 of 100 against 90 and 88 without it (``aax19-a``, ``-b``),
with no Axis win by capitals; the rules page's eleventh stop of the ``normal`` AI says why.
"""

from __future__ import annotations

import msgspec

from rules.axis_allies.actions import Move, Place
from rules.axis_allies.ai.attack import spare
from rules.axis_allies.ai.survey import SEA_STEPS, View, counts, legal, merge_counts, movable, odds, sea_path
from rules.axis_allies.common import CAPITAL, IS_SEA, NAMES, SIZE, enemy_fighting, enemy_units
from rules.axis_allies.mobilize import can_place, working_factory
from rules.axis_allies.reach import remaining
from rules.axis_allies.state import COMBAT, JAPAN, UNLOADED, USA, AAState, Stack
from rules.axis_allies.units import Domain, defense_value

__all__ = ["crossing_move", "crossing_place", "crossing_strike", "pinned"]

CROSSING = 0  # 1: Japan crosses to West US; 0: off (the easy AI's shipping alone), see the module's end
ODDS = 0.6  # the landing on West US, everything in reach
STRIKE = 0.7  # clearing West US's waters for the landing
SAIL = 0.8  # the cargo's odds against West US's defence (MARGIN over it) for the crossing to sail
RISK = 8  # sea threat over our defence a staging zone may have (a bomber and a fighter)
MARGIN = 4  # defence the USA may add to West US before the landing (it is not a capital: no guard)
WEST = NAMES.index("West US")
SHORE = NAMES.index("West US Sea Zone")  # West US's Pacific coast
HOME = NAMES.index("Japan Sea Zone")
TOKYO = CAPITAL[JAPAN]
WASHINGTON = CAPITAL[USA]


# Where the loaded transports wait for the landing: one transport move from Japan's waters and one
# from West US's (North Pacific, Wake Island, Alaska, Midway, Hawaii, Solomon Islands).
STAGING = frozenset(
    z
    for z in range(SIZE)
    if IS_SEA[z] and z != SHORE and SEA_STEPS[SHORE].get(z, 9) <= 2 and SEA_STEPS[HOME].get(z, 9) <= 2
)
# Where the crossing's transports are: the staging zones, West US's waters and the zones next to them.
ZONES = STAGING | frozenset(z for z in range(SIZE) if IS_SEA[z] and SEA_STEPS[SHORE].get(z, 9) <= 1)


def active(state: AAState, power: int) -> bool:
    """Japan, holding Tokyo, with Washington American: the crossing is the Axis's way to it."""
    return (
        bool(CROSSING) and power == JAPAN and state.owner[TOKYO] == JAPAN and state.owner[WASHINGTON] == USA
    )


def _boats(state: AAState) -> list[tuple[int, Stack]]:
    return [(z, s) for z in ZONES for s in state.units[z] if s.power == JAPAN and s.unit == "transport"]


def crossing_move(view: View) -> Move | None:
    """Non-combat: empty crossing transports sail home; while West US is American and the cargo off
    Japan, in the staging zones and that Tokyo can spare would take it (SAIL odds against its defence
    and MARGIN), empty transports off Japan take on that army (tanks first) and loaded ones sail to the
    safest staging zone (any loaded transport off Japan then joins the crossing)."""
    state = view.state
    if not active(state, view.power):
        return None
    for zone, s in _boats(state):
        if s.cargo or s.moved or s.flags & COMBAT:
            continue
        path = sea_path(state, JAPAN, zone, {HOME})
        if path and len(path) > 1:
            step = path[: min(remaining(s, view.techs), len(path) - 1) + 1]
            move = legal(state, JAPAN, Move((("transport:empty", s.count),), tuple(NAMES[x] for x in step)))
            if move is not None:
                return move
    if state.owner[WEST] == JAPAN:
        return _reinforce(view)
    if state.owner[WEST] != USA:
        return None
    guard = _guard(view)
    if guard is not None:
        return guard
    boats = [s for s in state.units[HOME] if s.power == JAPAN and s.unit == "transport" and not s.moved]
    if not boats:
        return None
    cargo: dict[str, int] = {}
    for s in [b for _, b in _boats(state)] + boats:
        for u in s.cargo:
            cargo[u] = cargo.get(u, 0) + s.count
    empty = sum(s.count for s in boats if not s.cargo)
    army = {s.unit: spare(view, TOKYO, s.unit, s.count) for s in movable(state, JAPAN, TOKYO, Domain.LAND)}
    tanks = min(army.get("tank", 0), empty)
    infantry = min(army.get("infantry", 0), 2 * (empty - tanks))
    whole = dict(cargo)
    whole["tank"] = whole.get("tank", 0) + tanks
    whole["infantry"] = whole.get("infantry", 0) + infantry
    defence = counts(enemy_units(state, WEST, JAPAN))
    defence["infantry"] = defence.get("infantry", 0) + MARGIN // 2
    if odds(whole, defence, False)[0] < SAIL or _staging(view) is None:
        return None
    for unit, k in (("tank", tanks), ("infantry", infantry)):
        if k:
            move = legal(state, JAPAN, Move(((unit, k),), (NAMES[TOKYO], NAMES[HOME])))
            if move is not None:
                return move
    for boat in boats:
        if boat.cargo:
            move = _sail(view, boat)
            if move is not None:
                return move
    return None


def _reinforce(view: View) -> Move | None:
    """West US Japanese: cargo still aboard the crossing's transports lands there."""
    return _land(view, [(z, s) for z, s in _boats(view.state) if s.cargo and not s.flags & UNLOADED])


def _land(view: View, loaded: list[tuple[int, Stack]]) -> Move | None:
    """The first step of landing ``loaded`` transports' cargo on West US: sailing into its waters, or
    unloading there."""
    for zone, s in loaded:
        if zone == SHORE:
            units = merge_counts(tuple((u, s.count) for u in s.cargo))
            move = legal(view.state, JAPAN, Move(units, (NAMES[SHORE], NAMES[WEST])))
        else:
            name = "transport:" + "+".join(s.cargo)
            move = legal(view.state, JAPAN, Move(((name, s.count),), (NAMES[zone], NAMES[SHORE])))
        if move is not None:
            return move
    return None


def _warships(view: View, zone: int) -> list[tuple[Stack, list[int]]]:
    """Japanese warships not yet moved that reach ``zone`` this move, with their paths."""
    state = view.state
    found = []
    for where in range(SIZE):
        if not IS_SEA[where] or where == zone or SEA_STEPS[where].get(zone, 9) > 2:
            continue
        for s in movable(state, JAPAN, where, Domain.SEA):
            if s.unit == "transport" or s.moved:
                continue
            path = sea_path(state, JAPAN, where, {zone}, remaining(s, view.techs))
            if path:
                found.append((s, path))
    return found


def _escort(view: View, zone: int) -> int:
    return sum(defense_value(s.unit, view.techs) * s.count for s, _ in _warships(view, zone))


def _staging(view: View) -> int | None:
    """The staging zone free of enemy units and safe at sea (the enemy's sea threat there at most our
    defence, the warships that reach it included) nearest West US, or None."""
    safe = [
        z
        for z in STAGING
        if not enemy_units(view.state, z, JAPAN) and view.safe_at_sea(z, _escort(view, z) + RISK)
    ]
    return min(safe, key=lambda z: (SEA_STEPS[SHORE][z], z), default=None)


def _guard(view: View) -> Move | None:
    """Warships in reach join loaded crossing transports in a staging zone not yet safe."""
    for zone, s in _boats(view.state):
        if zone not in STAGING or not s.cargo or view.safe_at_sea(zone):
            continue
        for ship, path in _warships(view, zone):
            units = ((ship.unit, ship.count),)
            move = legal(view.state, JAPAN, Move(units, tuple(NAMES[x] for x in path)))
            if move is not None:
                return move
    return None


def _sail(view: View, boat: Stack) -> Move | None:
    """A loaded transport off Japan sails to the staging zone."""
    state = view.state
    zone = _staging(view)
    if zone is None:
        return None
    path = sea_path(state, JAPAN, HOME, {zone}, remaining(boat, view.techs))
    if not path:
        return None
    name = "transport:" + "+".join(boat.cargo)
    return legal(state, JAPAN, Move(((name, boat.count),), tuple(NAMES[x] for x in path)))


def crossing_strike(view: View, attack: object) -> Move | None:
    """Combat: with loaded crossing transports in the staging zones, clear West US's waters (STRIKE)
    and land on West US (ODDS), everything in reach. ``attack`` is ``normal._attack``."""
    state = view.state
    began = state.start_owner[WEST] if state.start_owner else state.owner[WEST]
    if not active(state, view.power) or began != USA:
        return None
    loaded = [(z, s) for z, s in _boats(state) if s.cargo and not s.flags & UNLOADED and s.target < 0]
    if not loaded:
        return None
    if state.owner[WEST] == USA and enemy_units(state, SHORE, JAPAN):
        return attack(view, [SHORE], STRIKE, False)  # type: ignore[operator, no-any-return]
    if state.owner[WEST] == USA and enemy_fighting(state, WEST, JAPAN):
        return attack(view, [WEST], ODDS, False)  # type: ignore[operator, no-any-return]
    # West US empty (or taken by the first of them): the whole crossing sails into its waters and
    # lands (the easy AI's grab sends one unit already next to it).
    return _land(view, loaded)


def crossing_place(state: AAState, power: int) -> Place | None:
    """While Japan produces at West US, its land units go there first (next to Washington)."""
    if not active(state, power) or not working_factory(state, JAPAN, WEST):
        return None
    for unit, n in state.bought:
        k = min(n, can_place(state, JAPAN, unit, WEST))
        if k > 0:
            return Place(((unit, k),), NAMES[WEST])
    return None


def pinned(state: AAState, power: int) -> AAState:
    """The state the easy AI's non-combat move sees: the crossing's transports shown as moved, so its
    shipping leaves them where they wait."""
    if not active(state, power):
        return state
    units = list(state.units)
    for z in ZONES:
        units[z] = tuple(
            msgspec.structs.replace(s, moved=9) if s.power == JAPAN and s.unit == "transport" else s
            for s in units[z]
        )
    return msgspec.structs.replace(state, units=tuple(units))

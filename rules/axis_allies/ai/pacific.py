"""The ``normal`` Allies' assault on an enemy capital (Tokyo, once Berlin is theirs): what the easy
AI lacks there.

- The last land unit: an attack on a capital takes it only if a land unit is left when the defence
  is gone, but the easy AI's casualties (an absent player's: cheapest first) lose every infantry and
  tank before the first aircraft, so its sieges of Tokyo ended with bombers alone over an empty
  Japan (all-normal ``aan10-a-1``, round 28: three tanks and six bombers killed Tokyo's three
  tanks, and Japan stayed Japanese). As TripleA's ProAI does, the attacker keeps its last land units
  there and loses aircraft in their place while it has any.
"""

from __future__ import annotations

import msgspec

from rules.axis_allies.actions import Buy, Casualties, Move, Place
from rules.axis_allies.ai.survey import COASTS, SEA_STEPS, View, legal, movable, sea_path
from rules.axis_allies.board import POWERS
from rules.axis_allies.combat import AwaitCasualties, Battle, default_choice
from rules.axis_allies.common import CAPITAL, DOMAIN, IS_SEA, NAMES, SIZE, enemy_units, space
from rules.axis_allies.mobilize import can_place, working_factory
from rules.axis_allies.reach import remaining
from rules.axis_allies.state import ALLIED_SIDE, COMBAT, JAPAN, SIDE, USA, AAState, Stack
from rules.axis_allies.units import Domain, cost
from rules.core.events import Action

__all__ = ["keep_land", "pacific_buy", "pacific_move", "pacific_place", "pinned"]

KEEP_SIDES = (ALLIED_SIDE,)  # the sides whose attacks on capitals keep their last land units
KEEP = 1  # land units kept while aircraft can take the hits instead


def keep_land(battle: Battle) -> Casualties | None:
    """The attacker's casualties in a land battle for a capital, keeping KEEP land units alive while
    aircraft can be lost instead (None: the default choice stands, or it is not that decision)."""
    pending = battle.pending
    if not isinstance(pending, AwaitCasualties) or battle.sea or pending.air_only:
        return None
    if pending.power != battle.attacker or SIDE[POWERS.index(battle.attacker)] not in KEEP_SIDES:
        return None
    if space(battle.where) not in CAPITAL:
        return None
    choice = default_choice(battle)
    chosen = list(getattr(choice, "units", ()))
    left = [u for u in battle.attackers if u.owner == battle.attacker]
    for u in chosen:
        left.remove(u)
    land_left = [u for u in left if DOMAIN[u.kind] is Domain.LAND]
    spare_air = sorted(
        (u for u in left if DOMAIN[u.kind] is Domain.AIR),
        key=lambda u: (u.kind != "fighter", u),  # the cheaper aircraft first
    )
    lost_land = sorted(
        (u for u in chosen if DOMAIN[u.kind] is Domain.LAND),
        key=lambda u: (u.kind == "tank", u),  # a tank (3) is kept before an infantry (1)
        reverse=True,
    )
    swaps = min(max(KEEP - len(land_left), 0), len(lost_land), len(spare_air))
    if not swaps:
        return None
    for unit, plane in zip(lost_land[:swaps], spare_air[:swaps], strict=True):
        chosen.remove(unit)
        chosen.append(plane)
    lost: dict[str, int] = {}
    for u in chosen:
        lost[u.kind] = lost.get(u.kind, 0) + 1
    return Casualties(tuple(lost.items()))


# ---- the US Pacific force --------------------------------------------------------------------------
#
# Tokyo holds only a few infantry and tanks in rounds 2-8 of nearly every game (Japan's armies are on
# the mainland), but the easy AI sends the USA's one Pacific transport to the Atlantic and its goal
# list names Berlin first. The normal USA keeps FORCE transports on the Pacific from the first round:
# bought and placed at Western United States' waters with a tank each, loaded there, and sailed to
# wait within one move (two zones) of Japan's coast; the combat move's ``capital_push`` (Tokyo is on
# every Allied goal list) lands them when the exact odds allow. The easy AI's own shipping is kept
# off them, so the rest of the USA's help to Europe is unchanged.

FORCE = 2  # transports the USA keeps on the Pacific (0: none, the easy AI's shipping alone)
REACH = 4  # sea zones from Japan's coast within which a US transport counts as on the Pacific
WEST = NAMES.index("West US")
PORT = NAMES.index("West US Sea Zone")  # West US's Pacific coast (its other is the Gulf of Mexico)
TOKYO = CAPITAL[JAPAN]


def _near_japan(zone: int, steps: int) -> bool:
    return min((SEA_STEPS[zone].get(c, 99) for c in COASTS[TOKYO]), default=99) <= steps


def _pacific_zones() -> set[int]:
    return {z for z in range(SIZE) if IS_SEA[z] and (_near_japan(z, REACH) or z == PORT)}


def _boats(state: AAState) -> list[tuple[int, Stack]]:
    """The USA's transports on the Pacific."""
    return [
        (z, s) for z in _pacific_zones() for s in state.units[z] if s.power == USA and s.unit == "transport"
    ]


def _active(state: AAState, power: int) -> bool:
    return bool(FORCE) and power == USA and state.owner[TOKYO] == JAPAN and working_factory(state, USA, WEST)


def pacific_buy(state: AAState, power: int, bought: Action | None) -> Action | None:
    """Transports (and a tank each) short of FORCE on the Pacific bought first, the easy AI's
    purchase cut to what is left."""
    if not isinstance(bought, Buy) or not _active(state, power):
        return bought
    short = FORCE - sum(s.count for _, s in _boats(state))
    techs = state.techs[USA]
    short = min(short, state.ipcs[USA] // (cost("transport", techs) + cost("tank", techs)))
    if short <= 0 or not can_place(state, USA, "transport", PORT):
        return bought
    extra = {"transport": short, "tank": short}
    budget = state.ipcs[USA] - sum(cost(u, techs) * n for u, n in extra.items())
    if budget < 0:
        return bought
    kept = dict(extra)
    for unit, n in bought.units:
        k = min(n, budget // cost(unit, techs))
        if k > 0:
            kept[unit] = kept.get(unit, 0) + k
            budget -= k * cost(unit, techs)
    return Buy(tuple(kept.items()))


def pacific_place(state: AAState, power: int) -> Place | None:
    """Transports short of FORCE on the Pacific placed in Western United States' waters, and tanks
    there to fill them."""
    if not _active(state, power):
        return None
    bought = dict(state.bought)
    boats = _boats(state)
    short = FORCE - sum(s.count for _, s in boats)
    if short > 0 and bought.get("transport"):
        k = min(short, bought["transport"], can_place(state, USA, "transport", PORT))
        if k > 0:
            return Place((("transport", k),), NAMES[PORT])
    room = sum(s.count for _, s in boats if not s.cargo) - sum(
        s.count for s in state.units[WEST] if s.power == USA and s.unit == "tank"
    )
    k = min(room, bought.get("tank", 0), can_place(state, USA, "tank", WEST))
    if k > 0:
        return Place((("tank", k),), NAMES[WEST])
    return None


def pacific_move(view: View) -> Move | None:
    """Non-combat: empty Pacific transports at Western United States' coast take on a tank (else two
    infantry); loaded ones sail to the safest zone within two of Japan's coast; empty ones away from
    it sail back to Western United States."""
    state = view.state
    if not _active(state, view.power):
        return None
    for zone, s in _boats(state):
        if s.moved or s.flags & COMBAT:
            continue
        if zone == PORT and not s.cargo:
            for unit, k in (("tank", s.count), ("infantry", 2 * s.count)):
                here = sum(x.count for x in movable(state, USA, WEST, Domain.LAND) if x.unit == unit)
                move = legal(state, USA, Move(((unit, min(k, here)),), (NAMES[WEST], NAMES[zone])))
                if here and move is not None:
                    return move
        goals = (
            {z for z in range(SIZE) if IS_SEA[z] and _near_japan(z, 2) and not enemy_units(state, z, USA)}
            if s.cargo
            else {PORT}
        )
        if zone in goals:
            continue
        path = sea_path(state, USA, zone, goals)
        if not path:
            continue
        steps = remaining(s, state.techs[USA])
        stops = [p for p in path[1 : steps + 1]]
        safe = [p for p in stops if view.safe_at_sea(p)]
        to = (safe or stops)[-1] if stops else None
        if to is None:
            continue
        move = legal(
            state, USA, Move(((s.unit, s.count),), tuple(NAMES[p] for p in path[: path.index(to) + 1]))
        )
        if move is not None:
            return move
    return None


def pinned(state: AAState, power: int) -> AAState:
    """The state the easy AI's non-combat move sees: the Pacific transports (and their cargo) shown
    as moved, so that its shipping leaves them where they wait."""
    if not _active(state, power):
        return state
    zones = _pacific_zones()
    units = list(state.units)
    for z in zones:
        units[z] = tuple(
            msgspec.structs.replace(s, moved=9) if s.power == USA and s.unit == "transport" else s
            for s in units[z]
        )
    return msgspec.structs.replace(state, units=tuple(units))

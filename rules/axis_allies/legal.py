"""Moves a seat can make now: a bounded, useful sample (the engine contract's ``legal``).

Axis & Allies moves are too many to list (any subset of units along any path), so this lists, for
menus, autocomplete and agents: the phase's way to finish (always), every battle decision's plain
answers, single-unit and whole-stack moves one step in every direction (loading, unloading and
strategic raids included), single-unit purchases and placements. Every listed action is legal: moves
are checked with ``movement.plan`` before they are listed.
"""

from __future__ import annotations

from collections import Counter

from rules.axis_allies import combat
from rules.axis_allies.actions import (
    Battle,
    Buy,
    Casualties,
    CasualtyOrder,
    EndPhase,
    Move,
    Place,
    PressOn,
    Research,
    Retreat,
    Rocket,
    Submerge,
)
from rules.axis_allies.battles import blocking, bombarding, rocket_sources
from rules.axis_allies.combat.casualties import default_casualties
from rules.axis_allies.common import (
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    enemy_units,
    hostile_land,
    may_spend,
)
from rules.axis_allies.engine import acting_power, to_act
from rules.axis_allies.mobilize import placeable
from rules.axis_allies.movement import plan
from rules.axis_allies.reach import shortest_air_path
from rules.axis_allies.state import AAState, Phase, Stack
from rules.axis_allies.units import UNIT_ORDER, UNIT_TYPES, Domain, cost
from rules.core.errors import IllegalAction
from rules.core.events import Action

MAX_MOVES = 400  # candidate moves checked per call


def legal_actions(state: AAState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    power = acting_power(state)
    battle = state.battle
    if battle is not None and battle.pending is not None:
        return battle_answers(battle)
    if state.phase is Phase.PURCHASE:
        return purchases(state, power) + [EndPhase()]
    if state.phase in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
        found: list[Action] = []
        found += moves(state, power)
        if state.phase is Phase.COMBAT_MOVE:
            found += rockets(state, power)
        return found + [EndPhase()]
    if state.phase is Phase.COMBAT:
        fights: list[Action] = []
        for b in state.battles:
            if blocking(state, b) is None:
                fights.append(Battle(NAMES[b]))
                if bombarding(state, b):
                    fights.append(Battle(NAMES[b], bombard=0))  # keep the battleships for another
        fights += rockets(state, power)
        return fights if state.battles else fights + [EndPhase()]
    if state.phase is Phase.MOBILIZE:
        spots = placeable(state, power)
        places: list[Action] = [Place(((unit, 1),), NAMES[where]) for unit, where in spots]
        return places if spots else [EndPhase()]
    return []


def battle_answers(battle: combat.Battle) -> list[Action]:
    pending = battle.pending
    if isinstance(pending, combat.AwaitCasualties):
        default = combat.default_choice(battle)
        assert isinstance(default, combat.TakeCasualties)
        answers: list[Action] = [Casualties(_counts(default.units))]
        # The other plain choice: the most valuable units first (e.g. to save a transport's cargo).
        units = [
            u
            for u in (battle.attackers if pending.power == battle.attacker else battle.defenders)
            if u.owner == pending.power
        ]
        if len({u.kind for u in units}) > 1:
            alt = default_casualties(
                units, pending.hits, pending.sea_hits, pending.air_only, pending.power != battle.attacker
            )
            if _counts(alt) != _counts(default.units):
                answers.append(Casualties(_counts(alt)))
        return answers
    if isinstance(pending, combat.AwaitCasualtyOrder):
        return [CasualtyOrder((p,)) for p in pending.powers]
    if isinstance(pending, combat.AwaitSubmerge):
        return [PressOn(), *_dives(battle.defender_dive_to)]
    if isinstance(pending, combat.AwaitPressOn):
        found: list[Action] = [PressOn()]
        if pending.can_retreat:
            found += [Retreat(to) for to in battle.retreat_to]
        if pending.can_submerge:
            found += _dives(battle.attacker_dive_to)
        return found
    return []


def _dives(zones: tuple[str, ...]) -> list[Action]:
    """Submerging to the first zone offered (the plain answer), or to each of the others by name."""
    return [Submerge(), *(Submerge(z) for z in zones[1:])]


def _counts(units: tuple[combat.Unit, ...] | list[combat.Unit]) -> tuple[tuple[str, int], ...]:
    tally = Counter(u.kind for u in units)
    return tuple((k, tally[k]) for k in UNIT_ORDER if tally[k])


def purchases(state: AAState, power: int) -> list[Action]:
    if not may_spend(state, power):
        return []
    ipcs = state.ipcs[power]
    techs = state.techs[power]
    found: list[Action] = []
    if state.options.research and not state.researched and not state.bought:
        found += [Research(n) for n in (1, 2, 3) if 5 * n <= ipcs]
    for unit in UNIT_ORDER:
        if UNIT_TYPES[unit].optional and not state.options.optional_units:
            continue
        price = cost(unit, techs)
        if price <= ipcs:
            found.append(Buy(((unit, 1),)))
    infantry = ipcs // cost("infantry", techs)
    if infantry > 1:
        found.append(Buy((("infantry", infantry),)))
    return found


def rockets(state: AAState, power: int) -> list[Action]:
    if "rockets" not in state.techs[power] or state.rocket_used or state.battle is not None:
        return []
    return [
        Rocket(NAMES[t])
        for t in range(len(NAMES))
        if hostile_land(state, t, power)
        and any(s.unit == "factory" for s in enemy_units(state, t, power))
        and rocket_sources(state, power, t)
    ]


def _try(state: AAState, power: int, move: Move) -> bool:
    try:
        plan(state, power, move)
    except IllegalAction:
        return False
    return True


def moves(state: AAState, power: int) -> list[Action]:
    """Single units and whole stacks one step in every direction, loads, unloads and raids."""
    candidates: list[Move] = []
    for where, stacks in enumerate(state.units):
        own: Counter[str] = Counter()
        for s in stacks:
            if s.power == power and s.unit != "factory":
                own[_name(s)] += s.count
        if not own:
            continue
        for name, n in own.items():
            unit = name.partition(":")[0]
            domain = DOMAIN[unit]
            for to in NEIGHBOURS[where]:
                if domain is Domain.LAND and IS_SEA[where]:
                    if not IS_SEA[to]:
                        candidates.append(Move(((unit, 1),), (NAMES[where], NAMES[to])))
                    continue
                if domain is Domain.SEA and not IS_SEA[to]:
                    continue
                candidates.append(Move(((name, 1),), (NAMES[where], NAMES[to])))
                if n > 1:
                    candidates.append(Move(((name, n),), (NAMES[where], NAMES[to])))
            if unit == "bomber" and state.phase is Phase.COMBAT_MOVE:
                candidates += _raids(state, power, where, n)
    found: list[Action] = []
    seen = set()
    for move in candidates[:MAX_MOVES]:
        if move in seen:
            continue
        seen.add(move)
        if _try(state, power, move):
            found.append(move)
    return found


def _name(s: Stack) -> str:
    if s.unit == "transport":
        return "transport:" + ("+".join(s.cargo) if s.cargo else "empty")
    return s.unit


def _raids(state: AAState, power: int, where: int, n: int) -> list[Move]:
    found = []
    for t in range(len(NAMES)):
        if hostile_land(state, t, power) and any(s.unit == "factory" for s in enemy_units(state, t, power)):
            path = shortest_air_path(state, power, where, t)
            if path is not None:
                found.append(Move((("bomber", n),), tuple(NAMES[x] for x in path), bomb=True))
    return found

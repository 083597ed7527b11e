"""The combat move and the non-combat move: land, sea and air movement, transports, canals, neutrals,
blitzing, aircraft range and landing, and AA fire at aircraft flying over.

``plan`` checks a ``Move`` against the rules without rolling dice (``legal`` uses it to sample moves);
``move`` then performs it. Both raise ``IllegalAction`` with a sentence naming the rule.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from msgspec.structs import replace

from rules.axis_allies.actions import Move
from rules.axis_allies.combat.raids import aa_fire
from rules.axis_allies.common import (
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    canal_lands,
    canal_name,
    check_counts,
    counts_of,
    enemy_fighting,
    enemy_ships,
    enemy_units,
    friendly_land,
    hostile_land,
    parse_unit,
    power_id,
    set_many,
    space,
)
from rules.axis_allies.control import capture
from rules.axis_allies.events import AmphibiousDeclared, NeutralEntered, UnitsLost, UnitsMoved
from rules.axis_allies.reach import (
    can_reach_landing,
    carrier_room,
    carriers_in_reach,
    committed,
    distances,
    friendly_owner,
    landing_spot,
    remaining,
    untaken_neutral,
)
from rules.axis_allies.routes import candidate_paths, domain_of
from rules.axis_allies.state import (
    AMPHIBIOUS,
    BOMBING,
    COMBAT,
    RUSSIA,
    SIDE,
    UNLOADED,
    AAState,
    Phase,
    Stack,
)
from rules.axis_allies.units import Domain, Unit, can_load, movement
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item

LAND, SEA, AIR = Domain.LAND, Domain.SEA, Domain.AIR


@dataclass
class Plan:
    """A checked move: which stacks leave, what arrives where, and what happens on the way."""

    kind: str  # "land", "sea", "air", "load", "unload", "bridge"
    path: tuple[int, ...]
    taken: list[Stack] = field(default_factory=list)  # stacks (or parts) leaving path[0]
    battle: bool = False  # the destination will be fought over
    capture: list[int] = field(default_factory=list)  # hostile territories taken on the way / at the end
    neutral: int | None = None  # an untaken neutral territory entered (paid for)
    overfly: list[int] = field(default_factory=list)  # hostile AA guns flown over
    transports: list[tuple[Stack, Stack]] = field(default_factory=list)  # (before, after) in the zone
    landed: list[Stack] = field(default_factory=list)  # land units coming ashore at path[-1]
    deferred: bool = False  # cargo waits for the zone to be cleared
    riders: list[Stack] = field(default_factory=list)  # allied fighters carried by moving carriers


def _take(stacks: list[Stack], wanted: int, match: list[Stack], label: str, where: int) -> list[Stack]:
    """Take ``wanted`` units from the eligible stacks ``match`` (in preference order), updating ``stacks``."""
    have = sum(s.count for s in match)
    if have < wanted:
        raise IllegalAction(
            "not_enough_units",
            f"You have {have} {label} in {NAMES[where]} able to make that move, not {wanted}.",
        )
    taken = []
    for s in match:
        if wanted == 0:
            break
        n = min(wanted, s.count)
        wanted -= n
        taken.append(replace(s, count=n))
        i = stacks.index(s)
        if s.count == n:
            stacks.pop(i)
        else:
            stacks[i] = replace(s, count=s.count - n)
    return taken


def _split(stacks: Iterable[Stack]) -> list[Stack]:
    """One stack per unit (transports are handled one by one)."""
    return [replace(s, count=1) for s in stacks for _ in range(s.count)]


# ---- planning ----------------------------------------------------------------------------------------


def plan(state: AAState, power: int, action: Move) -> Plan:
    """Check ``action`` for ``power``; returns what it would do. Raises IllegalAction."""
    combat = state.phase is Phase.COMBAT_MOVE
    if state.phase not in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
        raise IllegalAction("not_moving", "Units move in the combat move and the non-combat move phases.")
    if combat and state.options.russia_restricted and power == RUSSIA and state.round == 1:
        raise IllegalAction(
            "russia_restricted",
            "The USSR makes no combat moves in its first turn (game option); end the phase.",
        )
    if action.bomb and not combat:
        raise IllegalAction("bomb_in_combat", "Strategic bombing raids are flown in the combat move.")
    check_counts(action.units)
    if len(action.path) < 2:
        raise IllegalAction("bad_path", "A move needs a start and a destination.")
    path = tuple(space(name) for name in action.path)
    if len(path) == 2 and path[1] not in NEIGHBOURS[path[0]] and path[0] != path[1]:
        return _planned_route(state, power, action, path)
    for a, b in itertools.pairwise(path):
        if b not in NEIGHBOURS[a]:
            raise IllegalAction("not_adjacent", f"{NAMES[a]} does not border {NAMES[b]}.")
    start = path[0]
    requests = [(*parse_unit(u, state.options.optional_units), n) for u, n in action.units]
    domains = {DOMAIN[u] for u, _, _ in requests}
    if any(u == "factory" for u, _, _ in requests):
        raise IllegalAction("immobile", "Industrial complexes never move.")
    crosses = any(IS_SEA[p] for p in path) and any(not IS_SEA[p] for p in path)
    if LAND in domains and crosses:
        if domains != {LAND}:
            raise IllegalAction("one_kind", "Move land units on or off transports in a move of their own.")
        if not IS_SEA[start]:
            return _plan_load(state, power, path, requests, combat)
        return _plan_unload(state, power, path, requests, combat)
    if LAND in domains and SEA in domains:
        raise IllegalAction("one_kind", "Land and sea units cannot move along the same path.")
    stacks = list(state.units[start])
    plan_ = Plan("air" if domains == {AIR} else "sea" if SEA in domains else "land", path)
    for unit, cargo, n in requests:
        match = _eligible(state, power, stacks, start, unit, cargo, len(path) - 1, combat)
        label = unit if cargo is None else f"transport:{'+'.join(cargo) or 'empty'}"
        plan_.taken += _take(stacks, n, match, label, start)
    if SEA in domains:
        _check_sea(state, power, path, plan_, combat)
    elif LAND in domains:
        _check_land(state, power, path, plan_, combat)
    if AIR in domains:
        _check_air(state, power, path, plan_, combat, action.bomb)
    elif action.bomb:
        raise IllegalAction("bombers_only", "Only bombers fly strategic bombing raids.")
    return plan_


def _planned_route(state: AAState, power: int, action: Move, ends: tuple[int, int]) -> Plan:
    """A move that named only its two ends: the first shortest route the rules accept, or the
    refusal the plain two-space move gets (which names the problem: the spaces do not border)."""
    for path in candidate_paths(ends[0], ends[1], domain_of(action.units)):
        try:
            return plan(state, power, replace(action, path=tuple(NAMES[x] for x in path)))
        except IllegalAction:
            continue
    raise IllegalAction("not_adjacent", f"{NAMES[ends[0]]} does not border {NAMES[ends[1]]}.")


def _eligible(
    state: AAState,
    power: int,
    stacks: list[Stack],
    where: int,
    unit: str,
    cargo: tuple[str, ...] | None,
    steps: int,
    combat: bool,
) -> list[Stack]:
    techs = state.techs[power]
    found = []
    for s in stacks:
        if s.power != power or s.unit != unit or (cargo is not None and s.cargo != cargo):
            continue
        if remaining(s, techs) < steps or s.target >= 0 or s.flags & UNLOADED:
            continue
        if not combat and s.flags & COMBAT and DOMAIN[unit] is not AIR:
            continue
        if combat and committed(state, s, where):
            continue
        found.append(s)
    # Loaded transports first (moving a transport moves its cargo), then the most-travelled units
    # able to make the move, so fresher ones stay free for longer moves.
    found.sort(key=lambda s: (-len(s.cargo), -s.moved, s.flags))
    return found


def _check_sea(state: AAState, power: int, path: tuple[int, ...], p: Plan, combat: bool) -> None:
    if not all(IS_SEA[x] for x in path):
        raise IllegalAction("sea_only", "Ships move from sea zone to sea zone.")
    snapshot = state.start_owner or state.owner
    for a, b in itertools.pairwise(path):
        lands = canal_lands(a, b)
        if lands is not None and not all(friendly_owner(snapshot[t], power) for t in lands):
            held = " and ".join(NAMES[t] for t in lands)
            raise IllegalAction(
                "canal_closed",
                f"The {canal_name(a, b)} is open only to a side that held {held} when the turn began.",
            )
    subs_only = all(s.unit == "submarine" for s in p.taken if DOMAIN[s.unit] is SEA)
    for x in path[1:-1]:
        if enemy_ships(state, x, power) and not subs_only:
            raise IllegalAction(
                "zone_blocked",
                f"Enemy ships in {NAMES[x]} stop ships there; only submarines pass (submerged).",
            )
    end = path[-1]
    if enemy_units(state, end, power):
        if not combat:
            raise IllegalAction("hostile_zone", f"{NAMES[end]} holds enemy units: that is a combat move.")
        p.battle = True
    # Allied fighters aboard leave with the carriers when the carriers left behind lack room for them.
    carriers = sum(s.count for s in p.taken if s.unit == "carrier")
    if carriers:
        start = path[0]
        allied = [
            s
            for s in state.units[start]
            if s.unit == "fighter" and s.power != power and SIDE[s.power] == SIDE[power]
        ]
        room_left = carrier_room(state, start, power) + 2 * carriers
        excess = min(sum(s.count for s in allied) - max(room_left - 2 * carriers, 0), 2 * carriers)
        excess = max(excess, 0)
        for s in allied:
            if excess == 0:
                break
            n = min(excess, s.count)
            p.riders.append(replace(s, count=n))
            excess -= n


def _check_land(state: AAState, power: int, path: tuple[int, ...], p: Plan, combat: bool) -> None:
    if any(IS_SEA[x] for x in path):
        raise IllegalAction("land_only", "Land units move over land (or by transport).")
    tanks_only = all(s.unit == "tank" for s in p.taken if DOMAIN[s.unit] is LAND)
    for x in path[1:-1]:
        if friendly_land(state, x, power):
            continue
        if untaken_neutral(state, x):
            raise IllegalAction(
                "neutral_stop", f"Units entering a neutral territory ({NAMES[x]}) stop there."
            )
        if not combat:
            raise IllegalAction(
                "hostile_path", f"{NAMES[x]} is enemy territory: no passing it in a non-combat move."
            )
        if not tanks_only:
            raise IllegalAction("blitz_tanks", f"Only tanks blitz through enemy territory ({NAMES[x]}).")
        if enemy_fighting(state, x, power):
            raise IllegalAction(
                "blitz_blocked", f"Tanks blitz only through empty enemy territory; {NAMES[x]} is held."
            )
        p.capture.append(x)
    end = path[-1]
    has_aa = any(s.unit == "aa_gun" for s in p.taken)
    if friendly_land(state, end, power):
        _check_aa_room(state, end, p.taken)
        return
    if not combat:
        raise IllegalAction(
            "hostile_destination", f"{NAMES[end]} is not friendly: entering it is a combat move."
        )
    if has_aa:
        raise IllegalAction("aa_no_attack", "AA guns cannot attack or enter enemy or neutral territory.")
    if untaken_neutral(state, end):
        charge = state.options.neutral_charge
        if state.ipcs[power] < charge:
            raise IllegalAction(
                "neutral_charge",
                f"Entering neutral {NAMES[end]} first costs {charge} IPCs; you have {state.ipcs[power]}.",
            )
        p.neutral = end
        return
    if enemy_fighting(state, end, power):
        p.battle = True
    else:
        p.capture.append(end)


def _check_aa_room(state: AAState, where: int, arriving: list[Stack]) -> None:
    """One AA gun per territory, moved in as well as placed (TripleA's "Multiple AA Per Territory" off)."""
    guns = sum(s.count for s in arriving if s.unit == "aa_gun")
    if guns and guns + sum(s.count for s in state.units[where] if s.unit == "aa_gun") > 1:
        raise IllegalAction(
            "one_aa_gun", f"A territory holds one AA gun; {NAMES[where]} cannot take another."
        )


def _check_air(state: AAState, power: int, path: tuple[int, ...], p: Plan, combat: bool, bomb: bool) -> None:
    techs = state.techs[power]
    planes = [s for s in p.taken if DOMAIN[s.unit] is AIR]
    for x in path[1:]:
        if untaken_neutral(state, x):
            raise IllegalAction("neutral_airspace", f"Aircraft may not fly over or into neutral {NAMES[x]}.")
    end = path[-1]
    # AA guns fire at aircraft flying over only in the combat move: the published Classic rules (2nd
    # edition, p. 13) and TripleA's default ("Always on AA" off); the document does not name a phase.
    for x in path[1:-1] if combat else ():
        if hostile_land(state, x, power) and any(s.unit == "aa_gun" for s in enemy_units(state, x, power)):
            p.overfly.append(x)
    if bomb:
        if any(s.unit != "bomber" for s in planes) or p.kind != "air":
            raise IllegalAction("bombers_only", "Only bombers fly strategic bombing raids.")
        if not hostile_land(state, end, power) or not any(
            s.unit == "factory" for s in enemy_units(state, end, power)
        ):
            raise IllegalAction(
                "no_factory", f"There is no enemy industrial complex in {NAMES[end]} to bomb."
            )
        p.battle = True
    elif p.kind == "air":
        hostile = hostile_land(state, end, power) or bool(enemy_units(state, end, power))
        if hostile:
            if not combat:
                raise IllegalAction(
                    "hostile_destination", f"{NAMES[end]} is hostile: attacking it is a combat move."
                )
            if not enemy_fighting(state, end, power):
                raise IllegalAction(
                    "nothing_to_attack",
                    f"There are no enemy units in {NAMES[end]} to attack; aircraft cannot take territory.",
                )
            p.battle = True
    elif p.battle is False and not combat and not IS_SEA[end] and not friendly_land(state, end, power):
        raise IllegalAction("hostile_destination", f"{NAMES[end]} is not friendly.")
    steps = len(path) - 1
    moving_carriers = sum(s.count for s in p.taken if s.unit == "carrier")
    for s in planes:
        left = remaining(s, techs) - steps
        if s.unit == "fighter" and p.kind == "sea" and moving_carriers:
            continue  # flying with the carriers it will land on
        if combat:
            later = not state.options.carriers_move_first
            if p.battle or not landing_spot(state, power, end, s.unit, later=later):
                found = (
                    can_reach_landing(state, power, end, s.unit, left, None, later)
                    if not p.battle
                    else _landing_after_battle(state, power, end, s.unit, left, later)
                )
                if not found:
                    raise IllegalAction(
                        "no_landing",
                        f"The {s.unit}s moving to {NAMES[end]} would have {left} movement left and no "
                        "friendly territory or carrier in reach to land on; plan a landing first"
                        + (" (move the carrier first)." if not later else "."),
                    )
        elif left == 0 and not landing_spot(state, power, end, s.unit):
            raise IllegalAction(
                "no_landing",
                f"The {s.unit}s would end their move in {NAMES[end]}, where they cannot land"
                + (" (bombers cannot land on carriers)." if s.unit == "bomber" and IS_SEA[end] else "."),
            )


def _landing_after_battle(state: AAState, power: int, end: int, unit: str, left: int, later: bool) -> bool:
    """After fighting in ``end`` (which cannot be landed in if taken this turn), a landing in reach."""
    for where in distances(state, power, end, left):
        if where == end and not IS_SEA[end]:
            continue
        if where == end and IS_SEA[end]:
            extra = carriers_in_reach(state, power, end) if later else 0
            if unit == "fighter" and carrier_room(state, end, power) + 2 * extra > 0:
                return True
            continue
        if landing_spot(state, power, where, unit, later=later):
            return True
    return False


def _plan_load(
    state: AAState,
    power: int,
    path: tuple[int, ...],
    requests: list[tuple[str, tuple[str, ...] | None, int]],
    combat: bool,
) -> Plan:
    start = path[0]
    if len(path) > 3 or not IS_SEA[path[1]] or (len(path) == 3 and IS_SEA[path[2]]):
        raise IllegalAction(
            "bad_path",
            "Land units load from a coastal territory into a sea zone: [territory, sea zone], "
            "or [territory, sea zone, territory] to load and unload at once.",
        )
    zone = path[1]
    if enemy_ships(state, zone, power):
        raise IllegalAction(
            "hostile_zone", f"Transports cannot load in {NAMES[zone]} while enemy ships are there."
        )
    stacks = list(state.units[start])
    taken: list[Stack] = []
    for unit, _, n in requests:
        match = _eligible(state, power, stacks, start, unit, None, 1, combat)
        taken += _take(stacks, n, match, unit, start)
    kind = "bridge" if len(path) == 3 else "load"
    p = Plan(kind, path, taken=taken)
    cargo_units = sorted((u for s in taken for u in [s.unit] * s.count), key=lambda u: (u == "infantry", u))
    boats = [
        s
        for s in _split(state.units[zone])
        if s.power == power
        and s.unit == "transport"
        and not s.flags & UNLOADED
        and s.target < 0
        and (combat or not s.flags & COMBAT)
    ]
    if not boats:
        raise IllegalAction("no_transport", f"You have no transport in {NAMES[zone]} that can load.")
    boats.sort(key=lambda s: (-len(s.cargo), s.moved, s.flags))
    loads = {i: list(b.cargo) for i, b in enumerate(boats)}
    for unit in cargo_units:
        together = state.options.aa_gun_with_infantry
        spot = next((i for i in loads if can_load(_tally(loads[i] + [unit]), together)), None)
        if spot is None:
            raise IllegalAction(
                "no_room",
                f"No transport in {NAMES[zone]} has room for another {unit} (a transport carries 2 "
                + (
                    "infantry, 1 tank, or 1 AA gun and 1 infantry)."
                    if together
                    else "infantry, 1 tank or 1 AA gun)."
                ),
            )
        loads[spot].append(unit)
    for i, boat in enumerate(boats):
        if len(loads[i]) != len(boat.cargo):
            p.transports.append((boat, replace(boat, cargo=tuple(sorted(loads[i])))))
    if kind == "bridge":
        _plan_landing(state, power, path[2], p, combat, zone)
    return p


def _tally(units: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[u] = out.get(u, 0) + 1
    return out


def _plan_unload(
    state: AAState,
    power: int,
    path: tuple[int, ...],
    requests: list[tuple[str, tuple[str, ...] | None, int]],
    combat: bool,
) -> Plan:
    if len(path) != 2 or IS_SEA[path[1]]:
        raise IllegalAction(
            "bad_path", "Cargo unloads from a sea zone into a bordering territory: [sea zone, territory]."
        )
    zone = path[0]
    wanted: dict[str, int] = {}
    for unit, _, n in requests:
        wanted[unit] = wanted.get(unit, 0) + n
    land = path[1]
    boats = [
        s
        for s in _split(state.units[zone])
        if s.power == power
        and s.unit == "transport"
        and s.cargo
        and s.target < 0
        and (combat or not s.flags & COMBAT)
    ]
    # In the combat move a transport unloads into one territory only; in the non-combat move it may
    # unload into several (Classic, as TripleA's MoveValidator has it).
    elsewhere = [b for b in boats if combat and b.unloaded_to not in (-1, land)]
    boats = [b for b in boats if b not in elsewhere]
    # Transports whose whole cargo is asked for first, so as few transports as possible are used.
    boats.sort(key=lambda b: (not all(b.cargo.count(u) <= wanted.get(u, 0) for u in b.cargo), b.flags))
    p = Plan("unload", path)
    need = dict(wanted)
    for boat in boats:
        if not any(need.get(u, 0) for u in boat.cargo):
            continue
        left = list(boat.cargo)
        for u in boat.cargo:
            if need.get(u, 0):
                need[u] -= 1
                left.remove(u)
                p.taken.append(Stack(power, u, 1))
        p.transports.append((boat, replace(boat, cargo=tuple(left))))
    short = {u: n for u, n in need.items() if n}
    if short:
        unit, n = next(iter(short.items()))
        if sum(b.cargo.count(unit) for b in elsewhere) >= n:
            raise IllegalAction(
                "one_territory",
                f"In the combat move a transport unloads into one territory only: the transport with "
                f"that {unit} in {NAMES[zone]} already unloaded into {NAMES[elsewhere[0].unloaded_to]}.",
            )
        raise IllegalAction(
            "not_aboard", f"Your transports in {NAMES[zone]} do not carry {wanted[unit]} {unit}."
        )
    _plan_landing(state, power, land, p, combat, zone)
    if p.deferred and any(after.cargo for _, after in p.transports):
        raise IllegalAction(
            "whole_cargo",
            f"Past the enemy ships in {NAMES[zone]}, a transport lands its whole cargo in one territory; "
            "name all of it.",
        )
    return p


def _plan_landing(state: AAState, power: int, land: int, p: Plan, combat: bool, zone: int) -> None:
    if friendly_land(state, land, power):
        if enemy_ships(state, zone, power):
            raise IllegalAction("hostile_zone", f"Clear {NAMES[zone]} of enemy ships before unloading there.")
        _check_aa_room(state, land, p.taken)
        return
    if not combat:
        raise IllegalAction(
            "hostile_destination", f"{NAMES[land]} is not friendly: landing there is a combat move."
        )
    if any(s.unit == "aa_gun" for s in p.taken):
        raise IllegalAction("aa_no_attack", "AA guns cannot take part in an amphibious assault.")
    if untaken_neutral(state, land):
        # Classic has no ban on entering a neutral from the sea (Eire, say): the same charge as over land.
        if enemy_ships(state, zone, power):
            raise IllegalAction("hostile_zone", f"Clear {NAMES[zone]} of enemy ships before unloading there.")
        charge = state.options.neutral_charge
        if state.ipcs[power] < charge:
            raise IllegalAction(
                "neutral_charge",
                f"Entering neutral {NAMES[land]} first costs {charge} IPCs; you have {state.ipcs[power]}.",
            )
        p.neutral = land
        return
    if enemy_ships(state, zone, power):
        if p.kind == "bridge":
            raise IllegalAction("hostile_zone", f"Clear {NAMES[zone]} of enemy ships before unloading there.")
        p.deferred = True
        p.battle = True
        return
    if enemy_fighting(state, land, power):
        p.battle = True
    else:
        p.capture.append(land)


# ---- performing --------------------------------------------------------------------------------------


def move(state: AAState, power: int, action: Move, cup: DiceCup, events: list[Event]) -> AAState:
    p = plan(state, power, action)
    combat = state.phase is Phase.COMBAT_MOVE
    path = p.path
    start, end = path[0], path[-1]
    steps = len(path) - 1
    flag = COMBAT if combat else 0
    who = power_id(power)
    pid = power_id(power)
    if p.kind in ("load", "bridge", "unload"):
        return _perform_transport(state, power, p, combat, events)
    changes: dict[int, list[Stack]] = {start: list(state.units[start])}
    for s in p.taken + p.riders:
        _remove_count(changes[start], s)
    arriving = []
    for s in p.taken:
        flags = s.flags | flag
        if action.bomb:
            flags |= BOMBING
        arriving.append(replace(s, moved=s.moved + steps, flags=flags))
    arriving += p.riders
    lost: list[Stack] = []
    for x in p.overfly:
        arriving, down = _aa_fire(state, power, x, arriving, cup, events)
        lost += down
    events.append(
        UnitsMoved(who, counts_of(p.taken), tuple(NAMES[x] for x in path), "bomb" if action.bomb else "move")
    )
    if lost:
        events.append(UnitsLost(pid, NAMES[end], counts_of(lost), "shot down by AA fire"))
    changes[end] = list(state.units[end]) + arriving
    state = set_many(state, changes)
    if p.battle:
        state = _note_origin(state, end, path[-2])
    if p.neutral is not None:
        state = _enter_neutral(state, power, p.neutral, events)
    for x in p.capture:
        state = capture(state, power, x, events)
    return state


def _enter_neutral(state: AAState, power: int, where: int, events: list[Event]) -> AAState:
    """The first power into a neutral pays the charge and takes it; its units stop there."""
    charge = state.options.neutral_charge
    state = replace(state, ipcs=with_item(state.ipcs, power, state.ipcs[power] - charge))
    events.append(NeutralEntered(power_id(power), NAMES[where], charge))
    state = replace(
        state,
        owner=with_item(state.owner, where, power),
        captured=tuple(sorted({*state.captured, where})),
    )
    return _stop_units(state, where, power, state.techs[power])


def _note_origin(state: AAState, battle: int, came_from: int) -> AAState:
    """Remember that attackers entered the battle in ``battle`` from ``came_from`` (retreats go there)."""
    pair = (battle, came_from)
    if pair in state.attack_origins:
        return state
    return replace(state, attack_origins=(*state.attack_origins, pair))


def _remove_count(stacks: list[Stack], part: Stack) -> None:
    for i, s in enumerate(stacks):
        if s.key() == part.key() and s.count >= part.count:
            if s.count == part.count:
                stacks.pop(i)
            else:
                stacks[i] = replace(s, count=s.count - part.count)
            return
    raise AssertionError(f"{part} not found")


def _stop_units(state: AAState, where: int, power: int, techs: tuple[str, ...]) -> AAState:
    stacks = [
        replace(s, moved=movement(s.unit, techs)) if s.power == power and DOMAIN[s.unit] is LAND else s
        for s in state.units[where]
    ]
    return set_many(state, {where: stacks})


def _aa_fire(
    state: AAState, power: int, where: int, planes: list[Stack], cup: DiceCup, events: list[Event]
) -> tuple[list[Stack], list[Stack]]:
    """An AA gun fires one die at each aircraft flying over (hits on 1); the cheapest aircraft fall."""
    singles = _split(s for s in planes if DOMAIN[s.unit] is AIR)
    others = [s for s in planes if DOMAIN[s.unit] is not AIR]
    if not singles:
        return planes, []
    gunner = next(s.power for s in enemy_units(state, where, power) if s.unit == "aa_gun")
    seats = {power_id(p): state.seat_of[p] for p in range(len(state.seat_of))}
    aircraft = [Unit(power_id(power), s.unit) for s in singles]
    hits, fired = aa_fire(NAMES[where], power_id(gunner), aircraft, cup, seats)
    events.extend(fired)
    singles.sort(key=lambda s: (s.unit != "fighter", -s.moved))  # fighters are the cheaper losses
    return others + singles[hits:], singles[:hits]


def _perform_transport(state: AAState, power: int, p: Plan, combat: bool, events: list[Event]) -> AAState:
    pid = power_id(power)
    techs = state.techs[power]
    path = p.path
    zone = path[1] if p.kind in ("load", "bridge") else path[0]
    changes: dict[int, list[Stack]] = {}
    if p.kind in ("load", "bridge"):
        start = path[0]
        changes[start] = list(state.units[start])
        for s in p.taken:
            _remove_count(changes[start], s)
    zone_stacks = list(state.units[zone])
    unloading = p.kind in ("bridge", "unload")
    cflag = COMBAT if combat else 0
    unloaded_to = path[-1] if combat else -1  # only the combat move limits a transport to one territory
    for before, after in p.transports:
        _remove_count(zone_stacks, before)
        if p.kind == "load":
            new = after
        elif p.kind == "bridge":
            new = replace(before, flags=before.flags | UNLOADED | cflag, unloaded_to=unloaded_to)
        elif p.deferred:
            new = replace(before, target=path[-1], flags=before.flags | COMBAT)
        else:
            new = replace(after, flags=after.flags | UNLOADED | cflag, unloaded_to=unloaded_to)
        zone_stacks.append(new)
    changes[zone] = zone_stacks
    units_moved = counts_of(p.taken)
    names = tuple(NAMES[x] for x in path)
    if p.deferred:
        changes[zone] = zone_stacks
        state = set_many(state, changes)
        events.append(AmphibiousDeclared(pid, units_moved, NAMES[zone], NAMES[path[-1]]))
        return _note_origin(state, path[-1], zone)
    if unloading:
        land = path[-1]
        hostile = not friendly_land(state, land, power)
        flags = (COMBAT if combat else 0) | (AMPHIBIOUS if hostile else 0)
        ashore = [Stack(power, s.unit, s.count, movement(s.unit, techs), flags) for s in p.taken]
        changes[land] = list(state.units[land]) + ashore
    state = set_many(state, changes)
    events.append(UnitsMoved(pid, units_moved, names, p.kind))
    if p.battle:
        state = _note_origin(state, path[-1], zone)
    if p.neutral is not None:
        state = _enter_neutral(state, power, p.neutral, events)
    for x in p.capture:
        state = capture(state, power, x, events)
    return state

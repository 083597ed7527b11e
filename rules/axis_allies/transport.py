"""Moves by transport: land units loading from a coastal territory into a sea zone, unloading from a
sea zone into a bordering territory (an amphibious assault when it is hostile), or both in one move.

``movement.plan`` hands such a move (one that crosses between land and sea with land units) to
``plan_load`` or ``plan_unload``, and ``movement.move`` hands the checked plan to ``perform_transport``.
The planners raise ``IllegalAction`` with a sentence naming the rule; what every kind of move shares
comes from ``moves_common.py``, so this module never imports ``movement``.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies import moves_common
from rules.axis_allies.common import (
    IS_SEA,
    NAMES,
    counts_of,
    enemy_ships,
    friendly_land,
    power_id,
    set_many,
)
from rules.axis_allies.control import capture
from rules.axis_allies.events import AmphibiousDeclared, UnitsMoved
from rules.axis_allies.moves_common import Plan, Requests
from rules.axis_allies.reach import untaken_neutral
from rules.axis_allies.state import AMPHIBIOUS, COMBAT, UNLOADED, AAState, Stack
from rules.axis_allies.units import can_load, movement, unit_word, unit_words
from rules.core.errors import IllegalAction
from rules.core.events import Event

# ---- planning ----------------------------------------------------------------------------------------


def plan_load(
    state: AAState,
    power: int,
    path: tuple[int, ...],
    requests: Requests,
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
        match = moves_common.eligible(state, power, stacks, start, unit, None, 1, combat)
        taken += moves_common.take(stacks, n, match, unit, start)
    kind = "bridge" if len(path) == 3 else "load"
    if kind == "load":  # (a bridge's landing is judged with the landing below)
        moves_common.no_aa_gun_in_combat_move(taken, combat)
    p = Plan(kind, path, taken=taken)
    cargo_units = sorted((u for s in taken for u in [s.unit] * s.count), key=lambda u: (u == "infantry", u))
    boats = [
        s
        for s in moves_common.split(state.units[zone])
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


def plan_unload(
    state: AAState,
    power: int,
    path: tuple[int, ...],
    requests: Requests,
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
    loaded = [
        s
        for s in moves_common.split(state.units[zone])
        if s.power == power and s.unit == "transport" and s.cargo and s.target < 0
    ]
    # A transport that moved (or unloaded) in the combat move stays put in the non-combat move: so
    # does its cargo, which it unloads no more this turn.
    held = [s for s in loaded if not combat and s.flags & COMBAT]
    boats = [s for s in loaded if s not in held]
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
                f"that {unit_word(unit)} in {NAMES[zone]} already unloaded into "
                f"{NAMES[elsewhere[0].unloaded_to]}.",
            )
        if sum(b.cargo.count(unit) for b in held) >= n:
            did = "unloaded" if any(b.flags & UNLOADED for b in held) else "moved"
            raise IllegalAction(
                "moved_in_combat",
                f"The {unit_word(unit, n)} aboard your transport in {NAMES[zone]} must stay aboard: the "
                f"transport {did} in the combat move, and units that moved then stay put in the "
                "non-combat move.",
            )
        raise IllegalAction(
            "not_aboard", f"Your transports in {NAMES[zone]} do not carry {unit_words(unit, wanted[unit])}."
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
        moves_common.no_aa_gun_in_combat_move(p.taken, combat)
        moves_common.check_aa_room(state, land, p.taken)
        return
    if not combat:
        raise IllegalAction(
            "hostile_destination", f"{NAMES[land]} is not friendly: landing there is a combat move."
        )
    if any(s.unit == "aa_gun" for s in p.taken):
        raise IllegalAction("aa_no_attack", "AA guns cannot take part in an amphibious assault.")
    if enemy_ships(state, zone, power):
        # A landing waits for the sea battle, except a bridge's and one on a neutral (entered, not fought).
        if p.kind == "bridge" or untaken_neutral(state, land):
            raise IllegalAction("hostile_zone", f"Clear {NAMES[zone]} of enemy ships before unloading there.")
        p.deferred = True
        p.battle = True
        return
    # Classic has no ban on entering a neutral from the sea (Eire, say): the same charge as over land.
    moves_common.plan_entry(state, power, land, p)


# ---- performing --------------------------------------------------------------------------------------


def perform_transport(state: AAState, power: int, p: Plan, combat: bool, events: list[Event]) -> AAState:
    pid = power_id(power)
    techs = state.techs[power]
    path = p.path
    zone = path[1] if p.kind in ("load", "bridge") else path[0]
    changes: dict[int, list[Stack]] = {}
    if p.kind in ("load", "bridge"):
        start = path[0]
        changes[start] = list(state.units[start])
        for s in p.taken:
            moves_common.remove_count(changes[start], s)
    zone_stacks = list(state.units[zone])
    unloading = p.kind in ("bridge", "unload")
    cflag = COMBAT if combat else 0
    unloaded_to = path[-1] if combat else -1  # only the combat move limits a transport to one territory
    for before, after in p.transports:
        moves_common.remove_count(zone_stacks, before)
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
        return moves_common.note_origin(state, path[-1], zone)
    if unloading:
        land = path[-1]
        hostile = not friendly_land(state, land, power)
        flags = (COMBAT if combat else 0) | (AMPHIBIOUS if hostile else 0)
        ashore = [Stack(power, s.unit, s.count, movement(s.unit, techs), flags) for s in p.taken]
        changes[land] = list(state.units[land]) + ashore
    state = set_many(state, changes)
    events.append(UnitsMoved(pid, units_moved, names, p.kind))
    if p.battle:
        state = moves_common.note_origin(state, path[-1], zone)
    if p.neutral is not None:
        state = moves_common.enter_neutral(state, power, p.neutral, events)
    for x in p.capture:
        state = capture(state, power, x, events)
    return state

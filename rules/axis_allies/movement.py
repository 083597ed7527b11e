"""The combat move and the non-combat move: land, sea and air movement, canals, neutrals, blitzing,
aircraft range and landing, and AA fire at aircraft flying over.

``plan`` checks a ``Move`` against the rules without rolling dice (``legal`` uses it to sample moves);
``move`` then performs it. Both raise ``IllegalAction`` with a sentence naming the rule. Moves by
transport (loading, unloading, both at once) are checked and performed in ``transport.py``; what every
kind of move shares (the ``Plan``, taking units from stacks) is in ``moves_common.py``.
"""

from __future__ import annotations

import itertools

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
from rules.axis_allies.events import UnitsLost, UnitsMoved
from rules.axis_allies.moves_common import (
    Plan,
    Requests,
    allied_riders,
    check_aa_room,
    eligible,
    enter_neutral,
    no_aa_gun_in_combat_move,
    note_origin,
    plan_entry,
    remove_count,
    split,
    take,
)
from rules.axis_allies.reach import (
    can_reach_landing,
    carrier_room,
    carriers_in_reach,
    distances,
    friendly_owner,
    landing_spot,
    remaining,
    untaken_neutral,
)
from rules.axis_allies.routes import candidate_paths, domain_of
from rules.axis_allies.state import BOMBING, COMBAT, RUSSIA, AAState, Phase, Stack
from rules.axis_allies.transport import perform_transport, plan_load, plan_unload
from rules.axis_allies.units import Domain, Unit, label_words
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event

LAND, SEA, AIR = Domain.LAND, Domain.SEA, Domain.AIR


# ---- planning ----------------------------------------------------------------------------------------

# Where the turn is when a move is refused, and what comes next: a newcomer who moved while buying was
# told only which phases units move in.
NOT_MOVING = {
    Phase.PURCHASE: "you are buying now: end the purchase to begin the combat move.",
    Phase.COMBAT: "the battles are being fought now: end the combat to begin the non-combat move.",
    Phase.MOBILIZE: "this turn's moves are over: place the units you bought, then end the turn.",
    Phase.OVER: "the game is over.",
}


def plan(state: AAState, power: int, action: Move) -> Plan:
    """Check ``action`` for ``power``; returns what it would do. Raises IllegalAction."""
    combat = state.phase is Phase.COMBAT_MOVE
    if state.phase not in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
        raise IllegalAction(
            "not_moving", f"Units move in the combat move and the non-combat move; {NOT_MOVING[state.phase]}"
        )
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
    requests: Requests = [(*parse_unit(u, state.options.optional_units), n) for u, n in action.units]
    domains = {DOMAIN[u] for u, _, _ in requests}
    if any(u == "factory" for u, _, _ in requests):
        raise IllegalAction("immobile", "Industrial complexes never move.")
    crosses = any(IS_SEA[p] for p in path) and any(not IS_SEA[p] for p in path)
    if LAND in domains and crosses:
        if domains != {LAND}:
            raise IllegalAction("one_kind", "Move land units on or off transports in a move of their own.")
        if not IS_SEA[start]:
            return plan_load(state, power, path, requests, combat)
        return plan_unload(state, power, path, requests, combat)
    if LAND in domains and SEA in domains:
        raise IllegalAction("one_kind", "Land and sea units cannot move along the same path.")
    stacks = list(state.units[start])
    plan_ = Plan("air" if domains == {AIR} else "sea" if SEA in domains else "land", path)
    for unit, cargo, n in requests:
        match = eligible(state, power, stacks, start, unit, cargo, len(path) - 1, combat)
        label = unit if cargo is None else f"transport:{'+'.join(cargo) or 'empty'}"
        mine = [
            s
            for s in state.units[start]
            if s.power == power and s.unit == unit and (cargo is None or s.cargo == cargo)
        ]
        held = sum(s.count for s in mine)
        if held >= n > sum(s.count for s in match):
            _check_reach(state, power, mine, label, start, len(path) - 1)
        plan_.taken += take(stacks, n, match, label, start, held)
    if SEA in domains:
        _check_sea(state, power, path, plan_, combat)
        # Allied fighters aboard are cargo: those the carriers staying behind lack room for sail with
        # the moving carriers. The room is counted once these carriers have gone (issue 29: it was
        # counted while they were still there, so a carrier that was not full left its ally's fighter
        # at sea).
        carriers = sum(s.count for s in plan_.taken if s.unit == "carrier")
        plan_.riders = allied_riders(stacks, power, 2 * carriers)
    elif LAND in domains:
        _check_land(state, power, path, plan_, combat)
    if AIR in domains:
        _check_air(state, power, path, plan_, combat, action.bomb)
    elif action.bomb:
        raise IllegalAction("bombers_only", "Only bombers fly strategic bombing raids.")
    return plan_


def _check_reach(state: AAState, power: int, mine: list[Stack], label: str, start: int, steps: int) -> None:
    """Units that are there but cannot go that far are refused for the distance (issue 29)."""
    most = max(remaining(s, state.techs[power]) for s in mine)
    if most < steps:
        held = sum(s.count for s in mine)
        what = label_words(label, held, False)
        raise IllegalAction(
            "not_enough_units",
            f"Your {what} in {NAMES[start]} can move at most {most} space{'s' if most != 1 else ''} "
            f"now; that move is {steps}.",
        )


def _planned_route(state: AAState, power: int, action: Move, ends: tuple[int, int]) -> Plan:
    """A move that named only its two ends: the first shortest route the rules accept, else the first
    route's refusal, which names what is wrong."""
    first: IllegalAction | None = None
    for path in candidate_paths(ends[0], ends[1], domain_of(action.units)):
        try:
            return plan(state, power, replace(action, path=tuple(NAMES[x] for x in path)))
        except IllegalAction as refused:
            first = first or refused
    # The first route's refusal says what is wrong (too few units, an enemy territory in the way);
    # "does not border" only when there is no route at all (issue 29: it was said for every refusal).
    if first is not None:
        raise first
    raise IllegalAction("not_adjacent", f"{NAMES[ends[0]]} does not border {NAMES[ends[1]]}.")


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
        no_aa_gun_in_combat_move(p.taken, combat)
        check_aa_room(state, end, p.taken)
        return
    if not combat:
        raise IllegalAction(
            "hostile_destination", f"{NAMES[end]} is not friendly: entering it is a combat move."
        )
    if has_aa:
        raise IllegalAction("aa_no_attack", "AA guns cannot attack or enter enemy or neutral territory.")
    plan_entry(state, power, end, p)


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
        return perform_transport(state, power, p, combat, events)
    changes: dict[int, list[Stack]] = {start: list(state.units[start])}
    for s in p.taken + p.riders:
        remove_count(changes[start], s)
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
        state = note_origin(state, end, path[-2])
    if p.neutral is not None:
        state = enter_neutral(state, power, p.neutral, events)
    for x in p.capture:
        state = capture(state, power, x, events)
    return state


def _aa_fire(
    state: AAState, power: int, where: int, planes: list[Stack], cup: DiceCup, events: list[Event]
) -> tuple[list[Stack], list[Stack]]:
    """An AA gun fires one die at each aircraft flying over (hits on 1); the cheapest aircraft fall."""
    singles = split(s for s in planes if DOMAIN[s.unit] is AIR)
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

"""Moving units in an action: Move (one region each), Blitz (one hostile region; tanks and planes from
further away), Transport (through your own regions only) and Navigate (ships through sea zones, carrying
armies). Moves into hostile regions or enemy-held zones gather for battles fought when the action ends."""

from __future__ import annotations

from collections import deque

from msgspec.structs import replace

from rules.attack.actions import Ships, Troops
from rules.attack.board import Layout
from rules.attack.cards import playing
from rules.attack.common import army_steps, enemy_ships, set_army, set_coast, set_zone
from rules.attack.events import ArmyMoved, AssaultGathered, ShipsSailed
from rules.attack.state import Assault, AttackState, NavyAssault
from rules.attack.tables import (
    ARMY_TYPES,
    BLITZKRIEG,
    BLITZKRIEG_RANGE,
    FORCED_MARCH,
    FORCED_MARCH_RANGE,
    NONE,
    RAIL,
    Counts,
    add,
    fits,
    sub,
)
from rules.attack.text import ships as ships_text
from rules.attack.text import troops as troops_text
from rules.core.errors import IllegalAction
from rules.core.events import Event

TRANSPORT_RANGE = 3  # regions, plus 2 for each Rail Transport level
RAIL_RANGE = 2


def amount(pairs: tuple[tuple[int, Counts], ...], key: int) -> Counts:
    for k, counts in pairs:
        if k == key:
            return counts
    return NONE


def added(pairs: tuple[tuple[int, Counts], ...], key: int, counts: Counts) -> tuple[tuple[int, Counts], ...]:
    total = add(amount(pairs, key), counts)
    return (*(p for p in pairs if p[0] != key), (key, total))


def movable(state: AttackState, region: int) -> Counts:
    """Army units in ``region`` that have not moved in this action."""
    assert state.turn is not None
    return sub(state.army[region], amount(state.turn.arrived, region))


def own_distances(state: AttackState, board: Layout, seat: int, source: int, limit: int) -> dict[int, int]:
    """Steps from ``source`` to each of ``seat``'s regions reachable through its own regions only."""
    seen = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        if seen[here] >= limit:
            continue
        for near in army_steps(state, board, seat, here):
            if near not in seen and state.owner[near] == seat:
                seen[near] = seen[here] + 1
                queue.append(near)
    return seen


def transport_range(state: AttackState, seat: int) -> int:
    extra = FORCED_MARCH_RANGE if playing(state, FORCED_MARCH) else 0
    return TRANSPORT_RANGE + RAIL_RANGE * state.seats[seat].levels[RAIL] + extra


def blitz_range(state: AttackState) -> int:
    return BLITZKRIEG_RANGE if playing(state, BLITZKRIEG) else state.options.blitz_range


def move_reaches(state: AttackState, board: Layout, seat: int, source: int) -> list[int]:
    """Where a Move takes units from ``source``: a neighbour, or with Forced March two steps, the first
    into your own region."""
    near = army_steps(state, board, seat, source)
    if not playing(state, FORCED_MARCH):
        return near
    further = {b for a in near if state.owner[a] == seat for b in army_steps(state, board, seat, a)}
    return sorted((set(near) | further) - {source})


def blitz_reach(state: AttackState, board: Layout, seat: int, source: int) -> dict[int, tuple[bool, ...]]:
    """Per region a Blitz from ``source`` could strike, which army types may join it: infantry and
    artillery from next door; tanks through your own regions and planes over any, within the range."""
    reach = blitz_range(state)
    near = set(army_steps(state, board, seat, source))
    tanks = {
        t
        for mid in own_distances(state, board, seat, source, reach - 1)
        for t in army_steps(state, board, seat, mid)
    }
    flights: dict[int, int] = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        if flights[here] < reach:
            for other in board.army_neighbours(here):
                if other not in flights:
                    flights[other] = flights[here] + 1
                    queue.append(other)
    found: dict[int, tuple[bool, ...]] = {}
    for target in (near | tanks | set(flights)) - {source}:
        close = target in near
        found[target] = (close, close, close or target in tanks, target in flights)
    return found


def blitz_sources(state: AttackState, board: Layout, seat: int, target: int, source: int) -> tuple[bool, ...]:
    """Per army type: may units of that type in ``source`` join a Blitz on ``target``?"""
    return blitz_reach(state, board, seat, source).get(target, (False, False, False, False))


def march(
    state: AttackState, seat: int, source: int, target: int, units: Counts, board: Layout, events: list[Event]
) -> AttackState:
    turn = state.turn
    assert turn is not None
    src, dst = board.region_names[source], board.region_names[target]
    if state.owner[source] != seat:
        raise IllegalAction("not_yours", f"{src} is not yours; march from your own regions.")
    if not any(units) or min(units) < 0:
        raise IllegalAction("no_units", "Name at least one unit to march.")
    free = movable(state, source)
    if not fits(units, free):
        raise IllegalAction(
            "too_many",
            f"{src} has {troops_text(Troops(*free))} free to move in this action; you asked for more.",
        )
    if source == target:
        raise IllegalAction("same_region", "Pick a different region to march to.")
    hostile = state.owner[target] != seat
    if turn.kind == "move":
        if target not in move_reaches(state, board, seat, source):
            raise IllegalAction("not_adjacent", f"{dst} is not next to {src} (a Move goes one region).")
    elif turn.kind == "transport":
        if hostile:
            raise IllegalAction(
                "transport_hostile", f"{dst} is not yours; Transport moves only between your regions."
            )
        limit = transport_range(state, seat)
        if target not in own_distances(state, board, seat, source, limit):
            raise IllegalAction(
                "too_far", f"{dst} is not within {limit} regions of {src} through your own regions."
            )
    elif turn.kind == "blitz":
        if target != turn.target:
            raise IllegalAction("blitz_target", f"This Blitz is on {board.region_names[turn.target]}.")
        allowed = blitz_sources(state, board, seat, target, source)
        for kind, count in enumerate(units):
            if count and not allowed[kind]:
                raise IllegalAction(
                    "too_far", f"{ARMY_TYPES[kind].title()} from {src} cannot reach {dst} in this Blitz."
                )
    else:
        raise IllegalAction("not_marching", "Armies march in a Move, Blitz or Transport action.")
    state = set_army(state, source, sub(state.army[source], units))
    if hostile:
        events.append(
            AssaultGathered(seat, board.region_ids[source], board.region_ids[target], Troops.of(units))
        )
        return _gather(state, target, units, by_sea=False)
    events.append(ArmyMoved(seat, board.region_ids[source], board.region_ids[target], Troops.of(units)))
    state = set_army(state, target, add(state.army[target], units))
    return replace(state, turn=replace(turn, arrived=added(turn.arrived, target, units)))


def _gather(state: AttackState, target: int, units: Counts, by_sea: bool) -> AttackState:
    turn = state.turn
    assert turn is not None
    merged = [a for a in turn.assaults if a.target == target]
    others = tuple(a for a in turn.assaults if a.target != target)
    before = merged[0] if merged else Assault(target, NONE)
    assault = Assault(target, add(before.army, units), by_sea or before.by_sea)
    assaults = (
        (*others, assault)
        if not merged
        else tuple(assault if a.target == target else a for a in turn.assaults)
    )
    return replace(state, turn=replace(turn, assaults=assaults))


def sea_path(
    state: AttackState, board: Layout, seat: int, starts: list[int], reach: int, goals: set[int]
) -> list[int] | None:
    """The shortest run of zones from one of ``starts`` (each entered as the first step) to a zone in
    ``goals``: at most ``reach`` zones, never through a zone an enemy navy holds (it may be the last)."""
    parent: dict[int, int | None] = {z: None for z in starts}
    depth = {z: 1 for z in starts}
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        if here in goals:
            path = [here]
            while (back := parent[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        if depth[here] >= reach or enemy_ships(state, seat, here):
            continue
        for near in sorted(board.seas[here]):
            if near not in parent:
                parent[near] = here
                depth[near] = depth[here] + 1
                queue.append(near)
    return None


def sail(
    state: AttackState,
    seat: int,
    source: tuple[str, int],
    target: tuple[str, int],
    ships: Counts,
    cargo: Counts,
    board: Layout,
    events: list[Event],
) -> AttackState:
    turn = state.turn
    assert turn is not None
    if turn.kind != "navigate":
        raise IllegalAction("not_navigating", "Ships sail in a Navigate action.")
    if not any(ships) or min(ships) < 0 or min(cargo) < 0:
        raise IllegalAction("no_ships", "Name at least one ship to sail.")
    capacity = state.options.ship_capacity
    if sum(cargo) > capacity * sum(ships):
        raise IllegalAction(
            "overloaded", f"Each ship carries {capacity} army units; that is too many aboard."
        )
    kind, where = source
    if kind == "region":
        name = board.region_names[where]
        if state.owner[where] != seat:
            raise IllegalAction("not_yours", f"{name} is not yours; sail from your own coastlines.")
        free_ships = sub(state.coast_navy[where], amount(turn.sailed, where))
        if not fits(ships, free_ships):
            free = ships_text(Ships(*free_ships))
            raise IllegalAction("too_many", f"The coastline of {name} has {free} free to sail.")
        if not fits(cargo, movable(state, where)):
            raise IllegalAction(
                "too_many", f"{name} has {troops_text(Troops(*movable(state, where)))} free to embark."
            )
        starts = list(board.coasts[where])
    else:
        name = board.zone_names[where]
        key = board.regions + where
        if state.zone_owner[where] != seat:
            raise IllegalAction("not_yours", f"You have no ships in the {name}.")
        free_ships = sub(state.zone_navy[where], amount(turn.sailed, key))
        if not fits(ships, free_ships):
            free = ships_text(Ships(*free_ships))
            raise IllegalAction("too_many", f"The {name} holds {free} free to sail.")
        if not fits(cargo, state.zone_cargo[where]):
            raise IllegalAction(
                "too_many", f"Your ships in the {name} carry {troops_text(Troops(*state.zone_cargo[where]))}."
            )
        ships_left = sub(state.zone_navy[where], ships)
        if sum(state.zone_cargo[where]) - sum(cargo) > capacity * sum(ships_left):
            raise IllegalAction("stranded", "The ships staying behind could not carry the army left aboard.")
        starts = sorted(board.seas[where]) if target != ("zone", where) else []
    goal_kind, goal = target
    reach = state.options.navy_range
    if goal_kind == "zone":
        goals = {goal}
        to_name = board.zone_names[goal]
    else:
        goals = {z for z in board.coasts[goal] if not enemy_ships(state, seat, z)}
        to_name = board.region_names[goal]
        if kind == "zone" and where in goals:
            starts = [where]  # landing from the zone the ships are in: no sailing needed
            reach += 1
    path = sea_path(state, board, seat, starts, reach, goals)
    if path is None:
        raise IllegalAction(
            "no_route",
            f"No way by sea from {name} to {to_name} within {state.options.navy_range} zones, "
            "around enemy fleets.",
        )
    state = _leave(state, source, ships, cargo)
    path_ids = tuple(board.zone_ids[z] for z in path)
    events.append(
        ShipsSailed(
            seat,
            board.region_ids[where] if kind == "region" else board.zone_ids[where],
            board.region_ids[goal] if goal_kind == "region" else board.zone_ids[goal],
            Ships.of(ships),
            Troops.of(cargo),
            path_ids,
        )
    )
    last = path[-1]
    if goal_kind == "zone" and enemy_ships(state, seat, goal):
        home, home_zone = (where, -1) if kind == "region" else (-1, where)
        return _gather_navy(state, NavyAssault(goal, ships, cargo, home, home_zone))
    if goal_kind == "region" and state.owner[goal] == seat:
        state = set_coast(state, goal, add(state.coast_navy[goal], ships))
        state = set_army(state, goal, add(state.army[goal], cargo))
        turn = state.turn
        assert turn is not None
        return replace(
            state,
            turn=replace(
                turn, sailed=added(turn.sailed, goal, ships), arrived=added(turn.arrived, goal, cargo)
            ),
        )
    landing = goal_kind == "region"
    if landing and not any(cargo):
        raise IllegalAction(
            "nothing_to_land", f"{to_name} is not yours: ships dock only on your own coastlines."
        )
    aboard = NONE if landing else cargo
    state = set_zone(
        state, last, seat, add(state.zone_navy[last], ships), add(state.zone_cargo[last], aboard)
    )
    turn = state.turn
    assert turn is not None
    state = replace(state, turn=replace(turn, sailed=added(turn.sailed, board.regions + last, ships)))
    if landing:
        events.append(AssaultGathered(seat, board.zone_ids[last], board.region_ids[goal], Troops.of(cargo)))
        return _gather(state, goal, cargo, by_sea=True)
    return state


def _leave(state: AttackState, source: tuple[str, int], ships: Counts, cargo: Counts) -> AttackState:
    kind, where = source
    if kind == "region":
        state = set_coast(state, where, sub(state.coast_navy[where], ships))
        return set_army(state, where, sub(state.army[where], cargo))
    owner = state.zone_owner[where]
    return set_zone(
        state, where, owner, sub(state.zone_navy[where], ships), sub(state.zone_cargo[where], cargo)
    )


def _gather_navy(state: AttackState, assault: NavyAssault) -> AttackState:
    turn = state.turn
    assert turn is not None
    same = [a for a in turn.navy_assaults if a.zone == assault.zone]
    if same:
        first = same[0]
        assault = replace(first, ships=add(first.ships, assault.ships), cargo=add(first.cargo, assault.cargo))
        assaults = tuple(assault if a.zone == assault.zone else a for a in turn.navy_assaults)
    else:
        assaults = (*turn.navy_assaults, assault)
    return replace(state, turn=replace(turn, navy_assaults=assaults))

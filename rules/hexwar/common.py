"""Facts about a position that several rules ask: the board, who is where, what a seat holds, where it
may place what it buys, and what it earns."""

from __future__ import annotations

from collections.abc import Iterable

from rules.hexwar.board import Board, board
from rules.hexwar.state import CITY_KINDS, WATER_OWNER, HexState, Stack
from rules.hexwar.units import ORDER, SHIPS, WATER_BASED

# Players from which issue 30's seat balance options opening_hexes and hex_order=snake apply (setup).
# With two, the two blocks face each other whatever the order.
BALANCED_FROM = 3
# Player counts at which option first_placer_bonus pays the first seat: with the opening and the snake
# it won 0.61 to 0.70 times its share at 4 players, but 1.10 and 1.05 at 3 and 5 (docs/rules/hexwar.md).
FIRST_PLACER_PAID = (4,)


def board_of(state: HexState) -> Board:
    return board(state.width, state.height, state.cells, tuple(k == "water" for k in state.kinds))


def stack_key(stack: Stack) -> tuple[int, int, tuple[int, ...]]:
    return (stack.seat, ORDER.index(stack.unit), tuple(ORDER.index(u) for u in stack.cargo))


def merge(stacks: Iterable[Stack]) -> tuple[Stack, ...]:
    """Stacks of identical units joined and sorted: the one canonical form of a hex's units."""
    counts: dict[tuple[int, str, tuple[str, ...]], int] = {}
    for s in stacks:
        if s.count:
            key = (s.seat, s.unit, s.cargo)
            counts[key] = counts.get(key, 0) + s.count
    return tuple(sorted((Stack(k[0], k[1], n, k[2]) for k, n in counts.items()), key=stack_key))


def count_of(state: HexState, hex_index: int, seat: int, unit: str, cargo: tuple[str, ...] = ()) -> int:
    return sum(
        s.count for s in state.units[hex_index] if s.seat == seat and s.unit == unit and s.cargo == cargo
    )


def seats_in(state: HexState, hex_index: int) -> set[int]:
    return {s.seat for s in state.units[hex_index]}


def has_enemies(state: HexState, hex_index: int, seat: int) -> bool:
    return any(s.seat != seat for s in state.units[hex_index])


def blocks_water(state: HexState, hex_index: int, seat: int) -> bool:
    """Sea control from the round's start: another seat's ships or hovercraft in this water hex."""
    return any(s.seat != seat and s.unit in WATER_BASED for s in state.units[hex_index])


def is_city(state: HexState, hex_index: int) -> bool:
    return state.kinds[hex_index] in CITY_KINDS


def is_land(state: HexState, hex_index: int) -> bool:
    return state.kinds[hex_index] != "water"


def held_full_round(state: HexState, hex_index: int, seat: int) -> bool:
    """Held since before this round began: a full round by the time its purchases are placed."""
    return state.owner[hex_index] == seat and state.held_since[hex_index] < state.round


def land_factories(state: HexState, seat: int) -> tuple[int, ...]:
    """Cities and capitals where ``seat`` may place land units and planes bought this round."""
    return tuple(
        h
        for h in range(len(state.cells))
        if held_full_round(state, h, seat) and (is_city(state, h) or state.capital_of[h] >= 0)
    )


def sea_factories(state: HexState, seat: int) -> tuple[int, ...]:
    """Water hexes beside a port city ``seat`` has held a full round, free of other seats' units."""
    b = board_of(state)
    found = {
        n
        for h in range(len(state.cells))
        if state.kinds[h] == "port" and held_full_round(state, h, seat)
        for n in b.neighbours[h]
        if b.water[n] and not has_enemies(state, n, seat)
    }
    return tuple(sorted(found))


def factories_for(state: HexState, seat: int, unit: str) -> tuple[int, ...]:
    return sea_factories(state, seat) if unit in SHIPS else land_factories(state, seat)


def income(state: HexState, seat: int) -> tuple[int, str]:
    """Money ``seat`` collects now, and the rule that gave it: ``full`` with a capital held (its own or a
    captured one), ``half`` (rounded up) with a city but no capital, ``none`` with neither. The first
    seat, which places the first hex, counts option ``first_placer_bonus`` more (with 4 players)."""
    opts = state.options
    total = first_placer_bonus(state, seat)
    capital = city = False
    for h, owner in enumerate(state.owner):
        if owner != seat:
            continue
        if is_city(state, h):
            total += opts.income_city
            city = True
        elif owner != WATER_OWNER:
            total += opts.income_land
        if state.capital_of[h] >= 0:
            total += opts.income_capital
            capital = True
    if capital:
        return total, "full"
    if city:
        return (total + 1) // 2, "half"
    return 0, "none"


def first_placer_bonus(state: HexState, seat: int) -> int:
    """What option ``first_placer_bonus`` adds to ``seat``'s income before any halving: the first seat's,
    with 4 players."""
    return state.options.first_placer_bonus if seat == 0 and state.players in FIRST_PLACER_PAID else 0


def has_units(state: HexState, seat: int) -> bool:
    return any(s.seat == seat for stacks in state.units for s in stacks)


def owns_land(state: HexState, seat: int) -> bool:
    return seat in state.owner

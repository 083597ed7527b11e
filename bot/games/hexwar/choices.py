"""Autocomplete for /hex, from what is legal now: pure functions of the state and the player's seat (no
Discord), each returning (what the player sees, the value sent back) pairs. Suggestions only: the engine
checks every order again. Hexes are offered by the names players type (``C7``), with what is there.

Also the small readers the commands share with the terminal: a count that defaults to every free unit,
and a hovercraft's load as typed (``inf inf``, ``2 inf``, ``tank``).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.models import ServiceError
from bot.parsing import is_count
from rules.core.errors import IllegalAction
from rules.hexwar.board import frontier, grid
from rules.hexwar.common import board_of, count_of, factories_for, held_full_round, is_city
from rules.hexwar.orders import committed, load_at_sea, money_left
from rules.hexwar.routes import destinations, jump_targets, shore
from rules.hexwar.state import KINDS, WATER_OWNER, HexState, Phase
from rules.hexwar.text import order_text
from rules.hexwar.units import (
    CITY_COST,
    DEFENCE_COST,
    DEFENCE_TARGETS,
    HOV,
    INF,
    JT,
    ORDER,
    SHIPS,
    TANK,
    UNITS,
    cargo_text,
    count_text,
    unit_id,
)

Choice = tuple[str, str]  # (what the player sees, the value sent back)


def _matches(typed: str, *names: str) -> bool:
    wanted = typed.strip().lower().replace(" ", "")
    return not wanted or any(n.lower().replace(" ", "").startswith(wanted) for n in names)


def _hex(state: HexState, name: str) -> int | None:
    """The placed hex a player named, or None (autocomplete never refuses)."""
    try:
        return board_of(state).lookup(name)
    except IllegalAction:
        return None


def _unit(text: str) -> str | None:
    try:
        return unit_id(text) if text.strip() else None
    except IllegalAction:
        return None


def who(state: HexState, h: int, seat: int) -> str:
    owner = state.owner[h]
    if owner == WATER_OWNER:
        return "water"
    return "yours" if owner == seat else f"seat {owner + 1}'s"


def contents(state: HexState, h: int) -> str:
    """What stands in a hex, seat by seat: ``3 infantry, 1 tank; seat 2: 2 infantry``."""
    parts: dict[int, list[str]] = {}
    for s in state.units[h]:
        aboard = f" carrying {cargo_text(s.cargo)}" if s.cargo else ""
        parts.setdefault(s.seat, []).append(count_text(s.unit, s.count) + aboard)
    return "; ".join(f"seat {seat + 1}: " + ", ".join(found) for seat, found in parts.items())


def describe_hex(state: HexState, h: int, seat: int) -> str:
    b = board_of(state)
    kind = state.kinds[h]
    capital = " capital" if state.capital_of[h] >= 0 else ""
    inside = contents(state, h)
    where = (
        f"{b.names[h]} · {who(state, h, seat)} {kind}{capital}"
        if kind != "water"
        else f"{b.names[h]} · water"
    )
    return f"{where} · {inside}" if inside else where


def free_units(state: HexState, seat: int, h: int, unit: str, cargo: tuple[str, ...] = ()) -> int:
    """Units of ``seat`` in hex ``h`` not already under this round's orders."""
    used = committed(state, state.orders[seat]).get((h, unit, cargo), 0)
    return count_of(state, h, seat, unit, cargo) - used


def _free_stacks(state: HexState, seat: int, h: int) -> list[tuple[str, tuple[str, ...], int]]:
    found = []
    for s in state.units[h]:
        if s.seat == seat:
            n = free_units(state, seat, h, s.unit, s.cargo)
            if n > 0:
                found.append((s.unit, s.cargo, n))
    return found


# ---- setup -------------------------------------------------------------------------------------------


def hex_kinds(state: HexState, seat: int, typed: str) -> list[Choice]:
    if state.phase is not Phase.HEXES:
        return []
    hand = state.hands[seat]
    return [
        (f"{kind} ({hand[i]} left)", kind)
        for i, kind in enumerate(KINDS)
        if hand[i] and _matches(typed, kind)
    ]


def free_cells(state: HexState, typed: str) -> list[Choice]:
    """Empty cells where the next hex may go (the starting outline first)."""
    if state.phase is not Phase.HEXES:
        return []
    g = grid(state.width, state.height)
    cells = frontier(g, state.cells)
    start = "" if state.cells else " · the starting outline"
    found = [(g.name(c) + start, g.name(c)) for c in cells if _matches(typed, g.name(c))]
    return sorted(found, key=lambda c: (c[1][0], int(c[1][1:])))


def starting_units(state: HexState, seat: int, typed: str) -> list[Choice]:
    if state.phase is not Phase.UNITS:
        return []
    left = state.units_left[seat]
    return [
        (f"{UNITS[u].name} ({left[i]} left)", u)
        for i, u in enumerate(ORDER)
        if left[i] and _matches(typed, u, UNITS[u].name)
    ]


def own_land(state: HexState, seat: int, typed: str) -> list[Choice]:
    b = board_of(state)
    return [
        (describe_hex(state, h, seat), b.names[h])
        for h in range(b.size)
        if state.owner[h] == seat and not b.water[h] and _matches(typed, b.names[h])
    ]


# ---- orders ------------------------------------------------------------------------------------------


def unit_sources(state: HexState, seat: int, typed: str, units: Iterable[str] = ORDER) -> list[Choice]:
    """Hexes where the seat has units of ``units`` not yet under orders."""
    b = board_of(state)
    wanted = set(units)
    found = []
    for h in range(b.size):
        free = [(u, c, n) for u, c, n in _free_stacks(state, seat, h) if u in wanted]
        if free and _matches(typed, b.names[h]):
            listed = ", ".join(count_text(u, n) + (f" with {cargo_text(c)}" if c else "") for u, c, n in free)
            found.append((f"{b.names[h]} · {listed} free", b.names[h]))
    return found


def units_at(state: HexState, seat: int, source: str, typed: str) -> list[Choice]:
    h = _hex(state, source)
    if h is None:
        return [(f"{UNITS[u].name} ({u})", u) for u in ORDER if _matches(typed, u, UNITS[u].name)]
    totals: dict[str, int] = {}
    for unit, _, n in _free_stacks(state, seat, h):
        totals[unit] = totals.get(unit, 0) + n
    return [
        (f"{UNITS[u].plural} ({n} free)", u) for u, n in totals.items() if _matches(typed, u, UNITS[u].name)
    ]


def move_targets(state: HexState, seat: int, source: str, unit: str, typed: str) -> list[Choice]:
    """Hexes the named unit (or any of the seat's units there) can reach from ``source``."""
    h = _hex(state, source)
    if h is None:
        return []
    kind = _unit(unit)
    kinds = [kind] if kind else sorted({u for u, _, _ in _free_stacks(state, seat, h)}, key=ORDER.index)
    reach: dict[int, str] = {}
    for k in kinds:
        for t, how in destinations(state, seat, h, k).items():
            reach.setdefault(t, how)
    b = board_of(state)
    found = []
    for t in sorted(reach, key=lambda t: b.distance[h][t]):
        if _matches(typed, b.names[t]):
            strike = " · strike" if reach[t] == "strike" else ""
            found.append((describe_hex(state, t, seat) + strike, b.names[t]))
    return found


def cargo_loads(state: HexState, seat: int, source: str, typed: str) -> list[Choice]:
    """Loads a hovercraft moving from ``source`` may carry: on land what boards there now, at sea what
    its hovercraft already carry."""
    h = _hex(state, source)
    if h is None:
        return []
    b = board_of(state)
    if b.water[h]:
        loads = sorted({c for u, c, _ in _free_stacks(state, seat, h) if u == HOV and c})
    else:
        free = {u: free_units(state, seat, h, u) for u in (INF, JT, TANK)}
        candidates = [(INF, INF), (INF,), (JT, JT), (INF, JT), (JT,), (TANK,)]
        loads = [c for c in candidates if all(free[u] >= c.count(u) for u in set(c))]
    return [(cargo_text(c), " ".join(c)) for c in loads if _matches(typed, " ".join(c), cargo_text(c))]


def jump_sources(state: HexState, seat: int, typed: str) -> list[Choice]:
    b = board_of(state)
    return [c for c in unit_sources(state, seat, typed, (JT,)) if not b.water[b.lookup(c[1])]]


def jump_to(state: HexState, seat: int, source: str, typed: str) -> list[Choice]:
    h = _hex(state, source)
    if h is None:
        return []
    b = board_of(state)
    return [
        (describe_hex(state, t, seat), b.names[t])
        for t in jump_targets(state, seat, h)
        if _matches(typed, b.names[t])
    ]


def ship_sources(state: HexState, seat: int, typed: str) -> list[Choice]:
    return unit_sources(state, seat, typed, SHIPS)


def shore_targets(state: HexState, seat: int, source: str, typed: str) -> list[Choice]:
    h = _hex(state, source)
    if h is None:
        return []
    b = board_of(state)
    return [
        (describe_hex(state, t, seat), b.names[t])
        for t in shore(state, h)
        if state.owner[t] != seat and _matches(typed, b.names[t])
    ]


def affordable(state: HexState, seat: int, typed: str) -> list[Choice]:
    left = money_left(state, seat, state.orders[seat])
    return [
        (f"{UNITS[u].name} ({UNITS[u].cost} each; you have {left})", u)
        for u in ORDER
        if UNITS[u].cost <= left and factories_for(state, seat, u) and _matches(typed, u, UNITS[u].name)
    ]


def buy_places(state: HexState, seat: int, unit: str, typed: str) -> list[Choice]:
    kind = _unit(unit) or INF
    b = board_of(state)
    return [
        (describe_hex(state, h, seat), b.names[h])
        for h in factories_for(state, seat, kind)
        if _matches(typed, b.names[h])
    ]


def defence_cities(state: HexState, seat: int, typed: str, *, built: bool = False) -> list[Choice]:
    """The seat's cities held a full round (those with a structure, for aiming: ``built``)."""
    b = board_of(state)
    found = []
    for h in range(b.size):
        if not (is_city(state, h) and held_full_round(state, h, seat)) or not _matches(typed, b.names[h]):
            continue
        have = ", ".join(f"{d.kind} at {UNITS[d.aim].plural}" for d in state.defences[h])
        if built and not have:
            continue
        label = f"{b.names[h]} · {state.kinds[h]}" + (f" · defences: {have}" if have else "")
        found.append((label, b.names[h]))
    if not built and money_left(state, seat, state.orders[seat]) < DEFENCE_COST:
        return []
    return found


def defence_kinds(typed: str) -> list[Choice]:
    return [
        (f"{kind}: fires at {', '.join(UNITS[u].plural for u in targets)}", kind)
        for kind, targets in DEFENCE_TARGETS.items()
        if _matches(typed, kind)
    ]


def aims(kind: str, typed: str) -> list[Choice]:
    targets = DEFENCE_TARGETS.get(kind.strip().lower(), tuple(u for t in DEFENCE_TARGETS.values() for u in t))
    return [(UNITS[u].plural, u) for u in dict.fromkeys(targets) if _matches(typed, u, UNITS[u].name)]


def city_sites(state: HexState, seat: int, typed: str) -> list[Choice]:
    if money_left(state, seat, state.orders[seat]) < CITY_COST:
        return []
    b = board_of(state)
    building = {p.hex for p in state.projects[seat]}
    return [
        (describe_hex(state, h, seat), b.names[h])
        for h in range(b.size)
        if state.owner[h] == seat
        and state.kinds[h] == "land"
        and h not in building
        and _matches(typed, b.names[h])
    ]


def written_orders(state: HexState, seat: int, typed: str) -> list[Choice]:
    return [
        (f"{n}: {order_text(o)}", str(n))
        for n, o in enumerate(state.orders[seat], 1)
        if _matches(typed, str(n), order_text(o))
    ]


# ---- reading what players type ---------------------------------------------------------------------


def parse_cargo(text: str | None) -> tuple[str, ...]:
    """A hovercraft's load as typed: ``inf inf``, ``inf, inf``, ``2 inf``, ``tank`` (empty: none)."""
    words = (text or "").replace(",", " ").replace("+", " ").split()
    load: list[str] = []
    times = 1
    for word in words:
        if is_count(word):
            times = int(word)
            continue
        if word.lower() in ("and", "x"):
            continue
        load.extend([unit_id(word)] * times)
        times = 1
    if len(load) > 2:
        raise ServiceError("bad_cargo", "A hovercraft carries 2 infantry (or jump troops) or 1 tank.")
    return tuple(load)


def default_count(state: HexState, seat: int, source: str, unit: str, cargo: tuple[str, ...] = ()) -> int:
    """Every free unit of that kind there (at least 1, so that a wrong name gets the engine's sentence)."""
    h = _hex(state, source)
    kind = _unit(unit)
    if h is None or kind is None:
        return 1
    at_sea = board_of(state).water[h]
    if at_sea and kind == HOV and not cargo:  # a loaded hovercraft carries its load without naming it
        cargo = load_at_sea(state, seat, h, state.orders[seat])
    most = free_units(state, seat, h, kind, cargo if at_sea else ())
    if cargo and not at_sea:  # boarding: as many hovercraft as there are loads to carry
        most = min(most, *(free_units(state, seat, h, u) // cargo.count(u) for u in set(cargo)))
    return max(1, most)

"""Build a Hex war position by hand for a rule case, and play a round of orders on it.

Layouts name hexes as players type them. On the 2-player grid (10 columns A-J, 7 rows) a row number
that is odd (1, 3, 5, 7) is an even grid row: there C3 borders B3, D3, B2, C2, B4 and C4; in an even
row (2, 4, 6) C4 borders B4, D4, C3, D3, C5 and D5. Column A borders column J (the wrap).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from rules.core.dice import ScriptedRng, SeededRng
from rules.core.events import Action, Event
from rules.hexwar import RULES
from rules.hexwar.actions import SubmitOrders
from rules.hexwar.board import GRIDS, grid
from rules.hexwar.common import board_of, merge
from rules.hexwar.state import WATER_OWNER, Defence, HexOptions, HexState, Phase, Stack

NO_DICE = ScriptedRng([])


def position(
    hexes: Mapping[str, tuple[str, int]],
    units: Mapping[str, Sequence[tuple[int, str, int] | tuple[int, str, int, tuple[str, ...]]]] | None = None,
    *,
    players: int = 2,
    capitals: Mapping[str, int] | None = None,
    defences: Mapping[str, Sequence[tuple[str, str]]] | None = None,
    held_since: Mapping[str, int] | None = None,
    money: Sequence[int] | None = None,
    round_number: int = 3,
    options: HexOptions | None = None,
    **fields: object,
) -> HexState:
    """``hexes``: {name: (kind, owner)} (owner ignored for water). ``units``: {name: [(seat, unit, count)
    or (seat, unit, count, cargo)]}. Every hex has been held since setup unless ``held_since`` says."""
    g = grid(*GRIDS[players])
    names = list(hexes)
    cells = tuple(g.lookup(n) for n in names)
    kinds = tuple(hexes[n][0] for n in names)
    owner = tuple(WATER_OWNER if hexes[n][0] == "water" else hexes[n][1] for n in names)
    stacks = tuple(
        merge(Stack(u[0], u[1], u[2], u[3] if len(u) > 3 else ()) for u in (units or {}).get(n, ()))  # type: ignore[misc]
        for n in names
    )
    state = HexState(
        options=options or HexOptions(),
        players=players,
        width=g.width,
        height=g.height,
        phase=Phase.ORDERS,
        turn=50,
        round=round_number,
        order=tuple(range(players)),
        hands=((0, 0, 0, 0),) * players,
        units_left=((0,) * 7,) * players,
        cells=cells,
        kinds=kinds,
        owner=owner,
        held_since=tuple((held_since or {}).get(n, 0) for n in names),
        capital_of=tuple((capitals or {}).get(n, -1) for n in names),
        defences=tuple(tuple(Defence(k, a) for k, a in (defences or {}).get(n, ())) for n in names),
        units=stacks,
        money=tuple(money) if money is not None else (100,) * players,
        earned=(0,) * players,
        projects=((),) * players,
        orders=((),) * players,
        submitted=(False,) * players,
        out=(False,) * players,
        resigned=(False,) * players,
    )
    return replace(state, **fields) if fields else state


def write(state: HexState, seat: int, *orders: Action) -> HexState:
    for order in orders:
        state, _ = RULES.apply(state, seat, order, NO_DICE)
    return state


def orders_written(ai: Any, state: HexState, seat: int) -> list[Action]:
    """The orders ``ai`` writes for ``seat`` in ``state``, each applied before the next is chosen, up to
    (not counting) its submission."""
    written = []
    while True:
        action = ai.choose(state, seat)
        if isinstance(action, SubmitOrders):
            return written
        state = write(state, seat, action)
        written.append(action)


def play_round(
    state: HexState, orders: Mapping[int, Sequence[Action]], dice: Sequence[int] = ()
) -> tuple[HexState, list[Event]]:
    """Every seat writes its orders and submits (seat order); the last submission resolves the round
    with the scripted ``dice``, every one of which must be rolled."""
    for seat in range(state.players):
        if not state.out[seat]:
            state = write(state, seat, *orders.get(seat, ()))
    rng = ScriptedRng(dice)
    events: list[Event] = []
    for seat in range(state.players):
        if not state.out[seat]:
            state, happened = RULES.apply(state, seat, SubmitOrders(), rng)
            events.extend(happened)
    assert rng.unused == 0, f"{rng.unused} scripted dice were not rolled"
    return state, events


def units_in(state: HexState, name: str) -> dict[tuple[int, str], int]:
    g = grid(state.width, state.height)
    h = state.cells.index(g.lookup(name))
    found: dict[tuple[int, str], int] = {}
    for s in state.units[h]:
        found[(s.seat, s.unit)] = found.get((s.seat, s.unit), 0) + s.count
    return found


def stacks_in(state: HexState, name: str) -> tuple[Stack, ...]:
    g = grid(state.width, state.height)
    return state.units[state.cells.index(g.lookup(name))]


def owner_of(state: HexState, name: str) -> int:
    g = grid(state.width, state.height)
    return state.owner[state.cells.index(g.lookup(name))]


def of_type(events: Sequence[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def set_up_by(agents: Sequence[Any], seed: str) -> HexState:
    """A 3-seat game whose setup ``agents`` (one a seat) play through, with the dice of ``seed``."""
    state, _ = RULES.setup({}, 3, SeededRng(seed))
    rng = SeededRng(seed)
    while state.phase is not Phase.ORDERS:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
    return state


def land_mostly_joined(state: HexState, seat: int) -> bool:
    """Whether most of ``seat``'s land touches more of its land (a compact country)."""
    b = board_of(state)
    land = [h for h in range(b.size) if state.owner[h] == seat]
    joined = sum(1 for h in land if any(state.owner[n] == seat for n in b.neighbours[h]))
    return joined >= 0.8 * len(land)

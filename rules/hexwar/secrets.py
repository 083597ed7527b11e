"""The same Hex war position with one seat's hidden things changed, for the tests proving that no one
else sees them (``Game.vary_secrets``).

A seat hides two things (``rules.hexwar.views``): the orders it is writing this round, and where its
cities are being bought and how far each is paid. Everything else (hands, the board, money, who has
submitted, how many cities each seat is buying) is public, so it stays as it was.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.tuples import with_item
from rules.hexwar.actions import BuildCity, Buy, Move, Order
from rules.hexwar.board import grid
from rules.hexwar.state import CityProject, HexState
from rules.hexwar.units import INF


def vary_secrets(state: HexState, seat: int, seed: int) -> HexState:
    """``state`` with ``seat``'s orders and city projects replaced by others of the same public shape
    (the same number of projects; orders are never counted in public)."""
    g = grid(state.width, state.height)
    names = [g.name(c) for c in state.cells]
    land = [h for h, owner in enumerate(state.owner) if owner == seat and state.kinds[h] == "land"]
    orders = _other_orders(state.orders[seat], names, land, seed)
    projects = tuple(
        CityProject(land[(i + seed) % len(land)] if land else p.hex, 1 + (p.paid + seed) % 2, p.started)
        for i, p in enumerate(state.projects[seat])
    )
    return replace(
        state,
        orders=with_item(state.orders, seat, orders),
        projects=with_item(state.projects, seat, projects),
    )


def _other_orders(
    written: tuple[Order, ...], names: list[str], land: list[int], seed: int
) -> tuple[Order, ...]:
    """A different list: one order more than was written (or, with nothing to name, one fewer)."""
    if land:
        where = names[land[seed % len(land)]]
        extra: Order = BuildCity(where) if seed % 2 else Buy(INF, 1 + seed % 5, where)
        return (*written, extra)
    if names and len(names) > 1:
        return (*written, Move(names[0], names[1], INF, 1 + seed % 3))
    return written[:-1]

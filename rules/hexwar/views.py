"""What one seat, or the public, may see of a Hex war game. Renderers and presenters take only views,
and a view holds everything a picture of the board needs: each hex's grid and axial coordinates, its
name as players type it, kind, owner, capital, defences and units (by type, with counts and cargo).

Hidden: every seat's orders until the round resolves (a seat sees only its own), where a city is being
bought (only its buyer sees it; the others see how many are under way), and the dice counter.
"""

from __future__ import annotations

import msgspec

from rules.hexwar.actions import Order
from rules.hexwar.board import frontier, grid
from rules.hexwar.common import income, is_city, land_factories, sea_factories
from rules.hexwar.options import deadline_seconds
from rules.hexwar.orders import money_left
from rules.hexwar.setup import hexes_this_turn
from rules.hexwar.state import Defence, HexOptions, HexState, Phase, Stack


class HexView(msgspec.Struct, frozen=True):
    name: str  # what players type: column letter and row number, C7
    col: int
    row: int
    q: int  # axial coordinates (pointy-top hexes; the grid wraps every ``width`` columns)
    r: int
    kind: str  # land | city | port | water
    owner: int  # seat, -1 for water
    capital_of: int  # the seat whose capital this is, -1 if none
    held_since: int  # the round its owner took it (0: since setup)
    defences: tuple[Defence, ...]
    units: tuple[Stack, ...]


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    out: bool
    resigned: bool
    submitted: bool  # this round's orders are in (never what they are)
    money: int
    earned: int
    income: int  # what the seat would collect now
    income_rule: str  # full | half | none
    hexes: int
    cities: int
    capitals: tuple[str, ...]  # capital hexes it holds (its own or captured)
    units: int
    building: int  # cities being bought (where: only in the buyer's own view)
    hand: tuple[int, ...]  # setup: hexes left to place, per kind (land, city, port, water)
    units_left: tuple[int, ...]  # setup: starting units left to place, per unit type in table order


class ProjectView(msgspec.Struct, frozen=True):
    at: str
    paid: int


class HexWarView(msgspec.Struct, frozen=True):
    viewer: int | None
    options: HexOptions
    phase: Phase
    round: int
    turn: int
    current: int  # setup: the seat placing now
    width: int
    height: int
    start: str  # the starting hex outline
    hexes: tuple[HexView, ...]
    seats: tuple[SeatView, ...]
    free: tuple[str, ...]  # setup: cells where the next hex may go
    placement_order: tuple[int, ...]
    deadline_seconds: int
    orders: tuple[Order, ...] | None  # the viewer's own orders this round; None for the public
    money_left: int | None  # the viewer's money after its orders and its cities' payments
    projects: tuple[ProjectView, ...] | None  # the viewer's cities being bought
    factories: tuple[str, ...] | None  # where the viewer may place land units bought this round
    ports: tuple[str, ...] | None  # water hexes where the viewer may launch ships bought this round
    winners: tuple[int, ...]
    summary: str
    placing_left: int = 0  # setup: hexes or starting units the seat placing now may still place this turn


def view(state: HexState, seat: int | None) -> HexWarView:
    g = grid(state.width, state.height)
    hexes = []
    for h, cell in enumerate(state.cells):
        col, row = g.col_row(cell)
        q, r = g.axial(cell)
        hexes.append(
            HexView(
                g.name(cell),
                col,
                row,
                q,
                r,
                state.kinds[h],
                state.owner[h],
                state.capital_of[h],
                state.held_since[h],
                state.defences[h],
                state.units[h],
            )
        )
    seats = []
    for s in range(state.players):
        amount, rule = income(state, s) if state.cells else (0, "none")
        seats.append(
            SeatView(
                seat=s,
                out=state.out[s],
                resigned=state.resigned[s],
                submitted=state.phase is Phase.ORDERS and state.submitted[s],
                money=state.money[s],
                earned=state.earned[s],
                income=amount,
                income_rule=rule,
                hexes=state.owner.count(s),
                cities=sum(1 for h in range(len(state.cells)) if state.owner[h] == s and is_city(state, h)),
                capitals=tuple(
                    g.name(state.cells[h])
                    for h in range(len(state.cells))
                    if state.capital_of[h] >= 0 and state.owner[h] == s
                ),
                # Passengers aboard hovercraft at sea are units too (each hovercraft of a stack carries the
                # stack's cargo).
                units=sum(
                    st.count * (1 + len(st.cargo)) for stacks in state.units for st in stacks if st.seat == s
                ),
                building=len(state.projects[s]),
                hand=state.hands[s],
                units_left=state.units_left[s],
            )
        )
    own = seat is not None and 0 <= seat < state.players
    playing = own and state.phase is Phase.ORDERS
    names = [g.name(c) for c in state.cells]
    return HexWarView(
        viewer=seat,
        options=state.options,
        phase=state.phase,
        round=state.round,
        turn=state.turn,
        current=state.current,
        width=state.width,
        height=state.height,
        start=g.name(g.start),
        hexes=tuple(hexes),
        seats=tuple(seats),
        free=tuple(g.name(c) for c in frontier(g, state.cells)) if state.phase is Phase.HEXES else (),
        placement_order=state.order,
        deadline_seconds=deadline_seconds(state.options, max(1, state.round)),
        orders=state.orders[seat] if own and seat is not None else None,
        money_left=money_left(state, seat, state.orders[seat]) if playing and seat is not None else None,
        projects=(
            tuple(ProjectView(names[p.hex], p.paid) for p in state.projects[seat])
            if own and seat is not None
            else None
        ),
        factories=tuple(names[h] for h in land_factories(state, seat))
        if playing and seat is not None
        else None,
        ports=tuple(names[h] for h in sea_factories(state, seat)) if playing and seat is not None else None,
        winners=state.winners,
        summary=state.summary,
        placing_left=placing_left(state),
    )


def placing_left(state: HexState) -> int:
    """What the seat placing now may still place in its setup turn: hexes, or starting units (0 in
    the capitals' turn and in play)."""
    seat = state.current
    if state.phase is Phase.HEXES:
        return max(0, min(sum(state.hands[seat]), hexes_this_turn(state, seat) - state.placed_this_turn))
    if state.phase is Phase.UNITS:
        allowed = state.options.units_per_turn - state.placed_this_turn
        return max(0, min(sum(state.units_left[seat]), allowed))
    return 0

"""A seat resigns: it stops playing at once, in setup or in a round.

Its land and units stay on the board, hold, and defend themselves (design: the pieces of a player who
left are neither removed nor handed to anyone; its capital must still be taken to win by capitals). It
owes no more turns or orders; if it was the seat the game waited for, the game moves on, and a round in
which everyone else has submitted is resolved. When one seat alone is left playing, it wins.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.events import Event
from rules.core.tuples import with_item
from rules.hexwar.events import GameWon, SeatResigned
from rules.hexwar.resolve import resolve_round
from rules.hexwar.setup import next_capital_turn, next_hex_turn, next_unit_turn
from rules.hexwar.state import HexState, Phase


def resign(state: HexState, seat: int, cup: DiceCup, events: list[Event]) -> HexState:
    events.append(SeatResigned(seat))
    state = replace(
        state,
        out=with_item(state.out, seat, True),
        resigned=with_item(state.resigned, seat, True),
        hands=with_item(state.hands, seat, (0,) * len(state.hands[seat])),
        units_left=with_item(state.units_left, seat, (0,) * len(state.units_left[seat])),
        orders=with_item(state.orders, seat, ()),
        submitted=with_item(state.submitted, seat, True),
    )
    left = state.playing()
    if len(left) == 1:
        events.append(GameWon(left, "resignation"))
        summary = f"Seat {left[0] + 1} is the last player left."
        return replace(state, phase=Phase.OVER, winners=left, summary=summary)
    waited_for = state.current == seat
    if state.phase is Phase.HEXES and waited_for:
        return next_hex_turn(state, seat, cup, events)
    if state.phase is Phase.UNITS and waited_for:
        return next_unit_turn(state, events)
    if state.phase is Phase.CAPITALS and waited_for:
        return next_capital_turn(state, events)
    if state.phase is Phase.ORDERS and all(state.submitted):
        return resolve_round(state, cup, events)
    return state

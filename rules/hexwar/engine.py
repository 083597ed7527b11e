"""``apply``: the only way a Hex war state changes. Checks whose move it is, then hands the action to
the rule that owns it: setup steps, writing orders, or (when the last seat submits) the resolution."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup, Rng
from rules.core.errors import IllegalAction
from rules.core.events import Action, Event
from rules.core.tuples import with_item
from rules.hexwar import orders, setup
from rules.hexwar.actions import (
    AimDefence,
    Bombard,
    BuildCity,
    Buy,
    BuyDefence,
    CancelOrder,
    Jump,
    Move,
    PlaceCapital,
    PlaceHex,
    PlaceUnit,
    Resign,
    SubmitOrders,
)
from rules.hexwar.events import OrdersSubmitted
from rules.hexwar.resign import resign
from rules.hexwar.resolve import resolve_round
from rules.hexwar.state import HexOptions, HexState, Phase

ORDER_ACTIONS = (Move, Jump, Bombard, Buy, BuyDefence, AimDefence, BuildCity)
SETUP_STEP = {
    Phase.HEXES: (PlaceHex, "Place a hex from your hand first."),
    Phase.UNITS: (PlaceUnit, "Place your starting units first."),
    Phase.CAPITALS: (PlaceCapital, "Place your capital first."),
}


def new_game(options: HexOptions, players: int, rng: Rng) -> tuple[HexState, list[Event]]:
    events: list[Event] = []
    return setup.new_game(options, players, events), events


def to_act(state: HexState) -> tuple[int, ...]:
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.ORDERS:
        return tuple(s for s in range(state.players) if not state.submitted[s])
    return (state.current,)


def apply(state: HexState, seat: int, action: Action, rng: Rng) -> tuple[HexState, list[Event]]:
    """Apply ``action`` by ``seat``; returns the new state and what happened, or raises IllegalAction.

    The input state is never changed, so a refused action leaves the game exactly as it was.
    """
    events: list[Event] = []
    cup = DiceCup(rng, state.rolls, events)
    if not 0 <= seat < state.players:
        raise IllegalAction("no_seat", "That seat is not in this game.")
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", "This game is over.")
    if state.out[seat]:
        if state.resigned[seat]:
            raise IllegalAction("out", "You have resigned from this game.")
        raise IllegalAction("out", "You are out of this game: you hold no land and no units.")
    if isinstance(action, Resign):
        new = resign(state, seat, cup, events)
    elif state.phase is Phase.ORDERS:
        new = _orders(state, seat, action, cup, events)
    else:
        new = _setup(state, seat, action, cup, events)
    return replace(new, rolls=cup.count), events


def _setup(state: HexState, seat: int, action: Action, cup: DiceCup, events: list[Event]) -> HexState:
    if seat != state.current:
        raise IllegalAction(
            "not_your_turn", f"It is not your turn: the game is waiting for seat {state.current + 1}."
        )
    expected, hint = SETUP_STEP[state.phase]
    if not isinstance(action, expected):
        raise IllegalAction("setup_step", hint)
    if isinstance(action, PlaceHex):
        return setup.place_hex(state, seat, action.kind, action.at, cup, events)
    if isinstance(action, PlaceUnit):
        return setup.place_unit(state, seat, action.unit, action.at, events, action.count)
    assert isinstance(action, PlaceCapital)
    return setup.place_capital(state, seat, action.at, events)


def _orders(state: HexState, seat: int, action: Action, cup: DiceCup, events: list[Event]) -> HexState:
    if state.submitted[seat]:
        raise IllegalAction(
            "submitted", "You have submitted your orders for this round; they stand until it is resolved."
        )
    if isinstance(action, ORDER_ACTIONS):
        return orders.write(state, seat, action, events)
    if isinstance(action, CancelOrder):
        return orders.cancel(state, seat, action.number, events)
    if isinstance(action, SubmitOrders):
        if action.hold:
            state = replace(state, orders=with_item(state.orders, seat, ()))
        events.append(OrdersSubmitted(seat, action.hold))
        state = replace(state, submitted=with_item(state.submitted, seat, True))
        if all(state.submitted):
            return resolve_round(state, cup, events)
        return state
    raise IllegalAction("write_orders", "Setup is over: write your orders for the round, then submit them.")

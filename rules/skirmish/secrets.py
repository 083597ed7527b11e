"""The same position with one seat's hidden things changed: for the tests that prove no other seat (and no
picture or message made for it) can see them. A Skirmish seat hides its hand and its standing orders:
its cards are swapped with others from the deck (whose contents are hidden from everyone), the count and
everything public kept, and its orders are replaced by a different set."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.hidden import swap_with_deck
from rules.core.tuples import with_item
from rules.skirmish.state import SkirmishState, StandingOrders

# Two sets of orders that differ in every field: whichever the seat has, the other one replaces it.
_ORDERS = (
    StandingOrders(
        defend="all", losses="cheapest", assign="best", cards_from=2, order="best", occupy="advance"
    ),
    StandingOrders(assign="lowest", cards_from=99, order="formed", occupy="one"),
)


def vary_secrets(state: SkirmishState, seat: int, seed: int) -> SkirmishState:
    if not 0 <= seat < state.players:
        return state
    orders = _ORDERS[1] if state.orders[seat] == _ORDERS[0] else _ORDERS[0]
    state = replace(state, orders=with_item(state.orders, seat, orders))
    hand = state.hands[seat]
    if not hand or not state.deck:
        return state
    new_hand, new_deck = swap_with_deck(hand, state.deck, seed)
    return replace(state, hands=with_item(state.hands, seat, new_hand), deck=new_deck)

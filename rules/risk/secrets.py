"""The same position with one seat's hidden things changed: for the tests that prove no other seat
(and no picture made for it) can see them. In Risk a seat hides its hand: its cards are swapped with
others from the deck (whose contents are hidden from everyone), the count and everything public kept."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.hidden import swap_with_deck
from rules.risk.state import RiskState


def vary_secrets(state: RiskState, seat: int, seed: int) -> RiskState:
    hand = state.hands[seat] if seat < len(state.hands) else ()
    if not hand or not state.deck:
        return state
    new_hand, new_deck = swap_with_deck(hand, state.deck, seed)
    hands = tuple(new_hand if i == seat else h for i, h in enumerate(state.hands))
    return replace(state, hands=hands, deck=new_deck)

"""The same position with one seat's hidden things changed: for the tests that prove no other seat
(and no picture made for it) can see them. In Risk a seat hides its hand: its cards are swapped with
others from the deck (whose contents are hidden from everyone), the count and everything public kept."""

from __future__ import annotations

from msgspec.structs import replace

from rules.risk.state import RiskState


def _scrambled(cards: tuple[int, ...], seed: int) -> list[int]:
    """The cards in an order that depends on ``seed`` (no ``random`` in the rules: a multiplicative hash)."""
    return sorted(cards, key=lambda card: ((card + 1) * 2654435761 + seed * 40503) % 2**32)


def vary_secrets(state: RiskState, seat: int, seed: int) -> RiskState:
    hand = state.hands[seat] if seat < len(state.hands) else ()
    if not hand or not state.deck:
        return state
    swaps = min(len(hand), len(state.deck))
    given = _scrambled(state.deck, seed)[:swaps]
    taken = _scrambled(hand, seed)[:swaps]
    new_hand = tuple(sorted([c for c in hand if c not in taken] + given))
    new_deck = tuple(sorted([c for c in state.deck if c not in given] + taken))
    hands = tuple(new_hand if i == seat else h for i, h in enumerate(state.hands))
    return replace(state, hands=hands, deck=new_deck)

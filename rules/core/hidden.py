"""Helpers for a game's ``vary_secrets`` (the same position with one seat's hidden things changed, for
the tests that prove no other seat can see them)."""

from __future__ import annotations


def _scrambled(cards: tuple[int, ...], seed: int) -> list[int]:
    """The cards in an order that depends on ``seed`` (no ``random`` in the rules: a multiplicative hash)."""
    return sorted(cards, key=lambda card: ((card + 1) * 2654435761 + seed * 40503) % 2**32)


def swap_with_deck(
    hand: tuple[int, ...], deck: tuple[int, ...], seed: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A hand and a deck (both hidden) with as many cards swapped between them as the smaller holds,
    chosen by ``seed``: every count stays, the hand's contents change. Both come back sorted."""
    swaps = min(len(hand), len(deck))
    given = _scrambled(deck, seed)[:swaps]
    taken = _scrambled(hand, seed)[:swaps]
    new_hand = tuple(sorted([c for c in hand if c not in taken] + given))
    new_deck = tuple(sorted([c for c in deck if c not in given] + taken))
    return new_hand, new_deck

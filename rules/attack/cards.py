"""The action deck: drawing (a private pick among the cards left, the discards reshuffled when it runs
out) and playing a card with the action it modifies."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.common import with_seat
from rules.attack.events import CardDrawn
from rules.attack.state import AttackState
from rules.attack.tables import (
    CARD_ACTIONS,
    CARD_TEXT,
    DECK_SIZE,
    HAND_LIMIT,
    MILD_WINTER,
    card_kind,
    card_name,
)
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event


def draw_card(state: AttackState, seat: int, cup: DiceCup, events: list[Event]) -> AttackState:
    """One card for ``seat``, unless it already holds the most a hand may (3): then none."""
    if len(state.seats[seat].hand) >= HAND_LIMIT:
        return state
    if not state.deck:
        if not state.discard:
            return state
        state = replace(state, deck=tuple(sorted(state.discard)), discard=())
    (pick,) = cup.roll(1, len(state.deck), seat, "action card", private=True)
    card = state.deck[pick - 1]
    events.append(CardDrawn(seat, card))
    state = replace(state, deck=state.deck[: pick - 1] + state.deck[pick:])
    return with_seat(state, seat, hand=tuple(sorted((*state.seats[seat].hand, card))))


def check_card(state: AttackState, seat: int, card: int | None, action: str, winter: bool) -> None:
    """Refuse a card the seat does not hold or that does not go with ``action``."""
    if card is None:
        return
    if not 0 <= card < DECK_SIZE or card not in state.seats[seat].hand:
        raise IllegalAction("no_such_card", "You do not hold that action card.")
    kind = card_kind(card)
    if kind == MILD_WINTER and not winter:
        raise IllegalAction("not_winter", "Mild Winter is played only in Winter.")
    if action not in CARD_ACTIONS[kind]:
        raise IllegalAction(
            "wrong_card", f"{card_name(card)} does not go with {action.title()}. {CARD_TEXT[kind]}"
        )


def spend_card(state: AttackState, seat: int, card: int | None) -> AttackState:
    """The played card leaves the hand for the discard pile (it is shown in the action's event)."""
    if card is None:
        return state
    hand = tuple(c for c in state.seats[seat].hand if c != card)
    return with_seat(replace(state, discard=tuple(sorted((*state.discard, card)))), seat, hand=hand)


def playing(state: AttackState, kind: int) -> bool:
    """The action in progress was taken with a card of ``kind``."""
    return state.turn is not None and state.turn.card is not None and card_kind(state.turn.card) == kind

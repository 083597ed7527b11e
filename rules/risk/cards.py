"""Risk cards: what makes a set, what a set is worth, trading and drawing."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import add_at, with_item
from rules.risk.board import WILD, RiskMap
from rules.risk.events import ArmiesPlaced, CardDrawn, CardsTraded, DeckReshuffled
from rules.risk.state import RiskState
from rules.risk.views import set_value

TERRITORY_BONUS = 2  # armies on a traded card's territory you hold; at most once (2 armies) per turn
MUST_TRADE_AT = 5  # holding this many at the start of your turn, you must trade
CAPTURE_TRADE_AT = 6  # holding this many after taking an eliminated player's cards, you trade at once...
TRADE_DOWN_TO = 4  # ...until you hold this many or fewer


def is_set(board: RiskMap, cards: Sequence[int]) -> bool:
    """Three alike, one of each, or any two with a wild."""
    if len(cards) != 3 or len(set(cards)) != 3:
        return False
    symbols = [board.cards[c].symbol for c in cards]
    plain = [s for s in symbols if s != WILD]
    if len(plain) < 3:
        return True
    return len(set(plain)) in (1, 3)


def sets_in(board: RiskMap, hand: Sequence[int]) -> list[tuple[int, int, int]]:
    """Every valid set in a hand, each sorted, in a stable order."""
    found = []
    for combo in combinations(sorted(hand), 3):
        if is_set(board, combo):
            found.append((combo[0], combo[1], combo[2]))
    return found


def trade(
    state: RiskState, seat: int, cards: tuple[int, int, int], board: RiskMap
) -> tuple[RiskState, list[Event]]:
    """Exchange a set for armies; a traded card's territory you hold gets +2 there, once a turn."""
    hand = state.hands[seat]
    if len(set(cards)) != 3 or any(c not in hand for c in cards):
        names = ", ".join(card_name(board, c) for c in cards if 0 <= c < len(board.cards))
        raise IllegalAction(
            "not_your_cards", f"You can only trade three different cards from your hand ({names})."
        )
    if not is_set(board, cards):
        raise IllegalAction(
            "not_a_set", "Those cards are not a set: trade three alike, one of each, or two with a wild."
        )
    number = state.sets_traded + 1
    armies = set_value(number)
    events: list[Event] = [CardsTraded(seat, cards, armies, number)]
    owner, army_counts, bonus_used = state.owner, state.armies, state.card_bonus_used
    if not bonus_used:
        for card in cards:
            territory = board.cards[card].territory
            if territory is not None and owner[territory] == seat:
                army_counts = add_at(army_counts, territory, TERRITORY_BONUS)
                events.append(
                    ArmiesPlaced(seat, board.ids[territory], TERRITORY_BONUS, seat, card_bonus=True)
                )
                bonus_used = True
                break
    hands = with_item(state.hands, seat, tuple(c for c in hand if c not in cards))
    new = replace(
        state,
        hands=hands,
        discard=state.discard + tuple(sorted(cards)),
        sets_traded=number,
        reinforcements=state.reinforcements + armies,
        armies=army_counts,
        card_bonus_used=bonus_used,
    )
    if new.must_trade_down and len(hands[seat]) <= TRADE_DOWN_TO:
        new = replace(new, must_trade_down=False)
    return new, events


def draw(state: RiskState, seat: int, cup: DiceCup, events: list[Event]) -> RiskState:
    """Draw one card at random from the deck, reshuffling the traded cards in when it is empty.

    Picking a random remaining card is the same as drawing the top of a shuffled deck, and keeps no
    hidden order in the state. The roll and the card are private to the drawer until the game ends.
    """
    deck, discard = state.deck, state.discard
    if not deck:
        if not discard:
            return state  # every card is in someone's hand: nothing to draw
        deck, discard = tuple(sorted(discard)), ()
        events.append(DeckReshuffled(len(deck)))
    (pick,) = cup.roll(1, len(deck), seat, "card draw", private=True)
    card = deck[pick - 1]
    events.append(CardDrawn(seat, card))
    hands = with_item(state.hands, seat, state.hands[seat] + (card,))
    return replace(state, deck=deck[: pick - 1] + deck[pick:], discard=discard, hands=hands)


def card_name(board: RiskMap, card: int) -> str:
    c = board.cards[card]
    return "Wild" if c.territory is None else f"{board.names[c.territory]} ({c.symbol})"

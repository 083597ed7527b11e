"""Step 1, the standard actions (reinforce, draw a card, extra free move, extra exchange), and the cards
outside battle: the truce, discarding for the hand limit (step 5) and its penalties."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item
from rules.skirmish.board import SkirmishMap
from rules.skirmish.common import add_to_territory, from_garrison, set_territory, to_garrison, troops
from rules.skirmish.events import (
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeckReshuffled,
    ExtraTaken,
    PlacingEnded,
    Reinforced,
    TroopsPlaced,
)
from rules.skirmish.pieces import pieces
from rules.skirmish.state import Phase, Placing, SkirmishState, Truce
from rules.skirmish.turns import end_turn, next_phase


def _standard(state: SkirmishState) -> SkirmishState:
    if state.phase is not Phase.STANDARD:
        raise IllegalAction("standard_over", "Standard actions come first in a turn; that step is over.")
    if state.placing is not None:
        raise IllegalAction("place_first", f"Place your {state.placing.troops} reinforcement troops first.")
    if state.actions_left == 0:
        raise IllegalAction("two_actions", "You have taken your two standard actions this turn.")
    return replace(state, actions_left=state.actions_left - 1)


def after_standard(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    """With both standard actions done (and their troops placed), the exchange step begins."""
    if state.phase is Phase.STANDARD and state.actions_left == 0 and state.placing is None:
        return next_phase(state, cup, events)
    return state


def reinforce(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    state = _standard(state)
    seat = state.current
    dice = state.territories_of(seat)
    rolled = sum(cup.roll(dice, 6, seat, "reinforce"))
    ready = min(rolled, state.garrison[seat].troop)  # not enough troops in the garrison: the rest is lost
    events.append(Reinforced(seat, dice, rolled, ready, rolled - ready))
    state = replace(state, placing=Placing(ready) if ready else None)
    return after_standard(state, cup, events)


def place(
    state: SkirmishState, territory: int, count: int, board: SkirmishMap, cup: DiceCup, events: list[Event]
) -> SkirmishState:
    seat = state.current
    if state.placing is None:
        raise IllegalAction("nothing_to_place", "You have no reinforcement troops to place.")
    if state.owner[territory] != seat:
        raise IllegalAction(
            "not_yours", f"Troops go on territories you control; {board.names[territory]} is not yours."
        )
    left = state.placing.troops
    if not 1 <= count <= left:
        raise IllegalAction("bad_count", f"You can place 1 to {left} troops.")
    events.append(TroopsPlaced(seat, board.ids[territory], count))
    state = add_to_territory(from_garrison(state, seat, troops(count)), territory, troops(count), seat)
    state = replace(state, placing=Placing(left - count) if left > count else None)
    return after_standard(state, cup, events)


def stop_placing(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    assert state.placing is not None
    events.append(PlacingEnded(state.current, state.placing.troops))
    return after_standard(replace(state, placing=None), cup, events)


def draw(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    state = _standard(state)
    if not state.deck and not state.discard:
        raise IllegalAction("no_cards", "Every card is in a hand: there is none to draw.")
    if not state.deck:
        events.append(DeckReshuffled(len(state.discard)))
        state = replace(state, deck=tuple(sorted(state.discard)), discard=())
    seat = state.current
    (pick,) = cup.roll(1, len(state.deck), seat, "draw", private=True)
    card = state.deck[pick - 1]
    events.append(CardDrawn(seat, card))
    state = replace(
        state,
        deck=state.deck[: pick - 1] + state.deck[pick:],
        hands=with_item(state.hands, seat, (*state.hands[seat], card)),
    )
    return after_standard(state, cup, events)


def extra(state: SkirmishState, what: str, cup: DiceCup, events: list[Event]) -> SkirmishState:
    state = _standard(state)
    events.append(ExtraTaken(state.current, what))
    if what == "move":
        state = replace(state, moves_left=state.moves_left + 1)
    else:
        state = replace(state, exchanges_allowed=state.exchanges_allowed + 1)
    return after_standard(state, cup, events)


def check_in_hand(state: SkirmishState, seat: int, card: int) -> None:
    if not 0 <= card < len(pieces().cards) or card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", "You do not hold that card.")


def play_truce(
    state: SkirmishState, card: int, territory: str | None, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    """A card played in your own turn outside a battle: only the truce is."""
    seat = state.current
    check_in_hand(state, seat, card)
    kind = pieces().cards[card]
    if kind.kind != "truce":
        raise IllegalAction(
            "battle_card", f"{kind.name} is played in a battle, in your counters-and-cards step."
        )
    if territory is None or territory not in board.id_index:
        raise IllegalAction("name_territory", "Name the territory of yours the truce protects.")
    where = board.index(territory)
    if state.owner[where] != seat:
        raise IllegalAction(
            "not_yours", f"A truce protects a territory of yours; {board.names[where]} is not."
        )
    events.append(CardPlayed(seat, card, kind.id, None, territory))
    return replace(
        state,
        hands=with_item(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)),
        discard=(*state.discard, card),
        truces=(*state.truces, Truce(where, seat)),
    )


def discard(
    state: SkirmishState, card: int, board: SkirmishMap, cup: DiceCup, events: list[Event]
) -> SkirmishState:
    """Step 5: discard down to the number of controlled territories, paying each card's penalty: a troop
    from your territory with the most troops (never the last unit of a territory)."""
    seat = state.current
    if state.phase is not Phase.REDUCE:
        raise IllegalAction("not_reducing", "Cards are discarded in step 5, after the free move.")
    check_in_hand(state, seat, card)
    penalty = pieces().cards[card].penalty
    state = replace(
        state,
        hands=with_item(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)),
        discard=(*state.discard, card),
    )
    where: int | None = None
    for _ in range(penalty):
        spots = [
            t
            for t in range(board.size)
            if state.owner[t] == seat and state.units[t].troop and state.units[t].total > 1
        ]
        if not spots:
            break
        where = max(spots, key=lambda t: (state.units[t].troop, -t))
        state = to_garrison(
            set_territory(state, where, state.units[where].minus(troops(1)), seat), seat, troops(1)
        )
    events.append(CardDiscarded(seat, card, None if where is None else board.ids[where]))
    if len(state.hands[seat]) <= state.territories_of(seat):
        return end_turn(state, cup, events)
    return state


def discard_choice(state: SkirmishState) -> int:
    """The card to let go first: no penalty before a penalty, the least valuable first."""
    table = pieces().cards
    return min(state.hands[state.current], key=lambda c: (table[c].penalty, table[c].value, c))

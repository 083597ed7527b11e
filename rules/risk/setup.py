"""Starting a Risk game: the deal or the claiming draft, and placing the starting armies."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import add_at, with_item
from rules.core.words import counted
from rules.risk.board import RiskMap
from rules.risk.events import ArmiesPlaced, SeatsDealt, TerritoryClaimed
from rules.risk.quota import neutral_due, neutral_room, neutral_variant, setup_room
from rules.risk.state import NEUTRAL, Phase, RiskOptions, RiskState, SeatStatus
from rules.risk.turns import begin_turn


def new_game(
    options: RiskOptions, players: int, board: RiskMap, cup: DiceCup, events: list[Event]
) -> RiskState:
    if not 2 <= players <= 6:
        raise IllegalAction("bad_seats", "Risk is for 2 to 6 players.")
    with_neutral = players == 2 and options.two_player_neutral
    starting = board.two_player_armies if with_neutral else board.starting_armies[players]
    base = RiskState(
        options=options,
        players=players,
        owner=(NEUTRAL,) * board.size,
        armies=(0,) * board.size,
        phase=Phase.SETUP,
        current=0,
        setup_left=(starting,) * players,
        hands=((),) * players,
        deck=tuple(range(len(board.cards))),
        status=(SeatStatus.PLAYING,) * players,
    )
    if options.deal == "claim" and not with_neutral:
        return replace(base, phase=Phase.CLAIM)
    # Dealing round-robin from a shuffled list is dealing the territory cards; the two-player variant
    # deals three piles, the third neutral.
    piles = players + 1 if with_neutral else players
    order = cup.shuffle(range(board.size), None, "deal")
    owner = [NEUTRAL] * board.size
    for position, territory in enumerate(order):
        pile = position % piles
        owner[territory] = NEUTRAL if pile == players else pile
    armies = (1,) * board.size
    setup_left = tuple(starting - owner.count(seat) for seat in range(players))
    neutral_left = board.two_player_neutral_armies - owner.count(NEUTRAL) if with_neutral else 0
    events.append(SeatsDealt(tuple(owner), armies))
    return replace(base, owner=tuple(owner), armies=armies, setup_left=setup_left, neutral_left=neutral_left)


def claim(state: RiskState, seat: int, territory: int, board: RiskMap, events: list[Event]) -> RiskState:
    if state.armies[territory] > 0:
        raise IllegalAction(
            "claimed", f"{board.names[territory]} is already claimed; pick an empty territory."
        )
    events.append(TerritoryClaimed(seat, board.ids[territory]))
    state = replace(
        state,
        owner=with_item(state.owner, territory, seat),
        armies=with_item(state.armies, territory, 1),
        setup_left=add_at(state.setup_left, seat, -1),
    )
    if 0 in state.armies:
        return replace(state, current=_next_seat(state, seat))
    return _next_setup_turn(replace(state, phase=Phase.SETUP), seat, events)


def place_starting(
    state: RiskState, seat: int, territory: int, armies: int, board: RiskMap, events: list[Event]
) -> RiskState:
    if neutral_due(state):
        due = neutral_room(state)
        where = "a neutral territory" if due == 1 else "neutral territories"
        raise IllegalAction(
            "neutral_due", f"Place {counted(due, 'neutral army', 'neutral armies')} on {where} now."
        )
    if state.owner[territory] != seat:
        raise IllegalAction(
            "not_yours",
            f"You can only place armies on your own territories; {_whose(state, board, territory)}.",
        )
    room = setup_room(state)
    if not 1 <= armies <= room:
        raise IllegalAction("bad_count", f"You can place 1 to {room} starting armies this setup turn.")
    events.append(ArmiesPlaced(seat, board.ids[territory], armies, seat))
    state = replace(
        state,
        armies=add_at(state.armies, territory, armies),
        setup_left=add_at(state.setup_left, seat, -armies),
        placed_this_turn=state.placed_this_turn + armies,
    )
    if setup_room(state) or neutral_due(state):
        return state
    return _next_setup_turn(state, seat, events)


def place_neutral(
    state: RiskState, seat: int, territory: int, armies: int, board: RiskMap, events: list[Event]
) -> RiskState:
    if not neutral_due(state):
        raise IllegalAction(
            "no_neutral_due", "Neutral armies are placed only after your own, in a two-player setup."
        )
    if state.owner[territory] != NEUTRAL:
        raise IllegalAction("not_neutral", f"{board.names[territory]} is not neutral.")
    room = neutral_room(state)
    if not 1 <= armies <= room:
        raise IllegalAction("bad_count", f"You can place 1 to {room} neutral armies now.")
    events.append(ArmiesPlaced(NEUTRAL, board.ids[territory], armies, seat))
    state = replace(
        state,
        armies=add_at(state.armies, territory, armies),
        neutral_left=state.neutral_left - armies,
        neutral_placed=state.neutral_placed + armies,
    )
    return state if neutral_due(state) else _next_setup_turn(state, seat, events)


def _has_setup_work(state: RiskState, seat: int) -> bool:
    return state.status[seat] is SeatStatus.PLAYING and (
        state.setup_left[seat] > 0 or (neutral_variant(state) and state.neutral_left > 0)
    )


def _next_seat(state: RiskState, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.status[candidate] is SeatStatus.PLAYING:
            return candidate
    return seat


def _next_setup_turn(state: RiskState, seat: int, events: list[Event]) -> RiskState:
    """Pass the setup to the next seat with armies left to place, or start the first turn."""
    state = replace(state, placed_this_turn=0, neutral_placed=0)
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if _has_setup_work(state, candidate):
            return replace(state, current=candidate)
    first = next(s for s in range(state.players) if state.status[s] is SeatStatus.PLAYING)
    return begin_turn(state, first, events)


def skip_setup_seat(state: RiskState, seat: int, events: list[Event]) -> RiskState:
    """A seat resigned during setup: its armies are no longer placed; move on if it was its turn."""
    state = replace(state, setup_left=with_item(state.setup_left, seat, 0))
    if state.phase is Phase.CLAIM:
        return replace(state, current=_next_seat(state, seat)) if state.current == seat else state
    if state.current == seat:
        return _next_setup_turn(state, seat, events)
    return state


def _whose(state: RiskState, board: RiskMap, territory: int) -> str:
    owner = state.owner[territory]
    holder = "neutral" if owner == NEUTRAL else f"held by seat {owner + 1}"
    return f"{board.names[territory]} is {holder}"

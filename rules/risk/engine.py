"""``apply``: the only way a Risk state changes. Checks whose move it is, then hands the action to
the rule that owns it (setup, cards, combat, the turn cycle)."""

from __future__ import annotations

from collections import deque

from msgspec.structs import replace

from rules.core.dice import DiceCup, Rng
from rules.core.errors import IllegalAction
from rules.core.events import Action, Event
from rules.core.tuples import add_at, with_item
from rules.risk import combat, setup
from rules.risk.actions import (
    Attack,
    ClaimTerritory,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    PlaceArmies,
    PlaceNeutral,
    Resign,
    TradeCards,
)
from rules.risk.board import RiskMap, classic_map, lookup
from rules.risk.cards import MUST_TRADE_AT, trade
from rules.risk.events import ArmiesMoved, ArmiesPlaced, SeatResigned
from rules.risk.state import NEUTRAL, AwaitDefence, AwaitOccupation, Phase, RiskOptions, RiskState, SeatStatus
from rules.risk.turns import check_victory, end_turn, enter_phase


def new_game(options: RiskOptions, players: int, rng: Rng) -> tuple[RiskState, list[Event]]:
    events: list[Event] = []
    cup = DiceCup(rng, 0, events)
    state = setup.new_game(options, players, classic_map(), cup, events)
    return replace(state, rolls=cup.count), events


def apply(state: RiskState, seat: int, action: Action, rng: Rng) -> tuple[RiskState, list[Event]]:
    """Apply ``action`` by ``seat``; returns the new state and what happened, or raises IllegalAction.

    The input state is never changed, so a refused action leaves the game exactly as it was.
    """
    board = classic_map()
    events: list[Event] = []
    cup = DiceCup(rng, state.rolls, events)
    if not 0 <= seat < state.players:
        raise IllegalAction("no_seat", "That seat is not in this game.")
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", "This game is over.")
    if isinstance(action, Resign):
        new = _resign(state, seat, board, cup, events)
    else:
        new = _dispatch(state, seat, action, board, cup, events)
    return replace(new, rolls=cup.count), events


def to_act(state: RiskState) -> tuple[int, ...]:
    if state.phase is Phase.OVER:
        return ()
    if isinstance(state.pending, AwaitDefence):
        return (state.pending.defender,)
    return (state.current,)


def _dispatch(
    state: RiskState, seat: int, action: Action, board: RiskMap, cup: DiceCup, events: list[Event]
) -> RiskState:
    if state.status[seat] is not SeatStatus.PLAYING:
        raise IllegalAction("not_playing", "You are no longer playing in this game.")
    if seat not in to_act(state):
        waiting = to_act(state)[0] + 1
        raise IllegalAction("not_your_turn", f"It is not your turn: the game is waiting for seat {waiting}.")
    pending = state.pending
    if isinstance(pending, AwaitDefence):
        if not isinstance(action, Defend):
            raise IllegalAction("defend_first", "Choose how many dice to defend with first.")
        return combat.defend(state, seat, action.dice, board, cup, events)
    if isinstance(pending, AwaitOccupation):
        if not isinstance(action, Occupy):
            raise IllegalAction(
                "occupy_first",
                f"First move armies into {board.names[pending.target]} "
                f"({pending.minimum} to {pending.maximum}).",
            )
        return combat.occupy(state, seat, action.armies, board, events)
    if isinstance(action, Occupy):
        raise IllegalAction(
            "nothing_pending", "There is nothing to occupy: armies move in right after a conquest."
        )
    if isinstance(action, Defend):
        raise IllegalAction("nothing_pending", "There is no attack to defend against now.")
    if state.phase is Phase.CLAIM:
        if not isinstance(action, ClaimTerritory):
            raise IllegalAction("claim_first", "Territories are being claimed: claim an empty territory.")
        return setup.claim(state, seat, lookup(board, action.territory), board, events)
    if state.phase is Phase.SETUP:
        if isinstance(action, PlaceArmies):
            territory = lookup(board, action.territory)
            return setup.place_starting(state, seat, territory, action.armies, board, events)
        if isinstance(action, PlaceNeutral):
            return setup.place_neutral(
                state, seat, lookup(board, action.territory), action.armies, board, events
            )
        raise IllegalAction("setup_first", "Place your starting armies first.")
    if isinstance(action, TradeCards):
        return _trade(state, seat, action.cards, board, events)
    if isinstance(action, PlaceArmies):
        return _place(state, seat, lookup(board, action.territory), action.armies, board, events)
    if isinstance(action, Attack):
        state = _ready_to_fight(state, board, events, "attack")
        source, target = lookup(board, action.source), lookup(board, action.target)
        dice = action.dice if action.dice is not None else combat.most_attack_dice(state, source)
        return combat.attack(state, seat, source, target, dice, action.until, board, cup, events)
    if isinstance(action, Fortify):
        state = _ready_to_fight(state, board, events, "fortify")
        return _fortify(state, seat, action, board, cup, events)
    if isinstance(action, EndPhase):
        return _end_phase(state, board, cup, events)
    raise IllegalAction("not_now", "That move is not possible now.")


def _trade(
    state: RiskState, seat: int, cards: tuple[int, int, int], board: RiskMap, events: list[Event]
) -> RiskState:
    if state.phase is Phase.ATTACK and not state.must_trade_down:
        raise IllegalAction(
            "trade_at_start",
            "Cards are traded at the start of your turn (or at once after taking 6 or more).",
        )
    if state.phase is Phase.FORTIFY:
        raise IllegalAction("trade_at_start", "Cards are traded at the start of your turn.")
    new, traded = trade(state, seat, cards, board)
    events.extend(traded)
    return new


def _place(
    state: RiskState, seat: int, territory: int, armies: int, board: RiskMap, events: list[Event]
) -> RiskState:
    if state.phase not in (Phase.REINFORCE, Phase.ATTACK) or state.reinforcements == 0:
        raise IllegalAction("none_to_place", "You have no armies left to place.")
    _check_no_forced_trade(state, board)
    if state.owner[territory] != seat:
        raise IllegalAction(
            "not_yours",
            f"You can only place armies on your own territories; {board.names[territory]} is not yours.",
        )
    if not 1 <= armies <= state.reinforcements:
        raise IllegalAction("bad_count", f"You can place 1 to {state.reinforcements} armies.")
    events.append(ArmiesPlaced(seat, board.ids[territory], armies, seat))
    return replace(
        state, armies=add_at(state.armies, territory, armies), reinforcements=state.reinforcements - armies
    )


def _check_no_forced_trade(state: RiskState, board: RiskMap) -> None:
    held = len(state.hands[state.current])
    if state.must_trade_down:
        raise IllegalAction(
            "trade_down", f"You hold {held} cards after an elimination: trade sets until you hold 4 or fewer."
        )
    if state.phase is Phase.REINFORCE and held >= MUST_TRADE_AT:
        raise IllegalAction(
            "must_trade", f"You hold {held} cards: with 5 or more you must trade a set first."
        )


def _ready_to_fight(state: RiskState, board: RiskMap, events: list[Event], what: str) -> RiskState:
    """Attacking (or fortifying) straight from the reinforce phase ends it, once every army is placed."""
    _check_no_forced_trade(state, board)
    if state.reinforcements:
        raise IllegalAction(
            "place_first", f"Place your {state.reinforcements} remaining armies before you {what}."
        )
    if state.phase is Phase.REINFORCE:
        state = enter_phase(state, Phase.ATTACK, events)
    if what == "attack" and state.phase is Phase.FORTIFY:
        raise IllegalAction("attack_over", "Your attacks are over for this turn: fortify or end your turn.")
    return state


def _fortify(
    state: RiskState, seat: int, action: Fortify, board: RiskMap, cup: DiceCup, events: list[Event]
) -> RiskState:
    source, target = lookup(board, action.source), lookup(board, action.target)
    src, dst = board.names[source], board.names[target]
    if state.owner[source] != seat or state.owner[target] != seat:
        raise IllegalAction("not_yours", f"You can only fortify between your own territories ({src}, {dst}).")
    if source == target:
        raise IllegalAction("same_territory", "Pick two different territories to fortify between.")
    if state.options.fortify == "connected":
        if target not in connected_own(state, seat, source, board):
            raise IllegalAction(
                "not_connected", f"{dst} is not joined to {src} by a chain of your territories."
            )
    elif target not in board.neighbours[source]:
        raise IllegalAction("not_adjacent", f"{src} does not border {dst}; fortify moves to a neighbour.")
    if state.armies[source] == 1:  # "1 to 0 armies" told a newcomer nothing
        raise IllegalAction(
            "bad_count", f"{src} has only 1 army, which must stay behind: fortify from a territory with more."
        )
    if not 1 <= action.armies <= state.armies[source] - 1:
        raise IllegalAction(
            "bad_count", f"You can move 1 to {state.armies[source] - 1} armies from {src}; one stays behind."
        )
    events.append(ArmiesMoved(seat, board.ids[source], board.ids[target], action.armies, occupation=False))
    state = replace(state, armies=add_at(add_at(state.armies, source, -action.armies), target, action.armies))
    return end_turn(state, cup, events)


def connected_own(state: RiskState, seat: int, source: int, board: RiskMap) -> set[int]:
    """Territories reachable from ``source`` through ``seat``'s own territories."""
    seen = {source}
    queue = deque([source])
    while queue:
        for n in board.neighbours[queue.popleft()]:
            if n not in seen and state.owner[n] == seat:
                seen.add(n)
                queue.append(n)
    seen.discard(source)
    return seen


def _end_phase(state: RiskState, board: RiskMap, cup: DiceCup, events: list[Event]) -> RiskState:
    if state.phase is Phase.REINFORCE:
        return _ready_to_fight(state, board, events, "end the phase")
    if state.phase is Phase.ATTACK:
        _check_no_forced_trade(state, board)
        if state.reinforcements:
            raise IllegalAction("place_first", f"Place your {state.reinforcements} remaining armies first.")
        return enter_phase(state, Phase.FORTIFY, events)
    return end_turn(state, cup, events)


def _resign(state: RiskState, seat: int, board: RiskMap, cup: DiceCup, events: list[Event]) -> RiskState:
    """The seat leaves; its armies stay as neutral and its cards go back into the deck."""
    if state.status[seat] is not SeatStatus.PLAYING:
        raise IllegalAction("not_playing", "You are no longer playing in this game.")
    if isinstance(state.pending, AwaitOccupation) and state.current == seat:
        state = combat.occupy(state, seat, state.pending.minimum, board, events)
    events.append(SeatResigned(seat, state.owner.count(seat)))
    owner = tuple(NEUTRAL if o == seat else o for o in state.owner)
    state = replace(
        state,
        owner=owner,
        status=with_item(state.status, seat, SeatStatus.RESIGNED),
        deck=tuple(sorted(state.deck + state.hands[seat])),
        hands=with_item(state.hands, seat, ()),
    )
    if isinstance(state.pending, AwaitDefence) and state.pending.defender == seat:
        state = replace(state, pending=None)  # no dice were rolled yet: the attacker may attack again
    state = check_victory(state, events)
    if state.phase is Phase.OVER:
        return state
    if state.phase in (Phase.CLAIM, Phase.SETUP):
        return setup.skip_setup_seat(state, seat, events)
    if state.current == seat:
        return end_turn(replace(state, pending=None, reinforcements=0), cup, events, draw_card=False)
    return state

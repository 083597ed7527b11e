"""``apply``: the only way a Skirmish state changes. Checks whose move it is, then hands the action to
the rule that owns it: the standard actions, exchanges and moves, the battle, the cards, the turn."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup, Rng
from rules.core.errors import IllegalAction
from rules.core.events import Action, Event
from rules.core.tuples import with_item
from rules.skirmish import exchange, standard
from rules.skirmish.actions import (
    Attack,
    Discard,
    DrawCard,
    EndPhase,
    Exchange,
    ExtraExchange,
    ExtraMove,
    Move,
    Place,
    PlayCard,
    Reinforce,
    Resign,
    SetOrders,
)
from rules.skirmish.battle import declare, flow
from rules.skirmish.battle.ending import end_battle
from rules.skirmish.battle.state import ATTACKER
from rules.skirmish.board import SkirmishMap, lookup, skirmish_map
from rules.skirmish.common import set_territory, set_units, settle, to_garrison
from rules.skirmish.events import OrdersSet, SeatResigned
from rules.skirmish.orders import check_orders
from rules.skirmish.pieces import Units
from rules.skirmish.setup import new_game as setup_game
from rules.skirmish.state import EMPTY, Phase, SeatStatus, SkirmishOptions, SkirmishState
from rules.skirmish.turns import end_turn, next_phase, reach, update_seats


def new_game(options: SkirmishOptions, players: int, rng: Rng) -> tuple[SkirmishState, list[Event]]:
    events: list[Event] = []
    cup = DiceCup(rng, 0, events)
    state = setup_game(options, players, skirmish_map(), cup, events)
    return replace(state, rolls=cup.count), events


def to_act(state: SkirmishState) -> tuple[int, ...]:
    if state.phase is Phase.OVER:
        return ()
    if state.battle is not None:
        asked = flow.waiting(state.battle)
        if asked is not None:
            return (asked[0],)
    return (state.current,)


def apply(state: SkirmishState, seat: int, action: Action, rng: Rng) -> tuple[SkirmishState, list[Event]]:
    """Apply ``action`` by ``seat``; returns the new state and what happened, or raises IllegalAction.

    The input state is never changed, so a refused action leaves the game exactly as it was.
    """
    board = skirmish_map()
    events: list[Event] = []
    cup = DiceCup(rng, state.rolls, events)
    if not 0 <= seat < state.players:
        raise IllegalAction("no_seat", "That seat is not in this game.")
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", "This game is over.")
    if state.status[seat] is not SeatStatus.PLAYING:
        raise IllegalAction("not_playing", "You are no longer playing in this game.")
    if isinstance(action, SetOrders):
        orders = check_orders(action.orders)
        events.append(OrdersSet(seat, orders))
        new = replace(state, orders=with_item(state.orders, seat, orders))
        new = flow.advance(new, cup, board, events)  # an order for the step waiting now applies at once
    elif isinstance(action, Resign):
        new = _resign(state, seat, board, cup, events)
    else:
        new = _dispatch(state, seat, action, board, cup, events)
    if new.battle is None:
        new = update_seats(new, seat, cup, events)
    return replace(new, rolls=cup.count), events


def _dispatch(
    state: SkirmishState, seat: int, action: Action, board: SkirmishMap, cup: DiceCup, events: list[Event]
) -> SkirmishState:
    waiting = to_act(state)
    if seat not in waiting:
        if state.battle is not None:
            asked = flow.waiting(state.battle)
            step = flow.PROMPTS[asked[1]] if asked else "finish"
            raise IllegalAction(
                "not_your_turn", f"It is not your turn: the battle waits for seat {waiting[0] + 1} to {step}."
            )
        raise IllegalAction(
            "not_your_turn", f"It is not your turn: the game waits for seat {waiting[0] + 1}."
        )
    if state.battle is not None:
        state = flow.decide(state, seat, action, False, board, events)
        return flow.advance(state, cup, board, events)
    if state.placing is not None and not isinstance(action, Place | EndPhase | PlayCard):
        raise IllegalAction(
            "place_first",
            f"Place your {state.placing.troops} reinforcement troops first "
            "(or end placing to lose the rest).",
        )
    if isinstance(action, Reinforce):
        return standard.reinforce(state, cup, events)
    if isinstance(action, DrawCard):
        return standard.draw(state, cup, events)
    if isinstance(action, ExtraMove):
        return standard.extra(state, "move", cup, events)
    if isinstance(action, ExtraExchange):
        return standard.extra(state, "exchange", cup, events)
    if isinstance(action, Place):
        return standard.place(state, lookup(board, action.territory), action.troops, board, cup, events)
    if isinstance(action, Exchange):
        state = reach(state, Phase.EXCHANGE, cup, events)
        territory = lookup(board, action.territory)
        return exchange.exchange(state, territory, action.give, action.get, board, events)
    if isinstance(action, Attack):
        state = reach(state, Phase.ATTACK, cup, events)
        state = declare.declare_attack(state, seat, action, board, events)
        return flow.advance(state, cup, board, events)
    if isinstance(action, Move):
        state = reach(state, Phase.MOVE, cup, events)
        source, target = lookup(board, action.source), lookup(board, action.target)
        return exchange.move(state, source, target, action.units, board, cup, events)
    if isinstance(action, PlayCard):
        if state.phase is Phase.REDUCE:
            raise IllegalAction("not_now", "Cards are only discarded now; play them earlier in your turn.")
        return standard.play_truce(state, action.card, action.territory, board, events)
    if isinstance(action, Discard):
        return standard.discard(state, action.card, board, cup, events)
    if isinstance(action, EndPhase):
        return _end_phase(state, cup, events)
    raise IllegalAction("not_now", "That move belongs to a battle, and no battle is being fought.")


def _end_phase(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    if state.placing is not None:
        return standard.stop_placing(state, cup, events)
    if state.phase is Phase.REDUCE:
        seat = state.current
        while state.phase is Phase.REDUCE and state.current == seat:
            state = standard.discard(state, standard.discard_choice(state), skirmish_map(), cup, events)
        return state
    return next_phase(state, cup, events)


def _resign(
    state: SkirmishState, seat: int, board: SkirmishMap, cup: DiceCup, events: list[Event]
) -> SkirmishState:
    """The seat leaves: its units go to its garrison and its territories are left empty, its cards to the
    discard pile. A battle it attacks in ends; one it defends is won by the attacker."""
    battle = state.battle
    if battle is not None and battle.attacker.seat == seat:
        state = to_garrison(state, seat, battle.attacker.units)
        state = set_units(state, battle.target, state.units[battle.target].plus(battle.defender.units))
        state = settle(replace(state, battle=None), battle.target)
    elif battle is not None and battle.defender.seat == seat and battle.winner != ATTACKER:
        state = end_battle(state, ATTACKER, "resignation", board, events)
    events.append(SeatResigned(seat, state.territories_of(seat)))
    for t in range(board.size):
        if state.owner[t] == seat:
            state = set_territory(to_garrison(state, seat, state.units[t]), t, Units(), EMPTY)
    state = replace(
        state,
        status=with_item(state.status, seat, SeatStatus.RESIGNED),
        discard=(*state.discard, *state.hands[seat]),
        hands=with_item(state.hands, seat, ()),
        truces=tuple(t for t in state.truces if t.seat != seat),
    )
    if state.battle is not None:
        state = flow.advance(state, cup, board, events)
    if state.current == seat and state.battle is None:
        return end_turn(replace(state, placing=None), cup, events)
    return state

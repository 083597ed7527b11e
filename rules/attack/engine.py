"""``apply``: the only way an Attack! state changes. Checks whose move it is, then hands the action to
the rule that owns it: setup, the season's action, movement, the economy, or the battle being fought."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack import economy, movement, setup
from rules.attack.actions import (
    Begin,
    Burn,
    Buy,
    ChooseDirection,
    ChooseGovernment,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    March,
    Negotiate,
    Pass,
    PlaceCapital,
    Research,
    Resign,
    Retreat,
    Sail,
)
from rules.attack.battle import army, fight_next, navy
from rules.attack.board import Layout, find_place, find_region
from rules.attack.cards import check_card, spend_card
from rules.attack.common import board_of
from rules.attack.events import ActionBegan, ActionEnded, Passed
from rules.attack.resign import resign
from rules.attack.seasons import choose_direction, next_action
from rules.attack.state import TURN_KINDS, AttackOptions, AttackState, SeatStatus, Stage, Turn
from rules.attack.tables import ACTIONS, MILD_WINTER, NAVY_TYPES, WINTER, card_kind
from rules.core.dice import DiceCup, Rng
from rules.core.errors import IllegalAction
from rules.core.events import Action, Event

MARCHING = ("move", "blitz", "navigate")  # actions whose end fights the battles they gathered


def new_game(options: AttackOptions, players: int, rng: Rng) -> tuple[AttackState, list[Event]]:
    events: list[Event] = []
    cup = DiceCup(rng, 0, events)
    state = setup.new_game(options, players, cup, events)
    return replace(state, rolls=cup.count), events


def apply(state: AttackState, seat: int, action: Action, rng: Rng) -> tuple[AttackState, list[Event]]:
    """Apply ``action`` by ``seat``: the new state and what happened, or ``IllegalAction`` (nothing changes:
    the input state is never altered)."""
    events: list[Event] = []
    cup = DiceCup(rng, state.rolls, events)
    if not 0 <= seat < state.players:
        raise IllegalAction("no_seat", "That seat is not in this game.")
    if state.stage is Stage.OVER:
        raise IllegalAction("game_over", "This game is over.")
    if state.seats[seat].status is not SeatStatus.PLAYING:
        raise IllegalAction("not_playing", "You are no longer playing in this game.")
    if isinstance(action, Resign):
        new = resign(state, seat, cup, events)
    else:
        new = _dispatch(state, seat, action, board_of(state), cup, events)
    return replace(new, rolls=cup.count), events


def to_act(state: AttackState) -> tuple[int, ...]:
    if state.stage is Stage.OVER:
        return ()
    if state.navy_battle is not None:
        return navy.deciding_seats(state.navy_battle)
    if state.army_battle is not None:
        return (army.deciding_seat(state.army_battle),)
    return (state.current(),)


def _dispatch(
    state: AttackState, seat: int, action: Action, board: Layout, cup: DiceCup, events: list[Event]
) -> AttackState:
    waiting = to_act(state)
    if seat not in waiting:
        raise IllegalAction(
            "not_your_turn", f"It is not your turn: the game is waiting for seat {waiting[0] + 1}."
        )
    if state.navy_battle is not None or state.army_battle is not None:
        state = _battle_answer(state, seat, action, cup, events)
        battle_over = state.navy_battle is None and state.army_battle is None
        if battle_over and state.stage is not Stage.OVER and state.turn is not None:
            return fight_next(state, cup, events)
        return state
    if state.stage is Stage.GOVERNMENT:
        if not isinstance(action, ChooseGovernment):
            raise IllegalAction("government_first", "Governments are being chosen: choose yours.")
        return setup.choose_government(state, seat, action.government, action.economics, cup, events)
    if state.stage is Stage.CAPITAL:
        if not isinstance(action, PlaceCapital):
            raise IllegalAction("capital_first", "Capitals are being placed: place yours.")
        outposts = tuple(find_region(board, r) for r in action.outposts)
        return setup.place_capital(state, seat, find_region(board, action.region), outposts, cup, events)
    if state.stage is Stage.DIRECTION:
        if not isinstance(action, ChooseDirection):
            raise IllegalAction(
                "direction_first", "You start this year: choose clockwise or counterclockwise."
            )
        return choose_direction(state, seat, action.clockwise, events)
    if state.turn is None:
        return _season_action(state, seat, action, board, cup, events)
    return _step(state, seat, action, board, cup, events)


def _battle_answer(
    state: AttackState, seat: int, action: Action, cup: DiceCup, events: list[Event]
) -> AttackState:
    battle = state.navy_battle
    if battle is not None:
        if battle.awaiting == "lineup":
            if not isinstance(action, LineUp):
                raise IllegalAction("lineup_first", "Set your navy line-up for this round first.")
            unknown = [s for s in action.ships if s not in NAVY_TYPES]
            if unknown:
                raise IllegalAction(
                    "no_ship_type", f"Ship types are {', '.join(NAVY_TYPES)}; not {unknown[0]}."
                )
            return navy.lineup(state, seat, tuple(NAVY_TYPES.index(s) for s in action.ships), cup, events)
        if not isinstance(action, Retreat | FightOn):
            raise IllegalAction("retreat_first", "Choose first: retreat or fight on.")
        state = navy.answer_retreat(state, seat, isinstance(action, Retreat), events)
        return navy.proceed(state, cup, events)
    if not isinstance(action, Deploy):
        raise IllegalAction("deploy_first", "Set your battle line first.")
    return army.deploy(state, seat, action.army.counts(), cup, events)


def _season_action(
    state: AttackState, seat: int, action: Action, board: Layout, cup: DiceCup, events: list[Event]
) -> AttackState:
    winter = state.season == WINTER
    if isinstance(action, Pass):
        events.append(Passed(seat))
        return next_action(state, cup, events)
    if isinstance(action, Burn):
        if not winter:
            raise IllegalAction("not_winter", "Burn is for Winter: it pays for a fourth action.")
        if state.burned:
            raise IllegalAction("burned_already", "You have burnt for this Winter's action already: take it.")
        marker = None if action.oil_marker is None else find_region(board, action.oil_marker)
        return economy.burn(state, seat, marker, board, events)
    if isinstance(action, Begin | Negotiate | Research):
        name = action.action if isinstance(action, Begin) else type(action).__name__.lower()
        card = action.card
        if name not in ACTIONS:
            raise IllegalAction("no_action", f"Actions are {', '.join(ACTIONS)}; or pass.")
        mild = card is not None and card_kind(card) == MILD_WINTER
        if winter and not state.burned and not mild:
            raise IllegalAction(
                "burn_first",
                f"A Winter action needs a Burn ({state.options.burn_oil} oil certificates or an oil "
                "marker) or the Mild Winter card; otherwise pass.",
            )
        check_card(state, seat, card, name, winter)
        return _take(state, seat, action, name, card, board, cup, events)
    if isinstance(action, March | Sail | Buy | EndAction):
        raise IllegalAction("begin_first", "Choose this season's action first (or pass).")
    raise IllegalAction("not_now", "That is not possible now.")


def _take(
    state: AttackState,
    seat: int,
    action: Begin | Negotiate | Research,
    name: str,
    card: int | None,
    board: Layout,
    cup: DiceCup,
    events: list[Event],
) -> AttackState:
    target = None
    if isinstance(action, Begin):
        if name in ("negotiate", "research"):
            raise IllegalAction("use_action", f"Use the {name.title()} action itself for that.")
        if name == "blitz":
            if action.target is None:
                raise IllegalAction("blitz_target", "Name the one hostile region this Blitz attacks.")
            target = find_region(board, action.target)
            if state.owner[target] == seat:
                raise IllegalAction(
                    "blitz_target", f"{board.region_names[target]} is yours; Blitz a hostile region."
                )
    region = None
    if isinstance(action, Negotiate) and action.region is not None:
        region = find_region(board, action.region)
    shown = target if target is not None else region
    state = spend_card(state, seat, card)
    events.append(ActionBegan(seat, name, card, None if shown is None else board.region_ids[shown]))
    if isinstance(action, Research):
        army_units, navy_units = action.army.counts(), action.navy.counts()
        where = find_region(board, action.region)
        state = economy.research(state, seat, action.suit, where, army_units, navy_units, card, board, events)
        events.append(ActionEnded(seat))
        return next_action(state, cup, events)
    if isinstance(action, Negotiate):
        state = economy.negotiate(state, seat, region, card, board, cup, events)
        events.append(ActionEnded(seat))
        return next_action(state, cup, events)
    state = replace(state, turn=Turn(seat, TURN_KINDS[name], card, -1 if target is None else target))
    if name == "build":
        state = economy.start_build(state, seat, events)
    if isinstance(action, Begin) and action.first is not None:
        # The action and its first step are one move: the step is judged in the position the Begin
        # left, and a refusal of it raises before anything is returned (the state is a value), so the
        # whole move is refused and nothing changes. Its events follow the Begin's, as two moves' did.
        if not isinstance(action.first, March | Sail | Buy):
            raise IllegalAction("first_step", "An action's first step is a march, a sail or a buy.")
        state = _step(state, seat, action.first, board, cup, events)
    return state


def _step(
    state: AttackState, seat: int, action: Action, board: Layout, cup: DiceCup, events: list[Event]
) -> AttackState:
    turn = state.turn
    assert turn is not None
    if isinstance(action, March):
        source, target = find_region(board, action.source), find_region(board, action.target)
        return movement.march(state, seat, source, target, action.army.counts(), board, events)
    if isinstance(action, Sail):
        start, goal = find_place(board, action.source), find_place(board, action.target)
        return movement.sail(
            state, seat, start, goal, action.ships.counts(), action.army.counts(), board, events
        )
    if isinstance(action, Buy):
        region = find_region(board, action.region)
        return economy.buy(state, seat, region, action.army.counts(), action.navy.counts(), board, events)
    if isinstance(action, EndAction):
        if turn.kind in MARCHING:
            return fight_next(replace(state, turn=replace(turn, fighting=True)), cup, events)
        events.append(ActionEnded(seat))
        return next_action(state, cup, events)
    raise IllegalAction("one_action", f"You are in the middle of your {turn.kind.title()}: end it first.")

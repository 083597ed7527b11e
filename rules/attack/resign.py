"""A seat leaves the game: its regions turn neutral (face-down markers), its units leave the board, its
cards go to the discard pile, and whatever waited on it moves on."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.battle import army, fight_next, navy
from rules.attack.common import board_of, with_seat
from rules.attack.events import ActionEnded, NeutralsSet, SeatResigned
from rules.attack.seasons import begin_year, end_game, next_action
from rules.attack.setup import to_capitals
from rules.attack.state import ATTACKER, DEFENDER, NEUTRAL, AttackState, SeatStatus, Stage
from rules.attack.tables import NONE
from rules.core.dice import DiceCup
from rules.core.events import Event


def resign(state: AttackState, seat: int, cup: DiceCup, events: list[Event]) -> AttackState:
    board = board_of(state)
    events.append(SeatResigned(seat, state.owner.count(seat)))
    mine = [r for r in range(board.regions) if state.owner[r] == seat]
    owner = tuple(NEUTRAL if o == seat else o for o in state.owner)
    army_units = tuple(NONE if r in mine else a for r, a in enumerate(state.army))
    coast = tuple(NONE if r in mine else c for r, c in enumerate(state.coast_navy))
    marker = tuple(-1 if r in mine else m for r, m in enumerate(state.marker))
    held = [z for z in range(board.zones) if state.zone_owner[z] == seat]
    state = replace(
        state,
        owner=owner,
        army=army_units,
        coast_navy=coast,
        marker=marker,
        zone_owner=tuple(NEUTRAL if z in held else o for z, o in enumerate(state.zone_owner)),
        zone_navy=tuple(NONE if z in held else n for z, n in enumerate(state.zone_navy)),
        zone_cargo=tuple(NONE if z in held else c for z, c in enumerate(state.zone_cargo)),
        discard=tuple(sorted((*state.discard, *state.seats[seat].hand))),
    )
    state = with_seat(state, seat, status=SeatStatus.RESIGNED, hand=())
    playing = state.playing()
    if len(playing) == 1:
        return end_game(state, playing, "every other player resigned", events)
    state = _settle_battles(state, seat, events)
    return _move_on(state, seat, cup, events)


def _settle_battles(state: AttackState, seat: int, events: list[Event]) -> AttackState:
    """A battle the seat fights ends in the other side's favour; a neutral's deputy is replaced."""
    battle = state.army_battle
    if battle is not None:
        if battle.attacker == seat:
            state = army.finish(state, DEFENDER, events)
        elif battle.defender == seat:
            state = army.finish(
                replace(state, army_battle=replace(battle, defender=NEUTRAL)), ATTACKER, events
            )
        elif battle.deputy == seat:
            state = replace(
                state, army_battle=replace(battle, deputy=army.deputy_for(state, battle.attacker))
            )
    fleet = state.navy_battle
    if fleet is not None and seat in (fleet.attacker, fleet.defender):
        state = navy.finish(state, DEFENDER if fleet.attacker == seat else ATTACKER, events)
    return state


def _move_on(state: AttackState, seat: int, cup: DiceCup, events: list[Event]) -> AttackState:
    if state.stage in (Stage.GOVERNMENT, Stage.CAPITAL):
        index = state.order.index(seat)
        order = tuple(s for s in state.order if s != seat)
        position = state.position - 1 if index < state.position else state.position
        state = replace(state, order=order, position=position)
        if state.position < len(order):
            return state
        if state.stage is Stage.GOVERNMENT:
            return to_capitals(state, cup, events)
        board = board_of(state)
        neutral = tuple(board.region_ids[r] for r in range(board.regions) if state.owner[r] == NEUTRAL)
        events.append(NeutralsSet(neutral))
        return begin_year(replace(state, position=0), cup, events)
    if state.stage is Stage.DIRECTION:
        if state.order[0] == seat:
            others = [s for s in state.playing() if s > seat] or list(state.playing())
            return replace(state, order=(others[0],))
        return state
    turn = state.turn
    if turn is not None and turn.seat == seat:
        events.append(ActionEnded(seat))
        return next_action(replace(state, turn=None), cup, events)
    if turn is not None and turn.fighting and state.army_battle is None and state.navy_battle is None:
        return fight_next(state, cup, events)
    if turn is None and state.current() == seat:
        return next_action(state, cup, events)
    return state

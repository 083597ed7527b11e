"""The end of a battle: who won, where the units go, and the winner's free redistribution.

If the defender wins, the units left on the board go back to their territories and the attacker may make
no further attacks this turn. If the attacker wins, every defender unit on the board and in the attacked
territory goes to its garrison, and the attacker shares the board's units and the attacking territory's
between the two territories, any way it likes (a territory left with no unit is nobody's).
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.skirmish.actions import Occupy
from rules.skirmish.battle.state import ATTACKER, DEFENDER, Stage
from rules.skirmish.board import SkirmishMap
from rules.skirmish.common import set_territory, set_units, settle, to_garrison
from rules.skirmish.events import BattleEnded, TerritoryTaken, UnitsRedistributed
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import EMPTY, SkirmishState


def end_battle(
    state: SkirmishState, winner: str, ended_by: str, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    attacker, defender = battle.attacker, battle.defender
    bars = battle.bars_attacks or winner == DEFENDER
    events.append(
        BattleEnded(
            attacker.seat,
            defender.seat,
            board.ids[battle.source],
            board.ids[battle.target],
            winner,
            ended_by,
            attacker.units,
            defender.units,
            bars,
        )
    )
    if winner == DEFENDER:
        state = set_units(state, battle.source, state.units[battle.source].plus(attacker.units))
        state = set_units(state, battle.target, state.units[battle.target].plus(defender.units))
        state = settle(settle(state, battle.source), battle.target)
        return replace(state, battle=None, attacks_barred=True)
    if defender.seat != EMPTY:
        state = to_garrison(state, defender.seat, defender.units.plus(state.units[battle.target]))
    state = set_territory(state, battle.target, Units(), EMPTY)
    battle = replace(
        battle,
        defender=replace(defender, units=Units()),
        stage=Stage.OCCUPY,
        winner=ATTACKER,
        ended_by=ended_by,
        bars_attacks=bars,
        owed=(),
    )
    return replace(state, battle=battle)


def occupy_pool(state: SkirmishState) -> Units:
    """What the winner may share out: its units on the board and in the attacking territory."""
    battle = state.battle
    assert battle is not None
    return battle.attacker.units.plus(state.units[battle.source])


def occupy(
    state: SkirmishState, action: Occupy, by_order: bool, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    pool = occupy_pool(state)
    if not action.units.within(pool):
        raise IllegalAction(
            "not_yours_to_move",
            f"You have {pieces().describe(pool)} to share between {board.names[battle.source]} "
            f"and {board.names[battle.target]}.",
        )
    seat = battle.attacker.seat
    stay = pool.minus(action.units)
    events.append(
        UnitsRedistributed(
            seat, board.ids[battle.source], board.ids[battle.target], action.units, stay, by_order
        )
    )
    state = set_territory(state, battle.source, stay, seat)
    state = set_territory(state, battle.target, action.units, seat)
    if action.units.total:
        events.append(TerritoryTaken(seat, battle.defender.seat, board.ids[battle.target]))
    return replace(state, battle=None, attacks_barred=state.attacks_barred or battle.bars_attacks)

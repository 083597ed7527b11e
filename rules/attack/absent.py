"""The move Warboard makes for a seat whose deadline passed: legal, harmless, ending its part.

Battle answers take the sensible defaults (fill the line strongest first, keep transports out of the
navy line, never retreat while ahead); setup choices take the first that fits; a season's action is a
Build that collects income and buys nothing; a Winter without a paid action passes; an action in
progress is ended (battles already gathered are fought: the player committed those units)."""

from __future__ import annotations

from rules.attack.actions import (
    Begin,
    ChooseDirection,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    Pass,
    Retreat,
    Troops,
)
from rules.attack.battle import navy
from rules.attack.battle.lines import default_lineup, should_retreat, strongest_line
from rules.attack.legal import legal_actions
from rules.attack.state import AttackState, Stage
from rules.attack.tables import NAVY_TYPES, WINTER
from rules.core.events import Action


def absent_move(state: AttackState, seat: int) -> Action:
    fleet = state.navy_battle
    if fleet is not None:
        side = navy.side_of(fleet, seat)
        if fleet.awaiting == "lineup":
            line = default_lineup(fleet.ships[side], sum(fleet.cargo[side]), state.options.ship_capacity)
            return LineUp(tuple(NAVY_TYPES[k] for k in line))
        own, enemy = fleet.ships[fleet.side], fleet.ships[1 - fleet.side]
        return Retreat() if navy.may_retreat(state, fleet) and should_retreat(own, enemy) else FightOn()
    battle = state.army_battle
    if battle is not None:
        return Deploy(Troops.of(strongest_line(battle.reserve[battle.side], battle.need)))
    if state.stage in (Stage.GOVERNMENT, Stage.CAPITAL):
        return legal_actions(state, seat)[0]
    if state.stage is Stage.DIRECTION:
        return ChooseDirection(True)
    if state.turn is not None:
        return EndAction()
    if state.season == WINTER and not state.burned:
        return Pass()
    return Begin("build")

"""The moves a seat can make now, for menus, autocomplete and agents.

Counts are open-ended (place 1..n armies), so each choice of territories is listed with the smallest
and the largest count; the engine accepts any count in between.
"""

from __future__ import annotations

from rules.core.events import Action
from rules.risk.actions import (
    Attack,
    ClaimTerritory,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    PlaceArmies,
    PlaceNeutral,
    TradeCards,
)
from rules.risk.board import RiskMap, classic_map
from rules.risk.cards import MUST_TRADE_AT, sets_in
from rules.risk.engine import connected_own, to_act
from rules.risk.quota import neutral_due, neutral_room, setup_room
from rules.risk.state import NEUTRAL, AwaitDefence, AwaitOccupation, Phase, RiskState


def legal_actions(state: RiskState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    board = classic_map()
    pending = state.pending
    if isinstance(pending, AwaitDefence):
        return [Defend(d) for d in range(1, min(2, state.armies[pending.target]) + 1)]
    if isinstance(pending, AwaitOccupation):
        return [Occupy(n) for n in sorted({pending.minimum, pending.maximum})]
    own = [t for t in range(board.size) if state.owner[t] == seat]
    if state.phase is Phase.CLAIM:
        return [ClaimTerritory(board.ids[t]) for t in range(board.size) if state.armies[t] == 0]
    if state.phase is Phase.SETUP:
        if neutral_due(state):
            neutral = [t for t in range(board.size) if state.owner[t] == NEUTRAL]
            return [PlaceNeutral(board.ids[t], n) for t in neutral for n in sorted({1, neutral_room(state)})]
        room = setup_room(state)
        return _placements(board, own, room)
    trades: list[Action] = [TradeCards(s) for s in sets_in(board, state.hands[seat])]
    forced = state.must_trade_down or (
        state.phase is Phase.REINFORCE and len(state.hands[seat]) >= MUST_TRADE_AT
    )
    if forced:
        return trades
    if state.reinforcements:
        return (trades if state.phase is Phase.REINFORCE else []) + _placements(
            board, own, state.reinforcements
        )
    actions: list[Action] = trades if state.phase is Phase.REINFORCE else []
    if state.phase in (Phase.REINFORCE, Phase.ATTACK):
        actions += attacks(state, seat, board)
    actions += fortifies(state, seat, board)
    actions.append(EndPhase())
    return actions


def attacks(state: RiskState, seat: int, board: RiskMap) -> list[Action]:
    found: list[Action] = []
    for source in range(board.size):
        if state.owner[source] != seat or state.armies[source] < 2:
            continue
        for target in sorted(board.neighbours[source]):
            if state.owner[target] != seat:
                dice = min(3, state.armies[source] - 1)
                found.append(Attack(board.ids[source], board.ids[target], dice))
                found.append(Attack(board.ids[source], board.ids[target], dice, until=1))
    return found


def fortifies(state: RiskState, seat: int, board: RiskMap) -> list[Action]:
    found: list[Action] = []
    for source in range(board.size):
        if state.owner[source] != seat or state.armies[source] < 2:
            continue
        if state.options.fortify == "connected":
            targets = sorted(connected_own(state, seat, source, board))
        else:
            targets = [t for t in sorted(board.neighbours[source]) if state.owner[t] == seat]
        for target in targets:
            for armies in sorted({1, state.armies[source] - 1}):
                found.append(Fortify(board.ids[source], board.ids[target], armies))
    return found


def _placements(board: RiskMap, own: list[int], room: int) -> list[Action]:
    counts = sorted({1, room})
    return [PlaceArmies(board.ids[t], n) for t in own for n in counts]

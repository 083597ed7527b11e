"""The move Warboard makes for a player whose turn deadline passed: keep the game going and do no
harm. No attack is ever started; reinforcements go to the borders under the most threat; a pending
question gets its safest answer; then the turn ends."""

from __future__ import annotations

from rules.core.events import Action
from rules.risk.actions import Defend, EndPhase, Occupy, PlaceArmies
from rules.risk.ai import RiskAI
from rules.risk.board import RiskMap, classic_map
from rules.risk.state import AwaitDefence, AwaitOccupation, Phase, RiskState


def absent_move(state: RiskState, seat: int) -> Action:
    pending = state.pending
    if isinstance(pending, AwaitDefence):
        return Defend(min(2, state.armies[pending.target]))
    if isinstance(pending, AwaitOccupation):
        return Occupy(pending.minimum)
    if state.phase in (Phase.CLAIM, Phase.SETUP) or state.must_trade_down:
        return RiskAI(0).choose(state, seat)  # no fighting is possible here; the AI's pick is as safe
    if state.phase is Phase.REINFORCE and len(state.hands[seat]) >= 5:
        return RiskAI(0).choose(state, seat)  # a forced trade: the AI picks the best set
    if state.reinforcements:
        territory, armies = threatened_placement(state, seat, state.reinforcements, classic_map())
        return PlaceArmies(territory, armies)
    return EndPhase()


def threatened_placement(state: RiskState, seat: int, armies: int, board: RiskMap) -> tuple[str, int]:
    """Where the first batch of ``armies`` goes when each army in turn joins the border facing the
    largest enemy surplus (enemy armies next door minus ours there, counting those just placed)."""
    own = [t for t in range(board.size) if state.owner[t] == seat]

    def enemies(t: int) -> int:
        return sum(state.armies[n] for n in board.neighbours[t] if state.owner[n] not in (seat, -1))

    front = [t for t in own if enemies(t)] or own
    added = dict.fromkeys(front, 0)
    for _ in range(armies):
        # Ties go to the lower index, so the same position always gets the same placement.
        pick = max(front, key=lambda t: (enemies(t) - state.armies[t] - added[t], -t))
        added[pick] += 1
    first = max(front, key=lambda t: (added[t], -t))
    return board.ids[first], added[first]

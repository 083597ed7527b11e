"""The move Warboard makes for a player whose turn deadline passed: keep the game going and do no harm.

No attack is ever started. A battle already under way gets the plain answer (cheapest casualties, the
AI's press-on or retreat); purchases and placements are the AI's (infantry-heavy, at the front);
aircraft in the air are landed; then each phase ends."""

from __future__ import annotations

from rules.axis_allies.actions import Battle, EndPhase
from rules.axis_allies.ai import AxisAlliesAI
from rules.axis_allies.battles import blocking
from rules.axis_allies.common import NAMES
from rules.axis_allies.engine import acting_power
from rules.axis_allies.state import AAState, Phase
from rules.core.events import Action


def absent_move(state: AAState, seat: int) -> Action:
    ai = AxisAlliesAI(0)
    power = acting_power(state)
    battle = state.battle
    if battle is not None and battle.pending is not None:
        return ai.choose(state, seat)
    move: Action | None = None
    if state.phase is Phase.PURCHASE:
        move = ai._buy(state, power)
    elif state.phase is Phase.COMBAT:
        fights = [b for b in state.battles if blocking(state, b) is None]
        if fights:
            return Battle(NAMES[fights[0]])
    elif state.phase is Phase.NONCOMBAT_MOVE:
        move = ai._land_aircraft(state, power)
    elif state.phase is Phase.MOBILIZE:
        move = ai._place(state, power)
    return EndPhase() if move is None else move

"""The Axis & Allies AI: plays any power legally to the end of a game.

Each phase has its module: purchases and placements (``ai.purchase``: infantry for a threatened
capital first, transports for the island powers' armies), the combat move (``ai.attack``: attacks
judged with the odds calculator, fed until they are likely to win, capitals kept defended), the
non-combat move (``ai.moves``: aircraft landed, capital covered, armies shipped to the front, fleets
kept together). ``ai.survey`` holds what they share: distances, the enemy threat to a space, odds.
Battle decisions are an absent player's (cheapest casualties first) except that the AI retreats from
a battle going badly, unless it is wearing down an enemy capital its side far out-produces.

It is stateless (every choice is computed from the state: the same state and seed give the same
action) and every move it makes is checked with the engine's own ``movement.plan`` first, so it can
take over any power at any moment; each phase ends once nothing useful is left to do.
"""

from __future__ import annotations

from rules.axis_allies import combat
from rules.axis_allies.actions import Battle, Casualties, CasualtyOrder, EndPhase, PressOn, Retreat
from rules.axis_allies.ai.attack import combat_move, siege
from rules.axis_allies.ai.moves import land_aircraft, noncombat_move
from rules.axis_allies.ai.purchase import buy, place
from rules.axis_allies.ai.survey import View, odds
from rules.axis_allies.battles import blocking
from rules.axis_allies.common import CAPITAL, NAMES, space
from rules.axis_allies.engine import acting_power
from rules.axis_allies.legal import legal_actions
from rules.axis_allies.state import AAState, Phase
from rules.core.events import Action

__all__ = ["AxisAlliesAI", "phase_done"]

RETREAT_BELOW = 0.3  # the attacker retreats when its odds of winning fall below this


def phase_done(state: AAState, seat: int) -> Action:
    """With nothing more to do: end the phase, or the first legal action while it cannot end yet."""
    options = legal_actions(state, seat)
    return EndPhase() if EndPhase() in options else options[0]


class AxisAlliesAI:
    def __init__(self, seed: int = 0) -> None:
        self._seed = seed  # varies the purchases between AIs; no random module (rules/ stays pure)

    def choose(self, state: AAState, seat: int) -> Action:
        power = acting_power(state)
        battle = state.battle
        if battle is not None and battle.pending is not None:
            return self._decide(state, battle)
        action: Action | None = None
        view = View(state, power)
        if state.phase is Phase.PURCHASE:
            action = buy(view, self._seed)
        elif state.phase is Phase.COMBAT_MOVE:
            action = combat_move(view)
        elif state.phase is Phase.COMBAT:
            for b in state.battles:
                if blocking(state, b) is None:
                    return Battle(NAMES[b])
        elif state.phase is Phase.NONCOMBAT_MOVE:
            action = noncombat_move(view)
        elif state.phase is Phase.MOBILIZE:
            action = place(view)
        return action if action is not None else phase_done(state, seat)

    # The absent player's moves (``absent.py``): a purchase, a landing for aircraft, a placement.

    def _buy(self, state: AAState, power: int, cap: int | None = None) -> Action | None:
        return buy(View(state, power), self._seed, cap)

    def _land_aircraft(self, state: AAState, power: int) -> Action | None:
        return land_aircraft(state, power)

    def _place(self, state: AAState, power: int) -> Action | None:
        return place(View(state, power))

    def _decide(self, state: AAState, battle: combat.Battle) -> Action:
        pending = battle.pending
        where = space(battle.where)
        besieging = where in CAPITAL and siege(View(state, state.power))
        if (
            isinstance(pending, combat.AwaitPressOn)
            and pending.can_retreat
            and battle.retreat_to
            and not besieging
        ):
            att: dict[str, int] = {}
            dfn: dict[str, int] = {}
            for u in battle.attackers:
                att[u.kind] = att.get(u.kind, 0) + 1
            for u in battle.defenders:
                dfn[u.kind] = dfn.get(u.kind, 0) + 1
            if odds(att, dfn, battle.sea)[0] < RETREAT_BELOW:
                return Retreat(battle.retreat_to[0])
        choice = combat.default_choice(battle)
        if isinstance(choice, combat.TakeCasualties):
            counts: dict[str, int] = {}
            for u in choice.units:
                counts[u.kind] = counts.get(u.kind, 0) + 1
            return Casualties(tuple(counts.items()))
        if isinstance(choice, combat.OrderCasualties):
            return CasualtyOrder(choice.powers)
        return PressOn()

"""The Axis & Allies AI at level ``normal``: today's AI (``AxisAlliesAI``, level ``easy``) with two
plans put before its combat move, after the lead TripleA's ProAI sets (attack the capital when the
odds are there; deny the enemy the territories that decide the game).

- Capitals: the enemy capital our goals name (the Axis: Moscow, then London, then Washington; the
  Allies: Berlin and Tokyo, an ally's capital in enemy hands first) is attacked with everything in
  reach, amphibious landings included, from PUSH odds, below the ``easy`` AI's threshold for
  capitals: a capital taken is worth a whole front of territories.
- The economic line: while the Axis produce within GUARD of the economic victory's line, the Allies
  retake Axis-held territories that produce, richest first, from LINE odds even when the trade of
  units costs more than the territory is worth; the Axis in turn go for Allied ones the same way.

Everything else (purchases, placements, the rest of the combat move, the non-combat move, battle
decisions) is the ``easy`` AI's, composed rather than copied; like it, this AI is stateless.
"""

from __future__ import annotations

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.attack import _add, _feed, judge, present, sources
from rules.axis_allies.ai.player import AxisAlliesAI
from rules.axis_allies.ai.purchase import goal_capitals
from rules.axis_allies.ai.survey import View, legal
from rules.axis_allies.common import PRODUCTION, SIZE, enemy_fighting, hostile_land, side_income
from rules.axis_allies.engine import acting_power
from rules.axis_allies.state import AXIS_SIDE, AAState, Phase
from rules.core.events import Action

__all__ = ["AxisAlliesNormalAI", "capital_push", "economic_line"]

PUSH = 0.45  # odds from which an enemy capital is attacked (the easy AI: 0.55)
LINE = 0.5  # odds from which a territory that decides the economic victory is attacked
GUARD = 12  # IPCs below the economic victory's line from which both sides fight over it


class AxisAlliesNormalAI:
    def __init__(self, seed: int = 0) -> None:
        self._easy = AxisAlliesAI(seed)

    def choose(self, state: AAState, seat: int) -> Action:
        battle = state.battle
        if state.phase is Phase.COMBAT_MOVE and (battle is None or battle.pending is None):
            view = View(state, acting_power(state))
            # Battles already started are fed first, as the easy AI does, so a push is carried through.
            move = _feed(view) or capital_push(view) or economic_line(view)
            if move is not None:
                return move
        return self._easy.choose(state, seat)

    # The absent player's moves (``absent.py``) are the easy AI's.

    def _buy(self, state: AAState, power: int) -> Action | None:
        return self._easy._buy(state, power)

    def _land_aircraft(self, state: AAState, power: int) -> Action | None:
        return self._easy._land_aircraft(state, power)

    def _place(self, state: AAState, power: int) -> Action | None:
        return self._easy._place(state, power)


def _attack(view: View, targets: list[int], least: float, gain: bool = True) -> Move | None:
    """The first legal move of the first target (in order) that everything in reach would take with
    at least ``least`` odds (and, with ``gain``, a gain by the easy AI's score)."""
    for target in targets:
        if not enemy_fighting(view.state, target, view.power) or present(view, target):
            continue  # empty land is the easy AI's grab; a started battle is fed by ``_feed``
        ok = [s for s in sources(view, target) if legal(view.state, view.power, s.move) is not None]
        if not ok:
            continue
        everything = present(view, target)
        for src in ok:
            everything = _add(everything, src.units)
        win, score = judge(view, target, everything)
        if win >= least and (score > 0 or not gain):
            return ok[0].move
    return None


def capital_push(view: View) -> Move | None:
    """Attack the goal capitals (in ``goal_capitals`` order) from PUSH odds."""
    targets = [c for c in goal_capitals(view.state, view.power) if hostile_land(view.state, c, view.power)]
    return _attack(view, targets, PUSH)


def economic_line(view: View) -> Move | None:
    """Near the economic line, fight for the enemy's producing territories, richest first."""
    state = view.state
    line = state.options.economic_victory
    if not line or side_income(state, AXIS_SIDE) < line - GUARD:
        return None
    targets = [t for t in range(SIZE) if PRODUCTION[t] > 0 and hostile_land(state, t, view.power)]
    targets.sort(key=lambda t: (-PRODUCTION[t], t))
    # The line is worth more than the units traded for it: no gain asked.
    return _attack(view, targets, LINE, gain=False)

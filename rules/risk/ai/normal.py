"""Risk's ``normal`` AI: easy's player (``player.py``) with three habits of a better player.

- It fights by the exact odds (``rules.risk.odds``): an attack goes in when the chance of taking the
  territory in a fight to the end is high enough for what the territory is worth, not by a rule of thumb
  on the counts (easy attacks 4 against 2, a 66% fight, as readily as 10 against 2).
- It plays for one continent at a time, the one whose bonus is cheapest to take (the armies and
  territories still to beat, for each army of bonus), and breaks a continent an opponent holds.
- It finishes off a seat with few territories left that holds cards: they come with its last territory.

Stateless, as easy's: every choice is computed from the state.
"""

from __future__ import annotations

from rules.core.events import Action
from rules.risk.actions import Attack
from rules.risk.ai.player import RiskAI
from rules.risk.board import RiskMap
from rules.risk.odds import fight
from rules.risk.state import NEUTRAL, RiskState

GOAL_BONUS = 3.0  # a territory of the continent played for is worth this much more
SURE = 0.8  # a fight this likely to be won is fought to the end
NEEDED = 0.75  # the least chance of taking a territory worth attacking for...
NEEDED_GOAL = 0.55  # ... one of the continent played for, or one that breaks an opponent's continent
NEEDED_CARD = 0.7  # the first conquest of a turn (a card) against a territory worth nothing more
FEW_LEFT = 3  # a seat with this many territories or fewer, holding cards, is worth finishing


class RiskNormalAI(RiskAI):
    def _goal(self, state: RiskState, seat: int, board: RiskMap) -> int | None:
        """The continent to play for: the fewest enemy armies and territories to beat per army of
        bonus, among those not yet held whole. None once every continent is held."""

        def cost(index: int) -> float:
            continent = board.continents[index]
            missing = [m for m in continent.members if state.owner[m] != seat]
            return (sum(state.armies[m] for m in missing) + len(missing)) / continent.bonus

        open_ = [i for i, c in enumerate(board.continents) if any(state.owner[m] != seat for m in c.members)]
        return min(open_, key=lambda i: (cost(i), i)) if open_ else None

    def _target_value(self, state: RiskState, seat: int, target: int, board: RiskMap) -> float:
        value = super()._target_value(state, seat, target, board)
        index = board.continent_of[target]
        if index == self._goal(state, seat, board):
            value += GOAL_BONUS
        if self._breaks(state, target, board):
            value += board.continents[index].bonus  # taking it costs them the bonus next turn
        owner = state.owner[target]
        if owner != NEUTRAL and state.owner.count(owner) <= FEW_LEFT and state.hands[owner]:
            value += 2 * len(state.hands[owner])
        return value

    def _breaks(self, state: RiskState, target: int, board: RiskMap) -> bool:
        """Taking ``target`` breaks a continent its owner (not the neutral army) holds whole."""
        owner = state.owner[target]
        members = board.continents[board.continent_of[target]].members
        return owner != NEUTRAL and all(state.owner[m] == owner for m in members)

    def _attack(self, state: RiskState, seat: int, board: RiskMap) -> Action | None:
        goal = self._goal(state, seat, board)
        best: tuple[float, int, int, float] | None = None
        for source, target in self._fronts(state, seat, board):
            armies = state.armies[source]
            chance = fight(armies - 1, state.armies[target]).win
            value = self._target_value(state, seat, target, board)
            wanted = board.continent_of[target] == goal or self._breaks(state, target, board)
            needed = NEEDED_GOAL if wanted else NEEDED
            if not state.conquered:
                needed = min(needed, NEEDED_CARD)
            if chance < needed:
                continue
            score = chance * (value + 2 * state.armies[source] ** 0.5)
            if best is None or score > best[0]:
                best = (score, source, target, chance)
        if best is None:
            return None
        _, source, target, chance = best
        armies = state.armies[source]
        # A sure fight is fought to the end; a closer one stops while the base can still hold.
        until = 1 if chance >= SURE else min(max(2, armies // 3), armies - 1)
        return Attack(board.ids[source], board.ids[target], min(3, armies - 1), until=until)

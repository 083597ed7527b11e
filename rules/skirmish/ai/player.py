"""A Skirmish AI for the whole turn and both sides of a battle.

Battle steps use the policies the standing orders use ("best" everywhere, cards played where they turn
a skirmish). The turn: reinforce while the garrison has troops (else draw a card), pile the troops on the
front territory with the best attack, trade troops in for cannons when the troop supply runs short,
attack where the estimated chance is good (empty territories first), move interior stacks to the front,
and discard the cheapest cards. Stateless: it can take over any seat at any moment.
"""

from __future__ import annotations

import random

from rules.core.events import Action
from rules.skirmish.actions import (
    Attack,
    Discard,
    DrawCard,
    EndPhase,
    Exchange,
    ExtraMove,
    Move,
    Place,
    Reinforce,
)
from rules.skirmish.ai.odds import win_chance
from rules.skirmish.battle import flow, policy
from rules.skirmish.battle.cards import acting_side
from rules.skirmish.battle.declare import MOST_ATTACKERS, sheltered
from rules.skirmish.board import SkirmishMap, skirmish_map
from rules.skirmish.common import cheapest, dearest
from rules.skirmish.exchange import pair_allowed
from rules.skirmish.legal import legal_actions
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.standard import discard_choice
from rules.skirmish.state import EMPTY, Phase, SkirmishState


class SkirmishAI:
    def __init__(self, seed: int = 0, boldness: float = 0.6) -> None:
        self._random = random.Random(seed)
        self.boldness = boldness  # the least estimated chance it attacks at

    def choose(self, state: SkirmishState, seat: int) -> Action:
        board = skirmish_map()
        if state.battle is not None:
            return self._battle(state, seat, board)
        if state.placing is not None:
            return Place(board.ids[self._placement(state, seat, board)], state.placing.troops)
        if state.phase is Phase.STANDARD:
            return self._standard(state, seat)
        if state.phase is Phase.EXCHANGE:
            return self._exchange(state, seat, board) or EndPhase()
        if state.phase is Phase.ATTACK:
            return self._attack(state, seat, board) or EndPhase()
        if state.phase is Phase.MOVE:
            return self._move(state, seat, board) or EndPhase()
        if state.phase is Phase.REDUCE:
            return Discard(discard_choice(state))
        return self._random.choice(legal_actions(state, seat))

    # -- battle ----------------------------------------------------------------------------------------

    def _battle(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action:
        battle = state.battle
        assert battle is not None
        asked = flow.waiting(battle)
        assert asked is not None
        step = asked[1]
        if step == "losses":
            return policy.losses_keep_board(state, battle.owed[0])  # the board's count wins battles
        if step == "defend":
            return policy.defend_all(state)
        if step == "assign":
            return policy.assign(state, "best", board)
        if step == "extra":
            return policy.assign_extra(state, "best", board)
        if step == "cards":
            return policy.card_step(state, acting_side(battle), 1, board)
        if step == "order":
            return policy.order_best(state, board)
        exposed = self._threat(state, seat, battle.source, board, skip=battle.target)
        return policy.occupy(state, "advance" if exposed else "all")

    # -- the turn ----------------------------------------------------------------------------------------

    def _standard(self, state: SkirmishState, seat: int) -> Action:
        if not state.actions_left:
            return EndPhase()
        expected = 3.5 * state.territories_of(seat)
        if state.garrison[seat].troop >= min(3, expected) and (
            state.actions_left == 2 or state.garrison[seat].troop >= expected / 2
        ):
            return Reinforce()
        if (state.deck or state.discard) and len(state.hands[seat]) < state.territories_of(seat):
            return DrawCard()
        return ExtraMove() if state.actions_left else EndPhase()

    def _front(self, state: SkirmishState, seat: int, board: SkirmishMap) -> list[int]:
        own = [t for t in range(board.size) if state.owner[t] == seat]
        front = [t for t in own if any(state.owner[n] != seat for n in board.neighbours[t])]
        return front or own

    def _threat(self, state: SkirmishState, seat: int, t: int, board: SkirmishMap, skip: int = -1) -> int:
        return sum(
            state.units[n].total
            for n in board.neighbours[t]
            if n != skip and state.owner[n] not in (seat, EMPTY)
        )

    def _placement(self, state: SkirmishState, seat: int, board: SkirmishMap) -> int:
        """The front territory with the best attack in reach; else the most threatened."""
        front = self._front(state, seat, board)

        def score(t: int) -> tuple[float, int]:
            best = max(
                (
                    self._target_value(state, seat, n, board)
                    for n in board.neighbours[t]
                    if state.owner[n] != seat
                ),
                default=0.0,
            )
            room = 1.0 if state.units[t].total < MOST_ATTACKERS + 2 else 0.3
            pressure = self._threat(state, seat, t, board) - state.units[t].total
            return (best * room + 0.1 * max(pressure, 0), -t)

        return max(front, key=score)

    def _target_value(self, state: SkirmishState, seat: int, target: int, board: SkirmishMap) -> float:
        owner = state.owner[target]
        if owner == EMPTY:
            return 3.0
        value = 2.0 + (3.0 if state.territories_of(owner) <= 2 else 0.0)
        leader = max(state.playing(), key=lambda s: state.territories_of(s))
        if owner == leader and leader != seat:
            value += 1.0
        return value - 0.15 * state.units[target].total

    def _exchange(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action | None:
        """Troops in for cannons where troops pile up beyond an attack, while the troop supply is short."""
        garrison = state.garrison[seat]
        if garrison.troop >= 8 or not garrison.cannon or not pair_allowed(state, "troop", "cannon"):
            return None
        spots = [t for t in range(board.size) if state.owner[t] == seat and state.units[t].troop >= 8]
        if not spots:
            return None
        t = max(spots, key=lambda t: (state.units[t].troop, -t))
        count = min((state.units[t].troop - 3) // 5, garrison.cannon)
        if count < 1:
            return None
        return Exchange(board.ids[t], Units(troop=5 * count), "cannon")

    def _attack(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action | None:
        if state.attacks_barred:
            return None
        truce = {t.territory for t in state.truces}
        best: tuple[float, int, int, Units] | None = None
        for source in range(board.size):
            held = state.units[source]
            if state.owner[source] != seat or held.total < 2:
                continue
            for target in board.neighbours[source]:
                owner = state.owner[target]
                if owner == seat or target in truce or sheltered(state, target):
                    continue
                if owner == EMPTY:
                    units = cheapest(held, 1)
                    score = 10.0
                else:
                    units = dearest(held, min(MOST_ATTACKERS, held.total - 1))
                    edge = self._edge(source, target, units, state.units[target], board)
                    chance = win_chance(units, state.units[target], edge)
                    if chance < self.boldness:
                        continue
                    score = chance * 5 + self._target_value(state, seat, target, board)
                if best is None or score > best[0]:
                    best = (score, source, target, units)
        if best is None:
            return None
        _, source, target, units = best
        return Attack(board.ids[source], board.ids[target], units)

    def _edge(self, source: int, target: int, attackers: Units, defenders: Units, board: SkirmishMap) -> int:
        table = pieces()
        high = board.elevation[target] - board.elevation[source]
        height = 1 if high > 0 else -1 if high < 0 else 0
        return height + table.banners(defenders) - table.banners(attackers)

    def _move(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action | None:
        """The biggest interior stack steps toward the front."""
        if not state.moves_left:
            return None
        front = set(self._front(state, seat, board))
        inner = [
            t
            for t in range(board.size)
            if state.owner[t] == seat and t not in front and state.units[t].total > 1
        ]
        if not inner:
            return None
        source = max(inner, key=lambda t: (state.units[t].total, -t))
        steps = [n for n in board.neighbours[source] if state.owner[n] == seat]
        if not steps:
            return None
        target = max(steps, key=lambda n: (n in front, self._threat(state, seat, n, board), -n))
        units = state.units[source]
        return Move(board.ids[source], board.ids[target], units.minus(cheapest(units, 1)))

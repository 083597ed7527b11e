"""A Risk AI better than random: it reinforces threatened borders, attacks on good odds, goes for
continents it can complete, takes a card each turn it can, and fortifies toward the front.

It is stateless (every choice is computed from the state), so it can take over any seat at any
moment, for an absent player or a playout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

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
from rules.risk.cards import sets_in
from rules.risk.engine import connected_own, to_act
from rules.risk.legal import legal_actions
from rules.risk.quota import neutral_due, neutral_room, setup_room
from rules.risk.state import NEUTRAL, AwaitDefence, AwaitOccupation, Phase, RiskState


class RiskAI:
    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, state: RiskState, seat: int) -> Action:
        board = classic_map()
        pending = state.pending
        if isinstance(pending, AwaitDefence):
            return Defend(min(2, state.armies[pending.target]))
        if isinstance(pending, AwaitOccupation):
            return Occupy(self._occupation(state, seat, pending, board))
        if state.phase is Phase.CLAIM:
            return ClaimTerritory(board.ids[self._claim(state, seat, board)])
        if state.phase is Phase.SETUP:
            if neutral_due(state):
                return PlaceNeutral(board.ids[self._neutral_spot(state, seat, board)], neutral_room(state))
            room = setup_room(state)
            return PlaceArmies(board.ids[self._reinforce_spot(state, seat, board)], room)
        sets = sets_in(board, state.hands[seat])
        if sets and (state.phase is Phase.REINFORCE or state.must_trade_down):
            return TradeCards(self._best_set(state, seat, sets, board))
        if state.reinforcements:
            return PlaceArmies(board.ids[self._reinforce_spot(state, seat, board)], state.reinforcements)
        if state.phase in (Phase.REINFORCE, Phase.ATTACK):
            attack = self._attack(state, seat, board)
            if attack is not None:
                return attack
        fortify = self._fortify(state, seat, board)
        if fortify is not None:
            return fortify
        if EndPhase() in legal_actions(state, seat) or seat in to_act(state):
            return EndPhase()
        return self._random.choice(legal_actions(state, seat))

    def _enemy_neighbours(self, state: RiskState, seat: int, t: int, board: RiskMap) -> list[int]:
        return [n for n in board.neighbours[t] if state.owner[n] != seat]

    def _continent_share(self, state: RiskState, seat: int, t: int, board: RiskMap) -> float:
        members = board.continents[board.continent_of[t]].members
        return sum(1 for m in members if state.owner[m] == seat) / len(members)

    def _claim(self, state: RiskState, seat: int, board: RiskMap) -> int:
        def score(t: int) -> float:
            continent = board.continents[board.continent_of[t]]
            return self._continent_share(state, seat, t, board) * 3 + continent.bonus / len(continent.members)

        free = [t for t in range(board.size) if state.armies[t] == 0]
        return max(free, key=lambda t: (score(t), -t))

    def _neutral_spot(self, state: RiskState, seat: int, board: RiskMap) -> int:
        """Two-player setup: thicken the neutral territories that stand in the opponent's way."""
        neutral = [t for t in range(board.size) if state.owner[t] == NEUTRAL]
        opponent = 1 - seat

        def blocking(t: int) -> int:
            return sum(1 for n in board.neighbours[t] if state.owner[n] == opponent)

        return max(neutral, key=lambda t: (blocking(t), -t))

    def _target_value(self, state: RiskState, seat: int, target: int, board: RiskMap) -> float:
        """How much taking ``target`` is worth: weak defence, continents near completion, finishing a seat."""
        continent = board.continents[board.continent_of[target]]
        missing = sum(1 for m in continent.members if state.owner[m] != seat)
        value = continent.bonus / max(missing, 1)
        owner = state.owner[target]
        if owner != NEUTRAL and state.owner.count(owner) <= 2:
            value += 4
        return value - 0.3 * state.armies[target]

    def _reinforce_spot(self, state: RiskState, seat: int, board: RiskMap) -> int:
        own = [t for t in range(board.size) if state.owner[t] == seat]
        front = [t for t in own if self._enemy_neighbours(state, seat, t, board)]
        if not front:
            return own[0]

        def score(t: int) -> float:
            best_target = max(
                self._target_value(state, seat, n, board)
                for n in self._enemy_neighbours(state, seat, t, board)
            )
            threat = sum(
                state.armies[n] for n in self._enemy_neighbours(state, seat, t, board) if state.owner[n] >= 0
            )
            # Stick to the main stack: armies spread thin never beat a hoarded stack next door.
            return best_target + 0.15 * max(threat - state.armies[t], 0) + 0.05 * state.armies[t]

        return max(front, key=lambda t: (score(t), -t))

    def _fronts(self, state: RiskState, seat: int, board: RiskMap) -> Iterator[tuple[int, int]]:
        """Every attack the position allows: (a territory of ``seat`` with 2+ armies, an enemy neighbour)."""
        for source in range(board.size):
            if state.owner[source] == seat and state.armies[source] >= 2:
                for target in board.neighbours[source]:
                    if state.owner[target] != seat:
                        yield source, target

    def _attack(self, state: RiskState, seat: int, board: RiskMap) -> Action | None:
        best: tuple[float, int, int] | None = None
        for source, target in self._fronts(state, seat, board):
            armies = state.armies[source]
            defenders = state.armies[target]
            # 3 dice against 2 favour the attacker (0.92 armies lost per roll against 1.08), so
            # with large stacks even numbers are worth a fight to the end.
            favourable = (
                armies - 1 >= defenders + 2
                or (armies >= 4 and armies - 1 >= 1.5 * defenders)
                or (defenders >= 20 and armies - 1 >= defenders)
            )
            for_a_card = not state.conquered and armies - 1 > defenders
            if not (favourable or for_a_card):
                continue
            # Big stacks first: they win surely and keep rolling; then what the target is worth.
            score = min((armies - 1) / defenders, 4.0) + self._target_value(state, seat, target, board)
            if best is None or score > best[0]:
                best = (score, source, target)
        if best is None:
            return None
        _, source, target = best
        dice = min(3, state.armies[source] - 1)
        # Fight to the end when clearly stronger; otherwise stop while the base can still hold.
        strong = state.armies[source] - 1 >= 2 * state.armies[target]
        until = 1 if strong else min(max(2, state.armies[source] // 3), state.armies[source] - 1)
        return Attack(board.ids[source], board.ids[target], dice, until=until)

    def _occupation(self, state: RiskState, seat: int, pending: AwaitOccupation, board: RiskMap) -> int:
        """Carry the stack forward, keeping behind only what the source's own enemies call for."""
        if not self._enemy_neighbours(state, seat, pending.target, board):
            return pending.minimum
        threat = sum(
            state.armies[n]
            for n in self._enemy_neighbours(state, seat, pending.source, board)
            if n != pending.target and state.owner[n] != NEUTRAL
        )
        keep = min(threat // 2, pending.maximum - pending.minimum)
        return pending.maximum - keep

    def _fortify(self, state: RiskState, seat: int, board: RiskMap) -> Action | None:
        """Move the largest interior stack toward the front."""
        own = [t for t in range(board.size) if state.owner[t] == seat]
        interior = [
            t for t in own if state.armies[t] > 1 and not self._enemy_neighbours(state, seat, t, board)
        ]
        if not interior:
            return None
        source = max(interior, key=lambda t: (state.armies[t], -t))
        if state.options.fortify == "connected":
            reachable = connected_own(state, seat, source, board)
        else:
            reachable = {n for n in board.neighbours[source] if state.owner[n] == seat}
        if not reachable:
            return None
        front = [t for t in reachable if self._enemy_neighbours(state, seat, t, board)]
        # No front within reach: step toward it along own land, to the neighbour nearest an enemy.
        target = (
            max(front, key=lambda t: (len(self._enemy_neighbours(state, seat, t, board)), -t))
            if front
            else None
        )
        if target is None:
            target = min(reachable, key=lambda t: (self._distance_to_enemy(state, seat, t, board), t))
        return Fortify(board.ids[source], board.ids[target], state.armies[source] - 1)

    def _distance_to_enemy(self, state: RiskState, seat: int, start: int, board: RiskMap) -> int:
        frontier, seen, steps = {start}, {start}, 0
        while frontier:
            if any(state.owner[t] != seat for t in frontier):
                return steps
            frontier = {n for t in frontier for n in board.neighbours[t]} - seen
            seen |= frontier
            steps += 1
        return 99

    def _best_set(
        self, state: RiskState, seat: int, sets: list[tuple[int, int, int]], board: RiskMap
    ) -> tuple[int, int, int]:
        """Prefer a set with a card for a territory we hold (its +2 bonus), keep wilds for later."""

        def score(cards: tuple[int, int, int]) -> tuple[int, int]:
            bonus = any(
                board.cards[c].territory is not None and state.owner[board.cards[c].territory or 0] == seat
                for c in cards
            )
            wilds = sum(1 for c in cards if board.cards[c].territory is None)
            return (int(bonus), -wilds)

        return max(sets, key=score)

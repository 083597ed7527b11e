"""Axis & Allies engine figures: applied actions per second (replaying recorded AI games, one core), the
median time of one full AI round (five power turns, AI thinking included), and ``legal`` calls per second.
Prints figures; asserts nothing.

    python bench/aa_engine.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.axis_allies import RULES
from rules.axis_allies.ai import AxisAlliesAI
from rules.core.conformance import play
from rules.core.dice import SeededRng

OPTIONS = {"round_limit": 8}


def recorded_games(count: int) -> list[tuple[str, int, list]]:
    games = []
    for i in range(count):
        seats = 2 + i % 4
        game = play(RULES, seats, [AxisAlliesAI(i * 7 + s) for s in range(seats)], f"bench-{i}", OPTIONS)
        games.append((f"bench-{i}", seats, [(seat, action) for seat, action, _ in game.log]))
    return games


def apply_rate(games: list[tuple[str, int, list]]) -> tuple[float, int]:
    """Replays recorded games: only setup + apply are timed, not the agents' thinking."""
    actions = 0
    start = time.perf_counter()
    for seed, seats, log in games:
        rng = SeededRng(seed)
        state, _ = RULES.setup(OPTIONS, seats, rng)
        for seat, action in log:
            state, _ = RULES.apply(state, seat, action, rng)
        actions += len(log)
    return actions / (time.perf_counter() - start), actions


def round_times(games: int) -> list[float]:
    """Wall time of each full round (USSR to USA) of 5-player AI games, agents included."""
    times = []
    for i in range(games):
        agents = [AxisAlliesAI(i * 5 + s) for s in range(5)]
        rng = SeededRng(f"round-{i}")
        state, _ = RULES.setup(OPTIONS, 5, rng)
        current, start = state.round, time.perf_counter()
        while RULES.result(state) is None:
            seat = RULES.to_act(state)[0]
            state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
            if state.round != current:
                times.append(time.perf_counter() - start)
                current, start = state.round, time.perf_counter()
    return times


def legal_rate(games: list[tuple[str, int, list]], samples: int = 300) -> float:
    seed, seats, log = games[0]
    rng = SeededRng(seed)
    state, _ = RULES.setup(OPTIONS, seats, rng)
    states = []
    for seat, action in log[:samples]:
        states.append(state)
        state, _ = RULES.apply(state, seat, action, rng)
    start = time.perf_counter()
    for s in states:
        RULES.legal(s, RULES.to_act(s)[0])
    return len(states) / (time.perf_counter() - start)


def main() -> None:
    games = recorded_games(6)
    rates = []
    for _ in range(3):
        rate, actions = apply_rate(games)
        rates.append(rate)
    print(
        f"engine apply: {statistics.median(rates):,.0f} actions/s (median of 3 replays of {actions} actions)"
    )
    times = round_times(2)
    print(
        f"full AI round (5 powers, AI included): median {statistics.median(times) * 1000:.0f} ms "
        f"over {len(times)} rounds"
    )
    print(f"legal(): {legal_rate(games):,.0f} calls/s")


if __name__ == "__main__":
    main()

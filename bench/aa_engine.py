"""Axis & Allies engine figures: applied actions per second (replaying recorded AI games, one core) against
a floor timed alternately in the same run (a pass over each state the replay goes through; compare the
ratio, not the bare rate), the
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

from bench.timing import alternately, state_pass, versus_floor
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


def replay(games: list[tuple[str, int, list]]) -> list:
    """Replays recorded games (setup + apply, not the agents' thinking); every state it passed through."""
    states = []
    for seed, seats, log in games:
        rng = SeededRng(seed)
        state, _ = RULES.setup(OPTIONS, seats, rng)
        for seat, action in log:
            state, _ = RULES.apply(state, seat, action, rng)
            states.append(state)
    return states


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
    states = replay(games)
    engine, floor = alternately(lambda: replay(games), state_pass(states), 5, warm_up=True)
    print(versus_floor("engine apply", len(states), engine, floor))
    times = round_times(2)
    print(
        f"full AI round (5 powers, AI included): median {statistics.median(times) * 1000:.0f} ms "
        f"over {len(times)} rounds"
    )
    print(f"legal(): {legal_rate(games):,.0f} calls/s")


if __name__ == "__main__":
    main()

"""Risk engine figures: applied actions per second against a floor timed alternately in the same run (a
pass over each state the replay goes through: the ratio engine/floor is what to compare between machines
and runs, not the bare rate), whole
4-player AI games per second, and exact odds for 100 v 100, 1000 v 1000 and 3000 v 3000. Prints
figures; asserts nothing.

    python bench/risk_engine.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import alternately, state_pass, versus_floor
from rules.core.conformance import play
from rules.core.dice import SeededRng
from rules.risk import RULES
from rules.risk.ai import RiskAI
from rules.risk.odds import clear_cache, fight


def recorded_games(count: int) -> list[tuple[str, int, list]]:
    games = []
    for i in range(count):
        seats = 2 + i % 5
        game = play(RULES, seats, [RiskAI(i * 7 + s) for s in range(seats)], f"bench-{i}")
        games.append((f"bench-{i}", seats, [(seat, action) for seat, action, _ in game.log]))
    return games


def replay(games: list[tuple[str, int, list]]) -> list:
    """Replays recorded games (setup + apply, not the agents' thinking); every state it passed through."""
    states = []
    for seed, seats, log in games:
        rng = SeededRng(seed)
        state, _ = RULES.setup({}, seats, rng)
        for seat, action in log:
            state, _ = RULES.apply(state, seat, action, rng)
            states.append(state)
    return states


def ai_games_per_second(count: int) -> float:
    start = time.perf_counter()
    for i in range(count):
        play(RULES, 4, [RiskAI(i * 4 + s) for s in range(4)], f"ai4-{i}")
    return count / (time.perf_counter() - start)


def odds_time(attackers: int, defenders: int, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        clear_cache()
        start = time.perf_counter()
        fight(attackers, defenders)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    games = recorded_games(20)
    states = replay(games)
    engine, floor = alternately(lambda: replay(games), state_pass(states), 7, warm_up=True)
    print(versus_floor("apply (one core, one thread)", len(states), engine, floor))
    per_second = [ai_games_per_second(10) for _ in range(3)]
    print(f"4-player AI games: median {statistics.median(per_second):.1f} complete games/s")
    print(f"odds 100 v 100: median {odds_time(100, 100) * 1000:.2f} ms")
    print(f"odds 1000 v 1000: median {odds_time(1000, 1000) * 1000:.1f} ms")
    largest = odds_time(3000, 3000, 3) * 1000
    print(f"odds 3000 v 3000 (the largest /risk odds; worked out in a thread): median {largest:.0f} ms")


if __name__ == "__main__":
    main()

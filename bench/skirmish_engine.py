"""Skirmish engine figures: applied actions per second (setup + apply only, replaying recorded AI games)
against a floor timed alternately in the same run (a pass over each state; compare the ratio),
legal-move listings per second, and view building per second. Prints medians with the spread of the
runs; asserts nothing.

    .venv/bin/python bench/skirmish_engine.py [--games 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import alternately, state_pass, timed, versus_floor
from rules.core.conformance import play
from rules.core.dice import SeededRng
from rules.skirmish import RULES
from rules.skirmish.ai import SkirmishAI


def recorded_games(count: int) -> list[tuple[str, int, list]]:
    games = []
    for i in range(count):
        seats = 2 + i % 5
        game = play(RULES, seats, [SkirmishAI(i * 7 + s) for s in range(seats)], f"bench-{i}")
        games.append((f"bench-{i}", seats, [(seat, action) for seat, action, _ in game.log]))
    return games


def replay_all(games: list[tuple[str, int, list]]) -> list:
    """Every state the games passed through, rebuilt by setup + apply (what is timed)."""
    states = []
    for seed, seats, log in games:
        rng = SeededRng(seed)
        state, _ = RULES.setup({}, seats, rng)
        for seat, action in log:
            state, _ = RULES.apply(state, seat, action, rng)
            states.append(state)
    return states


def spread(rates: list[float]) -> str:
    return f"median {statistics.median(rates):,.0f}/s (runs {min(rates):,.0f}-{max(rates):,.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="recorded AI games, 2-6 players cycled")
    parser.add_argument("--runs", type=int, default=5)
    opts = parser.parse_args()
    games = recorded_games(opts.games)
    actions = sum(len(log) for _, _, log in games)
    every = replay_all(games)
    engine, floor = alternately(lambda: replay_all(games), state_pass(every), opts.runs, warm_up=True)
    print(versus_floor("apply", actions, engine, floor))
    states = every[:: max(1, actions // 3000)]

    def legal_all() -> None:
        for state in states:
            for seat in RULES.to_act(state):
                RULES.legal(state, seat)

    def views_all() -> None:
        for state in states:
            RULES.view(state, state.current)

    legal_times = timed(legal_all, opts.runs)
    view_times = timed(views_all, opts.runs)
    print(f"legal: {spread([len(states) / t for t in legal_times])} listings, over {len(states)} states")
    print(f"view:  {spread([len(states) / t for t in view_times])} views, over {len(states)} states")
    start = time.perf_counter()
    play(RULES, 4, [SkirmishAI(s) for s in range(4)], "bench-one")
    print(f"one 4-player AI game, AI thinking included: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()

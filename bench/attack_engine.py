"""Attack! engine figures: applied actions per second (one core, replaying recorded AI games, so only
setup and ``apply`` are timed, not the AI's thinking) against a floor timed alternately in the same run (a
pass over each state; compare the ratio between machines, not the bare rate), and the time of one full AI
year for six players on the joined world (AI thinking included). Prints medians and spread; asserts nothing.

    python bench/attack_engine.py [--games 10] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import alternately, state_pass, versus_floor
from rules.attack import RULES
from rules.attack.ai import AttackAI
from rules.attack.state import AttackState
from rules.core.conformance import play
from rules.core.dice import SeededRng
from rules.core.events import Action

Log = list[tuple[int, Action]]


def recorded_games(count: int) -> list[tuple[str, int, dict[str, object], Log]]:
    games = []
    for i in range(count):
        seats = 2 + i % 5
        options: dict[str, object] = {} if seats >= 5 else {"map": ("western", "pacific")[i % 2]}
        game = play(RULES, seats, [AttackAI(i * 10 + s) for s in range(seats)], f"engine-{i}", options)
        games.append((f"engine-{i}", seats, options, [(seat, action) for seat, action, _ in game.log]))
    return games


def replay_all(games: list[tuple[str, int, dict[str, object], Log]]) -> list[AttackState]:
    """Every state the games passed through, rebuilt by setup + apply (what is timed)."""
    states = []
    for seed, seats, options, log in games:
        rng = SeededRng(seed)
        state, _ = RULES.setup(options, seats, rng)
        for seat, action in log:
            state, _ = RULES.apply(state, seat, action, rng)
            states.append(state)
    return states


def start_of_year(seed: str, year: int) -> tuple[AttackState, SeededRng, list[AttackAI]]:
    """A six-player world game played by the AI up to the first action of ``year``."""
    agents = [AttackAI(s) for s in range(6)]
    rng = SeededRng(seed)
    state, _ = RULES.setup({}, 6, rng)
    while state.year < year or state.stage.value != "season":
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
    return state, rng, agents


def play_year(state: AttackState, rng: SeededRng, agents: list[AttackAI]) -> int:
    year, actions = state.year, 0
    while state.year == year and RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="AI games recorded, then replayed")
    parser.add_argument("--runs", type=int, default=5)
    opts = parser.parse_args()
    games = recorded_games(opts.games)
    states = replay_all(games)
    engine, floor = alternately(lambda: replay_all(games), state_pass(states), opts.runs, warm_up=True)
    print(versus_floor(f"apply ({len(games)} games, 2-6 players)", len(states), engine, floor))
    for year in (1, 3):
        seconds, counts = [], []
        for run in range(opts.runs):
            state, rng, agents = start_of_year(f"year-{run}", year)
            start = time.perf_counter()
            counts.append(play_year(state, rng, agents))
            seconds.append(time.perf_counter() - start)
        print(
            f"AI year {year}, 6 players, world: median {statistics.median(seconds):.2f} s "
            f"(range {min(seconds):.2f}-{max(seconds):.2f}), a median {statistics.median(counts):g} actions"
        )


if __name__ == "__main__":
    main()

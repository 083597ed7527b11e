"""Axis & Allies AI against itself: five-power games with no round limit, one seed each.

    python bench/aa_ai_games.py [--games 100] [--before 30] [--jobs 1] [--prefix aa-ai]

Prints the wins by side and by kind of victory (capitals or the Axis's economic victory) won before
round ``--before``, the games without a victory by then ("unfinished"), the median and range of the
rounds the decided games took, and the median time per game (AI thinking included). Issue 19's aim:
at least 90 of 100 decided before round 30, each side winning at least 30. Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.axis_allies import RULES
from rules.axis_allies.ai import AxisAlliesAI
from rules.axis_allies.state import SIDE_NAMES
from rules.core.dice import SeededRng


def play_one(seed: str, index: int, before: int) -> tuple[str, str, int, float]:
    """(winner or "unfinished", victory kind, rounds played, seconds) of one five-power game, played
    until a victory or the start of round ``before``."""
    agents = [AxisAlliesAI(index * 10 + s) for s in range(5)]
    rng = SeededRng(seed)
    start = time.perf_counter()
    state, _ = RULES.setup({}, 5, rng)
    while RULES.result(state) is None and state.round < before:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
    elapsed = time.perf_counter() - start
    if state.winner is None:
        return "unfinished", "-", state.round, elapsed
    kind = "economic" if "IPCs" in state.summary else "capitals"
    return SIDE_NAMES[state.winner], kind, state.round, elapsed


def _run(args: tuple[str, int, int]) -> tuple[str, str, int, float]:
    return play_one(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--before", type=int, default=30, help="a victory must come before this round")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel (processes)")
    parser.add_argument("--prefix", default="aa-ai", help="seed prefix; game i uses '<prefix>-<i>'")
    parser.add_argument("--each", action="store_true", help="print every game's result")
    opts = parser.parse_args()
    work = [(f"{opts.prefix}-{i}", i, opts.before) for i in range(opts.games)]
    if opts.jobs > 1:
        with ProcessPoolExecutor(opts.jobs) as pool:
            results = list(pool.map(_run, work))
    else:
        results = [_run(w) for w in work]
    wins: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for (seed, _, _), (winner, kind, rounds, secs) in zip(work, results, strict=True):
        wins[winner] = wins.get(winner, 0) + 1
        if winner != "unfinished":
            kinds[f"{winner} {kind}"] = kinds.get(f"{winner} {kind}", 0) + 1
        if opts.each:
            print(f"  {seed}: {winner} {kind} in {rounds} rounds, {secs:.1f} s")
    rounds = [r for w, _, r, _ in results if w != "unfinished"]
    times = [t for *_, t in results]
    print(f"{opts.games} five-power AI games, no round limit, victories before round {opts.before}:")
    print("  wins: " + ", ".join(f"{w} {wins.get(w, 0)}" for w in (*SIDE_NAMES, "unfinished")))
    print("  by kind: " + (", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"))
    if rounds:
        middle = statistics.median(rounds)
        print(f"  rounds (finished games): median {middle:g}, range {min(rounds)}-{max(rounds)}")
    print(f"  time per game: median {statistics.median(times):.1f} s")


if __name__ == "__main__":
    main()

"""Skirmish AI against itself: AI games per minute and win rates by seat, for each number of players.

    .venv/bin/python bench/skirmish_ai.py [--games 100] [--seats 2 3 4 5 6] [--prefix sk-ai]

For each player count, ``--games`` games with one AI per seat (seeds ``<prefix>-<players>p-<i>``).
Prints, per seat, the wins (a shared win counts as a fraction) and the ratio to the fair share
(1.00 = exactly 1/players; the design target is at most 2.00 for every seat), how the games ended, the
rounds played and the games per minute (AI thinking included). Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.conformance import play
from rules.skirmish import RULES
from rules.skirmish.ai import SkirmishAI


def ending(summary: str) -> str:
    if summary.startswith("After"):
        return "round limit"
    if summary.startswith("Held"):
        return "victory share"
    return "last standing"


def run(players: int, games: int, prefix: str) -> None:
    wins = [0.0] * players
    endings: Counter[str] = Counter()
    rounds: list[int] = []
    start = time.perf_counter()
    for i in range(games):
        game = play(
            RULES, players, [SkirmishAI(i * 10 + s) for s in range(players)], f"{prefix}-{players}p-{i}"
        )
        result = RULES.result(game.state)
        if result is None:
            endings["unfinished"] += 1
            continue
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        endings[ending(result.summary)] += 1
        rounds.append(game.state.round)
    elapsed = time.perf_counter() - start
    fair = games / players
    print(
        f"{players} players, {games} games: {games / elapsed * 60:.0f} games/min, rounds median "
        f"{statistics.median(rounds):g} (range {min(rounds)}-{max(rounds)}); "
        + ", ".join(f"{k} {n}" for k, n in endings.most_common())
    )
    print("  seat   wins   wins/fair share")
    for seat, won in enumerate(wins):
        print(f"  {seat + 1:>4} {won:6.1f}   {won / fair:5.2f}")
    print(f"  worst seat: {max(wins) / fair:.2f} x its fair share")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per number of players")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--prefix", default="sk-ai")
    opts = parser.parse_args()
    for players in opts.seats:
        run(players, opts.games, opts.prefix)


if __name__ == "__main__":
    main()

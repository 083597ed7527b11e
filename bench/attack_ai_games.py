"""Attack! AI against itself: the balance check of the design, by seat and by government.

    python bench/attack_ai_games.py [--games 120] [--jobs 1] [--prefix atk-ai] [--seats 2,3,4,5,6]

Game i has ``seats[i % len(seats)]`` players; two to four players alternate the Western and Pacific
theatres, five and six play the joined world. Every seat is an ``AttackAI`` (which picks a government at
random among those left, so every government is sampled). A shared win counts 1/k to each of k winners.

Prints, for each seat number and each government: games played, wins, and wins over the fair share
(the sum of 1/players over the games it played; 1.00 is exactly fair, the balance check asks for at
most 2.00), how games ended (capital captured or points), years played, and time per game.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.attack import RULES
from rules.attack.ai import AttackAI
from rules.attack.tables import GOVERNMENTS
from rules.core.dice import SeededRng


def play_one(
    seed: str, index: int, seats: int
) -> tuple[int, tuple[int, ...], tuple[int, ...], str, int, float]:
    """(seats, winners, government per seat, how it ended, years, seconds) of one AI game."""
    options = {} if seats >= 5 else {"map": ("western", "pacific")[index // 5 % 2]}
    agents = [AttackAI(index * 10 + s) for s in range(seats)]
    rng = SeededRng(seed)
    start = time.perf_counter()
    state, _ = RULES.setup(options, seats, rng)
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
    elapsed = time.perf_counter() - start
    ending = "capital" if "capital" in state.summary else "points"
    governments = tuple(s.government for s in state.seats)
    return seats, state.winners, governments, ending, state.year, elapsed


def _run(args: tuple[str, int, int]) -> tuple[int, tuple[int, ...], tuple[int, ...], str, int, float]:
    return play_one(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel (processes)")
    parser.add_argument("--prefix", default="atk-ai", help="seed prefix; game i uses '<prefix>-<i>'")
    parser.add_argument("--seats", default="2,3,4,5,6", help="player counts, cycled")
    opts = parser.parse_args()
    counts = [int(n) for n in opts.seats.split(",")]
    work = [(f"{opts.prefix}-{i}", i, counts[i % len(counts)]) for i in range(opts.games)]
    if opts.jobs > 1:
        with ProcessPoolExecutor(opts.jobs) as pool:
            results = list(pool.map(_run, work))
    else:
        results = [_run(w) for w in work]
    seat_stats: dict[int, list[float]] = {}  # seat -> [played, wins, fair share]
    gov_stats: dict[int, list[float]] = {}
    endings: dict[str, int] = {}
    for seats, winners, governments, ending, _, _ in results:
        endings[ending] = endings.get(ending, 0) + 1
        for seat in range(seats):
            won = 1 / len(winners) if seat in winners else 0.0
            for key, table in ((seat, seat_stats), (governments[seat], gov_stats)):
                row = table.setdefault(key, [0.0, 0.0, 0.0])
                row[0] += 1
                row[1] += won
                row[2] += 1 / seats
    print(
        f"{len(results)} AI games, players {opts.seats} (cycled), seeds {opts.prefix}-0..{len(results) - 1}"
    )
    print("  by seat:        played   wins   wins/fair share")
    for seat in sorted(seat_stats):
        played, wins, fair = seat_stats[seat]
        print(f"    seat {seat + 1}:      {played:6.0f} {wins:6.1f}   {wins / fair:5.2f}")
    print("  by government:  played   wins   wins/fair share")
    for gov in sorted(gov_stats):
        played, wins, fair = gov_stats[gov]
        print(f"    {GOVERNMENTS[gov]:<12} {played:6.0f} {wins:6.1f}   {wins / fair:5.2f}")
    worst = max(row[1] / row[2] for table in (seat_stats, gov_stats) for row in table.values())
    print(f"  largest ratio: {worst:.2f} (the balance check: at most 2.00)")
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))
    years = [r[4] for r in results]
    times = [r[5] for r in results]
    print(f"  years played: median {statistics.median(years):g}, range {min(years)}-{max(years)}")
    print(
        f"  time per game: median {statistics.median(times):.2f} s, "
        f"quartiles {statistics.quantiles(times, n=4)[0]:.2f}-{statistics.quantiles(times, n=4)[2]:.2f} s"
    )


if __name__ == "__main__":
    main()

"""Hex war AI against itself, setup to the end: games per minute and win rates by seat.

    python bench/hexwar_ai_games.py [--games 100] [--players 2 3 4 5] [--prefix hexwar-ai] [--option N=V]

For each number of players: ``--games`` complete games with default options (the AI places the hexes,
units and capitals, then writes orders every round), one seed each. Prints the wins by seat (a shared
win counts as a fraction), each seat's share against the fair share (1/players) and the largest ratio
(the design aims at no seat above 2), how games ended (every capital, or the most money after the round
limit), the median and range of rounds, and games per minute with the median and spread of the time per
game (AI thinking included). Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.dice import SeededRng
from rules.hexwar import RULES
from rules.hexwar.ai import HexWarAI
from rules.hexwar.state import HexState


def play_one(
    seed: str, index: int, players: int, options: dict[str, str] | None = None
) -> tuple[HexState, float]:
    agents = [HexWarAI(index * 10 + s) for s in range(players)]
    rng = SeededRng(seed)
    start = time.perf_counter()
    state, _ = RULES.setup(options or {}, players, rng)
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
    return state, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--prefix", default="hexwar-ai", help="seed prefix; game i uses '<prefix>-<n>p-<i>'")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option (e.g. hexes_per_turn=1)",
    )
    opts = parser.parse_args()
    options = {
        name: int(value) if value.isdigit() else value
        for name, value in (o.split("=", 1) for o in opts.option)
    }
    all_times: list[float] = []
    for players in opts.players:
        wins = [0.0] * players
        capitals = 0
        rounds: list[int] = []
        times: list[float] = []
        for i in range(opts.games):
            state, seconds = play_one(f"{opts.prefix}-{players}p-{i}", i, players, options)
            times.append(seconds)
            rounds.append(state.round)
            capitals += "capital" in state.summary
            for seat in state.winners:
                wins[seat] += 1 / len(state.winners)
        all_times += times
        shares = [w / opts.games for w in wins]
        fair = 1 / players
        print(f"{players} players, {opts.games} games:")
        print(
            "  wins by seat: "
            + ", ".join(
                f"{s + 1}: {w:g} ({share:.0%})" for s, (w, share) in enumerate(zip(wins, shares, strict=True))
            )
        )
        print(
            f"  fair share {fair:.0%}; largest share / fair = {max(shares) / fair:.2f} "
            "(design bar: at most 2)"
        )
        print(
            f"  ended by every capital: {capitals}, by money after the round limit: {opts.games - capitals}"
        )
        print(f"  rounds: median {statistics.median(rounds):g}, range {min(rounds)}-{max(rounds)}")
        q = statistics.quantiles(times, n=4)
        print(
            f"  time per game: median {statistics.median(times) * 1000:.0f} ms "
            f"(quartiles {q[0] * 1000:.0f}-{q[2] * 1000:.0f}, max {max(times) * 1000:.0f}); "
            f"{60 / statistics.mean(times):.0f} games/minute"
        )
    print(
        f"all: {len(all_times)} games, {60 * len(all_times) / sum(all_times):.0f} "
        "setup-to-end games/minute on one core"
    )


if __name__ == "__main__":
    main()

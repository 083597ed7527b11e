"""Risk's AIs in whole games, printed (asserts nothing).

    python bench/risk_ai.py [games]                      # easy against the random agent (bar: 95 of 100)
    python bench/risk_ai.py --level normal --versus easy --games 200 [--players 3] [--prefix P]

Against another level: one seat of ``--level``, the rest of ``--versus``, the strong seat moving round the
table game by game (seat ``i % players``); prints its wins, the share and the unfinished games, and the
slowest AI choice. Two-player games keep the neutral army (the 1993 rules).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.agents import Agent, RandomAgent
from rules.core.conformance import play
from rules.core.events import Action
from rules.risk import RULES
from rules.risk.ai import RiskAI, RiskNormalAI

LEVELS = {"easy": RiskAI, "normal": RiskNormalAI}


class Timed:
    """An agent whose slowest choice is kept."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.slowest = agent, 0.0

    def choose(self, state: object, seat: int) -> Action:
        start = time.perf_counter()
        action = self.agent.choose(state, seat)
        self.slowest = max(self.slowest, time.perf_counter() - start)
        return action


def against_random(games: int) -> None:
    wins = unfinished = 0
    start = time.perf_counter()
    for i in range(games):
        ai_seat = i % 2
        agents = [RiskAI(i), RandomAgent(RULES, i)] if ai_seat == 0 else [RandomAgent(RULES, i), RiskAI(i)]
        game = play(RULES, 2, agents, f"ai-v-random-{i}", max_actions=20_000)
        result = RULES.result(game.state)
        if result is None:
            unfinished += 1
        elif result.winners == (ai_seat,):
            wins += 1
    elapsed = time.perf_counter() - start
    print(
        f"AI won {wins} of {games} two-player games against the random agent "
        f"({unfinished} unfinished) in {elapsed:.1f} s (bar: 95 of 100)"
    )


def against_level(level: str, versus: str, games: int, players: int, prefix: str) -> None:
    wins = unfinished = 0
    slowest = 0.0
    start = time.perf_counter()
    for i in range(games):
        strong = i % players
        agents = [Timed(LEVELS[level if s == strong else versus](i * 10 + s)) for s in range(players)]
        game = play(RULES, players, agents, f"{prefix}-{i}", options={"setup_batch": 40}, max_actions=20_000)
        result = RULES.result(game.state)
        if result is None:
            unfinished += 1
        elif result.winners == (strong,):
            wins += 1
        slowest = max(slowest, *(a.slowest for a in agents))
    elapsed = time.perf_counter() - start
    decided = games - unfinished
    print(
        f"{level} won {wins} of {games} {players}-player games against {versus} "
        f"({wins / max(decided, 1):.0%} of the {decided} decided; fair share {1 / players:.0%}); "
        f"slowest choice {slowest * 1000:.0f} ms; {elapsed:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_positional", nargs="?", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", choices=sorted(LEVELS), default="normal")
    parser.add_argument("--versus", choices=sorted(LEVELS), help="play --level against this level")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--prefix", default="risk-levels", help="seeds: PREFIX-0, PREFIX-1, ...")
    args = parser.parse_args()
    games = args.games_positional or args.games
    if args.versus:
        against_level(args.level, args.versus, games, args.players, args.prefix)
    else:
        against_random(games)


if __name__ == "__main__":
    main()

"""The Risk AI against the random legal-move agent: 100 two-player games, AI seat alternating.

    python bench/risk_ai.py [games]

Prints the AI's wins; the issue's bar is at least 95 of 100. Asserts nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.agents import RandomAgent
from rules.core.conformance import play
from rules.risk import RULES
from rules.risk.ai import RiskAI


def main(games: int) -> None:
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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)

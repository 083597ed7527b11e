"""How long Axis & Allies battle odds take: median wall time of a 30-unit land battle at 10,000 trials.

Run from the repository root: ``python bench/aa_odds.py``. Prints figures, asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.axis_allies.odds import simulate  # noqa: E402

RUNS = 7
TRIALS = 10_000
ATTACKERS = {"infantry": 10, "tank": 5, "fighter": 3, "bomber": 2}
DEFENDERS = {"infantry": 8, "tank": 2, "fighter": 1}  # and an AA gun
SEA_ATTACKERS = {"submarine": 3, "fighter": 4, "bomber": 1, "battleship": 2, "carrier": 1}
SEA_DEFENDERS = {"transport": 2, "submarine": 2, "carrier": 2, "fighter": 4, "battleship": 1}


def median_seconds(sea: bool, runs: int = RUNS) -> float:
    times = []
    for run in range(runs):
        start = time.perf_counter()
        if sea:
            simulate(SEA_ATTACKERS, SEA_DEFENDERS, sea=True, trials=TRIALS, seed=f"bench{run}")
        else:
            simulate(ATTACKERS, DEFENDERS, sea=False, aa=True, trials=TRIALS, seed=f"bench{run}")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    odds = simulate(ATTACKERS, DEFENDERS, sea=False, aa=True, trials=TRIALS)
    print(f"land 20 v 11 + AA: attacker wins {odds.attacker_wins:.1%}, {odds.average_rounds:.2f} rounds")
    for name, sea in (("land, 30 units + AA gun", False), ("sea, 22 units", True)):
        seconds = median_seconds(sea)
        rate = TRIALS / seconds
        print(f"{name:<26} {seconds * 1000:9.1f} ms median for {TRIALS:,} trials  {rate:12,.0f} trials/s")


if __name__ == "__main__":
    main()

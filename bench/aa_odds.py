"""How fast and how right Axis & Allies battle odds are: the exact chain (``odds.exact``) on a 30 v 30 land
battle (aircraft, an AA gun) and a mixed 20 v 20 sea battle (submarines, aircraft, carriers, battleships,
transports), timed on one core, and compared with 100,000 simulated battles (``odds.simulate``).

Run from the repository root: ``python bench/aa_odds.py [--runs 7] [--trials 100000]``. Prints
figures (median and range of the runs; the difference from the simulation in units of its standard
error), asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.timing import timed  # noqa: E402
from rules.axis_allies.odds import exact, simulate  # noqa: E402

BATTLES = {
    "land 30 v 30 + AA gun": (
        {"infantry": 14, "tank": 10, "fighter": 4, "bomber": 2},
        {"infantry": 20, "tank": 6, "fighter": 4},
        {"sea": False, "aa": True},
    ),
    "land 30 v 30 + AA, 2 bombarding": (
        {"infantry": 14, "tank": 10, "fighter": 4, "bomber": 2},
        {"infantry": 20, "tank": 6, "fighter": 4},
        {"sea": False, "aa": True, "bombard": 2},
    ),
    "sea 20 v 20 mixed": (
        {"submarine": 5, "fighter": 6, "bomber": 2, "battleship": 3, "carrier": 3, "transport": 1},
        {"submarine": 4, "fighter": 6, "carrier": 3, "battleship": 2, "transport": 5},
        {"sea": True},
    ),
    "sea 20 v 20, two-hit battleships": (
        {"submarine": 5, "fighter": 6, "bomber": 2, "battleship": 3, "carrier": 3, "transport": 1},
        {"submarine": 4, "fighter": 6, "carrier": 3, "battleship": 2, "transport": 5},
        {"sea": True, "two_hit_battleships": True},
    ),
    "sea 20 v 20, retreat after round 3": (
        {"submarine": 5, "fighter": 6, "bomber": 2, "battleship": 3, "carrier": 3, "transport": 1},
        {"submarine": 4, "fighter": 6, "carrier": 3, "battleship": 2, "transport": 5},
        {"sea": True, "retreat_after": 3},
    ),
}


def sigmas(p_exact: float, p_sim: float, trials: int) -> float:
    """The simulation's difference from the exact figure in standard errors of the simulation."""
    error = math.sqrt(max(p_exact * (1 - p_exact), 1e-12) / trials)
    return abs(p_sim - p_exact) / error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each exact calculation")
    parser.add_argument("--trials", type=int, default=100_000, help="simulated battles to compare with")
    opts = parser.parse_args()
    print(f"exact odds, {opts.runs} runs each (median, min-max), and {opts.trials:,} simulated battles")
    for name, (att, dfn, extra) in BATTLES.items():
        times = timed(lambda att=att, dfn=dfn, extra=extra: exact(att, dfn, **extra), opts.runs)
        odds = exact(att, dfn, **extra)
        sim_time = timed(lambda a=att, d=dfn, x=extra: simulate(a, d, trials=opts.trials, **x), 1)[0]
        sim = simulate(att, dfn, trials=opts.trials, **extra)
        worst = max(
            sigmas(getattr(odds, f), getattr(sim, f), opts.trials)
            for f in ("attacker_wins", "defender_wins", "draws")
        )
        print(
            f"  {name:<36} exact {statistics.median(times) * 1000:7.1f} ms "
            f"({min(times) * 1000:.1f}-{max(times) * 1000:.1f}); "
            f"attacker {odds.attacker_wins:.4%}, defence {odds.defender_wins:.4%}, draw {odds.draws:.4%}, "
            f"{odds.average_rounds:.3f} rounds"
        )
        print(
            f"  {'':<36} simulated in {sim_time:5.2f} s: attacker {sim.attacker_wins:.4%}, defence "
            f"{sim.defender_wins:.4%}, draw {sim.draws:.4%}; largest difference {worst:.2f} standard errors"
        )


if __name__ == "__main__":
    main()

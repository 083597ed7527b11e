"""How long Risk battle odds take: median wall time of fights and single rolls, caches cleared each run.

Run from the repository root: ``python bench/risk_odds.py``. Prints figures, asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.risk import odds  # noqa: E402

RUNS = 7


def _median_seconds(call: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        odds.clear_cache()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def odds_timings(runs: int = RUNS) -> dict[str, float]:
    """Median seconds over ``runs`` uncached runs for each case, by name."""
    odds.fight(10, 10)  # builds the single-roll tables, once per process: not what is measured
    return {
        "fight 10v10": _median_seconds(lambda: odds.fight(10, 10), runs),
        "fight 100v100": _median_seconds(lambda: odds.fight(100, 100), runs),
        "fight 1000v1000": _median_seconds(lambda: odds.fight(1000, 1000), runs),
        "fight 1000v1000 stop_at=500": _median_seconds(lambda: odds.fight(1000, 1000, stop_at=500), runs),
        "one_roll 10v10": _median_seconds(lambda: odds.one_roll(10, 10), runs),
    }


def main() -> None:
    for name, seconds in odds_timings().items():
        print(f"{name:<30} {seconds * 1000:10.3f} ms")


if __name__ == "__main__":
    main()

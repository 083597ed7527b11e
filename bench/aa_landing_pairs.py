"""All-normal Axis & Allies games played once per variant from the moment ``ai/landing.py`` can act.

    python bench/aa_landing_pairs.py --prefix aan18-a [--games 100] [--first 0] [--jobs 1]
                                     [--variant NAME:module.CONST=VALUE,... ...]

Each game is ``bench/aa_ai_games.py --level normal``'s game of the same seed (same AI seeds, same
dice), played up to the first turn of the UK or the USA against Tokyo alone (Berlin fallen, where
``landing.island_alone`` answers; every variant plays the same moves before it), then continued once
per variant to a victory or round 30. Variants set constants of ``rules/axis_allies/ai`` modules as
``aa_ai_games.py --set`` does; the default pair is ``off:landing.LANDING=0`` (the version before) and
``on:landing.LANDING=1``. Prints each game's result per variant, the games whose result differs, and
the totals. A pair costs about a third less than two ``aa_ai_games.py`` runs, and it is the same
pairing: ``off`` gave game for game the results of ``aa_ai_games.py`` on ``aan18-t``. Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.aa_ai_games import ai_constant
from rules.axis_allies import RULES
from rules.axis_allies.ai import AxisAlliesNormalAI, landing
from rules.axis_allies.ai.survey import View
from rules.axis_allies.engine import acting_power
from rules.axis_allies.state import SIDE_NAMES, UK, USA, AAState
from rules.core.dice import SeededRng
from rules.core.events import Action

BEFORE = 30  # a victory must come before this round, as aa_ai_games.py's default
Variant = dict[str, str]


COMMITTED: dict[tuple[str, str], object] = {}  # each constant a variant set, at its committed value


def apply(settings: Variant, variants: dict[str, Variant]) -> None:
    """Every constant any variant sets back at its committed value, then ``settings``: a variant never
    inherits another's (before this, a worker's next game kept the last variant's constants)."""
    for name in {n for v in variants.values() for n in v}:
        module, const = ai_constant(name)
        original = COMMITTED.setdefault((module.__name__, const), getattr(module, const))
        setattr(module, const, original)
    for name, text in settings.items():
        module, const = ai_constant(name)
        setattr(module, const, type(getattr(module, const))(text))


def branches(state: AAState) -> bool:
    """The UK's or the USA's turn against Tokyo alone: where the landing may first act."""
    if state.power not in (UK, USA):
        return False
    saved, landing.LANDING = landing.LANDING, 1
    try:
        return landing.island_alone(View(state, state.power)) is not None
    finally:
        landing.LANDING = saved


def run(seed: str, variants: dict[str, Variant]) -> tuple[str, int, dict[str, tuple[str, float]]]:
    """(seed, the branching round or 0, each variant's result and slowest choice)."""
    index = int(seed.rsplit("-", 1)[1])
    agents = [AxisAlliesNormalAI(index * 10 + p) for p in range(5)]
    rng = SeededRng(seed)
    apply(next(iter(variants.values())), variants)
    state, _ = RULES.setup({}, 5, rng)

    def until(state: AAState, stop: bool) -> tuple[AAState, float]:
        slowest = 0.0
        while RULES.result(state) is None and state.round < BEFORE:
            if stop and branches(state):
                break
            seat = RULES.to_act(state)[0]
            tick = time.perf_counter()
            action: Action = agents[acting_power(state)].choose(state, seat)
            slowest = max(slowest, time.perf_counter() - tick)
            state, _ = RULES.apply(state, seat, action, rng)
        return state, slowest

    state, before = until(state, True)
    branched = RULES.result(state) is None and state.round < BEFORE
    out = {}
    for name, settings in variants.items():
        apply(settings, variants)
        end, slowest = until(state, False) if branched else (state, 0.0)
        out[name] = (result(end), max(before, slowest))
    return seed, state.round if branched else 0, out


def result(state: AAState) -> str:
    if state.winner is None:
        return f"unfinished in {state.round}"
    return f"{SIDE_NAMES[state.winner]} in {state.round}"


def _run(args: tuple[str, dict[str, Variant]]) -> tuple[str, int, dict[str, tuple[str, float]]]:
    return run(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variant", action="append", default=[], metavar="NAME:CONST=VALUE,...")
    opts = parser.parse_args()
    variants: dict[str, Variant] = {}
    for item in opts.variant or ["off:landing.LANDING=0", "on:landing.LANDING=1"]:
        name, _, body = item.partition(":")
        variants[name] = dict(kv.split("=", 1) for kv in body.split(",") if kv)
    seeds = [f"{opts.prefix}-{i}" for i in range(opts.first, opts.first + opts.games)]
    results = []
    with ProcessPoolExecutor(opts.jobs) as pool:
        for done in as_completed([pool.submit(_run, (s, variants)) for s in seeds]):
            seed, branch, out = done.result()
            results.append((seed, branch, out))
            line = ", ".join(f"{n}: {r} ({slow:.2f} s)" for n, (r, slow) in out.items())
            print(f"  {seed} (branch {branch or '-'}): {line}", flush=True)
    differ = [s for s, _, out in results if len({r for r, _ in out.values()}) > 1]
    print(f"{len(seeds)} all-normal games, {sum(1 for _, b, _ in results if b)} reaching Tokyo alone")
    for name in variants:
        tally: dict[str, int] = {}
        for _, _, out in results:
            kind = out[name][0].split(" in ")[0]
            tally[kind] = tally.get(kind, 0) + 1
        slowest = max(out[name][1] for _, _, out in results)
        print(
            f"  {name}: "
            + ", ".join(f"{k} {n}" for k, n in sorted(tally.items()))
            + f"; slowest choice {slowest:.2f} s"
        )
    differ.sort(key=lambda s: int(s.rsplit("-", 1)[1]))
    print(f"  results differ in {len(differ)}: {', '.join(differ)}")


if __name__ == "__main__":
    main()

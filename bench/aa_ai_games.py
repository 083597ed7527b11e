"""Axis & Allies AI against itself or another level: five-power games with no round limit.

    python bench/aa_ai_games.py [--games 100] [--level easy] [--versus LEVEL] [--before 30] [--jobs 1]
                                [--side axis|allies] [--set NAME=VALUE ...] [--option NAME=VALUE ...]

All five powers are played by ``--level``; with ``--versus``, game i gives the Axis to ``--level`` and
the Allies to ``--versus`` when i is even, the other way round when i is odd (each side played by each
level in half the games; ``--side`` keeps only the games in which ``--level`` plays that side, to
measure a change to one side's play on half the games). Prints the wins by side and by kind of victory
(capitals or the Axis's economic victory) won before round ``--before``, the games without a victory by
then ("unfinished"), the median and range of the rounds the decided games took, the median time per
game, the games in which the Axis took Moscow (and the median round they first held it), the slowest
single AI choice (what the bot waits for) and the slowest AI turn (every choice made in one power's
turn, its defenders' casualties included: the issue's "AI turn"). Versus: the wins of
each level. Issue 32's aims (``normal``): at least 95 of 100 decided before round 30, the Axis winning
by capitals in at least a fifth of their wins, ``normal`` beating ``easy`` in at least 65 of 100.
``--set PUSH=0.3`` tries a constant of ``rules/axis_allies/ai/normal.py`` (``--set pacific.KEEP=0``: of
another module of ``rules/axis_allies/ai``) at another value for this run
(the ``normal`` AI's only; set before the worker processes start, so they inherit it), so that a
change can be measured against the committed value without editing the AI. ``--option
economic_victory=0``: a game option for every game (here: no economic victory, so every Axis win is one
by capitals, to see whether the Axis can take two Allied capitals at all). Asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.axis_allies import RULES
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, normal
from rules.axis_allies.common import CAPITAL
from rules.axis_allies.engine import acting_power
from rules.axis_allies.state import AXIS_SIDE, SIDE, SIDE_NAMES
from rules.core.dice import SeededRng
from rules.core.errors import IllegalAction
from rules.core.events import Action

LEVELS: dict[str, Callable[[int], object]] = {"easy": AxisAlliesAI, "normal": AxisAlliesNormalAI}

Result = tuple[str, str, int, float, float, str, float, int]
MOSCOW = CAPITAL[0]  # the USSR's capital: the Axis's first goal


# Game options for every game (``--option``), set in ``main`` before the worker processes start.
OPTIONS: dict[str, int | str] = {}


def play_one(seed: str, index: int, before: int, axis: str, allies: str) -> Result:
    """(winner or "unfinished", victory kind, rounds, seconds, slowest choice in seconds, winning
    level, slowest turn in seconds, the first round the Axis held Moscow or 0) of one five-power game,
    played until a victory or the start of round ``before``."""
    agents = [LEVELS[axis if SIDE[p] == AXIS_SIDE else allies](index * 10 + p) for p in range(5)]
    rng = SeededRng(seed)
    start = time.perf_counter()
    slowest = 0.0
    turn, turn_time, slowest_turn = (-1, -1), 0.0, 0.0
    moscow = 0
    state, _ = RULES.setup(dict(OPTIONS), 5, rng)
    while RULES.result(state) is None and state.round < before:
        seat = RULES.to_act(state)[0]
        power = acting_power(state)  # a battle's defender decides its own casualties
        tick = time.perf_counter()
        action: Action = agents[power].choose(state, seat)  # type: ignore[attr-defined]
        took = time.perf_counter() - tick
        slowest = max(slowest, took)
        if (state.round, state.power) != turn:
            turn, turn_time = (state.round, state.power), 0.0
        turn_time += took
        slowest_turn = max(slowest_turn, turn_time)
        state, _ = RULES.apply(state, seat, action, rng)
        if not moscow and SIDE[state.owner[MOSCOW]] == AXIS_SIDE:
            moscow = state.round
    elapsed = time.perf_counter() - start
    if state.winner is None:
        return "unfinished", "-", state.round, elapsed, slowest, "-", slowest_turn, moscow
    kind = "economic" if "IPCs" in state.summary else "capitals"
    level = axis if state.winner == AXIS_SIDE else allies
    return SIDE_NAMES[state.winner], kind, state.round, elapsed, slowest, level, slowest_turn, moscow


def _run(args: tuple[str, int, int, str, str]) -> Result:
    return play_one(*args)


def ai_constant(setting: str) -> tuple[ModuleType, str]:
    """The module and name of an AI constant as ``--set`` names it: ``NAME`` of the normal AI's module,
    ``module.NAME`` of another module of ``rules/axis_allies/ai`` (e.g. ``pacific.KEEP``)."""
    where, _, name = setting.rpartition(".")
    try:
        return (importlib.import_module(f"rules.axis_allies.ai.{where}") if where else normal), name
    except ModuleNotFoundError:
        raise SystemExit(f"--set {setting}: rules/axis_allies/ai has no module {where}") from None


def tune(settings: list[str]) -> None:
    """Set ``NAME=VALUE`` constants of the normal AI's module (``module.NAME=VALUE``: of another
    module of ``rules/axis_allies/ai``, e.g. ``pacific.KEEP=0``), keeping each constant's type."""
    for item in settings:
        setting, _, text = item.partition("=")
        module, name = ai_constant(setting)
        where = setting.rpartition(".")[0]
        old = getattr(module, name, None)
        if not name.isupper() or not isinstance(old, int | float) or not text:
            raise SystemExit(
                f"--set {item}: not a number constant of rules/axis_allies/ai/{where or 'normal'}.py"
            )
        setattr(module, name, type(old)(text))
        print(f"  {where or 'normal'}.{name} = {text} (committed: {old})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", choices=sorted(LEVELS), default="easy")
    parser.add_argument("--versus", choices=sorted(LEVELS), help="the other level (sides swapped each game)")
    parser.add_argument("--before", type=int, default=30, help="a victory must come before this round")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel (processes)")
    parser.add_argument("--prefix", default="aa-ai", help="seed prefix; game i uses '<prefix>-<i>'")
    parser.add_argument("--each", action="store_true", help="print every game's result")
    parser.add_argument(
        "--side",
        choices=("axis", "allies"),
        help="with --versus, only the games in which --level plays this side (the same seeds)",
    )
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="see above")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="see above")
    opts = parser.parse_args()
    tune(opts.set)
    for item in opts.option:
        name, _, value = item.partition("=")
        OPTIONS[name] = int(value) if value.lstrip("-").isdigit() else value
    if OPTIONS:
        try:
            RULES.setup(dict(OPTIONS), 5, SeededRng("check"))
        except IllegalAction as error:  # a bad option stops here, in the rules' words
            raise SystemExit(f"--option: {error}") from None
        print("  options: " + ", ".join(f"{k}={v}" for k, v in OPTIONS.items()))
    other = opts.versus or opts.level
    work = [
        (f"{opts.prefix}-{i}", i, opts.before, *((opts.level, other) if i % 2 == 0 else (other, opts.level)))
        for i in range(opts.games)
        if not (opts.versus and opts.side) or (i % 2 == 0) == (opts.side == "axis")
    ]
    if opts.jobs > 1:
        with ProcessPoolExecutor(opts.jobs) as pool:
            results = list(pool.map(_run, work))
    else:
        results = [_run(w) for w in work]
    wins: dict[str, int] = {}
    kinds: dict[str, int] = {}
    levels: dict[str, int] = {}
    sided: dict[str, int] = {}
    for (seed, _, _, axis, allies), (winner, kind, played, secs, slow, level, _turn, moscow) in zip(
        work, results, strict=True
    ):
        wins[winner] = wins.get(winner, 0) + 1
        if winner != "unfinished":
            kinds[f"{winner} {kind}"] = kinds.get(f"{winner} {kind}", 0) + 1
            levels[level] = levels.get(level, 0) + 1
            sided[f"{level} as {winner}"] = sided.get(f"{level} as {winner}", 0) + 1
        if opts.each:
            print(
                f"  {seed} (Axis {axis}, Allies {allies}): {winner} {kind} in {played} rounds, "
                f"{secs:.1f} s, slowest choice {slow:.2f} s"
                + (f", Moscow Axis in round {moscow}" if moscow else "")
            )
    rounds = [r[2] for r in results if r[0] != "unfinished"]
    times = [r[3] for r in results]
    taken = [r[7] for r in results if r[7]]
    mode = f"{opts.level} against {opts.versus}, sides swapped" if opts.versus else f"all {opts.level}"
    print(f"{len(work)} five-power AI games ({mode}), no round limit, victories before round {opts.before}:")
    print("  wins: " + ", ".join(f"{w} {wins.get(w, 0)}" for w in (*SIDE_NAMES, "unfinished")))
    print("  by kind: " + (", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"))
    if opts.versus:
        print(
            "  by level: "
            + ", ".join(f"{lv} {levels.get(lv, 0)}" for lv in (opts.level, opts.versus))
            + " ("
            + ", ".join(f"{k} {n}" for k, n in sorted(sided.items()))
            + ")"
        )
    if rounds:
        middle = statistics.median(rounds)
        print(f"  rounds (finished games): median {middle:g}, range {min(rounds)}-{max(rounds)}")
    if taken:
        print(
            f"  Moscow taken by the Axis in {len(taken)} games, "
            f"first in round median {statistics.median(taken):g}"
        )
    else:
        print("  Moscow never taken by the Axis")
    print(f"  time per game: median {statistics.median(times):.1f} s")
    choice, turn = max(r[4] for r in results), max(r[6] for r in results)
    print(f"  slowest AI choice: {choice:.2f} s; slowest AI turn: {turn:.2f} s")


if __name__ == "__main__":
    main()

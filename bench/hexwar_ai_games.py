"""Hex war AI against itself, setup to the end: games per minute and win rates by seat.

    python bench/hexwar_ai_games.py [--games 100] [--players 2 3 4 5] [--prefix hexwar-ai] [--option N=V]
        [--level easy|normal] [--versus easy] [--post]

``--level`` picks the AI level every seat plays (default easy), and prints a usage table: the share of
games in which the AI used each unit kind and each kind of order ("defence aimed: ground at inf": a
defence bought or re-aimed at that target). ``--versus LEVEL``: two-player games of
``--level`` against LEVEL, seats swapped every other game; prints the share ``--level`` won.

``--post`` starts every game with the options a new game gets by post (the registry's
``post_defaults``: the by-post setup turns and issue 30's seat balance), before any
``--option``.

For each number of players: ``--games`` complete games with default options (the AI places the hexes,
units and capitals, then writes orders every round), one seed each. Prints the wins by seat (a shared
win counts as a fraction), each seat's share and its ratio to the fair share (1/players), and the
largest ratio (issue 30 aims at no seat above 1.3); the same split between games won by every capital
and games decided by the money earned after the round limit, and how many were shared (draws); the
median and range of rounds, and games per minute with the median and spread of the time per game (AI
thinking included). Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.hexwar import GAME
from rules.core.dice import SeededRng
from rules.core.events import Action
from rules.hexwar import RULES
from rules.hexwar.actions import AimDefence, Bombard, BuildCity, Buy, BuyDefence, Jump, Move
from rules.hexwar.ai import HexWarAI, HexWarNormalAI
from rules.hexwar.common import board_of
from rules.hexwar.state import HexState
from rules.hexwar.units import DEFENCE_TARGETS, HOV, ORDER, PLANE

LEVELS = {"easy": HexWarAI, "normal": HexWarNormalAI}


def uses(state: HexState, action: Action) -> set[str]:
    """The kinds of unit and order an action of the AI uses (the rows of the usage table)."""
    b = board_of(state)
    if isinstance(action, Move):
        found = {f"unit {action.unit}", "order move"}
        source, target = b.lookup(action.source), b.lookup(action.target)
        if action.unit == PLANE and b.water[target]:
            found.add("order plane strike at sea")
        if action.unit == HOV and action.cargo and not b.water[source]:
            found.add("order hovercraft load")
        if action.unit == HOV and action.cargo and not b.water[target]:
            found.add("order hovercraft landing")
        return found
    if isinstance(action, Jump):
        return {"unit jt", "order jump"}
    if isinstance(action, Bombard):
        return {f"unit {action.unit}", "order bombard"}
    if isinstance(action, Buy):
        return {f"unit {action.unit}", f"order buy {action.unit}"}
    if isinstance(action, BuyDefence):
        aimed = f"order defence aimed: {action.kind} at {action.aim}"
        return {f"order defence {action.kind}", f"order defence {action.kind} at {action.aim}", aimed}
    if isinstance(action, AimDefence):
        aimed = f"order defence aimed: {action.kind} at {action.aim}"
        return {"order aim", f"order aim {action.kind} at {action.aim}", aimed}
    if isinstance(action, BuildCity):
        return {"order city"}
    return set()


def play_one(
    seed: str,
    index: int,
    players: int,
    options: dict[str, str] | None = None,
    levels: list[str] | None = None,
) -> tuple[HexState, float, set[str]]:
    levels = levels or ["easy"] * players
    agents = [LEVELS[levels[s]](index * 10 + s) for s in range(players)]
    rng = SeededRng(seed)
    used: set[str] = set()
    start = time.perf_counter()
    state, _ = RULES.setup(options or {}, players, rng)
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        action = agents[seat].choose(state, seat)
        used |= uses(state, action)
        state, _ = RULES.apply(state, seat, action, rng)
    return state, time.perf_counter() - start, used


def usage_table(counts: dict[str, int], games: int) -> None:
    units = [f"unit {u}" for u in ORDER]
    orders = sorted(k for k in counts if k.startswith("order"))
    fixed = ["order jump", "order bombard", "order plane strike at sea", "order hovercraft load"]
    fixed += ["order hovercraft landing", "order aim", "order city"]
    fixed += [f"order defence {k}" for k in ("ground", "air", "water")]
    fixed += [f"order defence aimed: {k} at {u}" for k, targets in DEFENCE_TARGETS.items() for u in targets]
    fixed += [f"order buy {u}" for u in ORDER]
    print(f"  usage (share of {games} games in which the AI used it):")
    for row in [*units, *sorted(set(orders) | set(fixed))]:
        print(f"    {row:40} {counts.get(row, 0) / games:4.0%}")


def seat_shares(wins: list[float], games: int, fair: float) -> str:
    """Each seat's wins, share of the games and that share against the fair share."""
    if not games:
        return "none"
    return ", ".join(f"{s + 1}: {w:g} ({w / games:.0%}, {w / games / fair:.2f}x)" for s, w in enumerate(wins))


def versus(opts: argparse.Namespace, options: dict[str, str]) -> None:
    won = 0.0
    times: list[float] = []
    for i in range(opts.games):
        levels = [opts.level, opts.versus] if i % 2 == 0 else [opts.versus, opts.level]
        state, seconds, _ = play_one(f"{opts.prefix}-vs-{i}", i, 2, options, levels)
        times.append(seconds)
        mine = levels.index(opts.level)
        if mine in state.winners:
            won += 1 / len(state.winners)
    print(
        f"{opts.level} against {opts.versus}, {opts.games} two-player games, seats swapped every other game: "
        f"{opts.level} won {won:g} ({won / opts.games:.0%}); "
        f"{60 * len(times) / sum(times):.0f} games/minute"
    )


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
    parser.add_argument("--level", choices=sorted(LEVELS), default="easy", help="the level every seat plays")
    parser.add_argument("--post", action="store_true", help="new games' options by post (post_defaults)")
    parser.add_argument("--versus", choices=sorted(LEVELS), help="two-player games of --level against this")
    opts = parser.parse_args()
    options = {
        name: int(value) if value.isdigit() else value
        for name, value in (o.split("=", 1) for o in opts.option)
    }
    if opts.versus:
        versus(opts, options)
        return
    if opts.post:
        options = {**GAME.post_defaults, **options}
    all_times: list[float] = []
    for players in opts.players:
        wins = {"all": [0.0] * players, "capitals": [0.0] * players, "money": [0.0] * players}
        shared = 0
        rounds: list[int] = []
        times: list[float] = []
        counts: dict[str, int] = {}
        for i in range(opts.games):
            state, seconds, used = play_one(
                f"{opts.prefix}-{players}p-{i}", i, players, options, [opts.level] * players
            )
            for kind in used:
                counts[kind] = counts.get(kind, 0) + 1
            times.append(seconds)
            rounds.append(state.round)
            how = "capitals" if "capital" in state.summary else "money"
            shared += len(state.winners) > 1
            for seat in state.winners:
                wins["all"][seat] += 1 / len(state.winners)
                wins[how][seat] += 1 / len(state.winners)
        all_times += times
        fair = 1 / players
        print(f"{players} players, {opts.games} games{' (by post)' if opts.post else ''}:")
        for how, label in (("all", "wins by seat"), ("capitals", "by every capital"), ("money", "by money")):
            games = round(sum(wins[how]))  # of these games: each seat's share of them
            print(f"  {label} ({games} games): " + seat_shares(wins[how], games, fair))
        ratio = max(wins["all"]) / opts.games / fair
        print(f"  fair share {fair:.0%}; largest share / fair = {ratio:.2f} (issue 30's aim: at most 1.3)")
        print(f"  shared wins (draws on money): {shared}")
        print(f"  rounds: median {statistics.median(rounds):g}, range {min(rounds)}-{max(rounds)}")
        q = statistics.quantiles(times, n=4)
        print(
            f"  time per game: median {statistics.median(times) * 1000:.0f} ms "
            f"(quartiles {q[0] * 1000:.0f}-{q[2] * 1000:.0f}, max {max(times) * 1000:.0f}); "
            f"{60 / statistics.mean(times):.0f} games/minute"
        )
        usage_table(counts, opts.games)
    print(
        f"all: {len(all_times)} games, {60 * len(all_times) / sum(all_times):.0f} "
        "setup-to-end games/minute on one core"
    )


if __name__ == "__main__":
    main()

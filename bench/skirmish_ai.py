"""Skirmish AIs: seat balance, what the AI uses of the game, and one level against another.

    .venv/bin/python bench/skirmish_ai.py [--level easy|normal] [--games 100] [--seats 2 3 4 5 6]
                                          [--prefix sk-ai] [--usage] [--rounds] [--every N] [--versus N]
                                          [--against easy|normal]
                                          [--set NAME=VALUE ...] [--against-set NAME=VALUE ...]
                                          [--option NAME=VALUE ...] [--post]

Seat balance (the default): for each player count, ``--games`` games with one AI of ``--level`` per seat
(seeds ``<prefix>-<players>p-<i>``). Prints, per seat, the wins (a shared win counts as a fraction) and
the ratio to the fair share (1.00 = exactly 1/players; the aim is at most 1.3), how the games ended, the
rounds played and the games per minute (AI thinking included).

``--usage``: the same games, and for each unit kind (brought to the battle board; traded out in an
exchange), card kind (played), and action kind, the share of games in which some seat used it (aim: every
kind in at least half of the 3-player `normal` games), and the share of battles decided on the board
rather than five to one before a roll (aim: at least half), with and without attacks on empty territories.

``--rounds``: the same games, and for each round the territories each seat held at the end of its own
turn (the mean over the games where that seat played that turn; the round limit's score is the last), and
the games tied on territories at the round limit, with the seats that took them (by the tie-break).

``--every N``: the report after every N games too (the games so far), for long runs on a busy machine.

``--versus N``: N two-player games of ``--level`` against ``--against`` (default `easy`), the seats
swapped every other game (seeds ``<prefix>-vs-<i>``); prints the level's wins (aim for `normal`: at least
70% of 200 against `easy`).

``--set NAME=VALUE``: a class attribute of ``--level``'s AI at another value, for the level's seats only
(``--against`` keeps its own, or takes ``--against-set``), so one change is measured against the version
before it: ``--level normal --against normal --against-set GENERALS=0``. ``--option NAME=VALUE``: a game
option for every game; ``--post``: new games' options by post (``bot/games/skirmish`` ``post_defaults``)
before those.

Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.skirmish import GAME
from rules.core.conformance import play
from rules.core.events import Action, Event
from rules.skirmish import RULES
from rules.skirmish.actions import (
    Attack,
    Defend,
    DrawCard,
    Exchange,
    ExtraExchange,
    ExtraMove,
    Move,
    PlayCard,
    Reinforce,
)
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.ai.normal import SkirmishNormalAI
from rules.skirmish.board import skirmish_map
from rules.skirmish.events import BattleEnded, Exchanged
from rules.skirmish.pieces import UNIT_TYPES, pieces

LEVELS: dict[str, type[SkirmishAI]] = {"easy": SkirmishAI, "normal": SkirmishNormalAI}
ACTIONS = {
    "reinforce": Reinforce,
    "draw a card": DrawCard,
    "extra move": ExtraMove,
    "extra exchange": ExtraExchange,
    "exchange": Exchange,
    "attack": Attack,
    "free move": Move,
}


def ending(summary: str) -> str:
    if summary.startswith("After"):
        return "round limit"
    if summary.startswith("Held"):
        return "victory share"
    return "last standing"


class Usage:
    """What one game used, gathered after every action (the state before it tells an empty target)."""

    def __init__(self) -> None:
        self.used: set[str] = set()
        self.battles = Counter[str]()
        self.lone = False  # the battle under way is against a territory holding a single unit

    def check(self, before: Any, after: Any, action: Action, events: list[Event]) -> None:
        board = skirmish_map()
        for name, kind in ACTIONS.items():
            if isinstance(action, kind):
                self.used.add(f"action: {name}")
        if isinstance(action, Attack | Defend) and action.units is not None:  # None: the strongest ten
            for unit in action.units.kinds():
                self.used.add(f"unit on the board: {unit}")
        if isinstance(action, Attack):
            held = before.units[board.index(action.target)].total
            self.battles["empty"] += not held
            self.lone = held == 1
        for event in events:
            if isinstance(event, Exchanged):
                for unit in event.got.kinds():
                    self.used.add(f"unit traded out: {unit}")
            if isinstance(event, BattleEnded):
                self.battles["5-to-1" if event.ended_by == "5-to-1" else "board"] += 1
                self.battles["5-to-1 on one unit"] += event.ended_by == "5-to-1" and self.lone
        if isinstance(action, PlayCard):
            self.used.add(f"card: {pieces().cards[action.card].name}")


class Rounds:
    """Territories each seat held at the end of its own turn, per round, in one game."""

    def __init__(self) -> None:
        self.held: dict[tuple[int, int], int] = {}  # (round, seat) -> territories

    def check(self, before: Any, after: Any, action: Action, events: list[Event]) -> None:
        if after.current != before.current or after.turn != before.turn or after.winners:
            self.held[before.round, before.current] = after.territories_of(before.current)


Check = Callable[[Any, Any, Action, list[Event]], None]


def together(checks: list[Check]) -> Check | None:
    """One check calling each of ``checks`` in turn (None for none)."""
    if not checks:
        return None

    def check(before: Any, after: Any, action: Action, events: list[Event]) -> None:
        for each in checks:
            each(before, after, action, events)

    return check


def kinds() -> list[str]:
    units = [f"unit on the board: {u}" for u in UNIT_TYPES] + [
        f"unit traded out: {u}" for u in UNIT_TYPES[1:]
    ]
    cards = [f"card: {k.name}" for k in pieces().kinds]
    return units + cards + [f"action: {a}" for a in ACTIONS]


def tuned(level: str, settings: list[str]) -> Callable[[int], Any]:
    """``level``'s AI class with the ``NAME=VALUE`` settings as class attributes (numbers)."""
    base = LEVELS[level]
    if not settings:
        return base
    values: dict[str, float] = {}
    for setting in settings:
        name, _, value = setting.partition("=")
        if not hasattr(base, name):
            raise SystemExit(f"{base.__name__} has no setting {name}")
        values[name] = type(getattr(base, name))(float(value))
    return type(f"Tuned{base.__name__}", (base,), values)


def run(
    players: int,
    games: int,
    prefix: str,
    make: Callable[[int], Any],
    usage: bool,
    options: dict[str, Any],
    level: str,
    by_round: bool = False,
    every: int = 0,
) -> None:
    wins = [0.0] * players
    held: dict[tuple[int, int], list[int]] = {}  # (round, seat) -> territories at the end of its turn
    tied = [0.0] * players  # games tied on territories at the round limit, by the seat that took them
    endings: Counter[str] = Counter()
    rounds: list[int] = []
    used: Counter[str] = Counter()
    battles: Counter[str] = Counter()

    def report(done: int) -> None:
        elapsed = time.perf_counter() - start
        fair = done / players
        print(
            f"{players} players, {level}, {done} games: {done / elapsed * 60:.0f} games/min, rounds median "
            f"{statistics.median(rounds):g} (range {min(rounds)}-{max(rounds)}); "
            + ", ".join(f"{k} {n}" for k, n in endings.most_common())
        )
        print("  seat   wins   wins/fair share")
        for seat, won in enumerate(wins):
            print(f"  {seat + 1:>4} {won:6.1f}   {won / fair:5.2f}")
        print(f"  worst seat: {max(wins) / fair:.2f} x its fair share")
        if by_round:
            print(
                f"  tied on territories at the round limit: {sum(tied):g} games, taken by seat "
                + " / ".join(f"{t:g}" for t in tied)
            )
            print(
                "  round: territories at the end of each seat's own turn (mean over the games it played it)"
            )
            for rnd in sorted({r for r, _ in held}):
                means = [held.get((rnd, seat), []) for seat in range(players)]
                print(f"    {rnd:>5} " + " ".join(f"{sum(m) / len(m):5.1f}" if m else "    -" for m in means))
        if usage:
            print("  used in games (share):")
            for kind in kinds():
                print(f"    {kind:<32} {used[kind] / done:5.2f}")
            total = battles["board"] + battles["5-to-1"]
            fought = total - battles["empty"]
            print(
                f"  battles: {total}, on the board {battles['board'] / max(total, 1):.2f}; "
                f"leaving out the {battles['empty']} attacks on empty territories: "
                f"{battles['board'] / max(fought, 1):.2f}; five to one against a lone unit "
                f"{battles['5-to-1 on one unit'] / max(total, 1):.2f}"
            )

    start = time.perf_counter()
    for i in range(games):
        seen, turns = Usage(), Rounds()
        game = play(
            RULES,
            players,
            [make(i * 10 + s) for s in range(players)],
            f"{prefix}-{players}p-{i}",
            options=options,
            check=together([seen.check] * usage + [turns.check] * by_round),
        )
        for key, count in turns.held.items():
            held.setdefault(key, []).append(count)
        used.update(seen.used)
        battles.update(seen.battles)
        result = RULES.result(game.state)
        if result is None:
            endings["unfinished"] += 1
            continue
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        endings[ending(result.summary)] += 1
        rounds.append(game.state.round)
        score = game.state.held_after_turn
        if ending(result.summary) == "round limit" and score.count(max(score)) > 1:
            for seat in result.winners:
                tied[seat] += 1 / len(result.winners)
        if every and (i + 1) % every == 0 and i + 1 < games:
            report(i + 1)
    report(games)


def versus(
    games: int,
    prefix: str,
    make: Callable[[int], Any],
    other: Callable[[int], Any],
    against: str,
    options: dict[str, Any],
    level: str,
) -> None:
    won = 0.0
    start = time.perf_counter()
    for i in range(games):
        seat = i % 2  # the level's seat, swapped every other game
        agents = [make(i), other(i)] if seat == 0 else [other(i), make(i)]
        game = play(RULES, 2, agents, f"{prefix}-vs-{i}", options=options)
        result = RULES.result(game.state)
        if result is not None and seat in result.winners:
            won += 1 / len(result.winners)
    elapsed = time.perf_counter() - start
    print(
        f"{level} against {against}, 2 players, {games} games (seats swapped): {level} won {won:g} "
        f"({won / games:.0%}); {games / elapsed * 60:.0f} games/min"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per number of players")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--prefix", default="sk-ai")
    parser.add_argument("--level", choices=sorted(LEVELS), default="easy")
    parser.add_argument("--usage", action="store_true", help="what the AI used, and battles on the board")
    parser.add_argument("--rounds", action="store_true", help="territories per seat per round, and ties")
    parser.add_argument("--every", type=int, default=0, help="also report after every N games so far")
    parser.add_argument("--versus", type=int, default=0, help="games of --level against --against, 2 players")
    parser.add_argument("--against", choices=sorted(LEVELS), default="easy")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a setting of --level's AI")
    parser.add_argument(
        "--against-set", action="append", default=[], help="NAME=VALUE: a setting of --against's AI"
    )
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE: a game option")
    parser.add_argument("--post", action="store_true", help="new games' options by post (post_defaults)")
    opts = parser.parse_args()
    make = tuned(opts.level, opts.set)
    level = " ".join([opts.level, *opts.set])
    options: dict[str, Any] = dict(GAME.post_defaults) if opts.post else {}
    for option in opts.option:
        name, _, value = option.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    if opts.versus:
        other = tuned(opts.against, opts.against_set)
        against = " ".join([opts.against, *opts.against_set])
        versus(opts.versus, opts.prefix, make, other, against, options, level)
        return
    for players in opts.seats:
        run(players, opts.games, opts.prefix, make, opts.usage, options, level, opts.rounds, opts.every)


if __name__ == "__main__":
    main()

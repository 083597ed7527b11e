"""Attack! AI against itself: the balance check of the design by seat and by government, what the AI
uses, and how long it thinks.

    python bench/attack_ai_games.py [--games 120] [--jobs 1] [--prefix atk-ai] [--seats 2,3,4,5,6]
                                    [--level easy|normal] [--versus]

Game i has ``seats[i % len(seats)]`` players; two to four players alternate the Western and Pacific
theatres, five and six play the joined world. Every seat plays the AI of ``--level`` (``easy``: today's
``AttackAI``; ``normal``: ``AttackNormalAI``), which picks a government at random among those left, so
every government is sampled. A shared win counts 1/k to each of k winners.

``--versus``: two-player games, one ``normal`` AI against one ``easy``, the seats swapped every other
game (the theatres alternate every second pair); prints the share of games ``normal`` wins.

Prints, for each seat number, each government, each place in the order capitals were placed in and
(five and six players) each continent a capital stood on: games played, wins, and wins over the fair share
(the sum of 1/players over the games it played; 1.00 is exactly fair; issue 31 aims at no more than
1.25 over 300 games a player count); the share of games in which some seat built each unit kind and
took each action kind (aim: every kind in at least half); the share of movement actions (Move, Blitz,
Transport, Navigate) begun and ended without moving anything (aim: under 5%); how games ended, years
played, time per game, and the slowest single AI choice at each player count (aim: under 2 s).
Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.attack import GAME
from rules.attack import RULES
from rules.attack.actions import Begin, EndAction, March, PlaceCapital, Sail
from rules.attack.ai import AttackAI
from rules.attack.ai.normal import AttackNormalAI
from rules.attack.common import board_of, score
from rules.attack.events import ActionBegan, Burned, NavyBattleBegan, NavyRetreated, ShipsSailed, UnitsBuilt
from rules.attack.tables import ARMY_TYPES, GOVERNMENTS, NAVY_TYPES
from rules.core.dice import SeededRng
from rules.core.options import OptionValue

LEVELS = {"easy": AttackAI, "normal": AttackNormalAI}
STEPPED = ("move", "blitz", "transport", "navigate")
POST_DEFAULTS = GAME.post_defaults
ACTION_KINDS = ("move", "blitz", "navigate", "transport", "negotiate", "build", "research", "burn")
WORLD = 5  # players from which the joined world is played
EXTRA_KINDS = ("navy battle", "armies carried by sea", "navy retreat")


def play_one(
    seed: str,
    index: int,
    seats: int,
    levels: tuple[str, ...],
    extra: tuple[tuple[str, OptionValue], ...] = (),
) -> dict[str, object]:
    """One AI game: who won, governments, how it ended, what each seat used, empty moves, timings."""
    # The options a new game starts with by post (issue 31's balance), then any ``--option`` tried.
    options: dict[str, OptionValue] = {**POST_DEFAULTS, **dict(extra)}
    if seats < 5:
        options["map"] = ("western", "pacific")[index // 5 % 2]
    agents = [LEVELS[levels[s]](index * 10 + s) for s in range(seats)]
    rng = SeededRng(seed)
    start = time.perf_counter()
    state, _ = RULES.setup(options, seats, rng)
    used: list[set[str]] = [set() for _ in range(seats)]
    open_kind: dict[int, tuple[str, bool]] = {}
    stepped = {level: [0, 0, 0, 0] for level in levels}  # movement actions, empty ones, Moves, empty Moves
    slowest = 0.0
    placed: list[int] = []  # seats in the order they placed their capitals
    capitals: list[str] = []
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        began = time.perf_counter()
        action = agents[seat].choose(state, seat)
        slowest = max(slowest, time.perf_counter() - began)
        if isinstance(action, Begin) and action.action in STEPPED:
            open_kind[seat] = (action.action, False)
        elif isinstance(action, March | Sail) and seat in open_kind:
            open_kind[seat] = (open_kind[seat][0], True)
        elif isinstance(action, EndAction) and seat in open_kind:
            kind, moved = open_kind.pop(seat)
            row = stepped[levels[seat]]
            row[0] += 1
            row[1] += not moved
            row[2] += kind == "move"
            row[3] += kind == "move" and not moved
        if isinstance(action, PlaceCapital):
            placed.append(seat)
            capitals.append(action.region)
        state, events = RULES.apply(state, seat, action, rng)
        for e in events:
            if isinstance(e, ActionBegan):
                used[e.seat].add(e.action)
            elif isinstance(e, Burned):
                used[e.seat].add("burn")
            elif isinstance(e, UnitsBuilt) and e.production:  # not Communism's free infantry
                for kinds, units in ((ARMY_TYPES, e.army.counts()), (NAVY_TYPES, e.navy.counts())):
                    used[e.seat] |= {k for k, n in zip(kinds, units, strict=True) if n}
            elif isinstance(e, NavyBattleBegan):
                used[e.seat].add("navy battle")
            elif isinstance(e, ShipsSailed) and any(e.army.counts()):
                used[e.seat].add("armies carried by sea")
            elif isinstance(e, NavyRetreated):
                used[e.seat].add("navy retreat")
    board = board_of(state)
    return {
        "seats": seats,
        "winners": state.winners,
        "governments": tuple(s.government for s in state.seats),
        "placed": tuple(placed),
        "capitals": tuple(capitals),
        "continents": tuple(board.continent_of[board.index[c]] for c in capitals),
        "scores": tuple(score(state, s) for s in range(seats)),
        "levels": levels,
        "ending": "capital" if "capital" in state.summary else "points",
        "year": state.year,
        "seconds": time.perf_counter() - start,
        "used": used,
        "stepped": stepped,
        "slowest": slowest,
    }


def _run(
    args: tuple[str, int, int, tuple[str, ...], tuple[tuple[str, OptionValue], ...]],
) -> dict[str, object]:
    return play_one(*args)


def _share(stats: dict[int, list[float]], key: int) -> float:
    _, wins, fair = stats[key]
    return wins / fair if fair else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel (processes)")
    parser.add_argument("--prefix", default="atk-ai", help="seed prefix; game i uses '<prefix>-<i>'")
    parser.add_argument("--seats", default="2,3,4,5,6", help="player counts, cycled")
    parser.add_argument("--level", default="easy", choices=sorted(LEVELS), help="the AI every seat plays")
    parser.add_argument("--versus", action="store_true", help="normal against easy, two players, swapped")
    parser.add_argument(
        "--option", action="append", default=[], help="NAME=VALUE: a ruleset option over the post defaults"
    )
    opts = parser.parse_args()
    extra = tuple(_option(text) for text in opts.option)
    if opts.versus:
        work = [
            (f"{opts.prefix}-{i}", i, 2, ("normal", "easy") if i % 2 == 0 else ("easy", "normal"), extra)
            for i in range(opts.games)
        ]
    else:
        counts = [int(n) for n in opts.seats.split(",")]
        work = []
        for i in range(opts.games):
            n = counts[i % len(counts)]
            work.append((f"{opts.prefix}-{i}", i, n, (opts.level,) * n, extra))
    if opts.jobs > 1:
        with ProcessPoolExecutor(opts.jobs) as pool:
            results = list(pool.map(_run, work))
    else:
        results = [_run(w) for w in work]
    what = "normal against easy" if opts.versus else f"level {opts.level}, players {opts.seats} (cycled)"
    tried = "".join(f", {k}={v}" for k, v in extra)
    print(f"{len(results)} AI games, {what}{tried}, seeds {opts.prefix}-0..{len(results) - 1}")
    if opts.versus:
        normal_wins = 0.0
        for r in results:
            winners, levels = r["winners"], r["levels"]
            assert isinstance(winners, tuple) and isinstance(levels, tuple)
            normal_wins += sum(1 / len(winners) for w in winners if levels[w] == "normal")
        print(
            f"  normal wins {normal_wins:.1f} of {len(results)}: {normal_wins / len(results):.0%} (aim 70%)"
        )
    _balance(results)
    counts_played = sorted({int(r["seats"]) for r in results})  # type: ignore[call-overload]
    if len(counts_played) > 1:  # the aim is per player count
        for n in counts_played:
            alike = [r for r in results if r["seats"] == n]
            print(f"  {n} players alone ({len(alike)} games):")
            _balance(alike)
    _usage(results, "normal" if opts.versus else opts.level)
    _timing(results)


def _option(text: str) -> tuple[str, OptionValue]:
    name, _, value = text.partition("=")
    return name, int(value) if value.lstrip("-").isdigit() else value


def _balance(results: list[dict[str, object]]) -> None:
    seat_stats: dict[int, list[float]] = {}  # seat -> [played, wins, fair share]
    gov_stats: dict[int, list[float]] = {}
    place_stats: dict[int, list[float]] = {}  # the order a seat placed its capital in
    land_stats: dict[str, list[float]] = {}  # the continent of a seat's capital (joined world only)
    for r in results:
        seats, winners, governments, placed = r["seats"], r["winners"], r["governments"], r["placed"]
        assert isinstance(seats, int) and isinstance(winners, tuple) and isinstance(governments, tuple)
        assert isinstance(placed, tuple)
        for seat in range(seats):
            won = 1 / len(winners) if seat in winners else 0.0
            for key, table in (
                (seat, seat_stats),
                (governments[seat], gov_stats),
                (placed.index(seat), place_stats),
            ):
                row = table.setdefault(key, [0.0, 0.0, 0.0])
                row[0] += 1
                row[1] += won
                row[2] += 1 / seats
        continents = r["continents"]
        assert isinstance(continents, tuple)
        for seat, continent in zip(placed, continents, strict=True):
            if seats >= WORLD:
                row = land_stats.setdefault(continent, [0.0, 0.0, 0.0])
                row[0] += 1
                row[1] += 1 / len(winners) if seat in winners else 0.0
                row[2] += 1 / seats
    print("  by seat:        played   wins   wins/fair share")
    for seat in sorted(seat_stats):
        played, wins, _ = seat_stats[seat]
        print(f"    seat {seat + 1}:      {played:6.0f} {wins:6.1f}   {_share(seat_stats, seat):5.2f}")
    print("  by government:  played   wins   wins/fair share")
    for gov in sorted(gov_stats):
        played, wins, _ = gov_stats[gov]
        print(f"    {GOVERNMENTS[gov]:<12} {played:6.0f} {wins:6.1f}   {_share(gov_stats, gov):5.2f}")
    # the order capitals were placed in (issue 31: the first placer once won 0.39x at five and six)
    print("  by capital placed: played  wins   wins/fair share")
    for place in sorted(place_stats):
        played, wins, _ = place_stats[place]
        print(f"    placed {place + 1}:    {played:6.0f} {wins:6.1f}   {_share(place_stats, place):5.2f}")
    if land_stats:
        # where the luck of the joined world lies: a continent that wins far over its share (issue 31)
        print("  by capital's continent (five and six players): played  wins  wins/fair share")
        for land in sorted(land_stats, key=lambda k: -land_stats[k][1] / land_stats[k][2]):
            played, wins, fair = land_stats[land]
            print(f"    {land:<14} {played:6.0f} {wins:6.1f}   {wins / fair:5.2f}")
    _why(results)
    worst = max(_share(t, k) for t in (seat_stats, gov_stats) for k in t)
    print(f"  largest ratio: {worst:.2f} (issue 31's aim: at most 1.25 over 300 games a player count)")


def _why(results: list[dict[str, object]]) -> None:
    """Each government's mean victory points at the end, by source: what makes a favoured one win."""
    parts: dict[int, list[float]] = {}  # government -> [seats, regions, zones, capitals, economics, total]
    for r in results:
        governments, scores = r["governments"], r["scores"]
        assert isinstance(governments, tuple) and isinstance(scores, tuple)
        for gov, points in zip(governments, scores, strict=True):
            row = parts.setdefault(gov, [0.0] * 6)
            row[0] += 1
            for i, value in enumerate(points):
                row[i + 1] += value
    print("  mean points at the end: regions  zones capitals economics  total")
    for gov in sorted(parts):
        n, *sums = parts[gov]
        print(f"    {GOVERNMENTS[gov]:<12}" + "".join(f" {v / n:8.2f}" for v in sums))


def _usage(results: list[dict[str, object]], level: str) -> None:
    """What the seats playing ``level`` used, and how many of their movement actions moved nothing."""
    games = len(results)
    print(f"  share of games in which a {level} seat used each kind (aim: at least half):")
    for kind in (*ARMY_TYPES, *NAVY_TYPES, *ACTION_KINDS, *EXTRA_KINDS):
        n = 0
        for r in results:
            used, levels = r["used"], r["levels"]
            assert isinstance(used, list) and isinstance(levels, tuple)
            n += any(kind in u for u, lv in zip(used, levels, strict=True) if lv == level)
        print(f"    {kind:<24} {n / games:5.0%}")
    for name in sorted({lv for r in results for lv in r["levels"]}):  # type: ignore[attr-defined]
        total = empty = moves = empty_moves = 0
        for r in results:
            row = r["stepped"].get(name)  # type: ignore[attr-defined]
            if row:
                total, empty, moves, empty_moves = (
                    total + row[0],
                    empty + row[1],
                    moves + row[2],
                    empty_moves + row[3],
                )
        print(
            f"  {name}: empty actions {empty} of {total} movement actions ({empty / max(1, total):.1%}); "
            f"Moves {empty_moves} of {moves} ({empty_moves / max(1, moves):.1%}) (aim: under 5%)"
        )


def _timing(results: list[dict[str, object]]) -> None:
    endings: dict[str, int] = {}
    for r in results:
        ending = r["ending"]
        assert isinstance(ending, str)
        endings[ending] = endings.get(ending, 0) + 1
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))
    years = [r["year"] for r in results]
    times = [r["seconds"] for r in results]
    print(f"  years played: median {statistics.median(years):g}, range {min(years)}-{max(years)}")  # type: ignore[type-var]
    quartiles = statistics.quantiles(times, n=4) if len(times) > 1 else [times[0]] * 3  # type: ignore[list-item]
    print(
        f"  time per game: median {statistics.median(times):.2f} s, "  # type: ignore[type-var]
        f"quartiles {quartiles[0]:.2f}-{quartiles[2]:.2f} s"
    )
    by_players: dict[int, float] = {}
    for r in results:
        seats, slowest = r["seats"], r["slowest"]
        assert isinstance(seats, int) and isinstance(slowest, float)
        by_players[seats] = max(by_players.get(seats, 0.0), slowest)
    print(
        "  slowest AI choice: "
        + ", ".join(f"{n} players {t:.3f} s" for n, t in sorted(by_players.items()))
        + " (aim: under 2 s at 6 players)"
    )


if __name__ == "__main__":
    main()

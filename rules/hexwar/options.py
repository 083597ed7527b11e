"""The options a Hex war game can be set up with, declared once for every front end, and the round
timer turned into a deadline.

The rule document times each round: 3 min 30 s, 30 s less each round, never under 30 s. By post the
same shape becomes a deadline in hours (default 48, 6 fewer each round, never under 12); a group playing
at the same time picks ``timer=live`` and keeps the document's own minutes. The Discord layer reads
``deadline_seconds``; the engine itself never looks at a clock.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.options import OptionSpec, OptionValue, resolve_options
from rules.hexwar.state import HexOptions

LIVE_START, LIVE_STEP, LIVE_MIN = 210, 30, 30  # the document's timer, in seconds

OPTIONS = (
    OptionSpec(
        "rounds",
        20,
        "After this many rounds the most money earned wins (0: play until one player holds every capital).",
        minimum=0,
        maximum=200,
    ),
    OptionSpec(
        "die", 10, "Sides of the combat die; a unit hits at or under its attack value.", minimum=8, maximum=12
    ),
    OptionSpec(
        "hexes_per_turn",
        1,
        "Hexes a player places per setup turn (the rules: 1; 0, new games' default: a third of a hand, or "
        "half of what is left after a first turn of opening hexes).",
        minimum=0,
        maximum=25,
    ),
    OptionSpec(
        "units_per_turn",
        1,
        "Starting units a player places per setup turn (the rules: 1; new games' default: all 23).",
        minimum=1,
        maximum=23,
    ),
    OptionSpec("income_land", 1, "Money a round for each plain land hex held.", minimum=0, maximum=10),
    OptionSpec("income_city", 3, "Money a round for each city or port city held.", minimum=0, maximum=20),
    OptionSpec("income_capital", 5, "Extra money a round for each capital held.", minimum=0, maximum=30),
    OptionSpec(
        "defences_per_kind",
        1,
        "Defence structures of each kind (ground, air, water) a city may have.",
        minimum=1,
        maximum=5,
    ),
    OptionSpec(
        "timer",
        "post",
        "How long a round (and a setup turn) may take.",
        choices=("post", "live"),
        choice_help={
            "post": "hours by post: post_hours, shrinking by post_step_hours a round to post_min_hours",
            "live": "the rules' own clock: 3 min 30 s, 30 s less each round, at least 30 s",
        },
    ),
    OptionSpec(
        "post_hours", 48, "By post: hours for the first round and for setup turns.", minimum=1, maximum=336
    ),
    OptionSpec("post_step_hours", 6, "By post: hours fewer each round.", minimum=0, maximum=48),
    OptionSpec("post_min_hours", 12, "By post: the shortest a round gets, in hours.", minimum=1, maximum=336),
    OptionSpec(
        "unsubmitted",
        "hold",
        "Orders written but not submitted when the deadline passes.",
        choices=("hold", "stand"),
        choice_help={"hold": "are dropped: the player holds", "stand": "are submitted as written"},
    ),
    # Issue 30's seat balance: placing a third of a hand a turn, the first seat's first turn built a block
    # at the centre that every other seat then built against, and it won far under its share. The
    # engine's default stays 0 so every stored game replays as it was set up; new games by post start
    # with the fix (``bot/games/hexwar`` ``post_defaults``; docs/rules/hexwar.md).
    OptionSpec(
        "opening_hexes",
        0,
        "With 3 to 5 players: hexes each player places on their first setup turn (0: as many as on the "
        "other turns; by post new games have 2, so the first player's first turn is no block at the centre).",
        minimum=0,
        maximum=25,
    ),
    OptionSpec(
        "hex_order",
        "seat",
        "With 3 to 5 players: the order of the setup's hex turns (with 2, always seat order).",
        choices=("seat", "snake"),
        choice_help={
            "seat": "seat order every lap (1 2 3, 1 2 3, ...)",
            "snake": "seat order, then back again (1 2 3, 3 2 1, 1 2 3, ...)",
        },
    ),
    # Issue 30 again: with the opening and the snake, the seat that places the first hex (on the starting
    # outline, so at the centre) still won 0.61 to 0.70 times its share at 4 players, earning some 30 less
    # over 20 rounds than the others (at 3 and 5 players it was not behind). It is paid for it, as the
    # second player in go is paid komi: 0 by the engine (stored games), 1 a round for new games by post.
    OptionSpec(
        "first_placer_bonus",
        0,
        "With 4 players: extra money a round for the player who placed the first hex, at the centre that "
        "every other player builds against (by post new games have 1).",
        minimum=0,
        maximum=10,
    ),
)


def make_options(given: Mapping[str, object]) -> HexOptions:
    values: dict[str, OptionValue] = resolve_options(OPTIONS, given)
    return HexOptions(
        rounds=int(values["rounds"]),
        die=int(values["die"]),
        units_per_turn=int(values["units_per_turn"]),
        hexes_per_turn=int(values["hexes_per_turn"]),
        income_land=int(values["income_land"]),
        income_city=int(values["income_city"]),
        income_capital=int(values["income_capital"]),
        defences_per_kind=int(values["defences_per_kind"]),
        timer=str(values["timer"]),
        post_hours=int(values["post_hours"]),
        post_step_hours=int(values["post_step_hours"]),
        post_min_hours=int(values["post_min_hours"]),
        unsubmitted=str(values["unsubmitted"]),
        opening_hexes=int(values["opening_hexes"]),
        hex_order=str(values["hex_order"]),
        first_placer_bonus=int(values["first_placer_bonus"]),
    )


def deadline_seconds(options: HexOptions, round_number: int) -> int:
    """Time allowed for round ``round_number`` (setup turns count as round 1)."""
    spent = max(0, round_number - 1)
    if options.timer == "live":
        return max(LIVE_MIN, LIVE_START - LIVE_STEP * spent)
    hours = max(options.post_min_hours, options.post_hours - options.post_step_hours * spent)
    return hours * 3600


def round_clock(options: HexOptions) -> tuple[int, ...]:
    """The seconds of rounds 1, 2... (setup turns take round 1's) until they stop shrinking or the last
    round is reached: each round's after that is the last one's."""
    clock = [deadline_seconds(options, 1)]
    while not options.rounds or len(clock) < options.rounds:
        following = deadline_seconds(options, len(clock) + 1)
        if following == clock[-1]:
            break
        clock.append(following)
    return tuple(clock)

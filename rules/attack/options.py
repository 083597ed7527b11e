"""The options an Attack! game can be set up with: the numbers players may dispute, declared once."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from rules.attack.state import AttackOptions
from rules.core.options import OptionSpec, OptionValue, resolve_options

OPTIONS = (
    OptionSpec(
        "map",
        "auto",
        "The board: one theatre for 2-4 players, both joined for 5-6.",
        choices=("auto", "western", "pacific", "world"),
        choice_help={
            "auto": "Western theatre for 2-4, the world for 5-6",
            "western": "the Americas, Europe, Africa (2-4 players)",
            "pacific": "Asia, Australia, the Pacific (2-4 players)",
            "world": "both theatres joined (5-6 players)",
        },
    ),
    OptionSpec(
        "war",
        "limited",
        "How many years the war lasts unless a capital falls.",
        choices=("limited", "major", "total"),
        choice_help={"limited": "6 years", "major": "9 years", "total": "12 years"},
    ),
    OptionSpec("neutral_dice", 1, "Army dice a neutral region rolls per year number.", minimum=1, maximum=3),
    OptionSpec("burn_oil", 5, "Oil certificates burnt for a Winter action.", minimum=1, maximum=20),
    OptionSpec("ship_capacity", 2, "Army units each ship carries.", minimum=1, maximum=5),
    OptionSpec(
        "negotiate_same", 1, "Production to win over a neutral of your government.", minimum=0, maximum=9
    ),
    OptionSpec("negotiate_bloc", 2, "Production to win over a neutral of your bloc.", minimum=0, maximum=9),
    OptionSpec(
        "negotiate_other", 3, "Production to win over a neutral of the other bloc.", minimum=0, maximum=9
    ),
    OptionSpec("capital_vp", 3, "Victory points for each capital held at the end.", minimum=0, maximum=20),
    OptionSpec(
        "research_cost", 4, "Unit value scrapped per economics level researched.", minimum=1, maximum=20
    ),
    OptionSpec(
        "order_roll",
        "yearly",
        "When the order dice set the starting player.",
        choices=("yearly", "once"),
        choice_help={"yearly": "at the start of every year", "once": "once, before the first year"},
    ),
    OptionSpec("navy_range", 2, "Sea zones a Navigate moves ships through.", minimum=1, maximum=4),
    OptionSpec("blitz_range", 3, "Regions tanks and planes cross to join a Blitz.", minimum=1, maximum=6),
    OptionSpec("line_size", 4, "Units in each side's first battle line.", minimum=1, maximum=8),
    OptionSpec(
        "line_growth",
        "side",
        "How a battle line grows after the first.",
        choices=("side", "battle"),
        choice_help={
            "side": "each side's line holds one more at each of its own turns (4, 5, 6)",
            "battle": "the line holds one more at every turn of the battle, either side's (4, 6, 8)",
        },
    ),
    OptionSpec(
        "salvo_hits",
        "line",
        "Which faces of the opening salvo's dice hit.",
        choices=("line", "artillery"),
        choice_help={
            "line": "any face showing a unit type in the attacker's line, as in every volley",
            "artillery": "only artillery faces",
        },
    ),
    # Issue 31's balance: with the normal AI Democracy won 0.70-0.75 of its fair share. The engine's
    # default stays 0 so every stored game replays as it was played; new games by post start with 1
    # (``bot/games/attack`` ``post_defaults``).
    OptionSpec(
        "democracy_income", 0, "Extra production Democracy collects at each income.", minimum=0, maximum=5
    ),
    # Issue 31's balance: with the normal AI Communism won 1.12 of its fair share over 710 games, up to
    # 1.37 in smaller samples (its Factories start, three more infantry and a free one each Build). The
    # engine's default stays 1 so stored games replay as they were played; new games by post start with 0.
    OptionSpec(
        "communist_infantry",
        1,
        "Free infantry Communism gets in its capital with each Build.",
        minimum=0,
        maximum=3,
    ),
    # Issue 31's balance: the document places capitals "in turn order" before Step 5 rolls it, so the
    # placing order is a reading. The engine's default keeps the government order (stored games replay as
    # they were played); new games by post start with the one ``bot/games/attack`` ``post_defaults`` names.
    OptionSpec(
        "capital_order",
        "government",
        "The order capitals are placed in.",
        choices=("government", "reverse", "roll"),
        choice_help={
            "government": "the order governments were chosen in",
            "reverse": "the reverse of it: the last to choose a government places first",
            "roll": "a fresh roll of the order dice",
        },
    ),
)


def make_options(given: Mapping[str, object]) -> AttackOptions:
    values: dict[str, OptionValue] = resolve_options(OPTIONS, given)
    return msgspec.convert(values, AttackOptions)

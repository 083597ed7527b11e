"""The options a Skirmish game can be set up with, declared once for every front end."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.options import OptionSpec, OptionValue, resolve_options
from rules.skirmish.state import SkirmishOptions

OPTIONS = (
    OptionSpec(
        "round_limit",
        15,
        "Rounds before the game ends; then the player controlling the most territories wins.",
        minimum=1,
        maximum=100,
    ),
    OptionSpec(
        "victory_share",
        60,
        "Percent of all territories whose control wins the game at once (100: only by conquest).",
        minimum=34,
        maximum=100,
    ),
    OptionSpec("start_troops", 3, "Troops on each starting territory.", minimum=1, maximum=5),
    # Issue 32's seat balance: with every territory at its starting troops, the first player attacked
    # every other player before they had reinforced, and with 6 players won 1.3 to 1.6 times its share.
    # The engine's default stays 0 so every stored game replays as it was played; new games by post start
    # with 1 (``bot/games/skirmish`` ``post_defaults``; docs/rules/skirmish.md).
    OptionSpec(
        "first_turn_safe",
        0,
        "1: no one's territories may be attacked before that player's first turn, so the first player "
        "cannot strike everyone before they reinforce; 0: the first player may attack anyone.",
        minimum=0,
        maximum=1,
    ),
    # Issue 32's seat balance at the round limit: a tie on territories went to the most exchange value on
    # the map as the game ends, just after the last player's own turn and after the others were attacked,
    # so the last to move took most ties. Off by default, as above; on in new games by post.
    OptionSpec(
        "value_at_turn_end",
        0,
        "1: at the round limit a tie on territories goes to the most exchange value on the map at the end "
        "of one's own last turn, when the territories are counted; 0: the value on the map as the game ends.",
        minimum=0,
        maximum=1,
    ),
)


def make_options(given: Mapping[str, object]) -> SkirmishOptions:
    values: dict[str, OptionValue] = resolve_options(OPTIONS, given)
    return SkirmishOptions(
        round_limit=int(values["round_limit"]),
        victory_share=int(values["victory_share"]),
        start_troops=int(values["start_troops"]),
        first_turn_safe=int(values["first_turn_safe"]),
        value_at_turn_end=int(values["value_at_turn_end"]),
    )

"""The options a Risk game can be set up with, declared once for every front end."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.options import OptionSpec, OptionValue, resolve_options
from rules.risk.state import RiskOptions

OPTIONS = (
    OptionSpec(
        "deal",
        "random",
        "How territories are shared out at the start.",
        choices=("random", "claim"),
        choice_help={"random": "dealt at random (online convention)", "claim": "players claim them in turn"},
    ),
    OptionSpec(
        "setup_batch",
        5,
        "Starting armies each player places per setup turn (the box rules say 1).",
        minimum=1,
        maximum=40,
    ),
    OptionSpec(
        "two_player_neutral", True, "Two players: a neutral third army holds 14 territories (1993 rules)."
    ),
    OptionSpec(
        "two_player_batch",
        1,
        "Two players: setup turns of 2 own armies and 1 neutral played together as one (the rules say 1).",
        minimum=1,
        maximum=13,
    ),
    OptionSpec(
        "defender_dice",
        "max",
        "How many dice a defender rolls.",
        choices=("max", "choose"),
        choice_help={"max": "always the most allowed", "choose": "the defender decides each roll"},
    ),
    OptionSpec(
        "fortify",
        "adjacent",
        "The end-of-turn move.",
        choices=("adjacent", "connected"),
        choice_help={
            "adjacent": "to a bordering territory (classic)",
            "connected": "along a chain of your own",
        },
    ),
)


def make_options(given: Mapping[str, object]) -> RiskOptions:
    values: dict[str, OptionValue] = resolve_options(OPTIONS, given)
    return RiskOptions(
        deal=str(values["deal"]),
        setup_batch=int(values["setup_batch"]),
        two_player_neutral=bool(values["two_player_neutral"]),
        two_player_batch=int(values["two_player_batch"]),
        defender_dice=str(values["defender_dice"]),
        fortify=str(values["fortify"]),
    )

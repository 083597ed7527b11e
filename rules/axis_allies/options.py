"""The options an Axis & Allies game can be set up with, declared once for every front end."""

from __future__ import annotations

from collections.abc import Mapping

from rules.axis_allies.state import AAOptions
from rules.core.options import OptionSpec, OptionValue, resolve_options

OPTIONS = (
    OptionSpec(
        "research", True, "Weapons development: buy research dice at 5 IPCs each; a 6 earns a technology."
    ),
    OptionSpec(
        "russia_restricted",
        False,
        "The USSR makes no combat moves in its first turn (TripleA's 'Movement By Territory Restricted').",
    ),
    OptionSpec(
        "economic_victory",
        84,
        "The Axis win with this combined income at the end of a full round (0: off).",
        minimum=0,
        maximum=200,
    ),
    OptionSpec(
        "round_limit",
        0,
        "House rule: after this many rounds the side with the larger income wins (0: play to the end).",
        minimum=0,
        maximum=100,
    ),
    OptionSpec(
        "neutral_charge",
        3,
        "IPCs paid by the first power to enter a neutral territory.",
        minimum=0,
        maximum=20,
    ),
    OptionSpec("optional_units", False, "Artillery and destroyers may be bought (TripleA's optional rule)."),
)


def make_options(given: Mapping[str, object]) -> AAOptions:
    values: dict[str, OptionValue] = resolve_options(OPTIONS, given)
    return AAOptions(
        research=bool(values["research"]),
        russia_restricted=bool(values["russia_restricted"]),
        economic_victory=int(values["economic_victory"]),
        round_limit=int(values["round_limit"]),
        neutral_charge=int(values["neutral_charge"]),
        optional_units=bool(values["optional_units"]),
    )

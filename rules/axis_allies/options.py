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
    # Where the rule document and TripleA's classic ruleset differ: the document's rule by default,
    # TripleA's with the option.
    OptionSpec(
        "victory_check",
        "document",
        "When victory is checked: after Japan's turn for the Allies and after the USA's for the Axis "
        "(document), or for both at the end of the round (round_end, TripleA).",
        choices=("document", "round_end"),
        choice_help={
            "document": "the Allies' victory after Japan's turn, the Axis' after the USA's",
            "round_end": "both at the end of the round, after the USA's turn (TripleA)",
        },
    ),
    OptionSpec(
        "tech_per_six",
        False,
        "Every research die showing 6 earns a technology (TripleA); off: one technology a turn (document).",
    ),
    OptionSpec(
        "aa_gun_with_infantry",
        True,
        "A transport may carry an AA gun and an infantry together (document); off: an AA gun fills a "
        "transport (TripleA).",
    ),
    OptionSpec(
        "amphibious_retreat",
        True,
        "Aircraft and units that came over land may retreat from an amphibious assault (document); off: "
        "nothing retreats from an amphibious assault (TripleA).",
    ),
    OptionSpec(
        "spend_without_capital",
        True,
        "A power whose capital is lost may spend the IPCs it takes from an enemy capital (document); off: "
        "no buying until its capital is liberated (TripleA).",
    ),
    OptionSpec(
        "carriers_move_first",
        True,
        "A fighter attacking may count on landing on a carrier only where the carrier already is (document: "
        "move the carrier first); off: on one of your carriers that can still sail there (TripleA).",
    ),
    # A reading of the document's FAQ ("a friendly territory ... in the same sea zone") beside the
    # default TripleA one, which the issue-19 review chose (islands only).
    OptionSpec(
        "sunk_carrier_coast",
        False,
        "Defending fighters whose carrier sank may land on any friendly coast of that sea zone (a reading of "
        "the document's FAQ); off: only on an island in that zone or a carrier there (TripleA).",
    ),
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
        victory_check=str(values["victory_check"]),
        tech_per_six=bool(values["tech_per_six"]),
        aa_gun_with_infantry=bool(values["aa_gun_with_infantry"]),
        amphibious_retreat=bool(values["amphibious_retreat"]),
        spend_without_capital=bool(values["spend_without_capital"]),
        carriers_move_first=bool(values["carriers_move_first"]),
        sunk_carrier_coast=bool(values["sunk_carrier_coast"]),
    )

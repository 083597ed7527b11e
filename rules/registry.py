"""Every ruleset Warboard can host, by name."""

from __future__ import annotations

from rules.axis_allies import RULES as AXIS_ALLIES
from rules.core.ruleset import Ruleset
from rules.risk import RULES as RISK

RULESETS: dict[str, Ruleset] = {RISK.name: RISK, AXIS_ALLIES.name: AXIS_ALLIES}


def get(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}") from None

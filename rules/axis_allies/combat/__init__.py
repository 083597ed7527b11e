"""A battle as a resumable state machine (``battle``), over its value and decisions (``state``), the
dice of each volley (``fire``), casualty choices (``casualties``), the events it records (``events``)
and what happens outside a battle round (``raids``: AA fire at overflying aircraft, bombing raids,
rockets, research). The names below are the machine's public face, read as ``combat.Battle``."""

from rules.axis_allies.combat.battle import advance, decide, default_choice, outcome, wants
from rules.axis_allies.combat.state import (
    AwaitCasualties,
    AwaitCasualtyOrder,
    AwaitPressOn,
    AwaitSubmerge,
    Battle,
    Choice,
    OrderCasualties,
    Outcome,
    Pending,
    PressOn,
    Retreat,
    Stage,
    Submerge,
    TakeCasualties,
    Withdrawal,
    start_battle,
)
from rules.axis_allies.units import Unit

__all__ = [
    "AwaitCasualties",
    "AwaitCasualtyOrder",
    "AwaitPressOn",
    "AwaitSubmerge",
    "Battle",
    "Choice",
    "OrderCasualties",
    "Outcome",
    "Pending",
    "PressOn",
    "Retreat",
    "Stage",
    "Submerge",
    "TakeCasualties",
    "Unit",
    "Withdrawal",
    "advance",
    "decide",
    "default_choice",
    "outcome",
    "start_battle",
    "wants",
]

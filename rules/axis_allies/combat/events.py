"""What happened in a battle, a bombing raid, a rocket strike or a research roll, in the past tense.

Every die behind these is also logged as a ``DiceRolled`` (``rules.core.dice.DiceCup``), with the reasons
``aa``, ``bombard``, ``sub_first_strike``, ``attack``, ``defend``, ``sbr``, ``rocket``, ``research`` and
``research_chart`` followed by the place (or the power, for research).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from rules.axis_allies.units import Unit
from rules.core.events import Event


class VolleyGroup(msgspec.Struct, frozen=True):
    """``count`` units of one kind that hit on ``hits_on`` or less; ``dice`` are theirs, in order."""

    kind: str
    count: int
    hits_on: int
    dice: tuple[int, ...]
    hits: int


# The steps of a battle round that roll dice: a closed set (mypy and the codec check it).
VolleyStep = Literal["aa", "bombard", "sub_first_strike", "attack", "defend"]


class Volley(Event, frozen=True):
    """One side's (or one defending power's) dice in one step: ``step`` is ``aa``, ``bombard``,
    ``sub_first_strike``, ``attack`` or ``defend``. ``sea_hits`` of the ``hits`` came from submarines
    and may only sink ships; AA hits (``step == "aa"``) may only down aircraft."""

    where: str
    power: str
    round: int
    step: VolleyStep
    groups: tuple[VolleyGroup, ...]
    hits: int
    sea_hits: int = 0


class BattleAwaits(Event, frozen=True):
    """The battle waits for ``power``: ``kind`` is ``casualties`` (choose ``hits`` units),
    ``casualty_order`` (the attacker picks which defending ally loses units first), ``submerge``
    (a defender's submarines may dive) or ``press_on`` (the attacker continues, retreats or dives)."""

    where: str
    power: str
    kind: str
    hits: int = 0


class CasualtyOrderChosen(Event, frozen=True):
    where: str
    power: str
    order: tuple[str, ...]


class CasualtiesTaken(Event, frozen=True):
    """``power`` lost ``units`` (``reason``: aa, sub_first_strike or round); ``chosen``: False when the
    choice was forced or made by ``default_choice``."""

    where: str
    power: str
    units: tuple[Unit, ...]
    reason: str
    chosen: bool = True


class UnitsRetreated(Event, frozen=True):
    """``units`` left the battle: aircraft stay over ``where`` (they fly on in the non-combat move), the
    others went to ``to`` (which is ``where`` itself when only aircraft retreated)."""

    where: str
    power: str
    units: tuple[Unit, ...]
    to: str


class SubmarinesSubmerged(Event, frozen=True):
    """Submarines submerged and withdrew from the battle to the sea zone ``to``."""

    where: str
    power: str
    units: tuple[Unit, ...]
    to: str = ""


class BattleEnded(Event, frozen=True):
    """``outcome``: ``attacker`` (no defender left in the battle), ``defender`` (no attacker left: all
    lost, retreated or submerged), or ``draw`` (both sides destroyed)."""

    where: str
    attacker: str
    outcome: str
    rounds: int


class BombingRaid(Event, frozen=True):
    """A strategic bombing raid on the factory in ``where``: ``shot_down`` of ``bombers`` fell to the AA
    gun; the rest rolled ``rolled`` (3 dice each with heavy bombers) and ``damage`` IPCs were taken,
    the dice total capped at the IPCs ``defender`` had."""

    where: str
    attacker: str
    defender: str
    bombers: int
    shot_down: int
    rolled: tuple[int, ...]
    damage: int


class RocketStrike(Event, frozen=True):
    """An AA gun in ``source`` fired a rocket at the factory in ``where`` (same cap as a raid)."""

    source: str
    where: str
    attacker: str
    defender: str
    rolled: int
    damage: int


class TechResearched(Event, frozen=True):
    """``power`` rolled ``dice`` research dice (5 IPCs each); ``tech`` is the development gained, if any.
    ``chart`` lists the chart rolls, duplicates of owned techs first (rerolled), the kept face last.
    ``techs``: every development gained, when each 6 earns one (option ``tech_per_six``); ``tech`` is
    then the first of them."""

    power: str
    dice: tuple[int, ...]
    chart: tuple[int, ...]
    tech: str | None
    techs: tuple[str, ...] = ()

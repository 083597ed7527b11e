"""Rolling one side's dice in a battle step: who rolls how many dice, hitting on what.

A volley is one ``DiceCup.roll``: the dice go to the groups in ``UNIT_ORDER`` (infantry, artillery,
tank, fighter, bomber, transport, submarine, destroyer, carrier, battleship), and within infantry the
artillery-supported ones (hitting on 2) come first. Units that hit on 0 (transports attacking) roll
nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from rules.axis_allies.combat.events import Volley, VolleyGroup, VolleyStep
from rules.axis_allies.units import (
    AA_HITS_ON,
    BOMBARD_HITS_ON,
    UNIT_ORDER,
    Unit,
    attack_dice,
    attack_value,
    defense_value,
    unit_type,
)
from rules.core.dice import DiceCup

Group = tuple[str, int, int]  # kind, dice, hits on


def attack_groups(units: Sequence[Unit], techs: Collection[str]) -> list[Group]:
    """The attacker's dice: each artillery lifts one infantry to 2 (optional rule); heavy bombers roll 3."""
    counts = Counter(u.kind for u in units)
    supported = min(counts["infantry"], counts["artillery"])
    groups: list[Group] = []
    for kind in UNIT_ORDER:
        n = counts[kind]
        value = attack_value(kind, techs)
        if not n or not value:
            continue
        if kind == "infantry" and supported:
            groups.append((kind, supported, value + 1))
            n -= supported
            if not n:
                continue
        groups.append((kind, n * attack_dice(kind, techs), value))
    return groups


def defense_groups(units: Sequence[Unit], techs: Collection[str]) -> list[Group]:
    counts = Counter(u.kind for u in units)
    return [
        (kind, counts[kind], defense_value(kind, techs))
        for kind in UNIT_ORDER
        if counts[kind] and defense_value(kind, techs)
    ]


def aa_groups(aircraft: int) -> list[Group]:
    return [("aa_gun", aircraft, AA_HITS_ON)] if aircraft else []


def bombard_groups(ships: int) -> list[Group]:
    return [("battleship", ships, BOMBARD_HITS_ON)] if ships else []


def fire(
    groups: Sequence[Group],
    cup: DiceCup,
    seat: int | None,
    where: str,
    power: str,
    round_: int,
    step: VolleyStep,
) -> tuple[Volley | None, int, int]:
    """Roll ``groups`` as one volley; returns the event (None if no dice), ordinary hits and sub hits."""
    dice = sum(n for _, n, _ in groups)
    if not dice:
        return None, 0, 0
    values = cup.roll(dice, 6, seat, f"{step} {where}")
    rolled: list[VolleyGroup] = []
    hits = sea_hits = 0
    at = 0
    for kind, n, hits_on in groups:
        own = values[at : at + n]
        at += n
        scored = sum(1 for v in own if v <= hits_on)
        rolled.append(VolleyGroup(kind, n, hits_on, own, scored))
        if unit_type(kind).submarine:
            sea_hits += scored
        else:
            hits += scored
    volley = Volley(where, power, round_, step, tuple(rolled), hits + sea_hits, sea_hits)
    return volley, hits, sea_hits

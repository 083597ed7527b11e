"""Dice outside battles: AA fire at passing aircraft, strategic bombing raids, rockets, weapons research.

Like ``rules.axis_allies.combat``, each function returns its result and its events; the dice are
logged by the ``cup`` as ``DiceRolled``.

Bombing and rocket damage is the dice total, capped at the IPCs the defender holds (Classic: a power
cannot lose IPCs it does not have; there is no cap by the territory's value, TripleA's "Territory Turn
Limit" being off in ``classic.xml``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import msgspec

from rules.axis_allies.combat.events import BombingRaid, RocketStrike, TechResearched, Volley, VolleyGroup
from rules.axis_allies.units import AA_HITS_ON, TECH_CHART, Tech, Unit, bombing_dice, is_air, parse_techs
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event

RESEARCH_DIE_COST = 5  # IPCs per research die
RESEARCH_SUCCESS = 6  # a research die showing this makes a breakthrough


class RaidResult(msgspec.Struct, frozen=True):
    shot_down: tuple[Unit, ...]  # the first bombers in the order given: the attacker's own order
    survivors: tuple[Unit, ...]
    damage: int  # IPCs the defender loses


def research_cost(dice: int) -> int:
    return RESEARCH_DIE_COST * dice


def aa_fire(
    where: str,
    aa_owner: str,
    aircraft: Sequence[Unit],
    cup: DiceCup,
    seats: Mapping[str, int] | None = None,
) -> tuple[int, list[Event]]:
    """An AA gun fires 1 die at each aircraft entering or flying over ``where``; hits on 1.

    Returns the number of aircraft hit; the attacker chooses which (``combat.casualties`` with
    ``air_only=True`` checks the choice and gives the default).
    """
    if not all(is_air(u.kind) for u in aircraft):
        raise ValueError("AA guns fire only at aircraft")
    events: list[Event] = []
    return _aa(where, aa_owner, len(aircraft), cup, seats or {}, events), events


def strategic_bombing(
    where: str,
    *,
    attacker: str,
    defender: str,
    bombers: Sequence[Unit],
    defender_ipcs: int,
    aa_gun: bool,
    techs: Collection[str] = (),
    cup: DiceCup,
    seats: Mapping[str, int] | None = None,
) -> tuple[RaidResult, list[Event]]:
    """Bombers raid the factory in ``where``: the AA gun (if any) fires first, 1 die per bomber hitting on
    1; each surviving bomber rolls 1 die (3 with heavy bombers); the defender loses the total, capped at
    ``defender_ipcs``."""
    if not bombers or any(u.kind != "bomber" or u.owner != attacker for u in bombers):
        raise ValueError(f"a strategic bombing raid is made by {attacker}'s bombers only")
    if defender_ipcs < 0:
        raise ValueError("the defender cannot hold negative IPCs")
    events: list[Event] = []
    seat_of = seats or {}
    shot = _aa(where, defender, len(bombers), cup, seat_of, events) if aa_gun else 0
    survivors = tuple(bombers[shot:])
    dice = len(survivors) * bombing_dice(parse_techs(techs))
    rolled = cup.roll(dice, 6, seat_of.get(attacker), f"sbr {where}") if dice else ()
    damage = min(sum(rolled), defender_ipcs)
    events.append(BombingRaid(where, attacker, defender, len(bombers), shot, rolled, damage))
    return RaidResult(tuple(bombers[:shot]), survivors, damage), events


def rocket_strike(
    source: str,
    where: str,
    *,
    attacker: str,
    defender: str,
    defender_ipcs: int,
    techs: Collection[str],
    cup: DiceCup,
    seats: Mapping[str, int] | None = None,
) -> tuple[int, list[Event]]:
    """With rockets, an AA gun in ``source`` strikes the factory in ``where`` (range 3, once a turn: the
    engine checks those): 1 die, the defender loses that many IPCs, capped at what it holds."""
    if Tech.ROCKETS not in parse_techs(techs):
        raise IllegalAction("no_rockets", "Only a power that has developed rockets can fire them.")
    if defender_ipcs < 0:
        raise ValueError("the defender cannot hold negative IPCs")
    (rolled,) = cup.roll(1, 6, (seats or {}).get(attacker), f"rocket {where}")
    damage = min(rolled, defender_ipcs)
    return damage, [RocketStrike(source, where, attacker, defender, rolled, damage)]


def research(
    power: str,
    dice: int,
    owned: Collection[str],
    cup: DiceCup,
    seats: Mapping[str, int] | None = None,
    per_six: bool = False,
) -> tuple[tuple[Tech, ...], list[Event]]:
    """Weapons development: roll ``dice`` dice (paid 5 IPCs each); if any shows 6, roll once on the chart
    (1 jet power, 2 rockets, 3 super submarines, 4 long range aircraft, 5 industrial technology, 6 heavy
    bombers), rerolling techs already owned. One tech a turn however many sixes (the document), or one
    for every 6 with ``per_six`` (TripleA); none once all are owned. Returns the techs gained.
    """
    if dice < 1:
        raise IllegalAction("no_research_dice", "Buy at least one research die (5 IPCs each) to research.")
    seat = (seats or {}).get(power)
    rolled = cup.roll(dice, 6, seat, f"research {power}")
    chart: list[int] = []
    gained: list[Tech] = []
    sixes = rolled.count(RESEARCH_SUCCESS)
    for _ in range(sixes if per_six else min(sixes, 1)):
        have = {*owned, *gained}
        if all(t in have for t in TECH_CHART):
            break
        while True:
            (face,) = cup.roll(1, 6, seat, f"research_chart {power}")
            chart.append(face)
            if TECH_CHART[face - 1] not in have:
                gained.append(TECH_CHART[face - 1])
                break
    first = gained[0].value if gained else None
    techs = tuple(t.value for t in gained) if per_six else ()
    return tuple(gained), [TechResearched(power, rolled, tuple(chart), first, techs)]


def _aa(
    where: str, owner: str, aircraft: int, cup: DiceCup, seats: Mapping[str, int], events: list[Event]
) -> int:
    if not aircraft:
        return 0
    rolled = cup.roll(aircraft, 6, seats.get(owner), f"aa {where}")
    hits = sum(1 for v in rolled if v <= AA_HITS_ON)
    group = VolleyGroup("aa_gun", aircraft, AA_HITS_ON, rolled, hits)
    events.append(Volley(where, owner, 0, "aa", (group,), hits))
    return hits

"""The battle's value and the decisions it waits for: frozen Structs the engine stores in its state.

``start_battle`` builds one; ``rules.axis_allies.combat`` re-exports all of these and is where they change.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import StrEnum

import msgspec

from rules.axis_allies.units import Unit, is_land, is_sea, parse_techs, unit_type
from rules.core.errors import IllegalAction

TURN_ORDER: tuple[str, ...] = ("russia", "germany", "uk", "japan", "usa")  # = board.POWERS
ATTACKER, DEFENDER = "attacker", "defender"


class Stage(StrEnum):
    OPEN = "open"  # not started: AA fire comes first
    FIRST_STRIKE = "first_strike"  # a round begins: attacking submarines' first shot
    FIRE = "fire"  # bombardment, attacker, defender
    AFTER_ROUND = "after_round"  # submerge, press on or retreat
    OVER = "over"


class Outcome(StrEnum):
    ONGOING = "ongoing"
    ATTACKER = "attacker"  # no defending unit left in the battle
    DEFENDER = "defender"  # no attacking unit left: lost, retreated or submerged
    DRAW = "draw"  # neither side has a unit left


class PowerTechs(msgspec.Struct, frozen=True):
    power: str
    techs: tuple[str, ...]


class Owed(msgspec.Struct, frozen=True):
    """Hits not yet taken. ``power`` None: the whole defence, to be shared by the casualty order."""

    side: str
    power: str | None
    hits: int
    sea_hits: int
    air_only: bool
    reason: str


class AwaitCasualties(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    power: str
    hits: int  # ordinary hits
    sea_hits: int  # submarine hits: ships only
    air_only: bool  # AA hits: aircraft only
    reason: str
    total: int  # units to choose


class AwaitCasualtyOrder(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    power: str  # the attacker
    powers: tuple[str, ...]  # the defending powers to put in order


class AwaitSubmerge(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    power: str  # a defending power with submarines


class AwaitPressOn(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    power: str  # the attacker
    can_retreat: bool
    can_submerge: bool


Pending = AwaitCasualties | AwaitCasualtyOrder | AwaitSubmerge | AwaitPressOn


class TakeCasualties(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    units: tuple[Unit, ...]


class OrderCasualties(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    powers: tuple[str, ...]  # first takes casualties first; unnamed powers follow in turn order


class Submerge(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    units: tuple[Unit, ...]  # empty: no submarine dives (same as PressOn)
    to: str = ""  # the sea zone they withdraw to ("": the first the battle offers that side)


class PressOn(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    pass


class Retreat(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    to: str


Choice = TakeCasualties | OrderCasualties | Submerge | PressOn | Retreat


class Withdrawal(msgspec.Struct, frozen=True):
    """Submarines that left the battle by submerging, and the sea zone they withdrew to."""

    units: tuple[Unit, ...]
    to: str


class Battle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    where: str
    sea: bool
    attacker: str
    attackers: tuple[Unit, ...]
    defenders: tuple[Unit, ...]
    techs: tuple[PowerTechs, ...] = ()
    aa_gun: str | None = None  # owner of the AA gun in the territory (land battles)
    bombard: tuple[Unit, ...] = ()  # battleships offshore: one shot each in the first round
    retreat_to: tuple[str, ...] = ()  # the battle's own space: only aircraft retreat (they stay over it)
    # Where each side's submarines may withdraw to when they submerge (none: they cannot submerge).
    attacker_dive_to: tuple[str, ...] = ()
    defender_dive_to: tuple[str, ...] = ()
    round: int = 0
    stage: Stage = Stage.OPEN
    owed: tuple[Owed, ...] = ()
    casualty_order: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()  # powers that made this round's submerge / press-on decision
    pending: Pending | None = None
    lost_attackers: tuple[Unit, ...] = ()
    lost_defenders: tuple[Unit, ...] = ()
    retreated: tuple[Unit, ...] = ()
    retreated_to: str | None = None
    submerged: tuple[Unit, ...] = ()  # either side's (owner tells)
    withdrawals: tuple[Withdrawal, ...] = ()  # the submerged units again, with where each group went
    result: Outcome = Outcome.ONGOING


def start_battle(
    where: str,
    *,
    sea: bool,
    attacker: str,
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    techs: Mapping[str, Collection[str]] | None = None,
    aa_gun: str | None = None,
    bombard: Sequence[Unit] = (),
    fought_at_sea: Collection[Unit] = (),
    retreat_to: Sequence[str] = (),
    attacker_dive_to: Sequence[str] = (),
    defender_dive_to: Sequence[str] = (),
) -> Battle:
    """A battle about to begin. Malformed input (the engine's bug) raises ``ValueError``; bombarding
    without a landing, or with a battleship in ``fought_at_sea`` (it fought a sea battle this turn),
    raises ``IllegalAction``."""
    if not attackers:
        raise ValueError("a battle needs at least one attacking unit")
    for unit in (*attackers, *defenders, *bombard):
        if not unit_type(unit.kind).fights:
            raise ValueError(f"{unit.kind} is not a combat unit (pass an AA gun as aa_gun=owner)")
        if unit.landed and (sea or not is_land(unit.kind)):
            raise ValueError(f"only land units come ashore (landed) in land battles, not {unit}")
    for unit in (*attackers, *defenders):
        if is_land(unit.kind) if sea else is_sea(unit.kind):
            raise ValueError(f"{unit.kind} cannot fight a {'sea' if sea else 'land'} battle")
    if any(u.owner != attacker for u in attackers) or any(u.owner == attacker for u in defenders):
        raise ValueError(f"attacking units must all be {attacker}'s and defending units no unit of theirs")
    if aa_gun is not None and (sea or aa_gun == attacker):
        raise ValueError("only a defender's AA gun in a land battle fires at attacking aircraft")
    if bombard:
        if sea or any(u.kind != "battleship" or u.owner != attacker for u in bombard):
            raise ValueError("only the attacker's battleships bombard, and only in land battles")
        if not any(u.landed for u in attackers):
            raise IllegalAction(
                "bombard_needs_landing",
                "Battleships bombard only in an amphibious assault: land units must come ashore from "
                "transports.",
            )
        if any(u in fought_at_sea for u in bombard):
            raise IllegalAction(
                "bombard_after_sea_battle", "A battleship that fought a sea battle this turn cannot bombard."
            )
    known = techs or {}
    return Battle(
        where=where,
        sea=sea,
        attacker=attacker,
        attackers=tuple(attackers),
        defenders=tuple(defenders),
        techs=tuple(
            PowerTechs(p, tuple(sorted(t.value for t in parse_techs(known[p])))) for p in sorted(known)
        ),
        aa_gun=aa_gun,
        bombard=tuple(bombard),
        retreat_to=tuple(retreat_to),
        attacker_dive_to=tuple(attacker_dive_to) if sea else (),
        defender_dive_to=tuple(defender_dive_to) if sea else (),
    )

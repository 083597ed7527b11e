"""A battle on the battle board, as a value the game state holds while it runs.

Every step that waits for a player is read off this value (``rules.skirmish.battle.flow.waiting``), so a
battle survives a restart between any two clicks. Dice are kept as values, sorted high to low after each
roll ("all the attacker's dice are lined up"); skirmishes refer to dice by their place in that line.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

import msgspec

from rules.skirmish.pieces import Units

# A battle's two sides by role (a closed set, checked by mypy and by the codec in stored events); each
# role's units and cards are its ``Side``.
Role = Literal["attacker", "defender"]
ATTACKER: Role = "attacker"
DEFENDER: Role = "defender"


class Stage(StrEnum):
    DEFEND = "defend"  # the defender declares units, dice and counters
    ATTACKER_ROLL = "attacker_roll"  # automatic: the attacker's dice are rolled
    DEFENDER_ROLL = "defender_roll"  # automatic: the defender's dice are rolled
    ASSIGN = "assign"  # the defender forms skirmishes
    EXTRA = "extra"  # the attacker assigns its extra dice
    ATTACKER_CARDS = "attacker_cards"  # the attacker places counters and plays cards, then passes
    DEFENDER_CARDS = "defender_cards"
    ORDER = "order"  # the defender orders the skirmishes
    RESOLVE = "resolve"  # automatic: skirmishes one at a time
    OCCUPY = "occupy"  # the attacker won: it shares its units between the two territories
    OVER = "over"


class Side(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One side of the battle board."""

    seat: int
    units: Units  # on the board now
    dice: tuple[int, ...] = ()  # values on the board (the 1s taken off), high to low; empty before the roll
    declared_dice: int = 0
    ones: int = 0  # dice taken off for rolling 1
    counters: int = 0  # skirmish counters on the board, not yet placed on a skirmish
    banners: int = 0  # battle counters: +1 to every skirmish of this side
    battle_cards: tuple[int, ...] = ()  # battle cards played (card ids): +value to every skirmish
    played: tuple[int, ...] = ()  # every card this side played in this battle, in order


class Skirmish(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    attack: tuple[int, ...]  # places in the attacker's line of dice
    defend: tuple[int, ...]  # places in the defender's line
    attack_counters: int = 0
    defend_counters: int = 0
    attack_cards: tuple[int, ...] = ()  # skirmish cards (ids)
    defend_cards: tuple[int, ...] = ()
    winner: str = ""  # "" until resolved, then ATTACKER or DEFENDER
    attack_total: int = 0  # the totals it was resolved with
    defend_total: int = 0


class Owed(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Units one side must take off the board, waiting for ``chooser`` to say which.

    ``reason``: "roll" (``ones`` 1s and ``twos`` 2s), "skirmish" (the loser's one unit), "rout" (the
    defender picks ``count`` attacker units), "double" (the defender's extra unit, from the board or the
    attacked territory).
    """

    chooser: int
    side: Role
    reason: str
    count: int = 0
    ones: int = 0
    twos: int = 0
    skirmish: int = -1


class Battle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    source: int
    target: int
    attacker: Side
    defender: Side
    stage: Stage = Stage.DEFEND
    skirmishes: tuple[Skirmish, ...] = ()
    order: tuple[int, ...] = ()  # resolution order chosen by the defender
    resolved: int = 0  # how many skirmishes of ``order`` are resolved
    owed: tuple[Owed, ...] = ()
    winner: str = ""  # "" while running, then ATTACKER or DEFENDER
    ended_by: str = ""  # "5-to-1", "wipe", "rout", "out of units", "count"
    bars_attacks: bool = False  # the attacker may make no further attacks this turn

    def side(self, name: Role) -> Side:
        return self.attacker if name == ATTACKER else self.defender

    def with_side(self, name: Role, side: Side) -> Battle:
        return msgspec.structs.replace(self, **{name: side})

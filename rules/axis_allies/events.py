"""What happened in an Axis & Allies game, in the past tense (the log, summaries, board highlights).

Powers are board power ids (``"germany"``), spaces board names, units ``(unit, count)`` pairs. The
battle's own events (dice volleys, casualties, retreats, raids, rockets, research) are in
``rules.axis_allies.combat.events``; ``AAEvent`` joins both for the JSON codec.
"""

from __future__ import annotations

from rules.axis_allies.combat.events import (
    BattleAwaits,
    BattleEnded,
    BombingRaid,
    CasualtiesTaken,
    CasualtyOrderChosen,
    RocketStrike,
    SubmarinesSubmerged,
    TechResearched,
    UnitsRetreated,
    Volley,
)
from rules.axis_allies.state import Phase
from rules.core.events import DiceRolled, Event

UnitCounts = tuple[tuple[str, int], ...]


class GameStarted(Event, frozen=True):
    """Who plays what: ``seats[i]`` lists the powers seat ``i`` plays, in turn order."""

    seats: tuple[tuple[str, ...], ...]
    ipcs: tuple[int, ...]


class TurnBegan(Event, frozen=True):
    power: str
    seat: int
    round: int
    turn: int
    ipcs: int


class PhaseBegan(Event, frozen=True):
    power: str
    phase: Phase


class UnitsBought(Event, frozen=True):
    power: str
    units: UnitCounts
    cost: int
    ipcs_left: int


class UnitsMoved(Event, frozen=True):
    """``how``: "move", "load", "unload", "bridge" (load and unload), "bomb" (a raid flight)."""

    power: str
    units: UnitCounts
    path: tuple[str, ...]
    how: str = "move"


class AmphibiousDeclared(Event, frozen=True):
    """Cargo waits aboard until the sea zone is cleared, then lands in ``territory``."""

    power: str
    units: UnitCounts
    zone: str
    territory: str


class NeutralEntered(Event, frozen=True):
    power: str
    territory: str
    cost: int


class TerritoryCaptured(Event, frozen=True):
    """``power`` took ``territory`` from ``previous``; ``to`` is who controls it now (the original
    owner when it was liberated)."""

    power: str
    territory: str
    previous: str | None
    to: str


class CapitalCaptured(Event, frozen=True):
    power: str
    territory: str
    victim: str
    ipcs: int  # the unspent IPCs taken


class UnitsLost(Event, frozen=True):
    """Units removed outside a battle's casualties: ``reason`` says why (AA fire, no landing...)."""

    power: str
    territory: str
    units: UnitCounts
    reason: str


class BattleStarted(Event, frozen=True):
    power: str
    territory: str
    kind: str  # "land", "sea", "raid"


class AircraftRelocated(Event, frozen=True):
    """Defending fighters whose carrier sank flew to ``to`` (one space)."""

    power: str
    territory: str
    to: str
    units: UnitCounts


class UnitsPlaced(Event, frozen=True):
    power: str
    territory: str
    units: UnitCounts


class IncomeCollected(Event, frozen=True):
    """``income`` added at the end of the turn; 0 with ``capital_lost`` (the capital is in enemy hands)."""

    power: str
    income: int
    ipcs: int
    capital_lost: bool = False


class TurnEnded(Event, frozen=True):
    power: str


class SeatResigned(Event, frozen=True):
    """``to``: the seat that takes the powers over (None: the side concedes)."""

    seat: int
    powers: tuple[str, ...]
    to: int | None


class GameWon(Event, frozen=True):
    side: str  # "Allies" or "Axis"
    reason: str


AAEvent = (
    DiceRolled
    | GameStarted
    | TurnBegan
    | PhaseBegan
    | UnitsBought
    | UnitsMoved
    | AmphibiousDeclared
    | NeutralEntered
    | TerritoryCaptured
    | CapitalCaptured
    | UnitsLost
    | BattleStarted
    | AircraftRelocated
    | UnitsPlaced
    | IncomeCollected
    | TurnEnded
    | SeatResigned
    | GameWon
    | Volley
    | BattleAwaits
    | CasualtyOrderChosen
    | CasualtiesTaken
    | UnitsRetreated
    | SubmarinesSubmerged
    | BattleEnded
    | BombingRaid
    | RocketStrike
    | TechResearched
)

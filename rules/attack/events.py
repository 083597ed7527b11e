"""What happened in an Attack! game, in the past tense. The log, digests and pictures are made from these:
the battle events carry both lines, reserves, dice and hits, so a picture needs nothing else."""

from __future__ import annotations

from rules.attack.actions import Ships, Troops
from rules.core.events import DiceRolled, Event


class OrderRolled(Event, frozen=True):
    """The order dice: each seat's totals (a tie for a place is rolled again), and the order they give."""

    purpose: str  # "government" or "capital" (setup), or "year"
    totals: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]


class GovernmentChosen(Event, frozen=True):
    seat: int
    government: str
    economics: str


class ForcesPlaced(Event, frozen=True):
    seat: int
    region: str
    army: Troops
    navy: Ships
    capital: bool


class NeutralsSet(Event, frozen=True):
    """Face-down government markers went on every unoccupied region."""

    regions: tuple[str, ...]


class DirectionChosen(Event, frozen=True):
    seat: int
    clockwise: bool
    order: tuple[int, ...]


class YearBegan(Event, frozen=True):
    year: int


class SeasonBegan(Event, frozen=True):
    year: int
    season: str


class ActionBegan(Event, frozen=True):
    seat: int
    action: str
    card: int | None = None  # shown: a played card is revealed
    target: str | None = None


class Passed(Event, frozen=True):
    seat: int


class Burned(Event, frozen=True):
    seat: int
    oil: int  # certificates paid
    marker: str | None  # or the region whose oil marker was removed


class ArmyMoved(Event, frozen=True):
    seat: int
    source: str
    target: str
    army: Troops


class AssaultGathered(Event, frozen=True):
    seat: int
    source: str
    target: str
    army: Troops


class ShipsSailed(Event, frozen=True):
    seat: int
    source: str
    target: str
    ships: Ships
    army: Troops
    path: tuple[str, ...]


class IncomeCollected(Event, frozen=True):
    seat: int
    production: int
    oil: int
    regions: int
    year_end: bool


class UnitsBuilt(Event, frozen=True):
    seat: int
    region: str
    army: Troops
    navy: Ships
    production: int
    oil: int


class Researched(Event, frozen=True):
    seat: int
    suit: str
    level: int
    region: str
    army: Troops
    navy: Ships


class MarkerRevealed(Event, frozen=True):
    region: str
    government: str


class Negotiated(Event, frozen=True):
    seat: int
    region: str
    government: str
    cost: int
    success: bool


class CardDrawn(Event, frozen=True):
    """``card`` is None in the views of other seats."""

    seat: int
    card: int | None


class ArmyBattleBegan(Event, frozen=True):
    seat: int
    defender: int  # -1: neutral
    deputy: int  # the seat deciding for a neutral (-1 otherwise)
    region: str
    attackers: Troops
    defenders: Troops


class LineSet(Event, frozen=True):
    """A side set (turn 0) or refilled its line; both lines and reserves as they now stand."""

    region: str
    turn: int
    side: str  # "attacker" | "defender"
    added: Troops
    attacker_line: Troops
    attacker_reserve: Troops
    defender_line: Troops
    defender_reserve: Troops


class Volley(Event, frozen=True):
    """One side fired: one Army die per unit in its line (``salvo``: the attacker's opening salvo)."""

    region: str
    turn: int
    side: str
    salvo: bool
    dice: tuple[int, ...]  # die values 1-6 (faces in ``rules.attack.tables.ARMY_FACES``)
    hits: int
    destroyed: Troops
    attacker_line: Troops
    attacker_reserve: Troops
    defender_line: Troops
    defender_reserve: Troops


class ArmyBattleEnded(Event, frozen=True):
    region: str
    winner: int  # seat, or -1: the neutral held
    attacker_left: Troops
    defender_left: Troops


class RegionConquered(Event, frozen=True):
    seat: int
    region: str
    previous: int  # seat, or -1 neutral
    capital: bool
    navy_lost: Ships
    oil_markers: int


class NavyBattleBegan(Event, frozen=True):
    seat: int
    defender: int
    zone: str
    attackers: Ships
    defenders: Ships


class LineUpSet(Event, frozen=True):
    """A seat set its secret line-up: ``ships`` is None in other seats' views until the reveal."""

    seat: int
    zone: str
    ships: tuple[str, ...] | None


class LinesRevealed(Event, frozen=True):
    zone: str
    round: int
    attacker: tuple[str, ...]
    defender: tuple[str, ...]


class ShipsEngaged(Event, frozen=True):
    """Cards at ``position`` fought (an unpaired card fights the other line's first ship afloat)."""

    zone: str
    round: int
    position: int
    attacker_ship: str
    defender_ship: str
    attacker_die: int
    defender_die: int
    attacker_score: int
    defender_score: int
    air_dice: tuple[tuple[str, int], ...]  # (side, army die) for each carrier's air support
    hits: tuple[tuple[str, str, str], ...]  # (side hit, ship type, "damaged" | "sunk")


class DamagedWithdrew(Event, frozen=True):
    """Damaged battleships left the battle and sailed home to their capital's coastline."""

    seat: int
    zone: str
    battleships: int
    home: str


class CargoLost(Event, frozen=True):
    seat: int
    zone: str
    army: Troops


class NavyRetreated(Event, frozen=True):
    seat: int
    zone: str
    to: str
    ships: Ships
    army: Troops


class NavyBattleEnded(Event, frozen=True):
    zone: str
    winner: int  # -1: no ship left on either side
    attacker_left: Ships
    defender_left: Ships


class ActionEnded(Event, frozen=True):
    seat: int


class YearEnded(Event, frozen=True):
    year: int


class SeatResigned(Event, frozen=True):
    seat: int
    regions: int


class Scored(Event, frozen=True):
    """A seat's victory points: 1 a region, 1 a sea zone, capitals, 1 an economics card (2 Population)."""

    seat: int
    regions: int
    zones: int
    capitals: int
    economics: int
    total: int


class GameEnded(Event, frozen=True):
    winners: tuple[int, ...]
    reason: str


AttackEvent = (
    DiceRolled
    | OrderRolled
    | GovernmentChosen
    | ForcesPlaced
    | NeutralsSet
    | DirectionChosen
    | YearBegan
    | SeasonBegan
    | ActionBegan
    | Passed
    | Burned
    | ArmyMoved
    | AssaultGathered
    | ShipsSailed
    | IncomeCollected
    | UnitsBuilt
    | Researched
    | MarkerRevealed
    | Negotiated
    | CardDrawn
    | ArmyBattleBegan
    | LineSet
    | Volley
    | ArmyBattleEnded
    | RegionConquered
    | NavyBattleBegan
    | LineUpSet
    | LinesRevealed
    | ShipsEngaged
    | DamagedWithdrew
    | CargoLost
    | NavyRetreated
    | NavyBattleEnded
    | ActionEnded
    | YearEnded
    | SeatResigned
    | Scored
    | GameEnded
)

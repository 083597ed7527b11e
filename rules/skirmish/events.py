"""What happened in a Skirmish game, in the past tense. The log, the digests and the pictures' "what
changed" are made from these. ``by_order``: the step was decided by the player's standing order."""

from __future__ import annotations

from rules.core.events import DiceRolled, Event
from rules.skirmish.battle.state import Role
from rules.skirmish.pieces import Units
from rules.skirmish.state import Phase, StandingOrders


class SeatsDealt(Event, frozen=True):
    """The starting position: ``owners`` and troops per territory in map order (-1 empty)."""

    owners: tuple[int, ...]
    troops: tuple[int, ...]


class TurnBegan(Event, frozen=True):
    seat: int
    turn: int
    round: int


class PhaseBegan(Event, frozen=True):
    seat: int
    phase: Phase


class Reinforced(Event, frozen=True):
    """``rolled`` troops were rolled; ``troops`` of them are in the garrison to place, ``lost`` are not."""

    seat: int
    dice: int
    rolled: int
    troops: int
    lost: int


class TroopsPlaced(Event, frozen=True):
    seat: int
    territory: str
    troops: int


class PlacingEnded(Event, frozen=True):
    seat: int
    lost: int


class CardDrawn(Event, frozen=True):
    """``card`` is None in other seats' views."""

    seat: int
    card: int | None


class DeckReshuffled(Event, frozen=True):
    cards: int


class ExtraTaken(Event, frozen=True):
    seat: int
    what: str  # "move" | "exchange"


class Exchanged(Event, frozen=True):
    seat: int
    territory: str
    gave: Units
    got: Units
    lost: int  # exchange value lost


class AttackDeclared(Event, frozen=True):
    seat: int
    defender: int  # -1: the territory is empty
    source: str
    target: str
    units: Units
    dice: int
    counters: int
    banners: int


class DefenceDeclared(Event, frozen=True):
    seat: int
    territory: str
    units: Units
    dice: int
    counters: int
    banners: int
    by_order: bool = False


class BattleRolled(Event, frozen=True):
    """One side's dice, lined up high to low (1s included); 1s are taken off the board."""

    seat: int
    side: Role
    values: tuple[int, ...]
    ones: int
    twos: int


class LossesTaken(Event, frozen=True):
    """``seat``'s units went to its garrison: ``units`` off the board, ``traded`` swapped for troops,
    ``territory`` from the attacked territory. ``chooser`` decided (the other side in a rout)."""

    seat: int
    chooser: int
    side: Role
    reason: str
    units: Units
    traded: Units
    territory: Units
    by_order: bool = False


class SkirmishesFormed(Event, frozen=True):
    """Each skirmish as (attacker dice values, defender dice values)."""

    seat: int
    skirmishes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    territory_losses: Units
    by_order: bool = False


class ExtraDiceAssigned(Event, frozen=True):
    seat: int
    to: tuple[int, ...]  # skirmish number (from 1) of each extra die
    by_order: bool = False
    values: tuple[int, ...] = ()  # each extra die's value, in the order of ``to`` (older logs: none)


class BoardWiped(Event, frozen=True):
    """Five or more defender dice on one attacker die: the attacker's whole board went to its garrison."""

    seat: int
    defender: int
    units: Units
    skirmish: int


class CounterPlaced(Event, frozen=True):
    seat: int
    skirmish: int
    counters: int
    by_order: bool = False


class CardPlayed(Event, frozen=True):
    seat: int
    card: int
    kind: str  # the card's kind by id (the deck's data names them)
    skirmish: int | None = None
    territory: str | None = None
    by_order: bool = False


class Passed(Event, frozen=True):
    seat: int
    side: Role
    placed_for_you: tuple[int, ...] = ()  # skirmish of each counter placed by default
    by_order: bool = False


class SkirmishesOrdered(Event, frozen=True):
    seat: int
    order: tuple[int, ...]
    by_order: bool = False


class SkirmishResolved(Event, frozen=True):
    skirmish: int
    attack_total: int
    defend_total: int
    winner: str
    rout: bool
    double: bool


class BattleEnded(Event, frozen=True):
    seat: int
    defender: int
    source: str
    target: str
    winner: str
    ended_by: str
    attacker_left: Units
    defender_left: Units
    bars_attacks: bool


class TerritoryTaken(Event, frozen=True):
    seat: int
    previous_owner: int
    territory: str


class UnitsRedistributed(Event, frozen=True):
    seat: int
    source: str
    target: str
    into_target: Units
    into_source: Units
    by_order: bool = False


class UnitsMoved(Event, frozen=True):
    seat: int
    source: str
    target: str
    units: Units


class CardDiscarded(Event, frozen=True):
    seat: int
    card: int
    penalty_from: str | None = None  # the territory that lost the penalty troop


class OrdersSet(Event, frozen=True):
    """Private to ``seat``: other seats never see this event."""

    seat: int
    orders: StandingOrders


class SeatEliminated(Event, frozen=True):
    seat: int
    by: int


class SeatResigned(Event, frozen=True):
    seat: int
    territories: int


class TurnEnded(Event, frozen=True):
    seat: int


class GameWon(Event, frozen=True):
    winners: tuple[int, ...]
    summary: str


SkirmishEvent = (
    DiceRolled
    | SeatsDealt
    | TurnBegan
    | PhaseBegan
    | Reinforced
    | TroopsPlaced
    | PlacingEnded
    | CardDrawn
    | DeckReshuffled
    | ExtraTaken
    | Exchanged
    | AttackDeclared
    | DefenceDeclared
    | BattleRolled
    | LossesTaken
    | SkirmishesFormed
    | ExtraDiceAssigned
    | BoardWiped
    | CounterPlaced
    | CardPlayed
    | Passed
    | SkirmishesOrdered
    | SkirmishResolved
    | BattleEnded
    | TerritoryTaken
    | UnitsRedistributed
    | UnitsMoved
    | CardDiscarded
    | OrdersSet
    | SeatEliminated
    | SeatResigned
    | TurnEnded
    | GameWon
)

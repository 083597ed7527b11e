"""What happened in a Risk game, in the past tense. The log, turn summaries and the board's
"what changed" highlights are all made from these."""

from __future__ import annotations

from rules.core.events import DiceRolled, Event
from rules.risk.state import Phase


class SeatsDealt(Event, frozen=True):
    """The starting position: who holds each territory (``owners`` in map order, -1 neutral)."""

    owners: tuple[int, ...]
    armies: tuple[int, ...]


class TerritoryClaimed(Event, frozen=True):
    seat: int
    territory: str


class ArmiesPlaced(Event, frozen=True):
    seat: int  # -1: a neutral army placed by ``by``
    territory: str
    armies: int
    by: int
    card_bonus: bool = False


class CardsTraded(Event, frozen=True):
    seat: int
    cards: tuple[int, ...]
    armies: int
    set_number: int


class TurnBegan(Event, frozen=True):
    seat: int
    turn: int
    round: int
    reinforcements: int
    continents: tuple[str, ...]


class PhaseBegan(Event, frozen=True):
    seat: int
    phase: Phase


class DefenceAwaited(Event, frozen=True):
    seat: int
    defender: int
    source: str
    target: str


class BattleFought(Event, frozen=True):
    """One roll of an attack; ``attacker_dice``/``defender_dice`` are the values rolled, high first."""

    seat: int
    defender: int  # -1 neutral
    source: str
    target: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


class TerritoryConquered(Event, frozen=True):
    seat: int
    previous_owner: int
    source: str
    territory: str


class OccupationAwaited(Event, frozen=True):
    seat: int
    source: str
    target: str
    minimum: int
    maximum: int


class ArmiesMoved(Event, frozen=True):
    """Armies moved in after a conquest (``occupation``) or in the fortify move."""

    seat: int
    source: str
    target: str
    armies: int
    occupation: bool


class CardDrawn(Event, frozen=True):
    """``card`` is None in views of other seats: they see only that a card was drawn."""

    seat: int
    card: int | None


class DeckReshuffled(Event, frozen=True):
    cards: int


class SeatEliminated(Event, frozen=True):
    seat: int
    by: int
    cards_taken: int


class CardsCaptured(Event, frozen=True):
    """``cards`` is empty in views of seats other than the two involved."""

    seat: int
    victim: int
    cards: tuple[int, ...]
    count: int


class SeatResigned(Event, frozen=True):
    seat: int
    territories: int


class TurnEnded(Event, frozen=True):
    seat: int
    conquered: bool


class GameWon(Event, frozen=True):
    seat: int


RiskEvent = (
    DiceRolled
    | SeatsDealt
    | TerritoryClaimed
    | ArmiesPlaced
    | CardsTraded
    | TurnBegan
    | PhaseBegan
    | DefenceAwaited
    | BattleFought
    | TerritoryConquered
    | OccupationAwaited
    | ArmiesMoved
    | CardDrawn
    | DeckReshuffled
    | SeatEliminated
    | CardsCaptured
    | SeatResigned
    | TurnEnded
    | GameWon
)

"""What happened in a Hex war game, in the past tense. The log, the round's picture and the board's
"what changed" highlights are made from these.

Events with ``private=True`` belong to their ``seat`` alone until the game ends: a written order, a
cancelled one, where a city is being bought. A round's resolution is public and complete enough to draw:
every move (``UnitsMoved``), every battle from ``BattleBegan`` (who was there) through its dice
(``DiceRolled``), ``UnitsDestroyed`` and ``BattleEnded``, then captures, returns, cities and placements.
"""

from __future__ import annotations

from rules.core.events import DiceRolled, Event
from rules.hexwar.actions import Order
from rules.hexwar.state import Stack


class HexesDealt(Event, frozen=True):
    """Each seat's hand, counted per kind (land, city, port, water)."""

    hands: tuple[tuple[int, ...], ...]


class HexPlaced(Event, frozen=True):
    seat: int
    kind: str
    at: str
    q: int
    r: int


class PlacementOrderDealt(Event, frozen=True):
    """The numbered cards: seats in the order they place units and capitals."""

    order: tuple[int, ...]


class UnitPlaced(Event, frozen=True):
    seat: int
    unit: str
    at: str


class CapitalPlaced(Event, frozen=True):
    seat: int
    at: str


class RoundBegan(Event, frozen=True):
    round: int
    deadline_seconds: int


class OrderWritten(Event, frozen=True):
    seat: int
    number: int
    order: Order
    private: bool = True


class OrderCancelled(Event, frozen=True):
    seat: int
    number: int
    order: Order
    private: bool = True


class OrdersSubmitted(Event, frozen=True):
    """``held``: submitted with no orders for a seat whose deadline passed. Says nothing of the orders."""

    seat: int
    held: bool = False


class OrdersRevealed(Event, frozen=True):
    """A seat's orders, shown to all when the round resolves (a city's location stays secret)."""

    seat: int
    orders: tuple[Order, ...]


class DefenceAimed(Event, frozen=True):
    seat: int
    at: str
    kind: str
    aim: str


class PurchasesPaid(Event, frozen=True):
    """Money spent at the reveal: ``amount`` in all, of which ``city_payments`` payments of 10 for cities."""

    seat: int
    amount: int
    city_payments: int


class CityProjectBegun(Event, frozen=True):
    seat: int
    at: str
    private: bool = True


class CityAbandoned(Event, frozen=True):
    """A city being bought is lost with the money paid: its hex was ``taken`` or a payment was ``unpaid``."""

    seat: int
    at: str
    reason: str
    private: bool = True


class UnitsMoved(Event, frozen=True):
    """An arrow of the round's picture: ``how`` is move, jump or strike (planes over water, flying back)."""

    seat: int
    source: str
    target: str
    unit: str
    count: int
    cargo: tuple[str, ...] = ()
    how: str = "move"


class Bombarded(Event, frozen=True):
    seat: int
    source: str
    target: str
    unit: str
    count: int


class BattleBegan(Event, frozen=True):
    """Everyone in a hex where a fight starts (cargo aboard hovercraft shown in their stacks)."""

    at: str
    water: bool
    forces: tuple[Stack, ...]


class UnitsDestroyed(Event, frozen=True):
    """Losses of one step of a battle: ``step`` is ``defences``, ``bombardment`` or the combat round."""

    at: str
    step: str
    losses: tuple[Stack, ...]


class BattleEnded(Event, frozen=True):
    """``survivors``: seats with units left (one: it won; none: all destroyed; several: a stalemate)."""

    at: str
    water: bool
    rounds: int
    survivors: tuple[int, ...]
    losses: tuple[Stack, ...]


class HexCaptured(Event, frozen=True):
    seat: int
    previous: int
    at: str
    capital_of: int = -1
    city: bool = False


class PlanesReturned(Event, frozen=True):
    seat: int
    source: str
    target: str
    count: int


class PlanesLost(Event, frozen=True):
    """Planes back from a strike found their home hex taken."""

    seat: int
    source: str
    home: str
    count: int


class JumpTroopsReverted(Event, frozen=True):
    seat: int
    at: str
    count: int


class CityBuilt(Event, frozen=True):
    seat: int
    at: str


class UnitsPlaced(Event, frozen=True):
    seat: int
    unit: str
    count: int
    at: str


class PurchaseLost(Event, frozen=True):
    """Bought units (or a structure) with nowhere to go at the end of the round."""

    seat: int
    unit: str
    count: int


class DefenceBuilt(Event, frozen=True):
    seat: int
    at: str
    kind: str
    aim: str


class IncomeCollected(Event, frozen=True):
    """``rule``: full (a capital held), half (no capital, a city: half, rounded up) or none. ``bonus``:
    the part of a full income that is the first placer's (option ``first_placer_bonus``)."""

    seat: int
    amount: int
    rule: str
    bonus: int = 0  # last, with a default: events logged before it existed still decode


class SeatEliminated(Event, frozen=True):
    seat: int


class SeatResigned(Event, frozen=True):
    seat: int


class GameWon(Event, frozen=True):
    winners: tuple[int, ...]
    reason: str  # capitals | money | resignation


HexWarEvent = (
    DiceRolled
    | HexesDealt
    | HexPlaced
    | PlacementOrderDealt
    | UnitPlaced
    | CapitalPlaced
    | RoundBegan
    | OrderWritten
    | OrderCancelled
    | OrdersSubmitted
    | OrdersRevealed
    | DefenceAimed
    | PurchasesPaid
    | CityProjectBegun
    | CityAbandoned
    | UnitsMoved
    | Bombarded
    | BattleBegan
    | UnitsDestroyed
    | BattleEnded
    | HexCaptured
    | PlanesReturned
    | PlanesLost
    | JumpTroopsReverted
    | CityBuilt
    | UnitsPlaced
    | PurchaseLost
    | DefenceBuilt
    | IncomeCollected
    | SeatEliminated
    | SeatResigned
    | GameWon
)

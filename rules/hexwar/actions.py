"""What a Hex war player can ask for. Hexes are named as players type them (``C7``), units by the
table's abbreviations (``inf``, ``tank``...).

Setup is played one step at a time (``PlaceHex``, ``PlaceUnit``, ``PlaceCapital``). A round is written
as secret orders: each order action adds one order to the seat's list (checked at once against the
board as it stood when the round began and against the seat's earlier orders), ``CancelOrder`` takes one
back, and ``SubmitOrders`` hands the list in. The orders are stored as written, in canonical spelling.
"""

from __future__ import annotations

from rules.core.events import Action


class PlaceHex(Action, frozen=True):
    """Setup: put a hex from your hand (``land``, ``city``, ``port`` or ``water``) on an empty cell."""

    kind: str
    at: str


class PlaceUnit(Action, frozen=True):
    """Setup: put ``count`` of your starting units of one type on a land hex you own (at most what one
    turn allows, option ``units_per_turn``)."""

    unit: str
    at: str
    count: int = 1


class PlaceCapital(Action, frozen=True):
    """Setup: make one of your land hexes your capital."""

    at: str


class Move(Action, frozen=True):
    """Order: move ``count`` units of one type from ``source`` to ``target`` (a route within their
    move, found by the engine). A hovercraft's ``cargo`` is what each one moved carries: on land, units
    boarding from the same hex; at sea, the load it already has."""

    source: str
    target: str
    unit: str
    count: int = 1
    cargo: tuple[str, ...] = ()


class Jump(Action, frozen=True):
    """Order: jump troops' one-time jump, up to 3 hexes onto an enemy land hex, attacking at 3."""

    source: str
    target: str
    count: int = 1


class Bombard(Action, frozen=True):
    """Order: frigates or battleships in water hex ``source`` bombard the land hex ``target`` beside it."""

    source: str
    target: str
    unit: str
    count: int = 1


class Buy(Action, frozen=True):
    """Order: buy units, placed at the end of the round at ``at``: a city or capital you have held a full
    round (ships: a water hex beside such a port city). Elsewhere if it fell; lost if there is nowhere."""

    unit: str
    count: int
    at: str


class BuyDefence(Action, frozen=True):
    """Order: buy a defence structure (``ground``, ``air`` or ``water``) for one of your cities, aimed at
    a unit type (empty: the kind's usual target)."""

    at: str
    kind: str
    aim: str = ""


class AimDefence(Action, frozen=True):
    """Order: announce the unit type a structure of one of your cities fires at from this round on."""

    at: str
    kind: str
    aim: str


class BuildCity(Action, frozen=True):
    """Order: start a city on a land hex you own: 10 now and 10 in each of the next two rounds; it
    stands at the end of the third round if the hex was never taken. Only you see where."""

    at: str


class CancelOrder(Action, frozen=True):
    """Take back order number ``number`` (as your order list shows it, from 1)."""

    number: int


class SubmitOrders(Action, frozen=True):
    """Hand in your orders for the round. ``hold``: drop any orders written and hold (what a missed
    deadline does unless the game lets written orders stand)."""

    hold: bool = False


class Resign(Action, frozen=True):
    """Leave the game for good: your land and units stay where they are, hold, and defend themselves."""


Order = Move | Jump | Bombard | Buy | BuyDefence | AimDefence | BuildCity

HexWarAction = (
    PlaceHex
    | PlaceUnit
    | PlaceCapital
    | Move
    | Jump
    | Bombard
    | Buy
    | BuyDefence
    | AimDefence
    | BuildCity
    | CancelOrder
    | SubmitOrders
    | Resign
)

"""The Hex war game state: one immutable value, changed only by ``rules.hexwar.engine.apply``.

Placed hexes are indexes in placement order; ``cells[h]`` says where hex ``h`` lies on the grid
(``rules.hexwar.board``). Per-hex facts are parallel tuples. Units in a hex are a sorted tuple of
``Stack`` values (identical units of one seat share a stack), so the state has one canonical form.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from rules.hexwar.actions import Order

WATER_OWNER = -1  # the owner of every water hex: sea zones are controlled by units, not owned

KINDS = ("land", "city", "port", "water")  # hex kinds, in the order of a hand's counts
CITY_KINDS = ("city", "port")


class Phase(StrEnum):
    HEXES = "hexes"  # players place the hexes of their hands in turn
    UNITS = "units"  # players place their starting units, in the dealt order
    CAPITALS = "capitals"  # players place their capitals, in the dealt order
    ORDERS = "orders"  # a round: every seat writes secret orders
    OVER = "over"


class Stack(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """``count`` identical units of ``seat``; a hovercraft's ``cargo`` is what each one carries at sea."""

    seat: int
    unit: str
    count: int
    cargo: tuple[str, ...] = ()


class Defence(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """A structure of a city: ``kind`` ground/air/water, firing at unit type ``aim``. It belongs to the
    city, so whoever holds the city holds it."""

    kind: str
    aim: str


class CityProject(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """A city being bought on hex ``hex``: ``paid`` of its three payments made, the first in ``started``."""

    hex: int
    paid: int
    started: int


class HexOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Typed ruleset options; declared with help and bounds in ``rules.hexwar.options``."""

    rounds: int = 20
    die: int = 10
    units_per_turn: int = 1
    hexes_per_turn: int = 1  # 0: by post, a third of a hand (rounded up) a turn
    income_land: int = 1
    income_city: int = 3
    income_capital: int = 5
    defences_per_kind: int = 1
    timer: str = "post"
    post_hours: int = 48
    post_step_hours: int = 6
    post_min_hours: int = 12
    unsubmitted: str = "hold"
    hex_order: str = "seat"  # setup's hex turns: "seat" every lap, or "snake" (see rules.hexwar.setup)
    opening_hexes: int = 0  # hexes each seat places on its first hex turn (0: as on every turn)
    first_placer_bonus: int = 0  # extra income a round for the seat that placed the first hex


class HexState(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    options: HexOptions
    players: int
    width: int
    height: int
    phase: Phase
    turn: int = 1  # setup turns and rounds begun so far: the turn key's first half
    round: int = 0  # rounds begun (0 during setup)
    current: int = 0  # setup: the seat placing now
    order: tuple[int, ...] = ()  # setup: the dealt order for units and capitals
    placed_this_turn: int = 0  # setup: hexes or units the current seat placed this turn
    hands: tuple[tuple[int, ...], ...] = ()  # per seat: hexes left to place, counted per KINDS
    units_left: tuple[tuple[int, ...], ...] = ()  # per seat: starting units left, counted per ORDER
    cells: tuple[int, ...] = ()  # per hex: its grid cell
    kinds: tuple[str, ...] = ()  # per hex: land, city, port or water
    owner: tuple[int, ...] = ()  # per hex: seat, or WATER_OWNER
    held_since: tuple[int, ...] = ()  # per hex: the round its owner took it (0: since setup)
    capital_of: tuple[int, ...] = ()  # per hex: the seat whose capital it is, or -1
    defences: tuple[tuple[Defence, ...], ...] = ()  # per hex
    units: tuple[tuple[Stack, ...], ...] = ()  # per hex
    money: tuple[int, ...] = ()
    earned: tuple[int, ...] = ()  # income collected over the game (the round limit's measure)
    projects: tuple[tuple[CityProject, ...], ...] = ()  # per seat, secret from the others
    orders: tuple[tuple[Order, ...], ...] = ()  # per seat: this round's orders, secret until revealed
    submitted: tuple[bool, ...] = ()
    out: tuple[bool, ...] = ()  # seats no longer playing: no land and no units left, or resigned
    resigned: tuple[bool, ...] = ()  # seats that resigned (their land and units stay, and never act)
    rolls: int = 0  # dice counter: the next roll's number
    winners: tuple[int, ...] = ()
    summary: str = ""

    def playing(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if not self.out[s])

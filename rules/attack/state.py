"""The Attack! game state: one immutable value, changed only by ``rules.attack.engine.apply``.

Regions and sea zones are indexes into the game's board (``rules.attack.board.Layout``); unit counts are
4-tuples (``rules.attack.tables``). Every decision the game waits for is data here: the stage and the
position in the turn order, the action in progress (``Turn``) and the battle being fought, each naming
the seat that must answer, so a game survives a restart between any two clicks.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, get_args

import msgspec

from rules.attack.tables import Counts

NEUTRAL = -1
ATTACKER, DEFENDER = 0, 1


class Stage(StrEnum):
    GOVERNMENT = "government"  # seats choose governments in order-dice order
    CAPITAL = "capital"  # then place capitals in the same order
    DIRECTION = "direction"  # the year's starting player chooses the direction of play
    SEASON = "season"  # spring, summer, autumn and winter actions
    OVER = "over"


class SeatStatus(StrEnum):
    PLAYING = "playing"
    RESIGNED = "resigned"


class AttackOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Typed ruleset options; declared with help and bounds in ``rules.attack.options``."""

    map: str = "auto"
    war: str = "limited"
    neutral_dice: int = 1
    burn_oil: int = 5
    ship_capacity: int = 2
    negotiate_same: int = 1
    negotiate_bloc: int = 2
    negotiate_other: int = 3
    capital_vp: int = 3
    research_cost: int = 4
    order_roll: str = "yearly"
    navy_range: int = 2
    blitz_range: int = 3
    line_size: int = 4
    line_growth: str = "side"
    salvo_hits: str = "line"
    democracy_income: int = 0
    communist_infantry: int = 1
    capital_order: str = "government"


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    government: int = -1
    capital: int = -1
    production: int = 0  # production certificates
    oil: int = 0  # oil certificates
    levels: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # economics level per suit
    hand: tuple[int, ...] = ()  # action cards (private)
    status: SeatStatus = SeatStatus.PLAYING
    built: bool = False  # took a Build this year: no income at the year's end


class Assault(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Army units gathered against a hostile region; the battle is fought when the action ends."""

    target: int
    army: Counts
    by_sea: bool = False


class NavyAssault(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Ships (with their cargo) sailed into a zone held by an enemy navy; ``home`` is where they retreat
    to: a region's coastline (``home_zone`` -1) or a sea zone (``home`` -1)."""

    zone: int
    ships: Counts
    cargo: Counts
    home: int = -1
    home_zone: int = -1


# The season actions a ``Turn`` can be (a Negotiate or a Research is over as it is taken): a closed set,
# so a misspelt kind is a mypy error and a codec error in a stored state.
TurnKind = Literal["move", "blitz", "navigate", "transport", "build"]
TURN_KINDS: dict[str, TurnKind] = {kind: kind for kind in get_args(TurnKind)}


class Turn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The season action being taken, until its ``EndAction`` and battles are done."""

    seat: int
    kind: TurnKind
    card: int | None = None
    target: int = -1  # a Blitz's one hostile region
    arrived: tuple[tuple[int, Counts], ...] = ()  # army units that moved in (region, units): they stay
    sailed: tuple[tuple[int, Counts], ...] = ()  # ships that moved (place, ships); place >= regions: a zone
    assaults: tuple[Assault, ...] = ()
    navy_assaults: tuple[NavyAssault, ...] = ()
    advanced: tuple[int, int] = (0, 0)  # advanced army and navy units bought in this Build
    fighting: bool = False  # the action ended: its battles are being fought


# What a battle waits for (closed sets, so a misspelt step is a mypy error and a codec error): an army
# battle's first line (``deploy``), a later turn's added units (``redeploy``), the opening salvo, or the
# side's fire; a navy battle's secret line-ups, then the retreat decisions after a round.
ArmyStep = Literal["deploy", "redeploy", "salvo", "fire"]
NavyStep = Literal["lineup", "retreat"]


class ArmyBattle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An army battle in ``region``: sides are 0 attacker, 1 defender; ``deputy`` decides for a neutral."""

    region: int
    attacker: int
    defender: int  # a seat or NEUTRAL
    deputy: int
    turn: int  # 0 while deploying, then the battle turn being fought (odd: the defender acts)
    line: tuple[Counts, Counts]
    reserve: tuple[Counts, Counts]
    awaiting: ArmyStep  # deploying: the deciding side sets ``need`` units from its reserve
    side: int
    need: int
    surprise: bool = False
    by_sea: bool = False


class NavyBattle(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A navy battle in ``zone``. Line-ups are secret until both are set (``lineups``: ship types in order,
    None while not set). After a round the attacker, then the defender, may retreat (``awaiting``)."""

    zone: int
    attacker: int
    defender: int
    ships: tuple[Counts, Counts]
    cargo: tuple[Counts, Counts]
    lineups: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None)
    round: int = 1
    awaiting: NavyStep = "lineup"
    side: int = ATTACKER  # whose retreat decision
    supremacy: bool = False  # Naval Supremacy played by the attacker
    home: int = -1  # attacker's retreat: a region's coastline, or
    home_zone: int = -1  # a sea zone


class AttackState(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    options: AttackOptions
    players: int
    layout: str
    stage: Stage
    seats: tuple[Seat, ...]
    owner: tuple[int, ...]  # per region: seat or NEUTRAL
    army: tuple[Counts, ...]  # per region
    coast_navy: tuple[Counts, ...]  # ships on each region's coastline (its owner's)
    marker: tuple[int, ...]  # a neutral region's government once turned face up; -1 face down
    oil: tuple[int, ...]  # oil markers per region
    zone_owner: tuple[int, ...]  # per zone: the seat whose ships are there, or NEUTRAL
    zone_navy: tuple[Counts, ...]
    zone_cargo: tuple[Counts, ...]  # army units aboard the zone's ships
    supply: tuple[tuple[int, int, int, int], ...]  # economics cards left, per suit and level
    deck: tuple[int, ...]  # action cards left to draw (a set: each draw picks one at random)
    discard: tuple[int, ...] = ()
    year: int = 0
    season: int = 0
    order: tuple[int, ...] = ()  # the turn order (during setup: the order dice's order)
    position: int = 0  # index in ``order`` of the seat to act
    burned: bool = False  # Winter: the seat to act has paid for its action
    turn: Turn | None = None
    army_battle: ArmyBattle | None = None
    navy_battle: NavyBattle | None = None
    rolls: int = 0  # dice counter: the next roll's number
    winners: tuple[int, ...] = ()
    summary: str = ""

    def playing(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.seats[s].status is SeatStatus.PLAYING)

    def current(self) -> int:
        """The seat whose action (or setup choice) it is, battles aside."""
        if not self.order:
            return 0
        return self.order[min(self.position, len(self.order) - 1)]

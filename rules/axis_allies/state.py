"""The Axis & Allies game state: one immutable value, changed only by ``rules.axis_allies.engine.apply``.

Powers are indexes into ``board.POWERS`` (0 USSR, 1 Germany, 2 UK, 3 Japan, 4 USA: the turn order);
territories and sea zones are indexes into ``board.names``. Units in a space are a sorted tuple of
``Stack`` values: identical units (same power, type, movement spent, flags and cargo) share one stack,
so the state stays small and has one canonical form.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from rules.axis_allies.board import AXIS, POWERS
from rules.axis_allies.combat.state import Battle

NOBODY = -1  # the owner of a neutral territory no one has entered, and of every sea zone
RUSSIA, GERMANY, UK, JAPAN, USA = range(5)
ALLIED_SIDE, AXIS_SIDE = 0, 1
SIDE = tuple(AXIS_SIDE if p in AXIS else ALLIED_SIDE for p in POWERS)  # per power
SIDE_NAMES = ("Allies", "Axis")

# Stack flags
COMBAT = 1  # moved in the combat move (land and sea units then stay put in the non-combat move)
UNLOADED = 2  # a transport that unloaded this turn (it moves no further)
NEW = 4  # placed this turn (a new factory produces from the next turn)
BOMBING = 8  # a bomber on a strategic bombing raid over the space it is in
AMPHIBIOUS = 16  # a land unit that landed from the sea this combat move (it cannot retreat)
FOUGHT = 32  # fought a sea battle this turn (a battleship that did may not bombard)
RETREATED = 64  # retreated from a battle this turn


class Phase(StrEnum):
    PURCHASE = "purchase"  # weapons development and purchase
    COMBAT_MOVE = "combat_move"
    COMBAT = "combat"
    NONCOMBAT_MOVE = "noncombat_move"
    MOBILIZE = "mobilize"  # then income is collected and the next power begins
    OVER = "over"


class SeatStatus(StrEnum):
    PLAYING = "playing"
    RESIGNED = "resigned"


StackKey = tuple[int, str, int, int, tuple[str, ...], int, int]  # Stack.key(): all but the count


class Stack(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """``count`` identical units of ``power``.

    ``moved``: movement points spent this turn. ``cargo``: the land units a transport carries (each
    transport of the stack carries the same). ``target``: a transport whose cargo will land in that
    territory once the sea zone is cleared (an amphibious assault past enemy ships); -1 otherwise.
    ``unloaded_to``: the territory a transport unloaded into in this combat move (-1: none); in the
    combat move a transport unloads into one territory only (Classic), and battleships bombard only an
    assault their zone's transports landed.
    """

    power: int
    unit: str
    count: int = 1
    moved: int = 0
    flags: int = 0
    cargo: tuple[str, ...] = ()
    target: int = -1
    unloaded_to: int = -1  # last, with a default: states saved before it existed still decode

    def key(self) -> StackKey:
        return (self.power, self.unit, self.moved, self.flags, self.cargo, self.target, self.unloaded_to)


Units = tuple[Stack, ...]


class AAOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Typed ruleset options; declared with help and bounds in ``rules.axis_allies.options``."""

    research: bool = True
    russia_restricted: bool = False
    economic_victory: int = 84
    round_limit: int = 0
    neutral_charge: int = 3
    optional_units: bool = False
    # Where the rule document and TripleA's classic ruleset differ, the document's rule is the default
    # and TripleA's the option (``rules.axis_allies.options`` says what each does).
    victory_check: str = "document"  # or "round_end"
    tech_per_six: bool = False
    aa_gun_with_infantry: bool = True
    amphibious_retreat: bool = True
    spend_without_capital: bool = True
    carriers_move_first: bool = True
    # A reading of the document's FAQ beside the default TripleA one: fighters whose carrier sank may
    # land on any friendly coast of that sea zone, not only an island in it.
    sunk_carrier_coast: bool = False


class AAState(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    options: AAOptions
    players: int
    seat_of: tuple[int, ...]  # per power: the seat that plays it
    status: tuple[SeatStatus, ...]  # per seat
    owner: tuple[int, ...]  # per space: controlling power, or NOBODY
    units: tuple[Units, ...]  # per space
    ipcs: tuple[int, ...]  # per power: unspent IPCs
    techs: tuple[tuple[str, ...], ...]  # per power, sorted
    phase: Phase
    power: int = RUSSIA  # the power whose turn it is
    round: int = 1
    turn: int = 1  # power turns begun so far
    start_owner: tuple[int, ...] = ()  # ``owner`` when this power's turn began
    captured: tuple[int, ...] = ()  # spaces taken this turn (aircraft may not land there)
    bought: tuple[tuple[str, int], ...] = ()  # purchased units not yet mobilized
    placed: tuple[tuple[int, int], ...] = ()  # (factory territory, units placed from it) this turn
    researched: bool = False  # weapons development is done for this turn
    rocket_used: bool = False
    battles: tuple[int, ...] = ()  # spaces with a battle still to fight this combat phase
    # (battle space, the space next to it that attackers came from) pairs of this combat move: where
    # the attackers may retreat to (Classic: only where the attack came from).
    attack_origins: tuple[tuple[int, int], ...] = ()
    battle: Battle | None = None  # the battle being fought (rules.axis_allies.combat)
    rolls: int = 0  # dice counter: the next roll's number
    winner: int | None = None  # the winning side (ALLIED_SIDE / AXIS_SIDE)
    summary: str = ""


def merge(stacks: list[Stack] | tuple[Stack, ...]) -> Units:
    """The canonical form of a space's units: equal stacks joined, empty ones dropped, sorted."""
    counts: dict[StackKey, int] = {}
    for s in stacks:
        if s.count > 0:
            k = s.key()
            counts[k] = counts.get(k, 0) + s.count
    return tuple(
        Stack(p, u, n, m, f, c, t, to)
        for (p, u, m, f, c, t, to), n in sorted(counts.items(), key=lambda kv: kv[0])
    )


def side(power: int) -> int:
    return SIDE[power]


def friendly(a: int, b: int) -> bool:
    """Powers ``a`` and ``b`` are on the same side (a power is its own friend)."""
    return a >= 0 and b >= 0 and SIDE[a] == SIDE[b]


def count(units: Units, unit: str, power: int | None = None) -> int:
    return sum(s.count for s in units if s.unit == unit and (power is None or s.power == power))

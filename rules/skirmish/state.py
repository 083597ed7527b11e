"""The Skirmish game state: one immutable value, changed only by ``rules.skirmish.engine.apply``."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from rules.skirmish.battle.state import Battle
from rules.skirmish.pieces import Units

EMPTY = -1  # owner of a territory with no units: nobody controls it


class Phase(StrEnum):
    STANDARD = "standard"  # 1) up to two standard actions
    EXCHANGE = "exchange"  # 2)
    ATTACK = "attack"  # 3)
    MOVE = "move"  # 4) free move
    REDUCE = "reduce"  # 5) reduce cards; 6) end turn follows at once
    OVER = "over"


PHASE_ORDER = (Phase.STANDARD, Phase.EXCHANGE, Phase.ATTACK, Phase.MOVE, Phase.REDUCE)


class SeatStatus(StrEnum):
    PLAYING = "playing"
    ELIMINATED = "eliminated"
    RESIGNED = "resigned"


class SkirmishOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Typed ruleset options; declared with help and bounds in ``rules.skirmish.options``."""

    round_limit: int = 15
    victory_share: int = 60
    start_troops: int = 3
    first_turn_safe: int = 0  # 1: no territory is attacked before its owner's first turn
    value_at_turn_end: int = 0  # 1: a tie at the round limit goes to the value held after one's own turn


class StandingOrders(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """What a player lets the game decide for them when a battle step comes. None: ask me.

    Private to the player; the log says "by standing order" when one was applied. The allowed values
    and their meanings are in ``rules.skirmish.orders.CHOICES``.
    """

    defend: str | None = None
    losses: str | None = None
    assign: str | None = None
    cards_from: int | None = None
    order: str | None = None
    occupy: str | None = None


class Truce(msgspec.Struct, frozen=True):
    """A truce card: ``territory`` may not be attacked until ``seat``'s next turn begins."""

    territory: int
    seat: int


class Placing(msgspec.Struct, frozen=True):
    """Troops from a reinforcement still to be placed by the current seat."""

    troops: int


class SkirmishState(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    options: SkirmishOptions
    players: int
    owner: tuple[int, ...]  # per territory (map order): seat, or EMPTY
    units: tuple[Units, ...]  # per territory
    garrison: tuple[Units, ...]  # per seat: pieces neither on the map nor on the battle board
    hands: tuple[tuple[int, ...], ...]  # per seat: card ids
    deck: tuple[int, ...]  # cards left to draw (a set: each draw picks one at random)
    discard: tuple[int, ...]  # played and discarded cards, shuffled back when the deck runs out
    status: tuple[SeatStatus, ...]
    orders: tuple[StandingOrders, ...]
    phase: Phase
    current: int
    turn: int = 1
    round: int = 1
    actions_left: int = 2  # standard actions still allowed this turn
    placing: Placing | None = None
    exchange_pairs: tuple[tuple[str, str], ...] = ()  # (type in, type out) used this turn
    exchanges_allowed: int = 1  # pairs of types allowed this turn (1 + extra exchanges)
    moves_left: int = 1  # free moves still allowed this turn (1 + extra free moves)
    attacks_barred: bool = False
    truces: tuple[Truce, ...] = ()
    held_after_turn: tuple[int, ...] = ()  # per seat: territories at the end of its last turn (the score)
    value_after_turn: tuple[int, ...] = ()  # per seat: exchange value on the map then (value_at_turn_end)
    battle: Battle | None = None
    rolls: int = 0  # dice counter: the next roll's number
    winners: tuple[int, ...] = ()
    summary: str = ""

    def playing(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.status[s] is SeatStatus.PLAYING)

    def territories_of(self, seat: int) -> int:
        return self.owner.count(seat)

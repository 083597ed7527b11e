"""The Risk game state: one immutable value, changed only by ``rules.risk.engine.apply``."""

from __future__ import annotations

from enum import StrEnum

import msgspec

NEUTRAL = -1


class Phase(StrEnum):
    CLAIM = "claim"  # claiming draft: one army at a time on unclaimed territories
    SETUP = "setup"  # placing the remaining starting armies
    REINFORCE = "reinforce"
    ATTACK = "attack"
    FORTIFY = "fortify"
    OVER = "over"


class SeatStatus(StrEnum):
    PLAYING = "playing"
    ELIMINATED = "eliminated"
    RESIGNED = "resigned"


class RiskOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Typed ruleset options; declared with help and bounds in ``rules.risk.options``."""

    deal: str = "random"
    setup_batch: int = 5
    two_player_neutral: bool = True
    two_player_batch: int = 1  # the 1993 setup turn (2 own, 1 neutral) taken this many times at once
    defender_dice: str = "max"
    fortify: str = "adjacent"


class AwaitOccupation(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """The attacker conquered ``target`` and chooses how many armies move in."""

    source: int
    target: int
    minimum: int
    maximum: int


class AwaitDefence(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Defender-chooses option: the defender picks dice for the next roll of this attack."""

    defender: int
    source: int
    target: int
    dice: int
    until: int | None


Pending = AwaitOccupation | AwaitDefence


class RiskState(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    options: RiskOptions
    players: int
    owner: tuple[int, ...]  # per territory (map order): seat index or NEUTRAL
    armies: tuple[int, ...]
    phase: Phase
    current: int
    turn: int = 0  # player turns begun so far (0 during setup)
    round: int = 0  # rounds of turns begun so far
    reinforcements: int = 0  # armies the current seat still has to place
    setup_left: tuple[int, ...] = ()  # starting armies not yet placed, per seat
    neutral_left: int = 0  # two-player setup: neutral armies not yet placed
    placed_this_turn: int = 0  # setup: armies the current seat placed this setup turn
    neutral_placed: int = 0  # two-player setup: neutral armies the current seat placed this setup turn
    hands: tuple[tuple[int, ...], ...] = ()
    deck: tuple[int, ...] = ()  # cards left to draw (a set: each draw picks one at random)
    discard: tuple[int, ...] = ()  # traded cards, reshuffled into the deck when it runs out
    sets_traded: int = 0  # over the whole game: sets the escalating value
    card_bonus_used: bool = False  # the +2 territory bonus was given this turn
    conquered: bool = False  # a territory was conquered this turn (earns a card)
    must_trade_down: bool = False  # after capturing cards: trade until you hold 4 or fewer
    status: tuple[SeatStatus, ...] = ()
    pending: Pending | None = None
    rolls: int = 0  # dice counter: the next roll's number
    winner: int | None = None

    def playing(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.status[s] is SeatStatus.PLAYING)

"""A tiny game of simultaneous secret orders, for the tests of what the shared layer does when every
seat owes a move at once: each round every seat writes a sealed bid (1 to 9, hidden from the others
until all are in); the highest bid scores a point (ties score nothing); three points win. The game
times its own rounds (``turn_seconds``: an hour, then half an hour), and a seat may set a standing
bid ahead of time (``anytime``), used when its deadline passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Union

import msgspec

from bot.commands import PlainText
from bot.game import Game, Making, Step
from render.core.pictures import Pictures
from rules.core.dice import Rng
from rules.core.errors import IllegalAction
from rules.core.events import Action, DiceRolled, Event
from rules.core.options import OptionSpec, OptionValue
from rules.core.ruleset import Result

NAME = "bids"


class Bid(Action, frozen=True):
    amount: int


class Standing(Action, frozen=True):
    """The bid made for this seat when its deadline passes (0: none, bid 1)."""

    amount: int


class BidWritten(Event, frozen=True):
    seat: int
    amount: int
    private: bool = True


class RoundScored(Event, frozen=True):
    round: int
    bids: tuple[int, ...]
    winner: int | None


BidsAction = Union[Bid, Standing]  # noqa: UP007 (msgspec reads the Union)
BidsEvent = Union[BidWritten, RoundScored, DiceRolled]  # noqa: UP007


class BidsState(msgspec.Struct, frozen=True):
    round: int
    bids: tuple[int | None, ...]
    standing: tuple[int, ...]
    points: tuple[int, ...]


class BidsView(msgspec.Struct, frozen=True):
    round: int
    submitted: tuple[bool, ...]
    mine: int | None
    points: tuple[int, ...]


class BidsRules:
    name = NAME
    title = "Sealed bids"
    min_seats = 2
    max_seats = 3
    options: Sequence[OptionSpec] = ()
    state_type = BidsState
    action_type: Any = BidsAction
    event_type: Any = BidsEvent

    def setup(
        self, options: Mapping[str, OptionValue], seats: int, rng: Rng
    ) -> tuple[BidsState, list[Event]]:
        return BidsState(1, (None,) * seats, (0,) * seats, (0,) * seats), []

    def apply(self, state: BidsState, seat: int, action: Action, rng: Rng) -> tuple[BidsState, list[Event]]:
        if isinstance(action, Standing):
            standing = tuple(action.amount if i == seat else n for i, n in enumerate(state.standing))
            return msgspec.structs.replace(state, standing=standing), []
        if not isinstance(action, Bid) or not 1 <= action.amount <= 9:
            raise IllegalAction("bad_bid", "A bid is 1 to 9.")
        if state.bids[seat] is not None:
            raise IllegalAction("bid_in", "Your bid for this round is in.")
        bids = tuple(action.amount if i == seat else b for i, b in enumerate(state.bids))
        events: list[Event] = [BidWritten(seat, action.amount)]
        if any(b is None for b in bids):
            return msgspec.structs.replace(state, bids=bids), events
        sealed = tuple(b or 0 for b in bids)
        best = max(sealed)
        winner = sealed.index(best) if sealed.count(best) == 1 else None
        points = tuple(p + (i == winner) for i, p in enumerate(state.points))
        events.append(RoundScored(state.round, sealed, winner))
        return BidsState(state.round + 1, (None,) * len(bids), state.standing, points), events

    def legal(self, state: BidsState, seat: int) -> list[Action]:
        return [Bid(n) for n in range(1, 10)] if seat in self.to_act(state) else []

    def to_act(self, state: BidsState) -> tuple[int, ...]:
        if max(state.points) >= 3:
            return ()
        return tuple(i for i, b in enumerate(state.bids) if b is None)

    def view(self, state: BidsState, seat: int | None) -> BidsView:
        mine = state.bids[seat] if seat is not None else None
        return BidsView(state.round, tuple(b is not None for b in state.bids), mine, state.points)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        if getattr(event, "private", False) and getattr(event, "seat", None) != seat:
            return None
        return event

    def result(self, state: BidsState) -> Result | None:
        if max(state.points) < 3:
            return None
        winner = state.points.index(max(state.points))
        return Result((winner,), f"Seat {winner + 1} won three rounds.")

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        if isinstance(event, BidWritten):
            return f"{names[event.seat]} bid {event.amount}."
        if isinstance(event, RoundScored):
            who = names[event.winner] if event.winner is not None else "nobody"
            return f"— Round {event.round}: bids {list(event.bids)}, {who} scores."
        return None

    def rolls(self, state: BidsState) -> int:
        return 0

    def turn_key(self, state: BidsState) -> tuple[int, int]:
        return (state.round, -1)

    def turn_label(self, state: BidsState) -> str:
        return f"Round {state.round}"

    def absent_move(self, state: BidsState, seat: int) -> Action:
        return Bid(state.standing[seat] or 1)

    def answer_off_turn(self, state: BidsState, seat: int) -> Action | None:
        return None  # nothing is asked off turn

    def turn_seconds(self, state: BidsState) -> int | None:
        return 3600 if state.round == 1 else 1800

    def turn_clock(self, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        return (3600, 1800)

    def anytime(self, action: Action) -> bool:
        return isinstance(action, Standing)


class LowBidder:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: BidsState, seat: int) -> Action:
        return Bid(1 + (self.seed + state.round + seat) % 9)


class Silent:
    def standing(self, view: BidsView, seat: int) -> str | None:
        return f"{view.points[seat]} points"

    def seat_roles(self, seats: int) -> list[str]:
        return []

    def digest(self, events: Sequence[Event], seat: int, names: Sequence[str], view: BidsView) -> list[str]:
        return []

    def private_text(self, view: BidsView) -> str | None:
        return None

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        return None

    def still_to_do(self, view: object) -> str | None:
        return None  # a move leaves nothing of the turn to tell


class NoSteps:
    def next(self, view: BidsView, events: Sequence[Event]) -> list[Step]:
        return []

    def action(self, verb: str, arg: str, state: BidsState) -> Action | None:
        return None


class BidsText(PlainText):
    verbs: Mapping[str, str] = {"bid": "Bid"}


def making(action: Action) -> Making:
    raise ValueError("sealed bids has no slash commands")  # a service-level test game


BIDS = Game(
    rules=BidsRules(),
    pictures=Pictures(
        board=lambda view, names, *, title, recent=(): b"\x89PNG",
        battle=lambda view, events, names, *, seat=None: None,
        private=lambda view, names: None,
        warm=lambda: None,
    ),
    levels={"easy": LowBidder},
    presenter=Silent(),
    steps=NoSteps(),
    text=BidsText(),
    extension="tests.conformance.stub_cog",  # unused: the tests that play it use the service alone
    command="bids",
    help="A test game.",
    making=making,
    vary_secrets=lambda state, seat, seed: state,
    short_game={},
)

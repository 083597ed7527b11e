"""A tiny two-seat game defined entirely here, to prove that a game plugs in by registering: its rules,
pictures, AI, presenter, steps and typed commands are in this module and its slash-command cog in
``stub_cog.py`` (an extension module of its own, as every game's cog is), and ``test_stub_game.py``
plays it through the terminal client and the fake Discord with no other file touched.

The game: a pile of counters; players take 1 to 3 in turn; whoever takes the last one wins. Each seat
is dealt a secret lucky number at the start (a private die), shown only in its own view and picture.
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from typing import Any, Union

import msgspec
from PIL import Image, ImageDraw

from bot.commands import PlainText
from bot.game import Game, Making, Slash, Step
from render.core.pictures import Pictures
from rules.core.dice import DiceCup, Rng
from rules.core.errors import IllegalAction
from rules.core.events import Action, DiceRolled, Event
from rules.core.options import OptionSpec, OptionValue, resolve_options
from rules.core.ruleset import Result

NAME = "stub"


class Take(Action, frozen=True):
    count: int


class Resign(Action, frozen=True):
    pass


class Taken(Event, frozen=True):
    seat: int
    count: int
    left: int


class Dealt(Event, frozen=True):
    """A seat's secret lucky number (private to it)."""

    seat: int
    lucky: int
    private: bool = True


StubAction = Union[Take, Resign]  # noqa: UP007 (msgspec reads the Union)
StubEvent = Union[Taken, Dealt, DiceRolled]  # noqa: UP007


class StubState(msgspec.Struct, frozen=True):
    left: int
    current: int
    turn: int
    lucky: tuple[int, ...]
    rolls: int
    winner: int | None = None


class StubView(msgspec.Struct, frozen=True):
    left: int
    current: int
    turn: int
    lucky: int | None  # the viewer's own
    winner: int | None


OPTIONS = (OptionSpec("counters", 15, "Counters in the pile at the start.", minimum=4, maximum=60),)


class StubRules:
    name = NAME
    title = "Take the Last"
    min_seats = 2
    max_seats = 2
    options: Sequence[OptionSpec] = OPTIONS
    state_type = StubState
    action_type: Any = StubAction
    event_type: Any = StubEvent

    def setup(
        self, options: Mapping[str, OptionValue], seats: int, rng: Rng
    ) -> tuple[StubState, list[Event]]:
        events: list[Event] = []
        cup = DiceCup(rng, 0, events)
        lucky = tuple(cup.roll(1, 6, seat, "lucky number", private=True)[0] for seat in range(seats))
        events += [Dealt(seat, n) for seat, n in enumerate(lucky)]
        counters = int(resolve_options(OPTIONS, options)["counters"])
        return StubState(counters, 0, 1, lucky, cup.count), events

    def apply(self, state: StubState, seat: int, action: Action, rng: Rng) -> tuple[StubState, list[Event]]:
        if state.winner is not None or seat != state.current:
            raise IllegalAction("not_your_turn", "It is not your turn.")
        if isinstance(action, Resign):
            return msgspec.structs.replace(state, winner=1 - seat), []
        if not isinstance(action, Take) or not 1 <= action.count <= min(3, state.left):
            raise IllegalAction("bad_count", f"Take 1 to {min(3, state.left)} counters.")
        left = state.left - action.count
        after = msgspec.structs.replace(
            state, left=left, current=1 - seat, turn=state.turn + 1, winner=seat if left == 0 else None
        )
        return after, [Taken(seat, action.count, left)]

    def legal(self, state: StubState, seat: int) -> list[Action]:
        if state.winner is not None or seat != state.current:
            return []
        return [Take(n) for n in range(1, min(3, state.left) + 1)]

    def to_act(self, state: StubState) -> tuple[int, ...]:
        return () if state.winner is not None else (state.current,)

    def view(self, state: StubState, seat: int | None) -> StubView:
        mine = state.lucky[seat] if seat is not None and seat < len(state.lucky) else None
        return StubView(state.left, state.current, state.turn, mine, state.winner)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        if getattr(event, "private", False) and getattr(event, "seat", None) != seat:
            return None
        return event

    def result(self, state: StubState) -> Result | None:
        if state.winner is None:
            return None
        return Result((state.winner,), f"Seat {state.winner + 1} took the last counter.")

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        if isinstance(event, Taken):
            return f"{names[event.seat]} took {event.count}; {event.left} left."
        if isinstance(event, Dealt):
            return f"{names[event.seat]}'s lucky number is {event.lucky}."
        return None

    def rolls(self, state: StubState) -> int:
        return state.rolls

    def turn_key(self, state: StubState) -> tuple[int, int]:
        return (state.turn, state.current)

    def turn_label(self, state: StubState) -> str:
        return f"Turn {state.turn}"

    def absent_move(self, state: StubState, seat: int) -> Action:
        return Take(1)

    def answer_off_turn(self, state: StubState, seat: int) -> Action | None:
        return None  # nothing is asked off turn

    def turn_seconds(self, state: StubState) -> int | None:
        return None

    def turn_clock(self, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        return ()

    def anytime(self, action: Action) -> bool:
        return False


class StubAI:
    """Takes what leaves a multiple of four when it can (the winning strategy), else one at random."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose(self, state: StubState, seat: int) -> Action:
        best = state.left % 4
        return Take(best) if best else Take(self._random.randint(1, min(3, state.left)))


def _png(text: str) -> bytes:
    image = Image.new("RGB", (320, 80), "white")
    ImageDraw.Draw(image).text((10, 30), text, fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


PICTURES = Pictures(
    board=lambda view, names, *, title, recent=(): _png(f"{title}: {view.left} counters left"),
    battle=lambda view, events, names, *, seat=None: None,
    private=lambda view, names: None if view.lucky is None else _png(f"Your lucky number: {view.lucky}"),
    warm=lambda: None,
)


class StubPresenter:
    def standing(self, view: StubView, seat: int) -> str | None:
        return f"{view.left} counters left"

    def seat_roles(self, seats: int) -> list[str]:
        return []

    def digest(self, events: Sequence[Event], seat: int, names: Sequence[str], view: StubView) -> list[str]:
        return []

    def private_text(self, view: StubView) -> str | None:
        return None if view.lucky is None else f"Your lucky number is {view.lucky}."

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        return None  # the log's lines answer a move

    def still_to_do(self, view: object) -> str | None:
        return None  # a move leaves nothing of the turn to tell


class StubSteps:
    def next(self, view: StubView, events: Sequence[Event]) -> list[Step]:
        return []

    def action(self, verb: str, arg: str, state: StubState) -> Action | None:
        return Take(int(arg)) if verb == "take" and arg.isdigit() else None


class StubText(PlainText):
    verbs: Mapping[str, str] = {"take": "Take"}


def vary_secrets(state: StubState, seat: int, seed: int) -> StubState:
    lucky = tuple((n % 6) + 1 if i == seat else n for i, n in enumerate(state.lucky))
    return msgspec.structs.replace(state, lucky=lucky)


def making(action: Action) -> Making:
    if isinstance(action, Take):
        return Slash("stub take", {"count": action.count})
    raise ValueError(f"no command makes {action!r}")


STUB = Game(
    rules=StubRules(),
    pictures=PICTURES,
    levels={"easy": StubAI},
    presenter=StubPresenter(),
    steps=StubSteps(),
    text=StubText(),
    extension="tests.conformance.stub_cog",
    command="stub",
    help="**Play Take the Last** (`/game new ruleset:stub`): `/stub take count`.",
    making=making,
    vary_secrets=vary_secrets,
    short_game={},
)

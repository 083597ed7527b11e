"""The engine contract every game implements (see docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import msgspec

from rules.core.dice import Rng
from rules.core.events import Action, Event
from rules.core.options import OptionSpec, OptionValue


class Result(msgspec.Struct, frozen=True):
    """How a finished game ended: the winning seats and a sentence for the channel."""

    winners: tuple[int, ...]
    summary: str


class Ruleset(Protocol):
    """One game. All methods are pure: same inputs, same outputs, no I/O.

    ``state`` is the ruleset's own immutable State type; ``Any`` here keeps the contract generic
    while each ruleset's module is strictly typed.

    Optional: ``check_seats(options, seats)`` (``rules.core.options.SeatCheck``) refuses options that
    many seats cannot play; ``setup`` refuses them too, and must never leave a negative count.
    ``place_name(key)``: the name players read for a place's id an action carries (``eagles_rest`` is
    "Eagle's Rest"; None: not a place's id), which the log's headlines and undo lines write.
    ``headline(action)``: the action in players' words for those, where the generic "verb field field"
    reads badly ("exchange oakhollow 5 troops cannon"); None: the generic one.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    options: Sequence[OptionSpec]
    state_type: type[Any]
    action_type: Any  # a Union of Action classes, for the JSON codec
    event_type: Any  # a Union of Event classes, for the JSON codec

    def setup(self, options: Mapping[str, OptionValue], seats: int, rng: Rng) -> tuple[Any, list[Event]]: ...

    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> tuple[Any, list[Event]]: ...

    def legal(self, state: Any, seat: int) -> list[Action]:
        """A finite list of actions ``seat`` may take now, every one of which ``apply`` accepts; empty
        when the seat is not to act. Whenever the seat must act, it includes a way to finish the current
        phase or decision (``EndPhase``, a battle's answer...), so an agent picking from it always makes
        progress. Exhaustive where the moves are few enough to list; a bounded, useful sample where they
        are too many (for example single units and whole stacks one step each way, plain purchases and
        placements). Menus and autocomplete use it; ``apply`` stays the judge of any other action."""
        ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def view(self, state: Any, seat: int | None) -> Any: ...

    def redact(self, event: Event, seat: int | None) -> Event | None: ...

    def result(self, state: Any) -> Result | None: ...

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        """A sentence for ``event`` in the game log; "" when another event's sentence already tells it
        (the dice a battle's line shows), None when it has none (the log then shows a roll's dice as
        they are, so that every die is seen once)."""
        ...

    def rolls(self, state: Any) -> int: ...

    def turn_key(self, state: Any) -> tuple[int, int]: ...

    def turn_label(self, state: Any) -> str:
        """The turn being played as its players name it ("Turn 12", "Year 3 of 6, autumn"): the turn
        ping's title. ``turn_key`` only has to change with each decision; this has to read well."""
        ...

    def absent_move(self, state: Any, seat: int) -> Action:
        """The move made for ``seat`` when its turn deadline passed: legal, never starting a fight,
        and leading to the end of the turn when repeated."""
        ...

    def answer_off_turn(self, state: Any, seat: int) -> Action | None:
        """The answer made for ``seat`` to a decision it is asked while another seat plays its turn (a
        defender's dice, casualties or battle line): its standing orders or the rules' sensible default.
        By post such questions would hold every turn up, so they are answered so unless the player chose
        to answer them. None when what ``seat`` is asked is its own turn's, or every seat acts at once."""
        ...

    def turn_seconds(self, state: Any) -> int | None:
        """How long the turn now waiting may take, when the game's own rules time it (a round that
        shrinks as the game goes on); None: the game's deadline setting decides."""
        ...

    def turn_clock(self, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        """Before the start, the seconds a game with ``options`` gives its turns, in order, as its own
        rules time them (the last repeats: ``turn_seconds`` of the turns to come); empty: the game's
        deadline setting decides. The lobby says so before anyone joins."""
        ...

    def anytime(self, action: Action) -> bool:
        """Whether a seat still playing may take ``action`` whenever, not only when the game waits on
        it (standing orders set ahead of time); ``apply`` still judges it."""
        ...


class Engine(Protocol):
    """What ``Rules`` forwards to a game's engine module (``rules/<game>/engine.py``)."""

    def new_game(self, options: Any, seats: int, rng: Rng) -> tuple[Any, list[Event]]: ...

    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> tuple[Any, list[Event]]: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...


class Rules:
    """The half of the contract every game shares: a game's adapter (``rules/<game>/__init__.py``)
    derives from this, hands over its modules, and writes only what differs from these defaults (its
    ``result``, ``turn_key`` and ``turn_label``; its ``redact`` when more than ``private`` events are
    hidden; ``answer_off_turn``, ``turn_seconds`` with ``turn_clock`` and ``anytime`` when it has such
    moves)."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    options: Sequence[OptionSpec]
    state_type: type[Any]
    action_type: Any
    event_type: Any

    def __init__(
        self,
        *,
        engine: Engine,
        make_options: Callable[[Mapping[str, OptionValue]], Any],
        legal: Callable[[Any, int], list[Action]],
        view: Callable[[Any, int | None], Any],
        describe: Callable[[Event, Sequence[str]], str | None],
        absent_move: Callable[[Any, int], Action],
    ) -> None:
        self._engine = engine
        self._make_options = make_options
        self._legal = legal
        self._view = view
        self._describe = describe
        self._absent_move = absent_move

    def setup(self, options: Mapping[str, OptionValue], seats: int, rng: Rng) -> tuple[Any, list[Event]]:
        return self._engine.new_game(self._make_options(options), seats, rng)

    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> tuple[Any, list[Event]]:
        return self._engine.apply(state, seat, action, rng)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return self._legal(state, seat)

    def to_act(self, state: Any) -> tuple[int, ...]:
        return self._engine.to_act(state)

    def view(self, state: Any, seat: int | None) -> Any:
        return self._view(state, seat)

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return self._describe(event, names)

    def absent_move(self, state: Any, seat: int) -> Action:
        return self._absent_move(state, seat)

    def rolls(self, state: Any) -> int:
        return int(state.rolls)  # every game's state counts the dice rolled so far

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """An event marked ``private`` belongs to its ``seat`` alone while the game runs (a seat's own
        dice, an order being written); everything else is public."""
        if getattr(event, "private", False) and getattr(event, "seat", None) != seat:
            return None
        return event

    def answer_off_turn(self, state: Any, seat: int) -> Action | None:
        return None  # no seat is asked anything on another seat's turn

    def turn_seconds(self, state: Any) -> int | None:
        return None  # every turn takes the game's deadline setting

    def turn_clock(self, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        return ()  # every turn takes the game's deadline setting

    def anytime(self, action: Action) -> bool:
        return False  # every move is made when the game waits on its seat

"""What the game service hands back: plain values and one exception, nothing tied to Discord."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.clock import stamp
from bot.game import level_name
from bot.records import Controller, GameAndSeats, GameState, OffTurn, SeatState
from rules.core.events import Event


class ServiceError(Exception):
    """A request the service refuses. ``message`` is a sentence for the player, shown as it is;
    ``code`` is stable for tests and for choosing how to present it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"ServiceError({self.code!r}, {self.message!r})"


def _status_note(status: str, claim: int | None) -> str:
    if claim is not None:
        return f" (claims seat {claim + 1})"
    return "" if status == "playing" else f" [{status}]"


SEAL_CHARS = 16  # of the SHA-256's 64 hex digits: enough to check by eye; /game export has them all


def seal_line(seed_hash: str) -> str:
    """The fairness hash as one short line saying what it is for (issue 28): not 64 hex digits."""
    return (
        f"Dice sealed: `{seed_hash[:SEAL_CHARS]}…`; at the end the seed is revealed and `/game verify` "
        "checks every die against it."
    )


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None
    name: str
    controller: Controller
    status: SeatState
    missed: int = 0  # turn deadlines missed in this game
    vacation_until: str | None = None
    vacation_left_hours: int = 14 * 24
    claim: int | None = None  # in the lobby: the seat (0-based) claimed with /game seat
    off_turn: OffTurn = "answer"  # questions on another's turn answered for this player, or asked
    ai_level: str | None = None  # the AI's level when the AI plays this seat (None: the game's default)


@dataclass(frozen=True, slots=True)
class GameStatus:
    game_id: int
    channel_id: int
    ruleset: str
    title: str
    status: GameState
    version: int
    created_by: int | None
    options: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    waiting_for: tuple[int, ...]  # seats that must act now
    turn: int | None  # the ruleset's turn key: changes with each decision, not for players' eyes
    seed_hash: str | None
    seed: str | None  # only once the game has ended
    log_length: int
    result: str | None
    capacity: int | None = None  # seats opened by the host; None: the ruleset's maximum
    turn_hours: int | None = None
    deadline_at: str | None = None
    timeout_action: str = "skip"
    reminders: str = "50,10"
    missed_limit: int = 3
    status_message_id: int | None = None
    ai_level: str | None = None  # the stand-in's AI level (None: the game's default)
    # The turn settings taken from the server's defaults ("turn_hours", "timeout_action", "reminders",
    # "ai_level"); the others were set for this game (or are Warboard's own).
    server_defaults: tuple[str, ...] = ()
    turn_label: str = ""  # the turn as players name it ("Year 3 of 6, autumn"); "" before the start
    # The time the game's own rules give the turn now waiting (a round that shrinks as the game goes on,
    # ``Ruleset.turn_seconds``), in seconds; None: ``turn_hours`` decides.
    rules_seconds: int | None = None
    # The seconds the game's own rules give its turns in order, the last repeating (``Ruleset.turn_clock``
    # of its options): what the lobby tells before the start; empty: ``turn_hours`` decides.
    rules_clock: tuple[int, ...] = ()

    def name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Seat {seat + 1}"

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def summary(self, escape: Callable[[str], str] = str) -> str:
        """A few lines for a status command; ``escape`` is applied to every line holding members' words
        (names, the result), not to the seal's line, whose code span and command must render."""
        seats = ", ".join(
            f"{s.seat + 1}. {s.name}"
            + (f" (AI{f', {level_name(s.ai_level)}' if s.ai_level else ''})" if s.controller == "ai" else "")
            + _status_note(s.status, s.claim)
            for s in self.seats
        )
        lines = [
            # No version: it counts every move, secret ones too (an order written in a round of secret
            # orders), so showing it would tell everyone how many each seat writes. The turn is below.
            f"Game #{self.game_id}: {self.title}, {self.status}.",
            f"Seats: {seats or 'none yet'}.",
        ]
        if self.status in ("running", "paused") and self.waiting_for:
            turn = f"{self.turn_label}, " if self.turn_label else ""
            lines.append(f"Now: {turn}waiting for {', '.join(self.name(s) for s in self.waiting_for)}.")
            if self.deadline_at and self.status == "running":
                lines.append(f"Deadline: {stamp(self.deadline_at)} ({stamp(self.deadline_at, 'f')}).")
        if self.result:
            lines.append(self.result)
        lines = [escape(line) for line in lines]
        if self.seed_hash:
            lines.append(seal_line(self.seed_hash) + (f" Seed: {self.seed}" if self.seed else ""))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ActResult:
    """An accepted move. ``events`` are as the acting seat may see them, ``public_events`` and
    ``lines`` as everyone may; ``view`` is the public view for the board picture, and ``status`` the
    game's status after the move (so presenting it needs no second read).

    ``public_view`` makes the view (the ruleset's view of the state after the move for no seat): it is
    built the first time ``view`` is read, then kept. Most results are never shown (an AI seat's moves
    between two announcements), and building a view cost more than the move itself (issue 34)."""

    game_id: int
    version: int
    seq: int
    seat: int
    events: tuple[Event, ...]
    public_events: tuple[Event, ...]
    lines: tuple[str, ...]
    public_view: Callable[[], Any] = field(compare=False, repr=False)
    waiting_for: tuple[int, ...]
    status: GameStatus
    result: str | None = None
    turn_changed: bool = False
    turn: int = 0  # the ruleset's turn number after the move
    # Seats the move newly asked for a decision (waited on now, not before it): the ones to tell. In a
    # round of simultaneous orders, one player's orders ask nothing new of those still writing theirs.
    asked: tuple[int, ...] = ()
    # The game as this move committed it, its state decoded: what comes next (the AI's moves, the turn's
    # announcement) starts from it without reading or decoding the game again. Never shown to players.
    position: Position | None = field(default=None, compare=False, repr=False)
    _view: Any = field(default=None, init=False, compare=False, repr=False)
    _viewed: bool = field(default=False, init=False, compare=False, repr=False)

    @property
    def view(self) -> Any:
        """The public view after the move, built on first reading (the state is frozen: a view built
        late is the one built at once)."""
        if not self._viewed:
            object.__setattr__(self, "_view", self.public_view())
            object.__setattr__(self, "_viewed", True)
        return self._view


@dataclass(frozen=True, slots=True)
class Position:
    """A game as the store holds it after a commit (``found``), with its state decoded (``state``: the
    whole state, secrets included, so only the service and the announcer handle it)."""

    found: GameAndSeats
    state: Any


@dataclass(frozen=True, slots=True)
class UndoResult:
    game_id: int
    version: int
    reverted: tuple[int, ...]  # the log rows (seq) taken back
    view: Any
    waiting_for: tuple[int, ...]
    message: str


@dataclass(frozen=True, slots=True)
class VerifyReport:
    game_id: int
    ok: bool
    rolls: int  # dice checked
    problems: tuple[str, ...] = field(default_factory=tuple)

    def text(self) -> str:
        if self.ok:
            return f"All {self.rolls} dice of game #{self.game_id} match the revealed seed and its hash."
        return f"Game #{self.game_id} does not verify:\n" + "\n".join(f"- {p}" for p in self.problems)


@dataclass(frozen=True, slots=True)
class Miss:
    """One seat a passed deadline caught: its misses so far, and how its turn was played."""

    seat: int
    name: str
    missed: int  # deadlines this seat has now missed in the game (0: an AI seat)
    by_ai: bool  # the AI played for it (game option, or the seat is now the AI's)
    handed_to_ai: bool  # this miss was the one that handed the seat to the AI

    def sentence(self, limit: int) -> str:
        done = "the AI played the turn" if self.by_ai else "the turn was skipped"
        if self.handed_to_ai:
            return (
                f"⏰ {self.name} missed the deadline ({self.missed} of {limit}): the seat now passes to "
                f"the AI, and {done}. {self.name} can take it back with /game join."
            )
        if self.missed == 0:  # the seat was the AI's already
            return f"⏰ The deadline passed: {done}."
        return f"⏰ {self.name} missed the deadline ({self.missed} of {limit}): {done}."


@dataclass(frozen=True, slots=True)
class TimeoutResult:
    """What a passed deadline did: each seat it caught (several when every seat owes orders at once)
    and the moves made for them. ``seat``, ``missed``... read the first seat's, the usual one."""

    game_id: int
    misses: tuple[Miss, ...]
    limit: int
    moves: tuple[ActResult, ...]

    @property
    def seat(self) -> int:
        return self.misses[0].seat

    @property
    def name(self) -> str:
        return self.misses[0].name

    @property
    def missed(self) -> int:
        return self.misses[0].missed

    @property
    def by_ai(self) -> bool:
        return self.misses[0].by_ai

    @property
    def handed_to_ai(self) -> bool:
        return self.misses[0].handed_to_ai

    def sentence(self) -> str:
        said = dict.fromkeys(miss.sentence(self.limit) for miss in self.misses)  # one "deadline passed"
        return " ".join(said)


@dataclass(frozen=True, slots=True)
class ClockChange:
    """A deadline moved by an extension or a vacation, or a vacation taken or ended."""

    game_id: int
    deadline_at: str | None
    message: str

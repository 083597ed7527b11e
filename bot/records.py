"""The values the store reads and writes, and its refusals: shared by every ``GameStore`` backend."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar


class StoreError(Exception):
    """Base class of the store's own refusals."""


class VersionConflict(StoreError):
    """Somebody else wrote the game after the caller read it; re-read and try again."""

    def __init__(self, game_id: int, expected: int, actual: int | None) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id, self.expected, self.actual = game_id, expected, actual


class ChannelBusy(StoreError):
    """The channel already has a game that has not ended."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an active game")
        self.channel_id = channel_id


class SchemaTooNew(StoreError):
    """The file was written by a newer Warboard; opening it could lose data, so we refuse."""


# The closed sets of the store's text columns (issue 33 item 4): mypy checks every value written and, with
# ``strict_equality``, every comparison against a value that is not one of them.
GameState = Literal["lobby", "running", "paused", "ended"]
Controller = Literal["human", "ai"]
SeatState = Literal["playing", "resigned", "kicked"]
OffTurn = Literal["answer", "ask"]  # a question on another's turn: answered by standing orders, or asked
TimeoutAction = Literal["skip", "ai"]
RowKind = Literal["action", "undo", "rollback", "system"]
CONTROLLERS: tuple[Controller, ...] = ("human", "ai")
SEAT_STATES: tuple[SeatState, ...] = ("playing", "resigned", "kicked")
OFF_TURN: tuple[OffTurn, ...] = ("answer", "ask")
Closed = TypeVar("Closed", bound=str)


def one_of(value: object, allowed: tuple[Closed, ...]) -> Closed | None:
    """``value`` as the member of the closed set ``allowed`` it equals (typed so), None if none."""
    return next((member for member in allowed if member == value), None)


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    options: dict[str, Any]
    status: GameState
    created_by: int | None
    seed: str | None
    seed_hash: str | None
    version: int
    state: str | None  # JSON snapshot, None in the lobby
    created_at: str
    updated_at: str
    turn_hours: int | None = None
    deadline_at: str | None = None
    capacity: int | None = None  # seats the host opened; None: the ruleset's maximum
    timeout_action: TimeoutAction = "skip"  # what a missed deadline does
    reminders: str = "50,10"  # reminders, in percent of the turn's time left
    missed_limit: int = 3  # missed deadlines that hand a seat to the AI
    turn_started_at: str | None = None
    status_message_id: int | None = None
    snapshot_version: int = 0  # the version at which the latest snapshot was written (0: none yet)
    ai_level: str | None = None  # the stand-in's AI level (None: the game's default)
    server_defaults: str = ""  # the turn settings taken from the server's defaults, comma-separated

    @classmethod
    def from_row(cls, values: dict[str, Any]) -> GameRecord:
        """A games row as either backend reads it, as a fresh dict (this takes it over): every column by
        name, the options as JSON text."""
        values["options"] = json.loads(values["options"])
        return cls(**values)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    user_id: int | None  # None for the AI
    name: str
    controller: Controller = "human"
    status: SeatState = "playing"
    missed: int = 0  # deadlines missed in this game
    vacation_until: str | None = None
    vacation_left_hours: int = 14 * 24
    claim: int | None = None  # in the lobby: the seat (0-based) this player asked for with /game seat
    # A question asked on another seat's turn (a defender's casualties): "answer" makes the rules'
    # answer for this player at once (the by-post default), "ask" waits for the player.
    off_turn: OffTurn = "answer"
    ai_level: str | None = None  # the level of the AI playing this seat (None: the game's default)


@dataclass(frozen=True, slots=True)
class GameAndSeats:
    """A game read together with its seats and the length of its log, in one trip to the store: what
    a move, a status or a view needs."""

    game: GameRecord
    seats: tuple[SeatRecord, ...]
    log_length: int


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A row to append: ``kind`` is action | undo | rollback | system; ``action``/``events`` are JSON.

    What the store keeps beside the row, in the same transaction (see ``GameStore.commit``):
    ``reverts``, the action rows an undo or rollback takes back; ``snapshot``, the state JSON of the
    game after this row; ``turn_seats``, the seats a turn beginning with this row waits on;
    ``opens_round``, whether the row's public text opens a round (a line starting "— Round")."""

    kind: str
    seat: int | None
    user_id: int | None
    action: str | None
    events: str = "[]"
    at: str | None = None  # now, unless copied from an imported game
    reverts: tuple[int, ...] = ()
    snapshot: str | None = None
    turn_seats: tuple[int, ...] = ()
    opens_round: bool = False


@dataclass(frozen=True, slots=True)
class LogRecord:
    seq: int
    kind: RowKind
    seat: int | None
    user_id: int | None
    action: str | None
    events: str
    at: str


@dataclass(frozen=True, slots=True)
class LogTail:
    """Read together for a turn's announcement: every live action row after row ``after`` (``rows``,
    oldest first; ``after`` 0: the whole log) and a seat's latest turn starts (``starts``, newest first)."""

    rows: list[LogRecord]
    starts: list[int]
    after: int


@dataclass(frozen=True, slots=True)
class Listeners:
    """Who hears of a game's turns beyond its channel: players who asked for DMs, and followers."""

    dm_users: frozenset[int]
    followers: list[int]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The game's state (JSON) after every live action up to and including log row ``seq``."""

    seq: int
    state: str


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """Columns to change in a ``commit``; None leaves a column as it is."""

    status: str | None = None
    options: Mapping[str, Any] | None = None
    seed: str | None = None
    seed_hash: str | None = None
    state: str | None = None
    deadline_at: str | None = None
    turn_started_at: str | None = None
    turn_hours: int | None = None
    timeout_action: str | None = None
    reminders: str | None = None
    missed_limit: int | None = None
    status_message_id: int | None = None
    snapshot_version: int | None = None
    ai_level: str | None = None
    server_defaults: str | None = None
    clear: tuple[str, ...] = ()  # nullable columns to set to NULL (a deadline that no longer applies)


NO_CHANGES = GameUpdate()  # a commit that only bumps the version (and appends rows, changes seats)


@dataclass(frozen=True, slots=True)
class Commit:
    version: int  # the game's version after the write
    seq: int | None  # the appended log row, if any


@dataclass(frozen=True, slots=True)
class Timer:
    id: int
    game_id: int | None
    kind: str
    due_at: str
    payload: str


@dataclass(frozen=True, slots=True)
class TimerSpec:
    """A timer to write with a commit; ``payload`` is JSON."""

    kind: str  # reminder | deadline
    due_at: str
    payload: str = "{}"


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    mod_role_id: int | None = None
    default_turn_hours: int | None = None
    announce_channel_id: int | None = None
    default_timeout_action: str | None = None  # skip | ai
    default_reminders: str | None = None  # e.g. "50,10"
    default_ai_level: str | None = None


def now_text() -> str:
    """UTC time as fixed-width ISO text: sorts as it reads, so ``due_at <= ?`` works on text."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")

"""Turn clocks, as pure functions of time: when a turn's deadline falls, when to remind, and the timers
that carry both into the database. ``bot/deadlines.py`` uses them; tests pass their own ``now``.

Times are aware UTC datetimes in code and fixed-width ISO text in the database (``records.now_text``'s
format), which sorts as it reads, so ``due_at <= now`` works on the text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.records import GameRecord, SeatRecord, TimerSpec

Clock = Callable[[], datetime]
DEADLINE, REMINDER = "deadline", "reminder"
_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def utc_now() -> datetime:
    return datetime.now(UTC)


def to_text(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime(_FORMAT)


def from_text(text: str) -> datetime:
    return datetime.strptime(text, _FORMAT).replace(tzinfo=UTC)


def stamp(moment: datetime | str, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone, and "in 3 hours" stays true."""
    if isinstance(moment, str):
        moment = from_text(moment)
    return f"<t:{int(moment.timestamp())}:{style}>"


REMINDERS_RULE = "reminders are up to four percentages of the turn left, each from 1 to 99, like 50,10"


def parse_reminders(text: str) -> tuple[int, ...]:
    """``"50,10"`` -> (50, 10): remind when that percent of the turn's time is left. Raises ValueError
    with a sentence (``REMINDERS_RULE``) for anything else, "abc" and "²" included."""
    parts = [p.strip().rstrip("%") for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts or len(parts) > 4 or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise ValueError(REMINDERS_RULE)
    values = sorted({int(p) for p in parts}, reverse=True)
    if any(not 1 <= v <= 99 for v in values):
        raise ValueError(REMINDERS_RULE)
    return tuple(values)


def turn_deadline(start: datetime, length: timedelta, vacation_until: datetime | None) -> datetime:
    """A turn that starts at ``start`` runs ``length`` of clock time; the clock does not run while its
    player is on vacation, so a turn beginning during a vacation counts from the vacation's end."""
    begins = max(start, vacation_until) if vacation_until else start
    return begins + length


@dataclass(frozen=True, slots=True)
class TurnClock:
    """What the store keeps for the current turn: its deadline and the timers that will fire."""

    started_at: datetime
    deadline: datetime
    timers: tuple[TimerSpec, ...]


def plan_turn(
    game: GameRecord, seat: SeatRecord, turn: Sequence[int], now: datetime, seconds: int | None = None
) -> TurnClock | None:
    """The clock for the turn ``turn`` (the ruleset's ``turn_key``) that ``seat`` begins now: the game's
    turn length, or ``seconds`` when the game's own rules time this turn (``Ruleset.turn_seconds``);
    None when the game has no deadlines."""
    if not game.turn_hours:
        return None
    length = timedelta(seconds=seconds) if seconds is not None else timedelta(hours=game.turn_hours)
    vacation = from_text(seat.vacation_until) if seat.vacation_until else None
    deadline = turn_deadline(now, length, vacation)
    return TurnClock(now, deadline, timers_for(game, seat.seat, turn, deadline, now, length))


def timers_for(
    game: GameRecord,
    seat: int,
    turn: Sequence[int],
    deadline: datetime,
    now: datetime,
    length: timedelta | None = None,
) -> tuple[TimerSpec, ...]:
    """The deadline timer and one per reminder still ahead; each timer names the turn it belongs to, so
    one that outlives its turn (it should not, they are replaced together) is recognised and dropped.
    ``length``: the turn's, when not the game's turn length."""
    assert game.turn_hours, "only games with deadlines have timers"
    length = length or timedelta(hours=game.turn_hours)
    specs = [TimerSpec(DEADLINE, to_text(deadline), payload(seat, turn))]
    for percent in parse_reminders(game.reminders):
        due = deadline - length * percent / 100
        if due > now:
            specs.append(TimerSpec(REMINDER, to_text(due), payload(seat, turn, percent)))
    return tuple(specs)


def payload(seat: int, turn: Sequence[int], percent: int | None = None, *, resume: bool = False) -> str:
    """A timer's JSON: the seat and turn it is for; ``percent`` for a reminder; ``resume`` for a deadline
    whose handling began but may not have finished (see ``Deadlines.timeout``)."""
    body: dict[str, object] = {"seat": seat, "turn": list(turn)}
    if percent is not None:
        body["percent"] = percent
    if resume:
        body["resume"] = True
    return json.dumps(body)


def shifted(timers: Sequence[TimerSpec], by: timedelta) -> tuple[TimerSpec, ...]:
    """The same timers ``by`` later (an extension, or a vacation taken during the turn)."""
    return tuple(TimerSpec(t.kind, to_text(from_text(t.due_at) + by), t.payload) for t in timers)

"""The one loop that keeps multi-day games moving: it reads the timers that are due from the database
and dispatches them. Nothing lives only in memory, so a restart loses no deadline.

Catching up after downtime: all that is due is handled in due order, game by game. A game whose
deadline passed gets that deadline handled once (its stale reminders are dropped unsent); a game with
only reminders due gets the latest one. So each game receives at most one catch-up message.

``TurnLocks``: the bot's triggers for a game (a deadline here; in the Discord layer a move's answer, a
turn's announcement) take turns, so the moves they make and the messages telling of them come one
trigger at a time, in the order of the moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

from bot.clock import DEADLINE, REMINDER, from_text, to_text
from bot.models import TimeoutResult
from bot.service import GameService
from bot.standings import SETTLE
from bot.store import Timer

log = logging.getLogger("warboard.scheduler")
RETRY_AFTER = timedelta(minutes=15)  # a deadline (or a settling) that failed is tried again this much later
LONGEST_SLEEP = 60.0  # seconds; a timer written by another process is noticed within this


class Announcer(Protocol):
    """Tells the players (the Discord layer implements it; tests record the calls)."""

    async def deadline_passed(self, result: TimeoutResult) -> None: ...

    async def reminder(self, game_id: int, seat: int, percent: int) -> None: ...


@dataclass
class TickReport:
    deadlines: list[int] = field(default_factory=list)  # games whose deadline was handled
    reminders: list[int] = field(default_factory=list)  # games reminded
    dropped: int = 0  # stale or superseded timers removed unsent


@dataclass
class _Turn:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    holder: asyncio.Task[Any] | None = None
    users: int = 0  # the tasks holding or waiting for the lock


class TurnLocks:
    """One lock per game for whatever makes the AI move or posts what moves did, so two triggers never
    play the same game's AI side by side, and a game's messages come in the order of its moves.

    A task holding a game's lock may take it again (a move's answer goes on to announce the next turn,
    a deadline's handling to its announcement). A game has an entry only while some task holds or waits
    for its lock, so the table stays as small as the number of games busy at once. Only in memory: it
    orders one process's work, while the store's versions keep any process from misapplying a move."""

    def __init__(self) -> None:
        self._games: dict[int, _Turn] = {}

    def busy(self, game_id: int) -> bool:
        return game_id in self._games

    def any_busy(self) -> bool:
        """Whether some game's AI is playing or its messages are being posted (tests wait on this)."""
        return bool(self._games)

    @contextlib.asynccontextmanager
    async def hold(
        self,
        game_id: int,
        *,
        patience: float = math.inf,
        meanwhile: Callable[[], Awaitable[object]] | None = None,
    ) -> AsyncIterator[None]:
        """Hold ``game_id``'s lock for the block. If the lock is not free within ``patience`` seconds,
        ``meanwhile`` runs first (a Discord interaction defers, to keep its 3 seconds) and the wait goes
        on. Never hold it while waiting for a person."""
        task = asyncio.current_task()
        turn = self._games.get(game_id)
        if turn is not None and task is not None and turn.holder is task:
            yield  # this task's already
            return
        turn = self._games.setdefault(game_id, _Turn())
        turn.users += 1
        try:
            if meanwhile is None or patience == math.inf:
                await turn.lock.acquire()
            else:
                try:
                    await asyncio.wait_for(turn.lock.acquire(), max(patience, 0.0))
                except TimeoutError:
                    await meanwhile()
                    await turn.lock.acquire()
            turn.holder = task
            try:
                yield
            finally:
                turn.holder = None
                turn.lock.release()
        finally:
            turn.users -= 1
            if not turn.users:
                del self._games[game_id]


class Scheduler:
    def __init__(self, service: GameService, announcer: Announcer, turns: TurnLocks | None = None) -> None:
        self.service = service
        self.store = service.store
        self.announcer = announcer
        self.turns = turns if turns is not None else TurnLocks()  # the bot's, shared with its cogs
        self._stop = asyncio.Event()
        # Told of a game whose deadline failed (its play or its news broke off): the bot takes it up
        # again within seconds (``Unfinished``), while the deadline itself is retried later.
        self.on_failure: Callable[[int], None] | None = None

    def stop(self) -> None:
        """End ``run`` after the tick in hand (a clean stop): a sleeping loop ends at once."""
        self._stop.set()

    async def tick(self) -> TickReport:
        """Dispatch everything due at the service's clock's now."""
        report = TickReport()
        due = await self.store.due_timers(to_text(self.service.clock()))
        by_game: dict[int, list[Timer]] = {}
        for timer in due:  # in due order; dicts keep the order games first fell due in
            if timer.game_id is not None:
                by_game.setdefault(timer.game_id, []).append(timer)
        for game_id, timers in by_game.items():
            try:
                async with self.turns.hold(game_id):  # after any move's answer or AI play in progress
                    await self._dispatch(game_id, timers, report)
            except Exception:
                log.exception("timers of game %s failed; retrying later", game_id)
                if self.on_failure is not None and any(t.kind == DEADLINE for t in timers):
                    self.on_failure(game_id)  # a deadline's play or news broke off (not a reminder)
                await self._retry_later(timers)
        return report

    async def _dispatch(self, game_id: int, timers: list[Timer], report: TickReport) -> None:
        if any(t.kind == SETTLE for t in timers):  # an end whose settling broke off (bot/settling.py)
            await self.service.settle(game_id)
            timers = [t for t in timers if t.kind != SETTLE]
            if not timers:
                return
        deadline = next((t for t in timers if t.kind == DEADLINE), None)
        reminders = [t for t in timers if t.kind == REMINDER and t is not deadline]
        claimed = [t for t in reminders if await self.store.claim_timer(t.id)]
        if deadline is not None:
            report.dropped += len(claimed)  # the turn is over: reminding now would only confuse
            body = json.loads(deadline.payload)
            result = await self.service.timeout(game_id, body["turn"], resume=bool(body.get("resume")))
            if result is None:
                await self.store.delete_timer(deadline.id)
                report.dropped += 1
                return
            report.deadlines.append(game_id)
            await self.announcer.deadline_passed(result)
            return
        if not claimed:
            return
        report.dropped += len(claimed) - 1
        latest = json.loads(claimed[-1].payload)
        report.reminders.append(game_id)
        await self.announcer.reminder(game_id, int(latest["seat"]), int(latest["percent"]))

    async def _retry_later(self, timers: list[Timer]) -> None:
        for timer in timers:
            # A deadline, or an end to settle: tried again later (a settling that keeps failing would
            # otherwise be due again at every tick).
            if timer.kind in (DEADLINE, SETTLE) and await self.store.claim_timer(timer.id):
                later = to_text(self.service.clock() + RETRY_AFTER)
                await self.store.add_timer(timer.game_id, timer.kind, later, timer.payload)

    async def run(self) -> None:
        """Until ``stop``: dispatch what is due, then sleep until the next timer (at most a minute)."""
        while not self._stop.is_set():
            try:
                await self.tick()
                next_due = await self.store.next_due()
            except Exception:
                log.exception("scheduler tick failed")
                next_due = None
            delay = LONGEST_SLEEP
            if next_due is not None:
                wait = (from_text(next_due) - self.service.clock()).total_seconds()
                delay = min(max(wait, 1.0), LONGEST_SLEEP)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay)


class Unfinished:
    """Games whose AI turn or announcement broke off with an error (a database outage, Discord failing):
    ``run`` takes each up again (``again``: the AI plays on and the turn is announced) a second after it
    was noted, then with doubling gaps while it keeps failing, until it succeeds. A game is noted once
    however often it is reported, and taken up by one call at a time (issue 29, item 11). A failure's
    traceback is logged once: the same error again is one line (a channel the bot may not post in failed
    every 30 s, each time with its traceback, for as long as nobody gave it the permission)."""

    first_gap = 1.0  # seconds before the first try again
    longest_gap = 30.0

    def __init__(self, again: Callable[[int], Awaitable[object]]) -> None:
        self._again = again
        self._due: dict[int, tuple[float, float]] = {}  # game: (when, the gap that led there)
        self._failing: dict[int, str] = {}  # game: its last try's error, while it keeps failing
        self._wake = asyncio.Event()
        self._stop = asyncio.Event()

    def add(self, game_id: int) -> None:
        if game_id not in self._due:
            self._due[game_id] = (time.monotonic() + self.first_gap, self.first_gap)
            self._wake.set()

    def pending(self) -> list[int]:
        return list(self._due)

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()

    async def run(self) -> None:
        while not self._stop.is_set():
            self._wake.clear()  # before the work: an ``add`` or ``stop`` meanwhile wakes the wait below
            now = time.monotonic()
            for game_id, (when, gap) in list(self._due.items()):
                if when > now or self._stop.is_set():
                    continue
                del self._due[game_id]
                try:
                    await self._again(game_id)
                except Exception as error:
                    longer = min(gap * 2, self.longest_gap)  # (over the note its own failure made)
                    self._due[game_id] = (time.monotonic() + longer, longer)
                    said = f"{type(error).__name__}: {error}"
                    if self._failing.get(game_id) == said:  # the same again: one line, not its traceback
                        log.warning(
                            "game %s still could not go on (%s); trying again in %.0f s",
                            game_id,
                            said,
                            longer,
                        )
                    else:
                        log.warning(
                            "game %s still could not go on; trying again later", game_id, exc_info=True
                        )
                    self._failing[game_id] = said
                else:
                    if self._failing.pop(game_id, None) is not None:
                        log.info("game %s went on", game_id)
            soonest = min((when for when, _ in self._due.values()), default=None)
            wait = None if soonest is None else max(soonest - time.monotonic(), 0.0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)

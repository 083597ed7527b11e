"""The service's foundation: loading games, reading their status, and the one path by which a move
is applied and persisted. ``GameService`` (bot/service.py) builds the operations on top of it.

Every change runs under the game's own ``asyncio.Lock``, reads the game fresh from the store (games
load on demand; nothing is cached, so nothing can go stale), and ends in exactly one ``store.commit``:
the log row, the snapshot and ``version + 1`` together.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict, replace
from typing import Any

from bot.clock import Clock, plan_turn, to_text, utc_now
from bot.gamelog import encode, event_lines, row_lines, visible
from bot.models import ActResult, GameStatus, SeatInfo, ServiceError
from bot.store import (
    NO_CHANGES,
    GameRecord,
    GameStore,
    GameUpdate,
    LogEntry,
    SeatRecord,
    TimerSpec,
    VersionConflict,
)
from rules import registry
from rules.core.agents import Agent, RandomAgent
from rules.core.codec import from_json
from rules.core.dice import SeededRng
from rules.core.events import Action
from rules.core.ruleset import Ruleset


def ruleset_of(name: str) -> Ruleset:
    try:
        return registry.get(name)
    except KeyError:
        known = ", ".join(sorted(registry.RULESETS))
        raise ServiceError(
            "unknown_ruleset", f"There is no game called “{name}”; try one of: {known}."
        ) from None


def make_agent(ruleset: Ruleset, seed: int) -> Agent:
    """The best AI a ruleset has; any ruleset at least gets the random legal-move agent."""
    if ruleset.name == "risk":
        from rules.risk.ai import RiskAI

        return RiskAI(seed)
    if ruleset.name == "axis_allies":
        from rules.axis_allies.ai import AxisAlliesAI

        return AxisAlliesAI(seed)
    return RandomAgent(ruleset, seed)


class ServiceCore:
    def __init__(self, store: GameStore, clock: Clock = utc_now) -> None:
        self.store = store
        self.clock = clock  # tests pass a controllable one
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # -- reading -------------------------------------------------------------------------------------

    async def load(self, game_id: int) -> GameRecord:
        game = await self.store.game(game_id)
        if game is None:
            raise ServiceError("unknown_game", f"There is no game #{game_id}.")
        return game

    async def game_in_channel(self, channel_id: int) -> int | None:
        game = await self.store.active_game(channel_id)
        return None if game is None else game.id

    async def last_game_in_channel(self, channel_id: int) -> int | None:
        """The channel's most recent game, ended ones included."""
        game = await self.store.latest_game(channel_id)
        return None if game is None else game.id

    def state_of(self, game: GameRecord) -> Any:
        assert game.state is not None, "only started games have a state"
        return from_json(game.state, ruleset_of(game.ruleset).state_type)

    async def status(self, game_id: int) -> GameStatus:
        game = await self.load(game_id)
        ruleset = ruleset_of(game.ruleset)
        seats = await self.store.seats(game_id)
        waiting: tuple[int, ...] = ()
        turn = result = None
        if game.state is not None:
            state = self.state_of(game)
            waiting = tuple(ruleset.to_act(state))
            turn = ruleset.turn_key(state)[0]
            outcome = ruleset.result(state)
            result = named(outcome.summary, [s.name for s in seats]) if outcome else None
        return GameStatus(
            game_id=game.id,
            channel_id=game.channel_id,
            ruleset=game.ruleset,
            title=ruleset.title,
            status=game.status,
            version=game.version,
            created_by=game.created_by,
            options=game.options,
            # The same fields by name: a column added to the seats table reaches the status with no copy.
            seats=tuple(SeatInfo(**asdict(s)) for s in seats),
            waiting_for=waiting,
            turn=turn,
            seed_hash=game.seed_hash,
            seed=game.seed if game.status == "ended" else None,
            log_length=await self.store.log_length(game_id),
            result=result,
            capacity=game.capacity,
            turn_hours=game.turn_hours,
            deadline_at=game.deadline_at,
            timeout_action=game.timeout_action,
            reminders=game.reminders,
            missed_limit=game.missed_limit,
            status_message_id=game.status_message_id,
        )

    async def view(self, game_id: int, user_id: int | None = None) -> Any:
        """The board as ``user_id`` may see it (their own cards included); the public view for None."""
        game = await self.load(game_id)
        if game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        seat = None
        if user_id is not None:
            seat = next((s.seat for s in await self.store.seats(game_id) if s.user_id == user_id), None)
        return ruleset_of(game.ruleset).view(self.state_of(game), seat)

    async def log_lines(self, game_id: int, user_id: int | None = None, last: int | None = None) -> list[str]:
        """The game log as sentences, every die shown; private events only for their own seat while
        the game runs, everything once it has ended."""
        game = await self.load(game_id)
        ruleset = ruleset_of(game.ruleset)
        seats = await self.store.seats(game_id)
        names = [s.name for s in seats]
        viewer = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
        rows = await self.store.log(game_id)
        if last is not None:
            rows = rows[-last:]
        lines: list[str] = []
        for row in rows:
            lines.extend(row_lines(ruleset, row, names, viewer, game.status == "ended"))
        return lines

    async def _apply(
        self,
        game: GameRecord,
        ruleset: Ruleset,
        state: Any,
        seats: list[SeatRecord],
        seat: int,
        action: Action,
        user_id: int | None,
        new_seats: list[SeatRecord] | None = None,
        extra: tuple[LogEntry, ...] = (),
        timers: tuple[TimerSpec, ...] | None = None,
    ) -> ActResult:
        """Apply through the engine (IllegalAction passes through untouched) and persist in one commit.

        When the move ends the turn, the next turn's clock is written in the same commit; otherwise
        ``timers`` (None: unchanged) replace the game's timers."""
        after, events = ruleset.apply(state, seat, action, SeededRng(seed_of(game)))
        outcome = ruleset.result(after)
        entry = LogEntry("action", seat, user_id, encode(action), encode(events))
        update = GameUpdate(state=encode(after), status="ended" if outcome else None)
        if outcome or ruleset.turn_key(after) != ruleset.turn_key(state):
            update, timers = self.with_turn_clock(game, ruleset, after, new_seats or seats, update)
        commit = await self._commit(game, update, seats=new_seats, entries=[*extra, entry], timers=timers)
        names = [s.name for s in new_seats or seats]
        public = visible(ruleset, events, None, ended=outcome is not None)
        return ActResult(
            game_id=game.id,
            version=commit.version,
            seq=commit.seq or 0,
            seat=seat,
            events=tuple(visible(ruleset, events, seat, ended=outcome is not None)),
            public_events=tuple(public),
            lines=tuple(event_lines(ruleset, public, names)),
            view=ruleset.view(after, None),
            waiting_for=tuple(ruleset.to_act(after)),
            result=named(outcome.summary, names) if outcome else None,
            turn_changed=ruleset.turn_key(after) != ruleset.turn_key(state),
            turn=ruleset.turn_key(after)[0],
        )

    def with_turn_clock(
        self, game: GameRecord, ruleset: Ruleset, state: Any, seats: list[SeatRecord], update: GameUpdate
    ) -> tuple[GameUpdate, tuple[TimerSpec, ...]]:
        """``update`` plus a fresh clock for the turn now waiting in ``state`` (none once the game is
        over, paused or without deadlines), and the timers that replace the game's old ones."""
        waiting = ruleset.to_act(state)
        running = (update.status or game.status) == "running" and ruleset.result(state) is None
        plan = None
        if running and waiting:
            plan = plan_turn(game, seats[waiting[0]], ruleset.turn_key(state), self.clock())
        if plan is None:
            return replace(update, clear=("deadline_at", "turn_started_at")), ()
        started, deadline = to_text(plan.started_at), to_text(plan.deadline)
        return replace(update, turn_started_at=started, deadline_at=deadline), plan.timers

    async def _commit(
        self,
        game: GameRecord,
        update: GameUpdate = NO_CHANGES,
        *,
        seats: list[SeatRecord] | None = None,
        entries: list[LogEntry] | tuple[LogEntry, ...] = (),
        timers: tuple[TimerSpec, ...] | None = None,
    ) -> Any:
        try:
            return await self.store.commit(game.id, game.version, update, seats, entries, timers)
        except VersionConflict:
            raise ServiceError(
                "stale", "Someone else changed the game at the same moment; please try again."
            ) from None


def check_running(game: GameRecord) -> None:
    if game.status == "lobby":
        raise ServiceError("not_started", "This game has not started yet.")
    if game.status == "paused":
        raise ServiceError("paused", "The game is paused until its host or a moderator resumes it.")
    if game.status == "ended":
        raise ServiceError("ended", "This game has ended.")


def seed_of(game: GameRecord) -> str:
    assert game.seed is not None, "a started game has a seed"
    return game.seed


def with_status(seat: SeatRecord, status: str) -> SeatRecord:
    return replace(seat, status=status)


def named(summary: str, names: list[str]) -> str:
    """Rulesets say "Seat 2"; the channel wants the player's name."""
    for i in reversed(range(len(names))):
        summary = summary.replace(f"Seat {i + 1}", names[i])
    return summary

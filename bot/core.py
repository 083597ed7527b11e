"""The service's foundation: loading games, reading their status, and the one path by which a move
is applied and persisted. ``GameService`` (bot/service.py) builds the operations on top of it.

Every change runs under the game's own ``asyncio.Lock``, reads the game fresh from the store (games
load on demand; nothing is cached, so nothing can go stale), and ends in exactly one ``store.commit``:
the log row, the snapshot and ``version + 1`` together.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.gamelog import encode, event_lines, row_lines, visible
from bot.models import ActResult, GameStatus, SeatInfo, ServiceError
from bot.store import NO_CHANGES, GameRecord, GameStore, GameUpdate, LogEntry, SeatRecord, VersionConflict
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
    return RandomAgent(ruleset, seed)


def cautious_move(ruleset: Ruleset, state: Any, seat: int, seed: int) -> Action:
    """A move made for an absent player: end the phase when the rules allow it, otherwise what the AI
    would do, except attacking (placing armies or answering a defence is safe; a war is not)."""
    legal = ruleset.legal(state, seat)
    ending = next((a for a in legal if type(a).__name__ == "EndPhase"), None)
    if ending is not None:
        return ending
    choice = make_agent(ruleset, seed).choose(state, seat)
    if type(choice).__name__ == "Attack":
        return next((a for a in legal if type(a).__name__ != "Attack"), choice)
    return choice


class ServiceCore:
    def __init__(self, store: GameStore) -> None:
        self.store = store
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
            seats=tuple(SeatInfo(s.seat, s.user_id, s.name, s.controller, s.status) for s in seats),
            waiting_for=waiting,
            turn=turn,
            seed_hash=game.seed_hash,
            seed=game.seed if game.status == "ended" else None,
            log_length=await self.store.log_length(game_id),
            result=result,
            capacity=game.capacity,
            turn_hours=game.turn_hours,
            deadline_at=game.deadline_at,
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
    ) -> ActResult:
        """Apply through the engine (IllegalAction passes through untouched) and persist in one commit."""
        after, events = ruleset.apply(state, seat, action, SeededRng(seed_of(game)))
        outcome = ruleset.result(after)
        entry = LogEntry("action", seat, user_id, encode(action), encode(events))
        update = GameUpdate(state=encode(after), status="ended" if outcome else None)
        commit = await self._commit(game, update, seats=new_seats, entries=[*extra, entry])
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

    async def _commit(
        self,
        game: GameRecord,
        update: GameUpdate = NO_CHANGES,
        *,
        seats: list[SeatRecord] | None = None,
        entries: list[LogEntry] | tuple[LogEntry, ...] = (),
    ) -> Any:
        try:
            return await self.store.commit(game.id, game.version, update, seats, entries)
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
    return SeatRecord(seat.seat, seat.user_id, seat.name, seat.controller, status)


def named(summary: str, names: list[str]) -> str:
    """Rulesets say "Seat 2"; the channel wants the player's name."""
    for i in reversed(range(len(names))):
        summary = summary.replace(f"Seat {i + 1}", names[i])
    return summary

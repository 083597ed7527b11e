"""The service's foundation: loading games, reading their status, and the one path by which a move
is applied and persisted. ``GameService`` (bot/service.py) builds the operations on top of it.

Every change runs under the game's own ``asyncio.Lock`` and ends in exactly one ``store.commit``: the
log row, the snapshot and ``version + 1`` together. Games load on demand; nothing is cached, so nothing
can go stale. A move reads the game, its seats and its log length in one trip (``GameAndSeats``); a
caller that already read them (the channel lookup of a slash command) may hand them over, and should
another move have landed in between, the commit's version check notices and the move is read again.

The service knows the games only through the registry it is given (``bot/game.py``), never by name.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from functools import partial
from typing import Any

from bot import settling
from bot.clock import Clock, plan_turn, to_text, utc_now
from bot.game import Games, level_name
from bot.gamelog import encode, event_lines, kept_beside, log_text, visible
from bot.models import ActResult, GameStatus, Position, SeatInfo, ServiceError
from bot.records import SeatState
from bot.standings import SETTLE
from bot.store import (
    NO_CHANGES,
    GameAndSeats,
    GameRecord,
    GameStore,
    GameUpdate,
    LogEntry,
    SeatRecord,
    TimerSpec,
    VersionConflict,
)
from rules.core.agents import Agent
from rules.core.codec import from_json
from rules.core.dice import SeededRng
from rules.core.events import Action, Event
from rules.core.ruleset import Result, Ruleset

log = logging.getLogger(__name__)

# A move, or what makes it once the position is known (a button whose move depends on the battle).
Resolver = Callable[[str, Any], Action]
Move = Action | Resolver


class ServiceCore:
    def __init__(self, store: GameStore, games: Games, clock: Clock = utc_now) -> None:
        self.store = store
        self.games = games
        self.clock = clock  # tests pass a controllable one
        self._locks: dict[int, asyncio.Lock] = {}

    def rules(self, name: str) -> Ruleset:
        """The rules of the game called ``name``, or a refusal naming the games there are."""
        game = self.games.get(name)
        if game is None:
            known = ", ".join(sorted(self.games))
            raise ServiceError("unknown_ruleset", f"There is no game called “{name}”; try one of: {known}.")
        return game.rules

    def agent(self, name: str, seed: int, level: str | None = None) -> Agent:
        """The game's AI at ``level`` (None: the game's default), seeded: the same position, seed and
        level always get the same move (replayable)."""
        return self.games[name].agent(seed, level)

    def seat_agent(self, game: GameRecord, level: str | None = None) -> Agent:
        """The AI that plays ``game``'s next move at ``level``: seeded by the game's own (secret) seed and
        its version, so the same position of the same game always gets the same move, while two games at
        the same step do not play alike (seeded by the version alone, every all-AI game of a house game
        whose setup rolls no die built the same board) and nobody can work out the AI's move ahead
        from the code."""
        digest = hashlib.sha256(f"{seed_of(game)}:{game.version}".encode()).digest()
        return self.agent(game.ruleset, int.from_bytes(digest[:8], "big"), level)

    def check_level(self, name: str, level: str) -> None:
        """Refuse an AI level the game called ``name`` does not have, naming those it has."""
        levels = self.games[name].levels
        if level not in levels:
            known = " or ".join(level_name(known) for known in levels)
            raise ServiceError("unknown_level", f"This game's AI plays {known}; there is no “{level}” level.")

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # -- reading -------------------------------------------------------------------------------------

    async def load(self, game_id: int) -> GameRecord:
        game = await self.store.game(game_id)
        if game is None:
            raise ServiceError("unknown_game", f"There is no game #{game_id}.")
        return game

    async def loaded(self, game_id: int) -> GameAndSeats:
        """The game with its seats and log length, in one read."""
        found = await self.store.game_and_seats(game_id)
        if found is None:
            raise ServiceError("unknown_game", f"There is no game #{game_id}.")
        return found

    async def channel_game(self, channel_id: int) -> GameAndSeats | None:
        """The channel's game that has not ended, with its seats, in one read."""
        return await self.store.game_and_seats(channel_id=channel_id)

    async def game_in_channel(self, channel_id: int) -> int | None:
        game = await self.store.active_game(channel_id)
        return None if game is None else game.id

    async def last_game_in_channel(self, channel_id: int) -> int | None:
        """The channel's most recent game, ended ones included."""
        game = await self.store.latest_game(channel_id)
        return None if game is None else game.id

    async def position(self, game_id: int) -> Position:
        """The game with its seats, read once, and its state decoded once (None in the lobby)."""
        found = await self.loaded(game_id)
        return Position(found, self.state_of(found.game) if found.game.state is not None else None)

    def state_of(self, game: GameRecord) -> Any:
        assert game.state is not None, "only started games have a state"
        return from_json(game.state, self.rules(game.ruleset).state_type)

    async def status(self, game_id: int) -> GameStatus:
        position = await self.position(game_id)
        return self.status_of(position.found, position.state)

    def status_of(self, found: GameAndSeats, state: Any) -> GameStatus:
        """The status of a game already read (``state``: its decoded state, None in the lobby)."""
        if state is None:
            return self._status(found, (), None, "", None)
        ruleset = self.rules(found.game.ruleset)
        waiting, turn = tuple(ruleset.to_act(state)), ruleset.turn_key(state)[0]
        label, seconds = ruleset.turn_label(state), ruleset.turn_seconds(state)
        return self._status(found, waiting, turn, label, ruleset.result(state), seconds)

    def _status(
        self,
        found: GameAndSeats,
        waiting: tuple[int, ...],
        turn: int | None,
        label: str,
        outcome: Result | None,
        seconds: int | None = None,
    ) -> GameStatus:
        """The status of a game whose waiting seats, turn, its label and result are known (a move made
        in memory knows them: they are not asked of the rules again, issue 34); ``seconds``: the time
        the game's own rules give the turn now waiting, if they time it."""
        game, seats = found.game, found.seats
        result = named(outcome.summary, [s.name for s in seats]) if outcome else None
        return GameStatus(
            game_id=game.id,
            channel_id=game.channel_id,
            ruleset=game.ruleset,
            title=self.rules(game.ruleset).title,
            status=game.status,
            version=game.version,
            created_by=game.created_by,
            options=game.options,
            seats=seat_infos(seats),
            waiting_for=waiting,
            turn=turn,
            turn_label=label,
            rules_seconds=seconds,
            rules_clock=self.rules(game.ruleset).turn_clock(game.options),
            seed_hash=game.seed_hash,
            seed=game.seed if game.status == "ended" else None,
            log_length=found.log_length,
            result=result,
            capacity=game.capacity,
            turn_hours=game.turn_hours,
            deadline_at=game.deadline_at,
            timeout_action=game.timeout_action,
            reminders=game.reminders,
            missed_limit=game.missed_limit,
            status_message_id=game.status_message_id,
            ai_level=game.ai_level,
            server_defaults=tuple(name for name in game.server_defaults.split(",") if name),
        )

    async def view(self, game_id: int, user_id: int | None = None) -> Any:
        """The board as ``user_id`` may see it (their own cards included); the public view for None."""
        found = await self.loaded(game_id)
        game = found.game
        if game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        seat = next((s.seat for s in found.seats if user_id is not None and s.user_id == user_id), None)
        return self.rules(game.ruleset).view(self.state_of(game), seat)

    async def log_lines(self, game_id: int, user_id: int | None = None, last: int | None = None) -> list[str]:
        """The game log as sentences, every die shown; private events only for their own seat while
        the game runs, everything once it has ended."""
        found = await self.loaded(game_id)
        game, seats = found.game, found.seats
        ruleset = self.rules(game.ruleset)
        names = [s.name for s in seats]
        viewer = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
        if last is None:
            rows = await self.store.log(game_id)
        else:  # only the rows asked for, whatever the game's length
            length = await self.store.log_length(game_id)
            rows = await self.store.log_rows(game_id, first=max(1, length - last + 1))
        return log_text(ruleset, rows, names, viewer, game.status == "ended")

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
        ``timers`` (None: unchanged) replace the game's timers. The result carries the game's status
        after the move, made from what is in hand (no second read)."""
        made = self._make(game, ruleset, state, seats, seat, action, user_id, new_seats, timers)
        commit = await self._commit(
            game, made.update, seats=new_seats, entries=[*extra, made.entry], timers=made.timers
        )
        if made.outcome is not None:
            await self.settle_now(game.id)
        return self._result(made, commit.version, commit.seq or 0)

    async def _apply_run(self, position: Position, moves: Sequence[Made]) -> list[ActResult]:
        """Persist moves made in memory one after another from ``position`` (a run of moves, each from
        the game the one before left) in ONE commit that raises the version by one a move, as if each
        had been committed alone: all or nothing, so a crash mid-run loses the run, and the AI, seeded
        by the game's seed and version, makes it again.

        Only the run's last state is stored (the game's row holds one state; the log rows keep every
        action and its events, and a snapshot due within the run keeps its own state), so the state is
        encoded once, here. Hence only the last result carries the game as committed (``position``):
        the game a move within the run left is never the store's, and nothing goes on from it."""
        game, first = position.found.game, position.found.log_length + 1
        moves = [*moves[:-1], moves[-1].encoded()]
        update = merged_updates([m.update for m in moves])
        timers = next((m.timers for m in reversed(moves) if m.timers is not None), None)
        entries = [m.entry for m in moves]
        # The results (each move's view and status) are made in a worker thread while the commit waits
        # on the disk: their numbers are known before it (the version check makes them exact).
        results = asyncio.create_task(asyncio.to_thread(self._results, moves, game.version, first))
        try:
            commit = await self._commit(game, update, entries=entries, timers=timers, versions=len(moves))
        except BaseException:
            results.cancel()  # nothing was written: they are nobody's
            raise
        assert (commit.version, commit.seq) == (game.version + len(moves), first + len(moves) - 1)
        if moves[-1].outcome is not None:
            await self.settle_now(game.id)
        return await results

    def _results(self, moves: Sequence[Made], version: int, first: int) -> list[ActResult]:
        """The results of a run's ``moves`` committed after ``version`` from log row ``first`` on."""
        last = len(moves)
        return [
            self._result(m, version + i, first + i - 1, positioned=i == last) for i, m in enumerate(moves, 1)
        ]

    def _make(
        self,
        game: GameRecord,
        ruleset: Ruleset,
        state: Any,
        seats: Sequence[SeatRecord],
        seat: int,
        action: Action,
        user_id: int | None,
        new_seats: list[SeatRecord] | None = None,
        timers: tuple[TimerSpec, ...] | None = None,
        *,
        encoded: bool = True,
    ) -> Made:
        """A move applied in memory: its log row and its commit's changes, nothing written yet.

        ``encoded=False`` (a move within a run, whose state the run's later moves replace): the state is
        encoded only if a snapshot is due at this move, else left for ``Made.encoded``."""
        after, events = ruleset.apply(state, seat, action, SeededRng(seed_of(game)))
        outcome = ruleset.result(after)
        turn = ruleset.turn_key(after)
        turn_changed = turn != ruleset.turn_key(state)
        seated = tuple(new_seats or seats)  # a tuple stays itself: a run's moves share their seats
        public = visible(ruleset, events, None, ended=outcome is not None)
        lines = event_lines(ruleset, public, [s.name for s in seated])
        entry = LogEntry("action", seat, user_id, encode(action), encode(events))
        update = GameUpdate(state=encode(after) if encoded else None, status="ended" if outcome else None)
        # The snapshot, turn start and round mark that spare later reads the whole log (bot/gamelog.py).
        entry, update = kept_beside(entry, update, game, ruleset, after, turn_changed, lines)
        if update.state is None and update.snapshot_version is not None:
            # A snapshot is due here (kept_beside set its version): it is this move's state, as text.
            text = encode(after)
            entry, update = replace(entry, snapshot=text), replace(update, state=text)
        if outcome or turn_changed:
            update, timers = self.with_turn_clock(game, ruleset, after, new_seats or seats, update)
        if outcome:
            timers = (*(timers or ()), self.settle_timer())
        # Asked of the rules once a move: the result, the run's next move and the status read them.
        waiting = tuple(ruleset.to_act(after))
        after_game = updated(game, update, game.version + 1)
        return Made(
            game,
            ruleset,
            state,
            after,
            seated,
            seat,
            events,
            public,
            lines,
            outcome,
            turn_changed,
            entry,
            update,
            timers,
            waiting,
            turn,
            after_game,
        )

    def _result(self, made: Made, version: int, seq: int, *, positioned: bool = True) -> ActResult:
        """The outcome of ``made`` once committed at ``version``, its row at ``seq``; ``positioned``: with
        the game as committed (a run's moves before its last have none, see ``_apply_run``)."""
        ruleset, after, names = made.ruleset, made.after, [s.name for s in made.seated]
        game = made.next if version == made.next.version else updated(made.game, made.update, version)
        now = GameAndSeats(game, made.seated, seq)
        waiting = made.waiting
        ended = made.outcome is not None
        # The seats newly asked for a decision: those waited on now and not before (all, on a new turn).
        before = () if made.turn_changed else ruleset.to_act(made.before)
        return ActResult(
            game_id=made.game.id,
            version=version,
            seq=seq,
            seat=made.seat,
            events=tuple(visible(ruleset, made.events, made.seat, ended=ended)),
            public_events=tuple(made.public),
            lines=tuple(made.lines),
            public_view=partial(ruleset.view, after, None),
            waiting_for=waiting,
            result=named(made.outcome.summary, names) if made.outcome else None,
            turn_changed=made.turn_changed,
            turn=made.turn[0],
            status=self._status(
                now,
                waiting,
                made.turn[0],
                ruleset.turn_label(after),
                made.outcome,
                ruleset.turn_seconds(after),
            ),
            asked=tuple(s for s in waiting if s not in before),
            position=Position(now, after) if positioned else None,
        )

    def settle_timer(self) -> TimerSpec:
        """Written with the commit that ends a game: settle it (bot/settling.py) until it is settled."""
        return TimerSpec(SETTLE, to_text(self.clock()))

    async def settle(self, game_id: int) -> bool:
        """Store the ended game's results and move its members' ratings and reliability, once."""
        return await settling.settle(self.store, self.rules, game_id)

    async def settle_now(self, game_id: int) -> None:
        """Right after a game's end: settle it; a failure leaves the settle timer for the scheduler (the
        end stands, and the players are told of it whatever happens to the ratings)."""
        try:
            await self.settle(game_id)
        except Exception:
            log.exception("settling game %s failed; the scheduler tries again", game_id)

    def with_turn_clock(
        self, game: GameRecord, ruleset: Ruleset, state: Any, seats: Sequence[SeatRecord], update: GameUpdate
    ) -> tuple[GameUpdate, tuple[TimerSpec, ...]]:
        """``update`` plus a fresh clock for the turn now waiting in ``state`` (none once the game is
        over, paused or without deadlines), and the timers that replace the game's old ones."""
        waiting = ruleset.to_act(state)
        running = (update.status or game.status) == "running" and ruleset.result(state) is None
        plan = None
        if running and waiting:
            key, seconds = ruleset.turn_key(state), ruleset.turn_seconds(state)
            plan = plan_turn(game, seats[waiting[0]], key, self.clock(), seconds)
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
        versions: int = 1,
    ) -> Any:
        try:
            return await self.store.commit(game.id, game.version, update, seats, entries, timers, versions)
        except VersionConflict:
            raise ServiceError(
                "stale", "Someone else changed the game at the same moment; please try again."
            ) from None


@dataclass(frozen=True, slots=True)
class Made:
    """A move applied in memory (``ServiceCore._make``): the game and state it was made from, what it
    did, and its commit's parts (the log row, the changes, the timers), nothing written yet."""

    game: GameRecord
    ruleset: Ruleset
    before: Any
    after: Any
    seated: tuple[SeatRecord, ...]
    seat: int
    events: list[Event]
    public: list[Event]
    lines: list[str]
    outcome: Result | None
    turn_changed: bool
    entry: LogEntry
    update: GameUpdate
    timers: tuple[TimerSpec, ...] | None
    waiting: tuple[int, ...]  # the seats ``after`` waits on
    turn: tuple[int, int]  # the ruleset's turn key of ``after``
    next: GameRecord  # see ``next_game``

    def next_game(self) -> GameRecord:
        """The game as it stands once this move is committed (the version check makes it exact); for a
        move made without its state encoded (within a run), the record's state text is still the one
        before: the next move reads the state from ``after``, never from the text."""
        return self.next

    def encoded(self) -> Made:
        """This move with its state encoded for the commit (a run's last move)."""
        if self.update.state is not None:
            return self
        text = encode(self.after)
        return replace(self, update=replace(self.update, state=text), next=replace(self.next, state=text))


def merged_updates(updates: Sequence[GameUpdate]) -> GameUpdate:
    """Several commits' changes as one, in order: each one's values over those before, its clearings
    over all before it; a column cleared and set again after is set."""
    if len(updates) == 1:
        return updates[0]
    values: dict[str, Any] = {}
    cleared: dict[str, None] = {}
    for update in updates:
        for name in _UPDATED:
            value = getattr(update, name)
            if value is not None:
                values[name] = value
        for name in update.clear:
            values[name] = None
            cleared[name] = None
    return GameUpdate(**values, clear=tuple(name for name in cleared if values[name] is None))


def updated(game: GameRecord, update: GameUpdate, version: int) -> GameRecord:
    """``game`` as the store holds it after committing ``update`` at ``version``. Built field by field
    (``dataclasses.replace`` walks every field's definition each time; this runs once a move)."""
    values = values_of(game)
    for name in _UPDATED:
        value = getattr(update, name)
        if value is not None:
            values[name] = value
    values.update(dict.fromkeys(update.clear))
    if update.options is not None:
        values["options"] = dict(update.options)
    values["version"] = version
    return GameRecord(**values)


_UPDATED = tuple(f.name for f in fields(GameUpdate) if f.name != "clear")  # each a column of the game


def values_of(record: Any) -> dict[str, Any]:
    """A dataclass record's fields by name, the values themselves: ``asdict`` copies every value deeply
    (the seats, the options), a cost paid several times a move; these records are frozen."""
    names = _FIELDS.get(type(record))
    if names is None:
        names = _FIELDS[type(record)] = tuple(f.name for f in fields(record))
    return {name: getattr(record, name) for name in names}


_FIELDS: dict[type, tuple[str, ...]] = {}  # each record type's field names, looked up once


def seat_infos(seats: Sequence[SeatRecord]) -> tuple[SeatInfo, ...]:
    """The seats as a status shows them: the same fields by name, so a column added to the seats table
    reaches the status with no copy. The last seats asked for are kept (a run's moves share theirs,
    and the status of each move showed the same seats, built again each time)."""
    kept = _SEAT_INFOS[0]
    if kept is not None and kept[0] is seats:
        return kept[1]
    infos = tuple(SeatInfo(**values_of(s)) for s in seats)
    if isinstance(seats, tuple):  # a list could change under the same identity
        _SEAT_INFOS[0] = (seats, infos)  # one assignment: a worker thread reads a pair or the one before
    return infos


# The seats last shown and their infos; holding the seats keeps their identity from being reused.
_SEAT_INFOS: list[tuple[Sequence[SeatRecord], tuple[SeatInfo, ...]] | None] = [None]


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


def with_status(seat: SeatRecord, status: SeatState) -> SeatRecord:
    return replace(seat, status=status)


def answers_for(seat: SeatRecord | SeatInfo) -> bool:
    """Whether the game answers a person's questions on others' turns without asking them (they left
    those to their standing orders); an AI seat's moves are the AI's own."""
    return seat.controller == "human" and seat.status == "playing" and seat.off_turn == "answer"


def named(summary: str, names: list[str]) -> str:
    """Rulesets say "Seat 2" (or "seat 2"); the channel wants the player's name."""
    for i in reversed(range(len(names))):  # "Seat 12" before "Seat 1"
        summary = re.sub(rf"\b[Ss]eat {i + 1}\b", names[i].replace("\\", "\\\\"), summary)
    return summary

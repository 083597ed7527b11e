"""The game service: every way a game changes, with no Discord in sight.

The Discord cogs and the terminal client both call this. Here: the lobby, playing, AI seats, undo;
``bot/core.py`` loads games and persists moves, ``bot/moderation.py`` has the host's and moderators'
tools and export/import/verify. Refusals are ``ServiceError(code, sentence)``; a move the rules
refuse surfaces as the engine's own ``IllegalAction``, whose message is already a sentence.

Moderator rights (``moderator=True``) are decided by the caller (a Discord role, or the terminal user);
the service only knows the game's host (``created_by``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot import lobby
from bot.core import Move, check_running, named, with_status
from bot.deadlines import Deadlines, check_timeout_action
from bot.gamelog import (
    decode_events,
    encode,
    event_lines,
    from_second_mark,
    hides_something,
    opens_round,
    rows_text,
    state_before,
    visible,
)
from bot.models import ActResult, GameStatus, ServiceError, UndoResult
from bot.moderation import Moderation
from bot.recent import RecentChanges
from bot.shards import AcrossProcesses, SharedLocks
from bot.store import ChannelBusy, GameAndSeats, GameUpdate, LogEntry, SeatRecord
from rules.core.codec import from_json
from rules.core.errors import IllegalAction
from rules.core.events import Action

__all__ = ["GameService", "LogPage", "ServiceError"]


class GameService(Deadlines, Moderation, RecentChanges):
    """Every operation on a game; see ``ServiceCore``, ``Deadlines`` and ``Moderation`` for the rest."""

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock in this process and, on a store that several processes share (PostgreSQL's
        advisory locks), in every process: two processes never interleave a game's moves, its AI or
        its deadline, just as two coroutines of one process never do (``bot/shards.py``)."""
        local = super().lock(game_id)
        if isinstance(self.store, SharedLocks):
            return AcrossProcesses(local, self.store.game_lock(game_id))
        return local

    # -- the lobby -------------------------------------------------------------------------------------

    async def create(
        self,
        channel_id: int,
        user_id: int,
        name: str,
        ruleset: str,
        options: Mapping[str, str] | None = None,
        *,
        guild_id: int | None = None,
        join: bool = True,
        capacity: int | None = None,
        turn_hours: int | None = None,
        timeout_action: str | None = None,
    ) -> GameStatus:
        """A new game in the lobby, hosted by ``user_id`` (who takes the first seat if ``join``).

        ``capacity``: seats open (default: the ruleset's maximum); ``turn_hours``: the turn deadline
        (None or 0: none); ``timeout_action``: "skip" or "ai", what a missed deadline does.
        """
        rules = self.rules(ruleset)
        values = lobby.parse_options(rules, {}, options or {})
        lobby.check_settings(rules, capacity, turn_hours)
        check_timeout_action(timeout_action)
        try:
            game = await self.store.create_game(
                guild_id,
                channel_id,
                rules.name,
                values,
                user_id,
                capacity=capacity,
                turn_hours=turn_hours or None,
            )
        except ChannelBusy:
            busy = await self.store.active_game(channel_id)
            which = f" (#{busy.id}, {busy.status})" if busy else ""
            raise ServiceError(
                "channel_busy",
                f"This channel already has a game{which}; finish or end it before starting another.",
            ) from None
        if join or timeout_action:
            seats = [SeatRecord(0, user_id, name)] if join else None
            await self.store.commit(game.id, game.version, GameUpdate(timeout_action=timeout_action), seats)
        return await self.status(game.id)

    async def set_options(
        self, game_id: int, user_id: int, options: Mapping[str, str], *, moderator: bool = False
    ) -> GameStatus:
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "change the options")
            lobby.check_lobby(game, "Options can only be changed before the game starts.")
            values = lobby.parse_options(self.rules(game.ruleset), game.options, options)
            await self._commit(game, GameUpdate(options=values))
        return await self.status(game_id)

    async def join(self, game_id: int, user_id: int | None, name: str, *, ai: bool = False) -> GameStatus:
        """Take the next free seat (``ai=True``: add an AI player; ``user_id`` is then the host asking).
        In a running game, joining takes back one's own seat from the AI (``reclaim``).

        A game created with a ``capacity`` starts by itself when its last seat is taken.
        """
        game = await self.load(game_id)
        if (
            not ai
            and game.status in ("running", "paused")
            and user_id is not None
            and any(s.user_id == user_id and s.controller == "ai" for s in await self.store.seats(game_id))
        ):
            return await self.reclaim(game_id, user_id)
        async with self.lock(game_id):
            game = await self.load(game_id)
            seats = await self.store.seats(game_id)
            new = lobby.joined(game, self.rules(game.ruleset), seats, user_id, name, ai)
            await self._commit(game, seats=new)
        if game.capacity is not None and len(new) == game.capacity:
            return await self.start(game_id, game.created_by or 0, moderator=True)
        return await self.status(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameStatus:
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_lobby(game, "The game has started: resign instead of leaving.")
            seats = await self.store.seats(game_id)
            if not any(s.user_id == user_id for s in seats):
                raise ServiceError("not_a_player", "You have not joined this game.")
            await self._commit(game, seats=lobby.renumber(s for s in seats if s.user_id != user_id))
        return await self.status(game_id)

    async def claim_seat(self, game_id: int, user_id: int, number: int) -> GameStatus:
        """Claim seat ``number`` (1-based) before the start; 0 gives the claim up."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            seats = await self.store.seats(game_id)
            new = lobby.claim(game, self.rules(game.ruleset), seats, user_id, number)
            await self._commit(game, seats=new)
        return await self.status(game_id)

    async def start(
        self, game_id: int, user_id: int, *, moderator: bool = False, seed: str | None = None
    ) -> GameStatus:
        """Draw the seat order with the game's dice, set the game up and publish the seed's hash.

        ``seed`` is for tests and the terminal client's ``--seed``; the bot always draws a fresh one.
        """
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "start the game")
            lobby.check_lobby(game, "This game has already started.")
            ruleset = self.rules(game.ruleset)
            seats = await self.store.seats(game_id)
            seed = seed or secrets.token_hex(32)
            update, seated, entry = lobby.start(ruleset, game, seats, seed)
            state = from_json(update.state or "", ruleset.state_type)
            # The first turn's start and round mark (no snapshot: the setup from the seed is the first).
            shown = visible(ruleset, decode_events(ruleset, entry.events), None, ended=False)
            lines = event_lines(ruleset, shown, [s.name for s in seated])
            entry = replace(entry, turn_seats=tuple(ruleset.to_act(state)), opens_round=opens_round(lines))
            update, timers = self.with_turn_clock(game, ruleset, state, seated, update)
            await self._commit(game, update, seats=seated, entries=[entry], timers=timers)
        return await self.status(game_id)

    # -- playing ---------------------------------------------------------------------------------------

    async def act(
        self, game: int | GameAndSeats, user_id: int, move: Move, *, version: int | None = None
    ) -> ActResult:
        """Play ``move`` for the seat ``user_id`` holds: an action, or a function making one from the
        game's name and state (a button whose move depends on the position). ``version``: the game
        version the player's message showed; if the game has moved since, the move is refused rather
        than misapplied. ``game`` may be the game as the caller just read it (one read saved); if
        another move landed since, the version check at the commit notices and it is read again."""
        game_id = game if isinstance(game, int) else game.game.id
        async with self.lock(game_id):
            found = game if isinstance(game, GameAndSeats) else await self.loaded(game_id)
            try:
                return await self._act(found, user_id, move, version)
            except ServiceError as refusal:
                if refusal.code != "stale" or not isinstance(game, GameAndSeats):
                    raise
            return await self._act(await self.loaded(game_id), user_id, move, version)

    async def _act(self, found: GameAndSeats, user_id: int, move: Move, version: int | None) -> ActResult:
        game, seats = found.game, list(found.seats)
        check_running(game)
        if version is not None and version != game.version:
            raise ServiceError(
                "stale",
                "The game has moved on since that message; look at the latest board and try again.",
            )
        ruleset = self.rules(game.ruleset)
        state = self.state_of(game)
        mine = [s.seat for s in seats if s.user_id == user_id and s.status == "playing"]
        if not mine:
            raise ServiceError("not_a_player", "You are not playing in this game.")
        if all(seats[s].controller == "ai" for s in mine):
            raise ServiceError(
                "seat_with_ai",
                "The AI has been playing your seat since you missed too many deadlines; "
                "`/game join` takes it back.",
            )
        mine = [s for s in mine if seats[s].controller == "human"]
        waiting = ruleset.to_act(state)
        seat = next((s for s in mine if s in waiting), None)
        if seat is None and isinstance(move, Action) and ruleset.anytime(move) and mine:
            seat = mine[0]  # a move a seat may make whenever (standing orders)
        if seat is None:
            who = ", ".join(seats[s].name for s in waiting if s < len(seats))
            raise ServiceError("not_your_turn", f"It is not your turn: the game is waiting for {who}.")
        action = move if isinstance(move, Action) else move(game.ruleset, state)
        try:
            return await self._apply(game, ruleset, state, seats, seat, action, user_id)
        except IllegalAction as refusal:  # the rules say "seat 2"; players know each other by name
            raise IllegalAction(refusal.code, named(refusal.message, [s.name for s in seats])) from None

    async def play_ai(self, game_id: int, *, limit: int = 100_000) -> list[ActResult]:
        """Let AI seats move until a human must act, the game stops, or ``limit`` moves were made."""
        results: list[ActResult] = []
        while len(results) < limit:
            async with self.lock(game_id):
                found = await self.loaded(game_id)
                game, seats = found.game, list(found.seats)
                if game.status != "running":
                    break
                ruleset = self.rules(game.ruleset)
                state = self.state_of(game)
                seat = next((s for s in ruleset.to_act(state) if seats[s].controller == "ai"), None)
                if seat is None:
                    break
                # Seeded by the version: the same position always gets the same move (replayable). An
                # AI may think for a while: in a worker thread, so the bot answers everyone meanwhile.
                agent = self.agent(game.ruleset, game.version)
                action = await asyncio.to_thread(agent.choose, state, seat)
                results.append(await self._apply(game, ruleset, state, seats, seat, action, None))
        return results

    async def resign(self, game_id: int, user_id: int) -> ActResult | GameStatus:
        """Leave for good: in the lobby this is leaving; in a game, the ruleset's resignation."""
        game = await self.load(game_id)
        if game.status == "lobby":
            return await self.leave(game_id, user_id)
        async with self.lock(game_id):
            game = await self.load(game_id)
            check_running(game)
            seats = await self.store.seats(game_id)
            seat = next((s.seat for s in seats if s.user_id == user_id and s.status == "playing"), None)
            if seat is None:
                raise ServiceError("not_a_player", "You are not playing in this game.")
            ruleset = self.rules(game.ruleset)
            marked = [s if s.seat != seat else with_status(s, "resigned") for s in seats]
            return await self._apply(
                game, ruleset, self.state_of(game), seats, seat, lobby.resign_action(ruleset), user_id, marked
            )

    # -- taking moves back -----------------------------------------------------------------------------

    async def undo(self, game_id: int, user_id: int) -> UndoResult:
        """Take back your own last action, if it was in this turn and showed no dice or hidden cards."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            check_running(game)
            ruleset = self.rules(game.ruleset)
            seats = await self.store.seats(game_id)
            seat = next((s.seat for s in seats if s.user_id == user_id and s.status == "playing"), None)
            if seat is None:
                raise ServiceError("not_a_player", "You are not playing in this game.")
            live = await self.store.last_live_actions(game_id, 1)
            if not live:
                raise ServiceError("nothing_to_undo", "There is nothing to undo yet.")
            last = live[-1]
            if last.seat != seat:
                who = seats[last.seat].name if last.seat is not None else "the game"
                raise ServiceError(
                    "not_yours", f"You can only undo your own last action; the last one was {who}'s."
                )
            if hides_something(ruleset, decode_events(ruleset, last.events)):
                raise ServiceError(
                    "cannot_undo",
                    "That action rolled dice or revealed hidden information, so it cannot be undone.",
                )
            current = self.state_of(game)
            before = await state_before(self.store, ruleset, game, len(seats), last.seq)
            if ruleset.turn_key(before) != ruleset.turn_key(current):
                raise ServiceError(
                    "cannot_undo", "That action ended your turn; only moves within your turn can be undone."
                )
            # The state it leads back to is kept as a snapshot at the undo's own row.
            state = encode(before)
            meta = json.dumps({"type": "undo", "reverts": [last.seq]})
            entry = LogEntry("undo", seat, user_id, meta, reverts=(last.seq,), snapshot=state)
            update = GameUpdate(state=state, snapshot_version=game.version + 1)
            commit = await self._commit(game, update, entries=[entry])
            return UndoResult(
                game.id,
                commit.version,
                (last.seq,),
                ruleset.view(before, None),
                tuple(ruleset.to_act(before)),
                f"{seats[seat].name} took back their last move.",
            )

    # -- reading the log, a page at a time ----------------------------------------------------------------

    async def turn_summary(self, game_id: int) -> list[str]:
        """What a turn's announcement tells: the public log from the second latest line that opens a round
        (the round before and this one so far). Reads the rows from the second latest round mark the
        store keeps; a game whose text marks no rounds (or an old game, from before the marks) gets its
        last ``SUMMARY_ROWS`` rows, more than one message shows."""
        found = await self.loaded(game_id)
        game = found.game
        marks = await self.store.round_marks(game_id, 2)
        first = marks[-1] if len(marks) == 2 else max(1, found.log_length - SUMMARY_ROWS + 1)
        rows = await self.store.log_rows(game_id, first)
        names = [s.name for s in found.seats]
        lines = await rows_text(self.rules(game.ruleset), rows, names, None, game.status == "ended")
        return from_second_mark(lines)

    async def log_page(self, game_id: int, page: int = 1, user_id: int | None = None) -> LogPage:
        """Page ``page`` of the log (1: the latest ``LOG_PAGE_ROWS`` rows, 2: the ones before...), as
        ``user_id`` may read it (see ``log_lines``). Reads that page's rows and nothing else."""
        found = await self.loaded(game_id)
        game, seats = found.game, found.seats
        pages = max(1, -(-found.log_length // LOG_PAGE_ROWS))
        if not 1 <= page <= pages:
            raise ServiceError("bad_page", f"The log has {pages} page(s).")
        last = found.log_length - (page - 1) * LOG_PAGE_ROWS
        first = max(1, last - LOG_PAGE_ROWS + 1)
        rows = await self.store.log_rows(game_id, first, last) if last > 0 else []
        viewer = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
        names = [s.name for s in seats]
        lines = await rows_text(self.rules(game.ruleset), rows, names, viewer, game.status == "ended")
        return LogPage(game_id, page, pages, first if rows else 0, last if rows else 0, tuple(lines))


# A turn's announcement of a game without round marks shows what fits one message of its last rows.
SUMMARY_ROWS = 100
# Rows per /game log page: a page is always these rows, so it reads only them. Most pages fit one embed
# (a row is a headline and a line or two); a page of long rows (a long battle runs to dozens of lines)
# shows its latest lines and comes with the whole of it as a text file.
LOG_PAGE_ROWS = 20


@dataclass(frozen=True, slots=True)
class LogPage:
    game_id: int
    page: int  # 1: the latest rows
    pages: int
    first: int  # the seqs of its rows (0 and 0: an empty log)
    last: int
    lines: tuple[str, ...]

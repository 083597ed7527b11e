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
import time
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, cast

from bot import lobby
from bot.core import Made, Move, answers_for, check_running, named, with_status
from bot.deadlines import Deadlines, check_timeout_action, checked_reminders
from bot.gamelog import (
    decode_events,
    encode,
    event_lines,
    from_second_mark,
    hides_something,
    opens_round,
    row_lines,
    rows_text,
    secret,
    state_before,
    took_back,
    undone_move,
    visible,
)
from bot.models import ActResult, GameStatus, Position, ServiceError, UndoResult
from bot.moderation import Moderation
from bot.recent import RecentChanges
from bot.records import OFF_TURN, OffTurn, one_of
from bot.shards import AcrossProcesses, SharedLocks
from bot.store import (
    NO_CHANGES,
    ChannelBusy,
    GameAndSeats,
    GameRecord,
    GameUpdate,
    LogEntry,
    LogRecord,
    SeatRecord,
    TimerSpec,
    VersionConflict,
)
from rules.core.codec import from_json
from rules.core.errors import IllegalAction
from rules.core.events import Action
from rules.core.ruleset import Ruleset

__all__ = ["COMMITTED", "UNSURE", "GameService", "LogPage", "ServiceError"]

# What the current task has written (issue 29, item 10): the game and its version after the task's last
# commit. A command's error handler reads it to tell the player whether the game changed before the error
# (a move that stands, whose answer or announcement failed) or not. Each interaction runs in a task of its
# own, which starts with a copy of the context: one command never sees another's.
COMMITTED: ContextVar[tuple[int, int] | None] = ContextVar("warboard_committed", default=None)
# A game whose commit failed for a reason other than a refusal (the database went away mid-statement):
# the write may or may not have landed, and the player is told to look before trying again.
UNSURE: ContextVar[int | None] = ContextVar("warboard_unsure", default=None)


class GameService(Deadlines, Moderation, RecentChanges):
    """Every operation on a game; see ``ServiceCore``, ``Deadlines`` and ``Moderation`` for the rest."""

    # Told of a game whose AI turn broke off with an error (issue 29, item 11): the bot takes it up again
    # within seconds (``bot.scheduler.Unfinished``). None: nobody is listening (the terminal, tests).
    on_unfinished: Callable[[int], None] | None = None
    # Told how long each run of AI moves took (``bot.metrics``): the game's ruleset (None: the run broke
    # off with an error before a move) and the seconds. None: nobody is measuring.
    on_ai_turn: Callable[[str | None, float], None] | None = None
    # Told of every commit, with the game and its new version (``bot.cogs.live_buttons``: the buttons
    # drawn for an older version are taken off their messages). None: nobody is listening.
    on_commit: Callable[[int, int], None] | None = None

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
        """Every commit of a change, noting it in ``COMMITTED`` (or ``UNSURE``) for the error handler."""
        try:
            done = await super()._commit(
                game, update, seats=seats, entries=entries, timers=timers, versions=versions
            )
        except (ServiceError, VersionConflict):
            raise  # refused: nothing was written
        except Exception:
            UNSURE.set(game.id)
            raise
        COMMITTED.set((game.id, done.version))
        if self.on_commit is not None:
            self.on_commit(game.id, done.version)
        return done

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock in this process and, on a store that several processes share (PostgreSQL's
        advisory locks), in every process: two processes never interleave a game's moves, its AI or
        its deadline, just as two coroutines of one process never do (``bot/shards.py``)."""
        local = super().lock(game_id)
        if self._shares_locks():
            return AcrossProcesses(local, cast(SharedLocks, self.store).game_lock(game_id))
        return local

    # The store last asked about and whether it shares its locks (a run-time check against a Protocol
    # reads the protocol's members each time: ~6 us, asked at every turn of the AI's loop).
    _shared: tuple[object, bool] | None = None

    def _shares_locks(self) -> bool:
        kept = self._shared
        if kept is None or kept[0] is not self.store:  # a test may hand the service another store
            kept = self._shared = (self.store, isinstance(self.store, SharedLocks))
        return kept[1]

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
        ai_level: str | None = None,
        reminders: str | None = None,
        server_defaults: Sequence[str] = (),
    ) -> GameStatus:
        """A new game in the lobby, hosted by ``user_id`` (who takes the first seat if ``join``).

        ``capacity``: seats open (default: the ruleset's maximum); ``turn_hours``: the turn deadline
        (None or 0: none); ``timeout_action``: "skip" or "ai", what a missed deadline does; ``ai_level``:
        the level of the AI standing in for a missed turn or a seat handed over (None: the default);
        ``reminders``: when reminders go out ("50,10"); ``server_defaults``: which of these settings the
        caller took from the server's defaults (``/game status`` says so).
        """
        rules = self.rules(ruleset)
        values = lobby.parse_options(rules, self.games[rules.name].post_defaults, options or {})
        lobby.check_settings(rules, capacity, turn_hours)
        lobby.check_players(rules, values, capacity)
        check_timeout_action(timeout_action)
        if ai_level is not None:
            self.check_level(rules.name, ai_level)
        reminders = checked_reminders(reminders)
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
            COMMITTED.set((game.id, game.version))
        except ChannelBusy:
            busy = await self.store.active_game(channel_id)
            which = f" (#{busy.id}, {busy.status})" if busy else ""
            raise ServiceError(
                "channel_busy",
                f"This channel already has a game{which}; finish or end it before starting another.",
            ) from None
        if join or timeout_action or ai_level or reminders or server_defaults:
            seats = [SeatRecord(0, user_id, name)] if join else None
            update = GameUpdate(
                timeout_action=timeout_action,
                ai_level=ai_level,
                reminders=reminders,
                server_defaults=",".join(server_defaults) or None,
            )
            await self.store.commit(game.id, game.version, update, seats)
        return await self.status(game.id)

    async def set_options(
        self, game_id: int, user_id: int, options: Mapping[str, str], *, moderator: bool = False
    ) -> GameStatus:
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "change the options")
            lobby.check_lobby(game, "Options can only be changed before the game starts.")
            values = lobby.parse_options(self.rules(game.ruleset), game.options, options)
            lobby.check_players(self.rules(game.ruleset), values, game.capacity)
            await self._commit(game, GameUpdate(options=values))
        return await self.status(game_id)

    async def join(
        self,
        game_id: int,
        user_id: int | None,
        name: str,
        *,
        ai: bool = False,
        off_turn: OffTurn = "answer",
        level: str | None = None,
    ) -> GameStatus:
        """Take the next free seat (``ai=True``: add an AI player, at ``level`` or the game's default;
        ``user_id`` is then the host asking). In a running game, joining takes back one's own seat from
        the AI (``reclaim``). ``off_turn``: the seat's questions on others' turns answered for it (by
        post) or asked (the terminal, live).

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
            if level is not None:
                self.check_level(game.ruleset, level)
            # An AI seat keeps the level it was given (the default then, named), whatever comes later.
            level = self.games[game.ruleset].level(level) if ai else None
            new = lobby.joined(game, self.rules(game.ruleset), seats, user_id, name, ai, off_turn, level)
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

    async def keep_order(self, game_id: int) -> GameStatus:
        """Every seat, AI seats too, claims its place in the lobby's order before the start: the
        terminal's ``--order as-given`` (a human's own claim kept only the humans' places)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            seats = await self.store.seats(game_id)
            await self._commit(game, seats=lobby.in_join_order(game, seats))
        return await self.status(game_id)

    async def start(
        self,
        game_id: int,
        user_id: int,
        *,
        moderator: bool = False,
        seed: str | None = None,
        as_given: bool = False,
    ) -> GameStatus:
        """Draw the seat order with the game's dice, set the game up and publish the seed's hash.

        ``seed`` is for tests and the terminal client's ``--seed``; the bot always draws a fresh one.
        ``as_given``: the terminal's ``--order as-given``, every seat kept in order (``keep_order``).
        """
        async with self.lock(game_id):
            game = await self.load(game_id)
            seats = await self.store.seats(game_id)
            # A running game's answer first: whoever asks, that it runs (and why) is what they need.
            lobby.check_lobby(game, lobby.started_refusal(game, len(seats)))
            lobby.check_host(game, user_id, moderator, "start the game")
            ruleset = self.rules(game.ruleset)
            seed = seed or secrets.token_hex(32)
            update, seated, entry = lobby.start(ruleset, game, seats, seed, as_given=as_given)
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

    async def play_ai(
        self, game_id: int, *, limit: int = 100_000, after: Position | None = None
    ) -> list[ActResult]:
        """Make the moves nobody has to be asked for, until a person must act, the game stops, or ``limit``
        moves were made: AI seats' moves, and the answers to questions a player is asked on another
        seat's turn when that player leaves them to their standing orders (``SeatRecord.off_turn``).
        ``after``: the game as the caller's move committed it (not read again); each AI move goes on
        from the one before. Had another move landed meanwhile, the version check at the commit
        notices, and the game is read afresh."""
        started = time.perf_counter()
        try:
            results = await self._play_ai(game_id, limit, after)
        except Exception:
            if self.on_unfinished is not None:  # the turn's moves did not finish: taken up again soon
                self.on_unfinished(game_id)
            if self.on_ai_turn is not None:
                self.on_ai_turn(None, time.perf_counter() - started)
            raise
        if results and self.on_ai_turn is not None:
            self.on_ai_turn(results[0].status.ruleset, time.perf_counter() - started)
        return results

    async def _play_ai(self, game_id: int, limit: int, in_hand: Position | None) -> list[ActResult]:
        results: list[ActResult] = []
        while len(results) < limit and not self.stopping:  # a stopping bot ends at a move's edge
            async with self.lock(game_id):
                position = in_hand or await self.position(game_id)
                if position.found.game.status != "running":
                    break
                # The whole run is thought and made in ONE worker-thread call (an AI may think for a
                # while, and a hop to a thread and back per move cost more than a quick engine's move),
                # so the bot answers everyone meanwhile.
                run = await asyncio.to_thread(self._run, position, limit - len(results))
                if not run:
                    break
                try:
                    played = await self._apply_run(position, run)
                except ServiceError as refusal:
                    if refusal.code != "stale" or in_hand is None:
                        raise
                    in_hand = None  # the game moved on since it was in hand: read it and think again
                    continue
                results.extend(played)
                in_hand = played[-1].position
        return results

    def _run(self, position: Position, most: int) -> list[Made]:
        """A turn's run of moves nobody has to be asked for, made in memory from ``position``, each from
        the one before: until the turn or the game ends, a person must act, ``most`` moves are made or
        the bot stops. The run goes from seat to seat within the turn (an AI attacker and an AI
        defender's decisions, or a player's standing orders, alternate in a battle), so an AI turn is
        one commit. An AI's refused choice ends the run before it (the moves before it stand; the next
        run meets the refusal). Runs in a worker thread: it touches nothing but the position it is
        given, and the rules and AIs are pure. Each move's state is left unencoded (see ``_make``):
        only the run's last is stored."""
        game, seats = position.found.game, position.found.seats  # one tuple: the moves share it
        ruleset, state = self.rules(game.ruleset), position.state
        waiting = ruleset.to_act(state)
        run: list[Made] = []
        while len(run) < most and not self.stopping:
            seat = next((s for s in waiting if seats[s].controller == "ai"), None)
            action: Action | None = None
            if seat is not None:
                # The same position of the same game always gets the same move (replayable).
                action = self.seat_agent(game, seats[seat].ai_level).choose(state, seat)
            else:
                answered = ((s, ruleset.answer_off_turn(state, s)) for s in waiting if answers_for(seats[s]))
                seat, action = next(((s, a) for s, a in answered if a is not None), (None, None))
                if seat is None or action is None:
                    break
            try:
                made = self._make(game, ruleset, state, seats, seat, action, None, encoded=False)
            except IllegalAction:
                if not run:
                    raise
                break
            run.append(made)
            if made.outcome is not None or made.turn_changed:
                break
            game, state, waiting = made.next_game(), made.after, made.waiting
        return run

    async def set_off_turn(self, game_id: int, user_id: int, off_turn: str) -> GameStatus:
        """Whether questions ``user_id`` is asked on others' turns are answered for them ("answer") or
        asked ("ask"); for every seat they play in the game, from the lobby on."""
        chosen = one_of(off_turn, OFF_TURN)
        if chosen is None:
            raise ServiceError("bad_choice", "Choose “answer for me” or “ask me”.")
        async with self.lock(game_id):
            game = await self.load(game_id)
            seats = await self.store.seats(game_id)
            if not any(s.user_id == user_id and s.controller == "human" for s in seats):
                raise ServiceError("not_a_player", "You are not playing in this game.")
            new = [replace(s, off_turn=chosen) if s.user_id == user_id else s for s in seats]
            await self._commit(game, seats=new)
        return await self.status(game_id)

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
            events = decode_events(ruleset, last.events)
            if secret(ruleset, events, None):
                # (a secret move's take-back would show in everyone's log, and count the seat's moves)
                raise ServiceError(
                    "cannot_undo",
                    "That move is kept secret from the others, so undo cannot take it back; change it with "
                    "the game's own commands (help lists them).",
                )
            if hides_something(ruleset, events):
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
            move = undone_move(ruleset, last)
            meta = json.dumps({"type": "undo", "reverts": [last.seq], "move": move})
            entry = LogEntry("undo", seat, user_id, meta, reverts=(last.seq,), snapshot=state)
            update = GameUpdate(state=state, snapshot_version=game.version + 1)
            commit = await self._commit(game, update, entries=[entry])
            return UndoResult(
                game.id,
                commit.version,
                (last.seq,),
                ruleset.view(before, None),
                tuple(ruleset.to_act(before)),
                took_back(seats[seat].name, move),
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
        """Page ``page`` of the log as ``user_id`` may read it (see ``log_lines``): 1 is the latest.

        A game whose text opens its rounds or turns ("— Round ...") is paged by them: page 1 is the
        round or turn now being played, page 2 the one before, and the last page what came before the
        first (the setup). Nothing a seat keeps hidden (secret orders, standing orders) moves a page or
        shows in a count, since pages only change when a public line opens a round (issue 29). A game
        without such lines is paged ``LOG_PAGE_ROWS`` rows at a time, ending at the latest row the
        reader sees. Either way a page reads its own rows (and the marks), never the whole log."""
        found = await self.loaded(game_id)
        game, seats = found.game, found.seats
        ruleset = self.rules(game.ruleset)
        viewer = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
        names = [s.name for s in seats]
        ended = game.status == "ended"
        marks = await self.store.round_marks(game_id, MOST_LOG_PAGES)
        read: list[LogRecord] = []
        if marks:
            starts = [*marks, 1] if marks[-1] > 1 else marks  # newest first: where each page begins
            pages = len(starts)
            if not 1 <= page <= pages:
                raise ServiceError("bad_page", f"The log has {pages} page(s).")
            first = starts[page - 1]
            last = starts[page - 2] - 1 if page > 1 else found.log_length
        else:
            end, read = await self._shown_end(ruleset, game_id, found.log_length, names, viewer, ended, page)
            pages = max(1, -(-end // LOG_PAGE_ROWS))
            if not 1 <= page <= pages:
                raise ServiceError("bad_page", f"The log has {pages} page(s).")
            last = end - (page - 1) * LOG_PAGE_ROWS
            first = max(1, last - LOG_PAGE_ROWS + 1)
        if read and (read[0].seq, read[-1].seq) == (first, last):
            rows = read  # the latest page, read while looking for its end
        else:
            rows = await self.store.log_rows(game_id, first, last) if last > 0 else []
        lines = await rows_text(ruleset, rows, names, viewer, ended)
        return LogPage(game_id, page, pages, first if rows else 0, last if rows else 0, tuple(lines))

    async def _shown_end(
        self,
        ruleset: Ruleset,
        game_id: int,
        length: int,
        names: list[str],
        viewer: int | None,
        ended: bool,
        page: int,
    ) -> tuple[int, list[LogRecord]]:
        """The seq of the latest row ``viewer`` sees a line of (0: none), and the rows read to find it.
        Reads back from the end: the latest page's rows at first when that is the page wanted, else
        the last row alone (the usual answer), then more rows at a time over a run of hidden ones."""
        end, size = length, LOG_PAGE_ROWS if page == 1 else 1
        while end > 0:
            first = max(1, end - size + 1)
            rows = await self.store.log_rows(game_id, first, end)
            for row in reversed(rows):
                if row_lines(ruleset, row, names, viewer, ended):
                    return row.seq, rows
            end, size = first - 1, 2 * LOG_PAGE_ROWS
        return 0, []


# A turn's announcement of a game without round marks shows what fits one message of its last rows.
SUMMARY_ROWS = 100
# Rows per /game log page: a page is always these rows, so it reads only them. Most pages fit one embed
# (a row is a headline and a line or two); a page of long rows (a long battle runs to dozens of lines)
# shows its latest lines and comes with the whole of it as a text file.
LOG_PAGE_ROWS = 20
# The most pages /game log offers (the command's own bound): a game's round marks are read up to this.
MOST_LOG_PAGES = 10_000


@dataclass(frozen=True, slots=True)
class LogPage:
    game_id: int
    page: int  # 1: the latest rows
    pages: int
    first: int  # the seqs of its rows (0 and 0: an empty log)
    last: int
    lines: tuple[str, ...]

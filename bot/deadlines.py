"""Multi-day play in the service: what a passed deadline does, extensions, vacations, turn settings,
taking a seat back from the AI, and who wants turn notices by DM. The scheduler (bot/scheduler.py)
decides *when*; this decides *what*, under the game's lock, like every other change.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import timedelta

from bot import lobby
from bot.clock import DEADLINE, from_text, parse_reminders, payload, plan_turn, shifted, to_text
from bot.core import Made, ServiceCore, check_running
from bot.models import ActResult, ClockChange, GameStatus, Miss, Position, ServiceError, TimeoutResult
from bot.store import NO_CHANGES, GameRecord, GameUpdate, LogEntry, SeatRecord, TimerSpec, VersionConflict
from rules.core.errors import IllegalAction

TIMEOUT_ACTIONS = ("skip", "ai")
VACATION_DAYS = 14  # per player and game; moderators may grant more


def checked_reminders(reminders: str | None) -> str | None:
    """Reminders as stored ("50,10"), or a refusal in one sentence; None stays None."""
    if reminders is None:
        return None
    try:
        return ",".join(map(str, parse_reminders(reminders)))
    except ValueError as error:
        raise ServiceError("bad_reminders", f"{str(error).capitalize()}.") from None


def check_timeout_action(action: str | None) -> None:
    if action is not None and action not in TIMEOUT_ACTIONS:
        raise ServiceError(
            "bad_timeout", "On a missed deadline the game can “skip” the turn or let the “ai” play."
        )


class Deadlines(ServiceCore):
    # Set when the bot stops (``WarboardBot.shutdown``): the AI and a deadline's play-out make no further
    # move, so they stop at a move's edge; what is left is taken up from the store after the restart.
    stopping = False

    async def timeout(self, game_id: int, turn: list[int], *, resume: bool = False) -> TimeoutResult | None:
        """The deadline of ``turn`` (the ruleset's ``turn_key``) passed: count a miss for each seat the
        game still waits on (every seat that owes orders, in a game of simultaneous orders), hand a seat
        to the AI at the limit, and play the turn out. None if that turn is already over (a stale timer).

        The misses are committed first together with a "resume" timer due at once, so if the process
        dies mid-turn the scheduler finishes the turn on restart without counting them twice."""
        async with self.lock(game_id):
            found = await self.loaded(game_id)
            game = found.game
            if game.status != "running":
                return None
            ruleset = self.rules(game.ruleset)
            state = self.state_of(game)
            waiting = ruleset.to_act(state)
            if list(ruleset.turn_key(state)) != list(turn) or not waiting:
                return None
            seats = list(found.seats)
            misses, entries = [], []
            for seat in waiting:
                record = seats[seat]
                human = record.controller == "human"
                missed = record.missed + (1 if human and not resume else 0)
                handed = human and not resume and missed >= game.missed_limit
                if not resume:
                    seats[seat] = replace(
                        record,
                        missed=missed,
                        controller="ai" if handed else record.controller,
                        # A seat handed over is played by the game's stand-in, at its level.
                        ai_level=game.ai_level if handed else record.ai_level,
                    )
                    note = {
                        "type": "timeout",
                        "seat": seat,
                        "turn": list(turn),
                        "missed": missed,
                        "to_ai": handed,
                    }
                    entries.append(LogEntry("system", seat, None, json.dumps(note)))
                by_ai = seats[seat].controller == "ai" or game.timeout_action == "ai"
                misses.append(Miss(seat, record.name, missed if human else 0, by_ai, handed))
            if not resume:
                again = TimerSpec(DEADLINE, to_text(self.clock()), payload(waiting[0], turn, resume=True))
                await self._commit(game, seats=seats, entries=entries, timers=(again,))
            moves = await self._play_out(game_id, turn, {m.seat for m in misses})
        return TimeoutResult(game_id, tuple(misses), game.missed_limit, moves)

    async def _play_out(self, game_id: int, turn: list[int], missed: set[int]) -> tuple[ActResult, ...]:
        """Moves for the seats that ``missed`` the deadline (and AI seats), until the turn ends or waits on
        a player who did not miss it (the caller holds the lock): the AI's for a seat it now plays or
        when the game says so, else the ruleset's harmless absent move. A defender who let a battle
        decision lapse does not end the attacker's turn: the attacker gets the game back, with a fresh
        clock (its own deadline passed while it waited on the defender).

        Like an AI's run (``play_ai``), the moves are made in memory in ONE worker-thread call (an AI
        may think a while) from the game read once, and committed together in ONE commit that raises
        the version by one a move (``_apply_run``): the game and its log are what one commit a move
        made, and a crash loses the whole play-out, which the "resume" timer makes again, the same."""
        position = await self.position(game_id)
        if position.found.game.status != "running":
            return ()
        run, refused, hand_back = await asyncio.to_thread(self._stand_in, position, turn, missed)
        moves = await self._apply_run(position, run) if run else []
        if refused is not None:  # the moves before the refused one stand, as each one's commit did
            raise refused
        if hand_back:
            now = moves[-1].position if moves else position
            assert now is not None, "a run's last result carries the game"
            game, rules = now.found.game, self.rules(now.found.game.ruleset)
            update, timers = self.with_turn_clock(game, rules, now.state, list(now.found.seats), NO_CHANGES)
            await self._commit(game, update, timers=timers)
        return tuple(moves)

    def _stand_in(
        self, position: Position, turn: list[int], missed: set[int]
    ) -> tuple[list[Made], IllegalAction | None, bool]:
        """The play-out's moves, made in memory from ``position`` in a worker thread (it touches nothing
        but the position; the rules and AIs are pure), each from the one before, the state encoded only
        where the store keeps it (``_make``); with the refusal that stopped it, if one did, and whether
        it stopped at a player who did not miss the deadline (who gets the game back)."""
        game, seats = position.found.game, list(position.found.seats)
        ruleset, state = self.rules(game.ruleset), position.state
        run: list[Made] = []
        for _ in range(1000):  # a turn is finite; the bound only guards against a looping ruleset
            waiting = ruleset.to_act(state)
            # A stopping bot ends at a move's edge: the "resume" timer finishes the turn after the restart.
            if self.stopping or list(ruleset.turn_key(state)) != list(turn) or not waiting:
                break
            seat = waiting[0]
            by_ai = seats[seat].controller == "ai"
            if seat not in missed and not by_ai:
                return run, None, True
            if by_ai or game.timeout_action == "ai":
                level = seats[seat].ai_level if by_ai else game.ai_level
                action = self.seat_agent(game, level).choose(state, seat)
            else:
                action = ruleset.absent_move(state, seat)
            try:
                made = self._make(game, ruleset, state, seats, seat, action, None, encoded=False)
            except IllegalAction as refusal:
                return run, refusal, False
            run.append(made)
            if made.outcome is not None:
                break
            game, state = made.next_game(), made.after
        return run, None, False

    async def set_turn_rules(
        self,
        game_id: int,
        user_id: int,
        *,
        hours: int | None = None,
        timeout_action: str | None = None,
        reminders: str | None = None,
        missed_limit: int | None = None,
        ai_level: str | None = None,
        moderator: bool = False,
    ) -> GameStatus:
        """Host or moderator: change the turn length (0: no deadlines), what a missed deadline does, the
        reminders, the misses that hand a seat to the AI and the stand-in AI's level. A new length
        restarts the current turn's clock now, so nobody is timed out by a rule they did not know."""
        check_timeout_action(timeout_action)
        reminders = checked_reminders(reminders)
        if missed_limit is not None and not 1 <= missed_limit <= 20:
            raise ServiceError("bad_limit", "Between 1 and 20 missed deadlines can hand a seat to the AI.")
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "change the turn rules")
            if game.status == "ended":
                raise ServiceError("ended", "This game has ended.")
            ruleset = self.rules(game.ruleset)
            if hours is not None:
                lobby.check_settings(ruleset, None, hours)
            if ai_level is not None:
                self.check_level(ruleset.name, ai_level)
            changed = {
                "turn_hours": hours,
                "timeout_action": timeout_action,
                "reminders": reminders,
                "ai_level": ai_level,
            }
            # A setting changed for this game is no longer the server's default.
            kept = [n for n in game.server_defaults.split(",") if n and changed.get(n) is None]
            update = GameUpdate(
                server_defaults=",".join(kept),
                ai_level=ai_level,
                turn_hours=hours,
                timeout_action=timeout_action,
                reminders=reminders,
                missed_limit=missed_limit,
            )
            timers: tuple[TimerSpec, ...] | None = None
            if game.status == "running" and (hours is not None or reminders is not None):
                game = replace(game, turn_hours=hours if hours is not None else game.turn_hours)
                game = replace(game, reminders=reminders or game.reminders)
                seats = await self.store.seats(game_id)
                update, timers = self.with_turn_clock(game, ruleset, self.state_of(game), seats, update)
            await self._commit(game, update, timers=timers)
        return await self.status(game_id)

    async def extend(self, game_id: int, user_id: int, hours: int, *, moderator: bool = False) -> ClockChange:
        """Host or moderator: give the current turn ``hours`` more."""
        if not 1 <= hours <= lobby.MAX_TURN_HOURS:
            raise ServiceError("bad_hours", f"Extend by 1 to {lobby.MAX_TURN_HOURS} hours.")
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "extend a deadline")
            check_running(game)
            if game.deadline_at is None:
                raise ServiceError("no_deadline", "This game has no turn deadline to extend.")
            deadline = await self._shift_clock(game, timedelta(hours=hours))
            return ClockChange(game_id, deadline, f"The deadline moved {hours} hour(s) later.")

    async def vacation(
        self,
        game_id: int,
        user_id: int,
        days: int,
        *,
        member: int | None = None,
        moderator: bool = False,
    ) -> ClockChange:
        """Stop ``user_id``'s clock for ``days`` from now (0: back early, the unused time returned).

        Players have ``VACATION_DAYS`` per game; a moderator granting it for ``member`` is not limited.
        A vacation taken during one's own turn moves that turn's deadline by the same time."""
        granted = member is not None
        if granted and not moderator:
            raise ServiceError("not_allowed", "Only a moderator can grant someone else a vacation.")
        if not 0 <= days <= (365 if granted else VACATION_DAYS):
            raise ServiceError("bad_days", f"A vacation is 1 to {VACATION_DAYS} days (0 ends it).")
        who = member if member is not None else user_id
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status not in ("running", "paused", "lobby"):
                raise ServiceError("ended", "This game has ended.")
            seats = await self.store.seats(game_id)
            mine = [s for s in seats if s.user_id == who and s.status == "playing"]
            if not mine:
                raise ServiceError("not_a_player", "That member is not playing in this game.")
            now = self.clock()
            until = from_text(mine[0].vacation_until) if mine[0].vacation_until else now
            running_from = max(until, now)
            left = mine[0].vacation_left_hours
            if days == 0:
                if until <= now:
                    raise ServiceError("no_vacation", "There is no vacation to end.")
                back = int((until - now).total_seconds() // 3600)
                # The budget never grows past its size (a moderator's grant did not come out of it).
                budget = min(VACATION_DAYS * 24, left + back)
                changed = [replace(s, vacation_until=None, vacation_left_hours=budget) for s in mine]
                await self._commit(game, seats=_merged(seats, changed))
                # The unused time also comes off the turn's deadline it was added to (and its
                # reminders): else taking and returning a vacation would stop one's clock for free.
                deadline = await self._take_back(game_id, [s.seat for s in mine], timedelta(hours=back))
                return ClockChange(game_id, deadline, f"Welcome back: {back} hour(s) of vacation returned.")
            hours = days * 24
            if not granted and hours > left:
                raise ServiceError(
                    "vacation_used",
                    f"You have {left // 24} day(s) and {left % 24} hour(s) of vacation left here.",
                )
            new_until = running_from + timedelta(hours=hours)
            changed = [
                replace(
                    s, vacation_until=to_text(new_until), vacation_left_hours=left - (0 if granted else hours)
                )
                for s in mine
            ]
            await self._commit(game, seats=_merged(seats, changed))
            game = await self.load(game_id)
            deadline = game.deadline_at
            if game.status == "running" and deadline and game.state:
                waiting = self.rules(game.ruleset).to_act(self.state_of(game))
                if any(s.seat in waiting for s in mine):
                    deadline = await self._shift_clock(game, new_until - running_from)
            note = f"On vacation until {new_until:%Y-%m-%d %H:%M} UTC; the turn clock waits."
            return ClockChange(game_id, deadline, note)

    async def _take_back(self, game_id: int, seats: list[int], unused: timedelta) -> str | None:
        """Pull the current turn's deadline ``unused`` earlier (never before now) if the turn waits on
        one of ``seats``; returns the deadline as it stands."""
        game = await self.load(game_id)
        if game.status != "running" or not game.deadline_at or not game.state or not unused:
            return game.deadline_at
        waiting = self.rules(game.ruleset).to_act(self.state_of(game))
        if not any(seat in waiting for seat in seats):
            return game.deadline_at
        earliest = self.clock() - from_text(game.deadline_at)
        return await self._shift_clock(game, max(-unused, earliest))

    async def _shift_clock(self, game: GameRecord, by: timedelta) -> str:
        """Move the current deadline and the reminders not yet sent ``by`` later (caller holds the lock)."""
        record = await self.load(game.id)
        assert record.deadline_at is not None
        pending = tuple(TimerSpec(t.kind, t.due_at, t.payload) for t in await self.store.timers(record.id))
        deadline = to_text(from_text(record.deadline_at) + by)
        await self._commit(record, GameUpdate(deadline_at=deadline), timers=shifted(pending, by))
        return deadline

    async def reclaim(self, game_id: int, user_id: int) -> GameStatus:
        """Take back a seat the AI has been playing since its player missed too many deadlines."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            seats = await self.store.seats(game_id)
            mine = [
                s for s in seats if s.user_id == user_id and s.controller == "ai" and s.status == "playing"
            ]
            if not mine:
                raise ServiceError("not_yours", "You have no seat here that the AI is keeping for you.")
            changed = [replace(s, controller="human", missed=0) for s in mine]
            entry = LogEntry(
                "system", mine[0].seat, user_id, json.dumps({"type": "reclaim", "seat": mine[0].seat})
            )
            timers = None
            if game.status == "running" and game.state:
                ruleset = self.rules(game.ruleset)
                state = self.state_of(game)
                waiting = ruleset.to_act(state)
                if any(s.seat in waiting for s in mine):
                    # Back in the middle of one's own turn: a fresh clock, not the AI's leftovers.
                    merged = _merged(seats, changed)
                    key, seconds = ruleset.turn_key(state), ruleset.turn_seconds(state)
                    plan = plan_turn(game, merged[waiting[0]], key, self.clock(), seconds)
                    timers = plan.timers if plan else ()
            await self._commit(game, seats=_merged(seats, changed), entries=[entry], timers=timers)
        return await self.status(game_id)

    async def set_dm(self, user_id: int, on: bool) -> None:
        await self.store.set_dm_turns(user_id, on)

    async def wants_dm(self, user_id: int) -> bool:
        return await self.store.dm_turns(user_id)

    async def set_status_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's status message (edited in place each turn). Not a game change: retried on
        a version clash instead of refusing."""
        for _ in range(5):
            game = await self.load(game_id)
            update = (
                GameUpdate(status_message_id=message_id)
                if message_id
                else GameUpdate(clear=("status_message_id",))
            )
            try:
                await self.store.commit(game.id, game.version, update)
                return
            except VersionConflict:  # a move landed in between; read again
                continue


def _merged(seats: list[SeatRecord], changed: list[SeatRecord]) -> list[SeatRecord]:
    by_seat = {s.seat: s for s in changed}
    return [by_seat.get(s.seat, s) for s in seats]

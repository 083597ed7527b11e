"""Hosting and moderation: rollback, pause and resume, ending, handing seats over, removing players,
and the game as a document (export, import, verify). Permissions: the game's host or a moderator;
``moderator=True`` is decided by the caller (a Discord role, or the terminal user)."""

from __future__ import annotations

import asyncio
import json

from bot import exports, lobby
from bot.core import ServiceCore, check_running, with_status
from bot.gamelog import encode, state_before
from bot.models import ActResult, GameStatus, ServiceError, UndoResult, VerifyReport
from bot.store import GameUpdate, LogEntry


class Moderation(ServiceCore):
    async def rollback(
        self, game_id: int, user_id: int, count: int, *, moderator: bool = False
    ) -> UndoResult:
        """Moderators: revert the last ``count`` actions of any seat, dice or not (replayed, recorded)."""
        if not moderator:
            raise ServiceError("not_allowed", "Only a moderator can roll a game back.")
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.status not in ("running", "paused"):
                # An ended game's seed is public: rolling back would let everyone foresee the dice.
                raise ServiceError("not_running", "Only a running or paused game can be rolled back.")
            ruleset = self.rules(game.ruleset)
            # The last ``count`` live actions only, and a replay from the nearest snapshot before them.
            tail = await self.store.last_live_actions(game_id, count) if count >= 1 else []
            if count < 1 or len(tail) < count:
                total = len(tail) if count >= 1 else len(await self.store.live_actions(game_id))
                raise ServiceError("bad_count", f"You can roll back 1 to {total} actions.")
            seats = await self.store.seats(game_id)
            before = await state_before(self.store, ruleset, game, len(seats), tail[0].seq)
            reverted = [row.seq for row in tail]
            meta = json.dumps({"type": "rollback", "reverts": reverted})
            state = encode(before)  # also kept as a snapshot at the rollback's own row
            entry = LogEntry("rollback", None, user_id, meta, reverts=tuple(reverted), snapshot=state)
            update, timers = GameUpdate(state=state, snapshot_version=game.version + 1), None
            if ruleset.turn_key(before) != ruleset.turn_key(self.state_of(game)):
                # Back in an earlier turn: its clock starts afresh, as when a turn begins. The later
                # turn's timers name a turn the game is no longer in, and would be dropped unfired.
                update, timers = self.with_turn_clock(game, ruleset, before, seats, update)
            commit = await self._commit(game, update, entries=[entry], timers=timers)
            return UndoResult(
                game.id,
                commit.version,
                tuple(reverted),
                ruleset.view(before, None),
                tuple(ruleset.to_act(before)),
                f"Rolled back {count} action(s): #{', #'.join(map(str, reverted))}.",
            )

    # -- hosting and moderation ------------------------------------------------------------------------

    async def skip(self, game_id: int, user_id: int, *, moderator: bool = False) -> list[ActResult]:
        """Finish the waiting seat's turn (or decision) for an absent player with the ruleset's
        ``absent_move``. Each move is logged as that seat's, made by ``user_id``."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "skip a turn")
            check_running(game)
            ruleset = self.rules(game.ruleset)
            seats = await self.store.seats(game_id)
            state = self.state_of(game)
            seat, turn = ruleset.to_act(state)[0], ruleset.turn_key(state)[0]
            made: list[ActResult] = []
            for _ in range(1000):  # a turn is finite; the bound only guards against a looping ruleset
                action = ruleset.absent_move(state, seat)
                made.append(await self._apply(game, ruleset, state, seats, seat, action, user_id))
                game = await self.load(game_id)
                if game.status != "running":
                    break
                state = self.state_of(game)
                if seat not in ruleset.to_act(state) or ruleset.turn_key(state)[0] != turn:
                    break
            return made

    async def pause(self, game_id: int, user_id: int, *, moderator: bool = False) -> GameStatus:
        return await self._set_status(game_id, user_id, moderator, "running", "paused", "pause")

    async def resume(self, game_id: int, user_id: int, *, moderator: bool = False) -> GameStatus:
        return await self._set_status(game_id, user_id, moderator, "paused", "running", "resume")

    async def end(self, game_id: int, user_id: int, *, moderator: bool = False) -> GameStatus:
        """Stop the game for good and reveal its seed."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "end the game")
            if game.status == "ended":
                raise ServiceError("ended", "This game has already ended.")
            entry = LogEntry("system", None, user_id, json.dumps({"type": "end"}))
            update = GameUpdate(status="ended", clear=("deadline_at", "turn_started_at"))
            settle = (self.settle_timer(),) if game.state else ()
            await self._commit(game, update, entries=[entry] if game.state else [], timers=settle)
            if settle:
                await self.settle_now(game_id)
        return await self.status(game_id)

    async def _set_status(
        self, game_id: int, user_id: int, moderator: bool, want: str, new: str, verb: str
    ) -> GameStatus:
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, f"{verb} the game")
            if game.status != want:
                raise ServiceError(f"not_{want}", f"The game is {game.status}, so it cannot {verb}.")
            entry = LogEntry("system", None, user_id, json.dumps({"type": verb}))
            # A paused game's clock stops; resuming starts the waiting player's turn clock afresh.
            update, timers = self.with_turn_clock(
                game,
                self.rules(game.ruleset),
                self.state_of(game),
                await self.store.seats(game_id),
                GameUpdate(status=new),
            )
            await self._commit(game, update, entries=[entry], timers=timers)
        return await self.status(game_id)

    async def replace(
        self,
        game_id: int,
        user_id: int,
        seat: int,
        new_user: int | None,
        name: str,
        *,
        moderator: bool = False,
    ) -> GameStatus:
        """Give ``seat`` to another member, or to the AI (``new_user=None``)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "replace a player")
            if game.status not in ("running", "paused"):
                raise ServiceError("not_running", "Seats can be handed over only while the game is on.")
            seats = await self.store.seats(game_id)
            new = lobby.replaced(seats, seat, new_user, name)
            meta = {
                "type": "replace",
                "seat": seat,
                "user_id": new_user,
                "name": new[seat].name,
                "from": seats[seat].name,  # who played the seat's turns until now (issue 35)
                "from_user": seats[seat].user_id,  # and which member: their share of it is rated
            }
            await self._commit(game, seats=new, entries=[LogEntry("system", seat, user_id, json.dumps(meta))])
        return await self.status(game_id)

    async def kick(self, game_id: int, user_id: int, seat: int, *, moderator: bool = False) -> GameStatus:
        """Remove a player: from the lobby, or from a running game (their seat resigns)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            lobby.check_host(game, user_id, moderator, "remove a player")
            seats = await self.store.seats(game_id)
            if not 0 <= seat < len(seats):
                raise ServiceError("no_seat", f"There is no seat {seat + 1}.")
            if game.status == "lobby":
                await self._commit(game, seats=lobby.renumber(s for s in seats if s.seat != seat))
            else:
                check_running(game)
                if seats[seat].status != "playing":
                    raise ServiceError("not_playing", f"{seats[seat].name} is no longer playing.")
                ruleset = self.rules(game.ruleset)
                marked = [s if s.seat != seat else with_status(s, "kicked") for s in seats]
                kick = LogEntry("system", seat, user_id, json.dumps({"type": "kick", "seat": seat}))
                await self._apply(
                    game,
                    ruleset,
                    self.state_of(game),
                    seats,
                    seat,
                    lobby.resign_action(ruleset),
                    user_id,
                    marked,
                    (kick,),
                )
        return await self.status(game_id)

    # -- export, import, verify (bot/exports.py does the work) -------------------------------------------

    async def export(self, game_id: int) -> str:
        """Streamed from the store a chunk of rows at a time, formatted in worker threads."""
        game = await self.load(game_id)
        return await exports.export_game(
            self.store, self.rules(game.ruleset), game, await self.store.seats(game_id)
        )

    async def import_game(
        self, channel_id: int, user_id: int, document: str, *, guild_id: int | None = None
    ) -> GameStatus:
        checked = await asyncio.to_thread(exports.check_import, document, self.rules)  # a whole replay
        game = await self.store.create_game(
            guild_id, channel_id, checked.ruleset, checked.options, user_id, status="ended"
        )
        await self.store.commit(game.id, game.version, checked.update, checked.seats, checked.entries)
        return await self.status(game.id)

    async def verify(self, game_id: int) -> VerifyReport:
        game = await self.load(game_id)
        if game.status != "ended" or game.seed is None:
            raise ServiceError(
                "not_ended", "Dice can be verified once the game has ended and its seed is revealed."
            )
        seats, rows = await self.store.seats(game_id), await self.store.log(game_id)
        # A replay of the whole game, by definition: in a worker thread.
        return await asyncio.to_thread(exports.verify, self.rules(game.ruleset), game, seats, rows)

"""Telling players about turns, with as little noise as keeps a game moving.

Per game there is one status message (board, whose turn, deadline, standings), edited in place and
pinned when the bot may pin. Each new turn gets one short message that pings the player to act (or a
DM, for players who asked for them, with what happened since their last turn and the board); closed
DMs fall back to the channel ping. Reminders and passed deadlines go the same way. The scheduler
(bot/scheduler.py) and the cogs both call this.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence

import discord

from bot.clock import stamp
from bot.cogs.common import COLOUR, board_message, mention, pinging, plain
from bot.game import Presenter
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import GameStatus, SeatInfo, TimeoutResult
from rules.core.events import Event

log = logging.getLogger("warboard.announce")
QUIET = discord.AllowedMentions.none()


def may_pin(permissions: discord.Permissions) -> bool:
    """Pinning needs Pin Messages (Discord's 2025 permission) or, before it, Manage Messages."""
    return bool(permissions.pin_messages or permissions.manage_messages)


def deadline_text(status: GameStatus) -> str:
    return f"deadline {stamp(status.deadline_at)}" if status.deadline_at else "no deadline"


def seat_line(status: GameStatus, seat: SeatInfo, view: object, presenter: Presenter) -> str:
    """A seat's standing: the game's own numbers when it has them, then how it is being played."""
    parts = [f"**{plain(seat.name)}**"]
    numbers = presenter.standing(view, seat.seat)
    if numbers:
        parts.append(numbers)
    if seat.status != "playing":
        parts.append(seat.status)
    elif seat.controller == "ai":
        parts.append("played by the AI" + (" (theirs to take back)" if seat.user_id else ""))
    if seat.missed:
        parts.append(f"missed {seat.missed}/{status.missed_limit}")
    if seat.vacation_until:
        parts.append(f"🌴 away until {stamp(seat.vacation_until)}")
    return " · ".join(parts)


def turn_rules(status: GameStatus) -> str:
    if not status.turn_hours:
        return "No turn deadlines."
    missed = "the AI plays it" if status.timeout_action == "ai" else "skipped"
    reminders = status.reminders.replace(",", "%, ")
    return (
        f"{status.turn_hours} h a turn · missed turn: {missed} · reminders at {reminders}% left · "
        f"{status.missed_limit} misses hand a seat to the AI"
    )


def waiting_names(status: GameStatus) -> str:
    """Who the game waits on: one player, or several when every seat owes orders at once."""
    names = [plain(status.seats[s].name) for s in status.waiting_for if s < len(status.seats)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def status_embed(status: GameStatus, view: object, presenter: Presenter) -> discord.Embed:
    if status.result:
        now = f"**Game over.** {plain(status.result)}"
    elif status.status == "paused":
        now = "**Paused** by the host or a moderator."
    elif status.waiting_for:
        now = f"**{status.turn_label}:** {waiting_names(status)} to play · {deadline_text(status)}"
    else:
        now = status.status
    standings = [seat_line(status, s, view, presenter) for s in status.seats]
    embed = discord.Embed(
        title=clip(f"{status.title} · game #{status.game_id}", 256),
        description=clip("\n".join([now, "", *standings]), EMBED_DESCRIPTION),
        colour=COLOUR,
    )
    rules = turn_rules(status)
    embed.set_footer(text=clip(f"{rules} · version {status.version}", 2048))
    embed.set_image(url="attachment://board.png")
    return embed


class TurnAnnouncer:
    """``host`` holds the service and the games; ``client`` is the connection to Discord (the same bot
    object in the app, kept apart here so each use says which side it needs)."""

    def __init__(self, host: Host, client: discord.Client) -> None:
        self.host = host
        self.client = client
        self.dm_closed: set[int] = set()  # members told once that their closed DMs turned notices off
        # Per game, the last log row its status board showed (the next one marks what changed since)
        # and the row after which the current one marks changes. Lost on a restart, which only makes
        # the next board mark what the waiting player's digest would.
        self.last_board: dict[int, int] = {}
        self.marked_from: dict[int, int | None] = {}

    def status_marks_from(self, game_id: int) -> int | None:
        return self.marked_from.get(game_id)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable), "games live in text channels"
        return channel

    async def refresh_status(self, game_id: int) -> discord.Message | discord.PartialMessage | None:
        """Edit the game's status message in place, or post (and pin) it if it has none yet. Its board
        marks what changed since the last status board (or, after a restart, since the previous turn of
        the player the game waits on)."""
        status = await self.host.service.status(game_id)
        if status.status == "lobby":
            return None
        channel = await self._channel(status.channel_id)
        view = await self.host.service.view(game_id)
        since = self.last_board.get(game_id)
        recent = await self.host.service.events_since(game_id, since)
        board = await board_message(self.host, game_id, title=status.title, recent=recent.events)
        self.marked_from[game_id], self.last_board[game_id] = recent.after, recent.seq
        embeds = [status_embed(status, view, self.host.games[status.ruleset].presenter), *board.more]
        if status.status_message_id and isinstance(channel, discord.TextChannel | discord.Thread):
            message = channel.get_partial_message(status.status_message_id)
            try:
                return await message.edit(embeds=embeds, attachments=board.files)
            except discord.NotFound:
                pass  # deleted by someone: post a new one
        posted = await channel.send(embeds=embeds, files=board.files)
        await self.host.service.set_status_message(game_id, posted.id)
        await self._pin(posted)
        return posted

    async def _pin(self, message: discord.Message) -> None:
        channel = message.channel
        guild = getattr(channel, "guild", None)
        if guild is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        if not may_pin(channel.permissions_for(guild.me)):
            return
        try:
            await message.pin(reason="Warboard: the game's status")
        except discord.HTTPException as error:  # the channel's 50 pins are full, or a race on permissions
            log.info("could not pin the status of game in %s: %s", channel.id, error)

    async def turn_began(
        self,
        game_id: int,
        summary: Sequence[str] = (),
        note: str | None = None,
        events: Sequence[Event] = (),
    ) -> None:
        """A turn ended: AI seats play theirs, the status message is updated, then one message pings the
        player to act (or tells the channel the game is over, with the final board). ``events`` are the
        public events of moves nobody has seen yet (a passed deadline's): with the AI's, the ping shows
        their last battle.

        All under the game's turn lock (``bot.turns``), so a player's answer to the AI (bot/cogs/play.py)
        waits for the ping instead of letting the AI play on beside this, and comes after it."""
        async with self.host.turns.hold(game_id):
            await self._turn_began(game_id, summary, note, events)

    async def _turn_began(
        self, game_id: int, summary: Sequence[str], note: str | None, events: Sequence[Event]
    ) -> None:
        lines, unseen = list(summary), list(events)
        for played in await self.host.service.play_ai(game_id):
            lines.extend(played.lines)
            unseen.extend(played.public_events)
        status = await self.host.service.status(game_id)
        channel = await self._channel(status.channel_id)
        status_message = await self.refresh_status(game_id)
        if status.result:  # the final board marks what the status board marks: the game's last moves
            marked = await self.host.service.events_since(game_id, self.marked_from.get(game_id))
            final = await board_message(
                self.host, game_id, title="Game over", lines=[*lines, status.result], recent=marked.events
            )
            await channel.send(
                content=plain(note) if note else None,
                embeds=final.embeds,
                files=final.files,
                allowed_mentions=QUIET,
            )
            return
        if not status.waiting_for or status.status != "running":
            return
        who = waiting_names(status)
        # The board marks what changed since the last turn of the (first) player it waits on: in a game
        # of simultaneous orders, every seat's last turn began together.
        digest = await self.host.service.since_last_turn(game_id, status.waiting_for[0])
        board = await board_message(
            self.host,
            game_id,
            title=f"{status.turn_label}: {who} to play",
            lines=lines or ["A new turn begins."],
            recent=digest.events,
            link=f"[Standings]({status_message.jump_url})" if status_message is not None else "",
        )
        embeds, files = board.embeds, board.files
        battle = await self._battle(status, unseen)
        if battle is not None:
            embeds, files = [*embeds, battle[0]], [*files, battle[1]]
        # Each player the turn waits on is told once: by DM if they asked (and it can be sent), else
        # pinged in this one channel message (several at once when every seat owes orders).
        pinged = []
        for seat in (status.seats[s] for s in status.waiting_for):
            if seat.controller != "human" or not await self._dm_turn(status, seat, note):
                pinged.append(seat)
        head = f"{plain(note)}\n" if note else ""
        if not pinged:
            content = f"{head}{status.turn_label}: {who} to play (told by DM) · {deadline_text(status)}."
        else:
            mentions = ", ".join(mention(seat.user_id, seat.name) for seat in pinged)
            where = f"{status.title} (game #{game_id})"
            content = f"{head}{mentions}, it is your turn in {where} · {deadline_text(status)}."
            if any(seat.user_id in self.dm_closed for seat in pinged):
                self.dm_closed.difference_update(seat.user_id for seat in pinged)
                content += " (Your DMs are closed, so turn notices come here; `/notify dm on` tries again.)"
        await channel.send(
            content=content,
            embeds=embeds,
            files=files,
            allowed_mentions=pinging(*(s.user_id for s in pinged)),
        )

    async def _battle(
        self, status: GameStatus, events: Sequence[Event]
    ) -> tuple[discord.Embed, discord.File] | None:
        """The last battle among ``events`` (moves the channel has not seen: the AI's, a deadline's) as
        a full-width embed image; None if none was fought."""
        if not events:
            return None
        view = await self.host.service.view(status.game_id)
        draw = self.host.games[status.ruleset].pictures.battle
        picture = await asyncio.to_thread(draw, view, tuple(events), status.names)
        if picture is None:
            return None
        embed = discord.Embed(colour=COLOUR).set_image(url="attachment://battle.png")
        return embed, discord.File(io.BytesIO(picture), filename="battle.png")

    async def _dm_turn(self, status: GameStatus, seat: SeatInfo, note: str | None) -> bool:
        """Send the turn notice to the player's DMs if they asked: what changed since their last turn,
        as a board with those changes marked and in a few lines. False if not wanted or not possible."""
        if seat.user_id is None or not await self.host.service.wants_dm(seat.user_id):
            return False
        digest = await self.host.service.since_last_turn(status.game_id, seat.seat)
        board = await board_message(
            self.host,
            status.game_id,
            title=f"Your turn in {status.title} (game #{status.game_id})",
            lines=[
                *([note] if note else []),
                "Since your last turn:",
                *digest.lines,
                f"Deadline: {stamp(status.deadline_at)}" if status.deadline_at else "No deadline.",
            ],
            recent=digest.events,
        )
        return await self._dm(seat.user_id, embeds=board.embeds, files=board.files)

    async def _dm(
        self,
        user_id: int,
        content: str | None = None,
        *,
        embeds: Sequence[discord.Embed] = (),
        files: Sequence[discord.File] = (),
    ) -> bool:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            if embeds:
                await user.send(content, embeds=list(embeds), files=list(files))
            else:
                await user.send(content)
        except discord.Forbidden:
            # DMs closed (50007). Stop trying: Discord frowns on bots that keep hitting closed DMs,
            # and the player is pinged in the channel, where the ping says how to try again.
            log.info("DMs of %s are closed; turning their DM notices off", user_id)
            await self.host.service.set_dm(user_id, False)
            self.dm_closed.add(user_id)
            return False
        except discord.HTTPException as error:
            log.info("DM to %s failed (%s); pinging in the channel", user_id, error)
            return False
        return True

    # -- the scheduler's Announcer ----------------------------------------------------------------------

    async def deadline_passed(self, result: TimeoutResult) -> None:
        lines = [line for move in result.moves for line in move.lines]
        events = [event for move in result.moves for event in move.public_events]
        await self.turn_began(result.game_id, lines, note=result.sentence(), events=events)

    async def reminder(self, game_id: int, seat: int, percent: int) -> None:
        """Remind the players the game still waits on (the turn's player; every seat that has not sent
        its orders yet, in a game of simultaneous orders), each by DM if they asked, else by a ping."""
        status = await self.host.service.status(game_id)
        if status.status != "running":
            return
        where = f"{status.title} (game #{game_id})"
        text = f"⏳ {percent}% of your turn is left in {where}: {deadline_text(status)}."
        pinged = []
        for player in (status.seats[s] for s in status.waiting_for):
            if player.controller != "human" or player.user_id is None:
                continue
            if not (
                await self.host.service.wants_dm(player.user_id) and await self._dm(player.user_id, text)
            ):
                pinged.append(player)
        if pinged:
            channel = await self._channel(status.channel_id)
            mentions = " ".join(mention(p.user_id, p.name) for p in pinged)
            await channel.send(f"{mentions} {text}", allowed_mentions=pinging(*(p.user_id for p in pinged)))

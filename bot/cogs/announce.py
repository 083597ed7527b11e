"""Telling players about turns, with as little noise as keeps a game moving.

Per game there is one status message (board, whose turn, deadline, standings), edited in place and
pinned when the bot may pin. Each new turn gets ONE public message (issue 28): the ping, the board with
what changed since that player's last turn, and at most five short lines in players' words
(``rules.core.summary``), never log lines, never over ``PING_CHARS``. As the turn goes, that message is
edited in place with what the turn has done so far (the moves' own answers go to the mover only). A
player who asked for DMs gets the board there, and the channel only a short line without a picture;
closed DMs fall back to the channel ping. An AI's turns and a passed deadline are told in the same one
message. Reminders go the same way. The scheduler (bot/scheduler.py) and the cogs both call this.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial

import discord

from bot.clock import stamp
from bot.cogs.common import COLOUR, board_message, mention, pinging, plain
from bot.cogs.following import tell_followers
from bot.cogs.live_buttons import LiveButtons
from bot.game import Presenter, level_name
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ActResult, GameStatus, Position, SeatInfo, TimeoutResult
from bot.recent import Digest, Recent
from bot.store import Listeners
from rules.core.events import Event
from rules.core.ruleset import Ruleset
from rules.core.summary import own_actors, summarise
from rules.core.words import listed

log = logging.getLogger("warboard.announce")
QUIET = discord.AllowedMentions.none()
PING_CHARS = 600  # a turn message's text and embed text at the most: read at a glance on a phone
# A player who moved in the game this recently is at the table: a decision asked of them on another seat's
# turn (a battle's next step) is posted without a ping. The first ask of a turn, and one after a pause,
# ping as before.
AT_THE_TABLE = timedelta(minutes=10)
FOOTER = 60  # room kept for the board's footer ("Game #12 · Round 12 of 20, United Kingdom")


# What the status message shows, when the caller has it in hand: the status, the public view, and the
# public events it marks.
Shown = tuple[GameStatus, object, Recent]


@dataclass
class TurnMessage:
    """The turn's one public message, edited as the turn goes: its text, the embed's title and the
    lines it opened with (since the player's last turn), and the public events of the turn's moves so far
    (kept a move apart, so that an undo takes its move's out)."""

    message: discord.Message
    content: str
    title: str
    lines: list[str]
    link: str
    moves: list[Sequence[Event]] = field(default_factory=list)  # each move's public events, in order

    @property
    def events(self) -> list[Event]:
        return [event for move in self.moves for event in move]


def fitted(content: str, title: str, lines: Sequence[str], more: Sequence[str], link: str) -> str:
    """The embed description: ``lines`` then ``more`` (the turn so far) then ``link``, dropping the
    oldest of ``lines`` first, then of ``more``, until the message fits ``PING_CHARS``."""
    lines, more = list(lines), list(more)
    while True:
        body = [*lines, *(["**This turn so far:**", *more] if more else [])]
        text = "\n".join(plain(line) if not line.startswith("**") else line for line in body)
        text = f"{text}\n{link}" if link and text else (text or link)
        if len(content) + len(title) + len(text) <= PING_CHARS - FOOTER or not (lines or more):
            return text
        if lines:
            lines.pop(0)
        else:
            more.pop(0)


NO_LONGER = "*No longer asked: the game has moved on.*"


async def no_longer(message: discord.Message, content: str) -> None:
    """An asking message whose decision was made: its buttons off, and a line saying it asks no more."""
    await message.edit(content=clip(f"{content}\n{NO_LONGER}", 2000), view=None, allowed_mentions=QUIET)


def told_last(rules: Ruleset, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The move's last sentence, dice and all: what an ask says when the summary, which leaves dice
    to the log, has nothing (a battle's step that only rolled or set dice: "Bob formed the skirmishes:
    #1 [6 3] v [5]" is what the asked player decides upon). Nothing if no event tells anything."""
    for event in reversed(events):
        text = rules.describe(event, names)
        if text and not text.startswith(("🎲", "—")):
            return [text]
    return []


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
        level = f", {level_name(seat.ai_level)}" if seat.ai_level else ""
        parts.append(f"played by the AI{level}" + (" (theirs to take back)" if seat.user_id else ""))
    if seat.missed:
        parts.append(f"missed {seat.missed}/{status.missed_limit}")
    if seat.vacation_until:
        parts.append(f"🌴 away until {stamp(seat.vacation_until)}")
    return " · ".join(parts)


def seat_news(
    rules: Ruleset, position: Position, seat: int, digest: Digest, names: Sequence[str]
) -> list[str]:
    """What happened since ``seat``'s last turn began, in a few lines, without the seat's own doings: the
    turn's ping in the channel and the turn told by DM say the same."""
    mine = own_actors(rules, position.state, seat, names)
    return summarise(rules, digest.fresh, names, leave_out=mine)


def turn_rules(status: GameStatus) -> str:
    """The game's turn settings, each taken from the server's defaults marked so (the rest were set for
    this game, or are Warboard's own)."""

    def source(name: str) -> str:
        return " (the server's default)" if name in status.server_defaults else ""

    if not status.turn_hours:
        return f"No turn deadlines{source('turn_hours')}."
    missed = "the AI plays it" if status.timeout_action == "ai" else "skipped"
    # The level on its own, each with its own source: "the AI (Easy (the server's default)) plays it
    # (the server's default)" read as one muddle.
    level = (
        f" · AI level: {level_name(status.ai_level)}{source('ai_level')}"
        if status.ai_level and status.timeout_action == "ai"
        else ""
    )
    reminders = status.reminders.replace(",", "%, ")
    if status.rules_seconds is not None:  # the rules time this turn: not "24 h a turn" (a round had 48)
        length = f"{span(status.rules_seconds)} this turn, as the game's rules time it"
    elif status.rules_clock and status.status == "lobby":
        length = clock_text(status.rules_clock)
    else:
        length = f"{status.turn_hours} h a turn{source('turn_hours')}"
    return (
        f"{length} · "
        f"missed turn: {missed}{source('timeout_action')}{level} · "
        f"reminders at {reminders}% left{source('reminders')} · "
        f"{status.missed_limit} misses hand a seat to the AI"
    )


def clock_text(clock: tuple[int, ...]) -> str:
    """The turns' lengths a game's rules set (``GameStatus.rules_clock``), as the lobby tells them: "48 h
    a turn at first, then 42 h, 36 h … 12 h, as the game's rules time it"."""
    later = [span(s) for s in clock[1:3]] + ([f"… {span(clock[-1])}"] if len(clock) > 3 else [])
    start = f"{span(clock[0])} a turn" + (f" at first, then {', '.join(later)}" if later else "")
    return f"{start.replace(', …', ' …')}, as the game's rules time it"


def span(seconds: int) -> str:
    """A length of time as players read it: "48 h", "1 h 30 min", "3 min 30 s"."""
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{n} {unit}" for n, unit in ((hours, "h"), (minutes, "min"), (seconds, "s")) if n]
    return " ".join(parts) or "0 s"


def waiting_names(status: GameStatus) -> str:
    """Who the game waits on: one player, or several when every seat owes orders at once."""
    names = [plain(status.seats[s].name) for s in status.waiting_for if s < len(status.seats)]
    return listed(names)


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
    embed.set_footer(text=clip(rules, 2048))
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
        # Per game, the current turn's one public message (lost on a restart: the turn then goes on
        # without its edits, and the next turn's message tells it).
        self.turn_messages: dict[int, TurnMessage] = {}
        # Per game, when each member last moved in the current turn (``at_the_table``): a battle's later
        # steps ask them without a ping. Forgotten when the next turn begins (and on a restart).
        self.moved_at: dict[int, dict[int, datetime]] = {}
        self.buttons = LiveButtons()  # messages with a step's buttons, taken off once the step is answered

    def status_marks_from(self, game_id: int) -> int | None:
        return self.marked_from.get(game_id)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable), "games live in text channels"
        return channel

    async def refresh_status(
        self, game_id: int, shown: Shown | None = None
    ) -> discord.Message | discord.PartialMessage | None:
        """Edit the game's status message in place, or post (and pin) it if it has none yet. Its board
        marks what changed since the last status board (or, after a restart, since the previous turn of
        the player the game waits on). ``shown``: the game as the caller has it in hand (else read)."""
        if shown is None:
            position = await self.host.service.position(game_id)
            if position.state is None:  # in the lobby: no status message yet
                return None
            status = self.host.service.status_of(position.found, position.state)
            view = self.host.games[status.ruleset].rules.view(position.state, None)
            recent = await self.host.service.events_since(game_id, self.last_board.get(game_id), position)
        else:
            status, view, recent = shown
        channel = await self._channel(status.channel_id)
        board = await board_message(
            self.host, game_id, title=status.title, recent=recent.events, shown=(status, view)
        )
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
        *,
        after: Position | None = None,
    ) -> None:
        """A turn ended: AI seats play theirs, the status message is updated, then one message pings the
        player to act (or tells the channel the game is over, with the final board). ``events`` are the
        public events of moves nobody has seen yet (a passed deadline's): with the AI's, the ping shows
        their last battle. ``after``: the game as the move that ended the turn committed it: the AI
        plays on from there, and the announcement reads only the log's last rows and whom to tell.

        All under the game's turn lock (``bot.turns``), so a player's answer to the AI (bot/cogs/play.py)
        waits for the ping instead of letting the AI play on beside this, and comes after it."""
        async with self.host.turns.hold(game_id):
            await self._turn_began(game_id, summary, note, events, after)

    async def _turn_began(
        self,
        game_id: int,
        summary: Sequence[str],
        note: str | None,
        events: Sequence[Event],
        after: Position | None,
    ) -> None:
        service = self.host.service
        self.moved_at.pop(game_id, None)  # a new turn: its first decision asked of a player pings them
        unseen, position = list(events), after
        for played in await service.play_ai(game_id, after=after):
            unseen.extend(played.public_events)
            position = played.position
        self.turn_messages.pop(game_id, None)
        position = position or await service.position(game_id)
        if position.state is None:  # still in the lobby: nothing to tell
            return
        status = service.status_of(position.found, position.state)
        rules = self.host.games[status.ruleset].rules
        view = rules.view(position.state, None)
        news = await service.news(position, self.last_board.get(game_id))
        told = await service.store.listeners(game_id)
        channel = await self._channel(status.channel_id)
        status_message = await self.refresh_status(game_id, (status, view, news.recent))
        if status.result:  # the final board marks what the status board marks: the game's last moves
            marked = news.recent
            lines = summarise(rules, marked.events, status.names)
            final = await board_message(
                self.host,
                game_id,
                title="Game over",
                lines=[*lines, status.result],
                recent=marked.events,
                shown=(status, view),
            )
            await channel.send(
                content=plain(note) if note else None,
                embeds=final.embeds,
                files=final.files,
                allowed_mentions=QUIET,
            )
            await self._followers(status, "Game over", [*lines, status.result], marked.events, told, view)
            return
        if not status.waiting_for or status.status != "running":
            return
        who = waiting_names(status)
        # Each player the turn waits on is told once: by DM if they asked (and it can be sent), else
        # pinged in this one channel message (several at once when every seat owes orders).
        pinged = []
        first = status.waiting_for[0]
        for seat in (status.seats[s] for s in status.waiting_for):
            wants_dm = seat.user_id in told.dm_users and seat.controller == "human"
            digest = news.digest if seat.seat == first else None
            if not (wants_dm and await self._dm_turn(status, seat, note, digest, position, view)):
                pinged.append(seat)
        head = f"{plain(note)}\n" if note else ""
        if not pinged:  # told by DM, with the board there: here one short line, no picture
            content = f"{head}{status.turn_label}: {who} to play (told by DM) · {deadline_text(status)}."
            sent = await channel.send(content=content, allowed_mentions=QUIET)
            self.turn_messages[game_id] = TurnMessage(sent, content, "", [], "")
            digest = news.digest
            assert digest is not None, "the game waits on someone"
            lines = summarise(rules, digest.events, status.names) or ["A new turn begins."]
            title = f"{status.turn_label}: {who} to play"
            await self._followers(status, title, lines, digest.events, told, view)
            return
        # The board marks what changed since the last turn of the (first) player it waits on: in a game
        # of simultaneous orders, every seat's last turn began together.
        digest = news.digest
        assert digest is not None, "the game waits on someone"
        lines = seat_news(rules, position, first, digest, status.names) or ["A new turn begins."]
        mentions = ", ".join(mention(seat.user_id, seat.name) for seat in pinged)
        content = f"{head}{mentions}, it is your turn in {plain(status.title)} · {deadline_text(status)}."
        if any(seat.user_id in self.dm_closed for seat in pinged):
            self.dm_closed.difference_update(seat.user_id for seat in pinged)
            content += " (Your DMs are closed, so turn notices come here; `/notify dm on` tries again.)"
        title = f"{status.turn_label}: {who} to play"
        link = f"[Standings]({status_message.jump_url})" if status_message is not None else ""
        # One picture for the table, the board; the close-up is the pinged player's (DM, /game map).
        board = await board_message(
            self.host, game_id, title=title, recent=digest.events, close_up=False, shown=(status, view)
        )
        board.embed.description = fitted(content, title, lines, [], link)
        embeds, files = board.embeds, board.files
        battle = await self._battle(status, unseen, view, first)
        if battle is not None:
            embeds, files = [*embeds, battle[0]], [*files, battle[1]]
        sent = await channel.send(
            content=content,
            embeds=embeds,
            files=files,
            allowed_mentions=pinging(*(s.user_id for s in pinged)),
        )
        self.turn_messages[game_id] = TurnMessage(sent, content, title, lines, link)
        whole = summarise(rules, digest.events, status.names) or lines  # followers: the mover's doings too
        await self._followers(status, title, whole, digest.events, told, view)

    async def _followers(
        self,
        status: GameStatus,
        title: str,
        lines: Sequence[str],
        recent: Sequence[Event],
        told: Listeners,
        view: object,
    ) -> None:
        """Followers get the turn's public notice by DM (bot/cogs/following.py): public lines only."""
        await tell_followers(
            self.host,
            self.client,
            status,
            title=title,
            lines=lines,
            recent=recent,
            followers=told.followers,
            view=view,
        )

    async def turn_moved(self, result: ActResult) -> None:
        """A move within the turn: the turn's message, edited in place, tells the table what the turn
        has done so far (in a few lines, as the ping does)."""
        self._moved(result)
        held = self.turn_messages.get(result.game_id)
        if held is None:
            return
        held.moves.append(result.public_events)  # even none: an undo takes back this move, not another
        more = summarise(self.host.games[result.status.ruleset].rules, held.events, result.status.names)
        if more:
            await self._tell_so_far(result.game_id, held, more)

    async def took_back(self, game_id: int, names: Sequence[str]) -> None:
        """The turn's last move was undone (``names``: the seats'): the turn's message no longer tells it."""
        held = self.turn_messages.get(game_id)
        if held is None or not held.moves:
            return
        if held.moves.pop():
            ruleset = (await self.host.service.status(game_id)).ruleset
            await self._tell_so_far(
                game_id, held, summarise(self.host.games[ruleset].rules, held.events, names)
            )

    async def _tell_so_far(self, game_id: int, held: TurnMessage, more: Sequence[str]) -> None:
        """Edit the turn's message to tell ``more``, the turn so far (nothing, once every move is undone)."""
        try:
            if not held.message.embeds:  # the short line of a turn told by DM
                so_far = "; ".join(more)
                text = f"{held.content}\nThis turn so far: {so_far}" if more else held.content
                await held.message.edit(content=clip(text, PING_CHARS))
                return
            embeds = list(held.message.embeds)
            embeds[0] = embeds[0].copy()
            embeds[0].description = fitted(held.content, held.title, held.lines, more, held.link)
            held.message = await held.message.edit(embeds=embeds)
        except discord.HTTPException as error:  # deleted by someone: the next turn's message tells it
            log.info("could not edit the turn message of game %s: %s", game_id, error)
            self.turn_messages.pop(game_id, None)

    async def ask(self, result: ActResult, seats: Sequence[int], view: discord.ui.View | None) -> None:
        """A move asked a player who is not on turn for a decision (a defender's casualties): tell that
        player alone, by DM if they asked for DMs, else in a short message that pings only them, with the
        buttons of the decision and what the move did, in a few lines. Once the game moves on (the
        player answered, or a command, the AI or a deadline did), the message loses its buttons and says
        it no longer asks (``LiveButtons``)."""
        status = result.status
        rules = self.host.games[status.ruleset].rules
        mover = plain(status.seats[result.seat].name) if result.seat < len(status.seats) else "A move"
        lines = summarise(rules, result.public_events, status.names) or told_last(
            rules, result.public_events, status.names
        )
        for seat in (status.seats[s] for s in seats if s < len(status.seats)):
            if seat.controller != "human" or seat.user_id is None:
                continue
            where = f"{plain(status.title)} (game #{status.game_id})"
            text = f"{mover}'s move waits for your decision in {where}."
            body = "\n".join(plain(line) for line in lines)
            sent: discord.Message | None = None
            if await self.host.service.wants_dm(seat.user_id):
                content = clip(f"{text}\n{body}", PING_CHARS)
                sent = await self._dm(seat.user_id, content, view=view)
            if sent is None:
                channel = await self._channel(status.channel_id)
                # A battle's later steps: the player answered a moment ago, so the message names them
                # without pinging (the channel still shows it, with the buttons); else it pings them.
                if self.at_the_table(status.game_id, seat.user_id):
                    who, mentions = plain(seat.name), QUIET
                else:
                    who, mentions = mention(seat.user_id, seat.name), pinging(seat.user_id)
                content = clip(f"{who}, {text}\n{body}".strip(), PING_CHARS)
                if view is not None:
                    sent = await channel.send(content=content, view=view, allowed_mentions=mentions)
                else:
                    sent = await channel.send(content=content, allowed_mentions=mentions)
            if view is not None:
                self.buttons.keep(status.game_id, result.version, sent.id, partial(no_longer, sent, content))

    def _moved(self, result: ActResult) -> None:
        """Remember when the member playing the move's seat moved (for ``at_the_table``)."""
        seats = result.status.seats
        user = seats[result.seat].user_id if result.seat < len(seats) else None
        if user is not None:
            self.moved_at.setdefault(result.game_id, {})[user] = self.host.service.clock()

    def at_the_table(self, game_id: int, user_id: int) -> bool:
        """Whether the member moved in the game's current turn within ``AT_THE_TABLE``."""
        moved = self.moved_at.get(game_id, {}).get(user_id)
        return moved is not None and self.host.service.clock() - moved < AT_THE_TABLE

    async def _battle(
        self, status: GameStatus, events: Sequence[Event], view: object, seat: int
    ) -> tuple[discord.Embed, discord.File] | None:
        """The last battle among ``events`` (moves the channel has not seen: the AI's, a deadline's) as
        a full-width embed image, on the public ``view``: the last ``seat`` (the player pinged) fought
        in, where it fought one; None if none was fought."""
        if not events:
            return None
        draw = partial(self.host.games[status.ruleset].pictures.battle, seat=seat)
        try:
            picture = await asyncio.to_thread(draw, view, tuple(events), status.names)
        except Exception:  # the card is an extra: the ping (the turn's news and the board) goes without it
            log.exception("the battle card of game %s could not be drawn", status.game_id)
            return None
        if picture is None:
            return None
        embed = discord.Embed(colour=COLOUR).set_image(url="attachment://battle.png")
        return embed, discord.File(io.BytesIO(picture), filename="battle.png")

    async def _dm_turn(
        self,
        status: GameStatus,
        seat: SeatInfo,
        note: str | None,
        digest: Digest | None,
        position: Position,
        view: object,
    ) -> bool:
        """Send the turn notice to a player who asked for DMs: what changed since their last turn, as a
        board with those changes marked and in a few lines (``digest``: theirs, if in hand). False if it
        could not be sent."""
        if seat.user_id is None:
            return False
        digest = digest or await self.host.service.since_last_turn(status.game_id, seat.seat, position)
        # The game's own digest, else the lines the channel's ping would have had: a game with no digest
        # of its own sent "Since your last turn:" over nothing.
        rules = self.host.games[status.ruleset].rules
        news = digest.lines or seat_news(rules, position, seat.seat, digest, status.names)
        board = await board_message(
            self.host,
            status.game_id,
            title=f"Your turn in {status.title} (game #{status.game_id})",
            lines=[
                *([note] if note else []),
                *(["Since your last turn:", *news] if news else ["Nothing new since your last turn."]),
                f"Deadline: {stamp(status.deadline_at)}" if status.deadline_at else "No deadline.",
            ],
            recent=digest.events,
            shown=(status, view),
        )
        return await self._dm(seat.user_id, embeds=board.embeds, files=board.files) is not None

    async def _dm(
        self,
        user_id: int,
        content: str | None = None,
        *,
        embeds: Sequence[discord.Embed] = (),
        files: Sequence[discord.File] = (),
        view: discord.ui.View | None = None,
    ) -> discord.Message | None:
        """The message sent to the member by DM; None if it could not be sent."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            if view is not None:
                return await user.send(content, embeds=list(embeds), files=list(files), view=view)
            if embeds:
                return await user.send(content, embeds=list(embeds), files=list(files))
            return await user.send(content)
        except discord.Forbidden:
            # DMs closed (50007). Stop trying: Discord frowns on bots that keep hitting closed DMs,
            # and the player is pinged in the channel, where the ping says how to try again.
            log.info("DMs of %s are closed; turning their DM notices off", user_id)
            await self.host.service.set_dm(user_id, False)
            self.dm_closed.add(user_id)
            return None
        except discord.HTTPException as error:
            log.info("DM to %s failed (%s); pinging in the channel", user_id, error)
            return None

    # -- the scheduler's Announcer ----------------------------------------------------------------------

    async def deadline_passed(self, result: TimeoutResult) -> None:
        events = [event for move in result.moves for event in move.public_events]
        await self.turn_began(result.game_id, note=result.sentence(), events=events)

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

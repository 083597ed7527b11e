"""Presenting a move: what happened (with the battle card), the next-step buttons, and, when a turn
ends, the hand-over to the announcer (bot/cogs/announce.py).

A move's answer is posted under the game's turn lock (``bot.turns``, bot/scheduler.py), as are the AI's
moves and the turn pings: a player who answers the AI while its lines and the ping are still being
posted waits for them, then the AI goes on from there, and the next ping comes after the answer."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot import boards
from bot.cogs.common import COLOUR, channel_game, mention
from bot.limits import EMBED_DESCRIPTION, last_lines
from bot.models import ActResult, GameStatus
from bot.ui import next_steps
from rules.core.events import Action
from rules.risk.events import BattleFought

if TYPE_CHECKING:
    from bot.app import WarboardBot

TURN_MARK = "— Round"
ACK_SECONDS = 2.0  # of Discord's 3 for the first response, the rest kept for the defer's own trip
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)


async def act_and_present(
    bot: WarboardBot,
    interaction: discord.Interaction,
    ruleset: str,
    action: Action,
    game_id: int | None = None,
) -> None:
    """A player's move from a command: apply it (a refusal stays ephemeral), then show what happened."""
    game_id = game_id or await channel_game(bot, interaction, ruleset)
    result = await bot.service.act(game_id, interaction.user.id, action)
    # Deferring places the answer in the channel: after what the lock's holder posts, unless that takes
    # so long that Discord's 3 seconds would pass (then it defers first, and the answer fills in later).
    patience = ACK_SECONDS - (discord.utils.utcnow() - interaction.created_at).total_seconds()
    defer = interaction.response.defer
    async with bot.turns.hold(game_id, patience=min(patience, ACK_SECONDS), meanwhile=defer):
        if not interaction.response.is_done():
            await interaction.response.defer()
        await present_move(bot, interaction, game_id, result)


async def present_move(
    bot: WarboardBot, interaction: discord.Interaction, game_id: int, result: ActResult
) -> None:
    """Fill the deferred response with the move's outcome; announce the next turn if this one ended.
    Under the game's turn lock, taken here unless the caller holds it."""
    async with bot.turns.hold(game_id):
        await _present_move(bot, interaction, game_id, result)


async def _present_move(
    bot: WarboardBot, interaction: discord.Interaction, game_id: int, result: ActResult
) -> None:
    result = await with_ai_decisions(bot, game_id, result)
    status = await bot.service.status(game_id)
    battles = [e for e in result.public_events if isinstance(e, BattleFought)]
    embed = discord.Embed(
        colour=COLOUR, description=last_lines(list(result.lines) or ["Done."], EMBED_DESCRIPTION)
    )
    files = []
    picture = await asyncio.to_thread(
        boards.battle_png, status.ruleset, result.public_events, result.view, status.names
    )
    if picture is not None:
        files.append(discord.File(io.BytesIO(picture), filename="battle.png"))
        embed.set_thumbnail(url="attachment://battle.png")
    state: Any = None
    if status.ruleset == "axis_allies":  # its buttons need what the view leaves out (retreat options)
        state = bot.service.state_of(await bot.service.load(game_id))
    # Buttons only while they are current: had the game moved on meanwhile, a click would be refused.
    buttons = (
        None
        if result.turn_changed or result.result or status.version != result.version
        else next_steps(game_id, result.version, result.view, battles[-1] if battles else None, state)
    )
    # A battle may wait for another seat (a defender's casualties): tell that player in the same message.
    other = [s for s in result.waiting_for if s != result.seat and s < len(status.seats)]
    content = ""
    if other and not (result.turn_changed or result.result):
        seat = status.seats[other[0]]
        content = f"{mention(seat.user_id, seat.name)}, the game waits for your decision."
    if buttons is not None:
        await interaction.followup.send(
            content=content, embed=embed, files=files, view=buttons, allowed_mentions=PINGS
        )
    else:
        await interaction.followup.send(content=content, embed=embed, files=files, allowed_mentions=PINGS)
    if result.turn_changed or result.result:
        await announce_turn(bot, game_id)


async def with_ai_decisions(bot: WarboardBot, game_id: int, result: ActResult) -> ActResult:
    """A move may hand a decision to an AI seat within the turn (a defender's casualties or dice):
    the AI takes it at once, and the move's outcome then includes what the AI did."""
    if result.turn_changed or result.result:
        return result
    seats = (await bot.service.status(game_id)).seats
    if not any(s < len(seats) and seats[s].controller == "ai" for s in result.waiting_for):
        return result
    played = await bot.service.play_ai(game_id)
    if not played:
        return result
    last = played[-1]
    return replace(
        last,
        seat=result.seat,
        events=result.events,
        public_events=(*result.public_events, *(e for p in played for e in p.public_events)),
        lines=(*result.lines, *(line for p in played for line in p.lines)),
        turn_changed=any(p.turn_changed for p in played),
    )


async def moved_on(bot: WarboardBot, game_id: int, before: GameStatus) -> None:
    """After a host's or moderator's change (a resume, a rollback, a seat handed over or removed): if
    the game now waits on an AI seat or on someone else than ``before``, the AI plays and whoever must
    act is told, as when a turn begins; otherwise only the status message is refreshed."""
    async with bot.turns.hold(game_id):  # the game as it is once any AI play in progress is told
        await _moved_on(bot, game_id, before)


async def _moved_on(bot: WarboardBot, game_id: int, before: GameStatus) -> None:
    status = await bot.service.status(game_id)
    if status.result and not before.result:  # a removal conceded the game: announce its end
        await announce_turn(bot, game_id)
        return
    if status.status == "running" and status.waiting_for:
        seat = status.seats[status.waiting_for[0]]
        was = before.seats[before.waiting_for[0]] if before.waiting_for else None
        if seat.controller == "ai" or was is None or (was.seat, was.user_id) != (seat.seat, seat.user_id):
            await announce_turn(bot, game_id)
            return
    await bot.announcer.refresh_status(game_id)


async def announce_turn(bot: WarboardBot, game_id: int) -> None:
    """A turn ended: the announcer lets AI seats play, updates the status message and pings."""
    async with bot.turns.hold(game_id):
        lines = await bot.service.log_lines(game_id)
        marks = [i for i, line in enumerate(lines) if line.startswith(TURN_MARK)]
        await bot.announcer.turn_began(game_id, lines[marks[-2] if len(marks) > 1 else 0 :])

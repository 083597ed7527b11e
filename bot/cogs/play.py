"""Presenting a move: what happened (with the battle card), the next-step buttons, and, when a turn
ends, the AI seats' moves, the turn summary, the board and a ping for whoever plays next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.cogs.common import COLOUR, board_message, mention, png_file
from bot.limits import EMBED_DESCRIPTION, last_lines
from bot.models import ActResult
from bot.ui import next_steps
from rules.risk.events import BattleFought

if TYPE_CHECKING:
    from bot.app import WarboardBot

TURN_MARK = "— Round"


async def present_move(
    bot: WarboardBot, interaction: discord.Interaction, game_id: int, result: ActResult
) -> None:
    """Fill the deferred response with the move's outcome; announce the next turn if this one ended."""
    from render.risk import render_battle

    status = await bot.service.status(game_id)
    battles = [e for e in result.public_events if isinstance(e, BattleFought)]
    embed = discord.Embed(
        colour=COLOUR, description=last_lines(list(result.lines) or ["Done."], EMBED_DESCRIPTION)
    )
    files = []
    if battles:
        files.append(await png_file(render_battle, battles[-1], status.names, filename="battle.png"))
        embed.set_thumbnail(url="attachment://battle.png")
    buttons = (
        None
        if result.turn_changed or result.result
        else next_steps(game_id, result.version, result.view, battles[-1] if battles else None)
    )
    if buttons is not None:
        await interaction.followup.send(embed=embed, files=files, view=buttons)
    else:
        await interaction.followup.send(embed=embed, files=files)
    if result.turn_changed or result.result:
        await announce_turn(bot, interaction, game_id)


async def announce_turn(bot: WarboardBot, interaction: discord.Interaction, game_id: int) -> None:
    """A turn ended: AI seats play theirs, then one message with the summary, the board and a ping."""
    lines = await bot.service.log_lines(game_id)
    marks = [i for i, line in enumerate(lines) if line.startswith(TURN_MARK)]
    summary = lines[marks[-2] if len(marks) > 1 else 0 :]
    for played in await bot.service.play_ai(game_id):
        summary.extend(played.lines)
    status = await bot.service.status(game_id)
    if status.result:
        title, content = "Game over", status.result
    else:
        seat = status.waiting_for[0] if status.waiting_for else 0
        who = status.seats[seat]
        title = f"Turn {status.turn}: {who.name} to play"
        content = f"{mention(who.user_id, who.name)}, it is your turn in {status.title} (game #{game_id})."
    embed, board = await board_message(bot, game_id, title=title, lines=summary)
    await interaction.followup.send(
        content=content, embed=embed, file=board, allowed_mentions=discord.AllowedMentions(users=True)
    )

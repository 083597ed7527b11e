"""Presenting a move: what happened (with the battle card), the next-step buttons, and, when a turn
ends, the hand-over to the announcer (bot/cogs/announce.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.cogs.common import COLOUR, png_file
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
        await announce_turn(bot, game_id)


async def announce_turn(bot: WarboardBot, game_id: int) -> None:
    """A turn ended: the announcer lets AI seats play, updates the status message and pings."""
    lines = await bot.service.log_lines(game_id)
    marks = [i for i, line in enumerate(lines) if line.startswith(TURN_MARK)]
    await bot.announcer.turn_began(game_id, lines[marks[-2] if len(marks) > 1 else 0 :])

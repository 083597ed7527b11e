"""What every cog shares: finding the channel's game, moderator checks, errors as ephemeral
sentences, and rendering pictures off the event loop."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import boards
from bot.limits import EMBED_DESCRIPTION, clip, last_lines
from bot.models import ServiceError
from bot.store import GameRecord
from rules import registry
from rules.core.errors import IllegalAction
from rules.core.events import Event

if TYPE_CHECKING:
    from bot.app import WarboardBot

log = logging.getLogger("warboard")

COLOUR = discord.Colour.dark_teal()


COMMANDS = {"risk": "/risk", "axis_allies": "/aa"}  # each game's own command group


async def channel_game(bot: WarboardBot, interaction: discord.Interaction, ruleset: str | None = None) -> int:
    """The id of the game in this channel, or a refusal that says how to start one. With ``ruleset``,
    a game of another kind is refused with a sentence naming the commands that game uses."""
    game_id = await bot.service.game_in_channel(interaction.channel_id or 0)
    if game_id is None:
        raise ServiceError("no_game", "There is no game in this channel; start one with /game new.")
    if ruleset is not None:
        game = await bot.service.load(game_id)
        if game.ruleset != ruleset:
            title = registry.get(game.ruleset).title
            hint = f"; use {COMMANDS[game.ruleset]} here" if game.ruleset in COMMANDS else ""
            raise ServiceError(
                "wrong_game",
                f"This channel's game is {title}, not {registry.get(ruleset).title}{hint}.",
            )
    return game_id


async def running_game(bot: WarboardBot, interaction: discord.Interaction, ruleset: str) -> GameRecord | None:
    """This channel's started game of ``ruleset``, for autocomplete (None: nothing to suggest)."""
    game_id = await bot.service.game_in_channel(interaction.channel_id or 0)
    if game_id is None:
        return None
    game = await bot.service.load(game_id)
    return game if game.state is not None and game.ruleset == ruleset else None


async def is_moderator(bot: WarboardBot, interaction: discord.Interaction) -> bool:
    """Manage Server or Manage Channels, or the role set with /mod role."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    if perms.manage_guild or perms.manage_channels or perms.administrator:
        return True
    if interaction.guild_id is None or bot.store is None:
        return False
    settings = await bot.store.guild_settings(interaction.guild_id)
    return settings.mod_role_id is not None and any(r.id == settings.mod_role_id for r in member.roles)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral sentence, whether or not the interaction was already answered."""
    text = clip(message, 1900)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def handle_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Rule and service refusals become ephemeral sentences; anything else is logged, and the player
    still gets a sentence rather than a silent failure."""
    original = getattr(error, "original", error)
    if isinstance(original, ServiceError | IllegalAction):
        await refuse(interaction, original.message)
        return
    if isinstance(error, app_commands.CheckFailure):
        await refuse(interaction, str(error) or "You cannot use this command here.")
        return
    log.error("command failed", exc_info=original)
    await refuse(interaction, "Something went wrong on our side; the game was not changed. Please try again.")


async def png_file(render: Any, *args: Any, filename: str, **kwargs: Any) -> discord.File:
    """Render in a worker thread (Pillow releases the GIL while encoding) so the bot stays responsive."""
    data = await asyncio.to_thread(render, *args, **kwargs)
    return discord.File(io.BytesIO(data), filename=filename)


async def board_message(
    bot: WarboardBot,
    game_id: int,
    *,
    title: str,
    lines: Sequence[str] = (),
    recent: Sequence[Event] = (),
) -> tuple[discord.Embed, discord.File]:
    """The public board as an embed with its PNG, and ``lines`` (clipped to fit) as the description."""
    status = await bot.service.status(game_id)
    view = await bot.service.view(game_id)
    file = await png_file(
        boards.render_board,
        status.ruleset,
        view,
        status.names,
        recent=tuple(recent),
        filename="board.png",
        title=status.title,
    )
    embed = discord.Embed(title=clip(title, 256), colour=COLOUR)
    if lines:
        embed.description = last_lines(list(lines), EMBED_DESCRIPTION)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"Game #{game_id} · version {status.version}")
    return embed, file


async def attack_dice(bot: WarboardBot, game_id: int, source: str, wanted: int = 3) -> int:
    """The most dice ``source`` may roll, up to ``wanted``: one army always stays behind. Used when a
    player leaves ``dice`` empty and by buttons, which cannot know the armies left."""
    view = await bot.service.view(game_id)
    armies = next((t.armies for t in view.territories if t.id == source), wanted + 1)
    return max(1, min(wanted, armies - 1))


def mention(user_id: int | None, name: str) -> str:
    return f"<@{user_id}>" if user_id else name

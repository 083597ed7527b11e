"""What every cog shares: finding the channel's game, moderator checks, errors as ephemeral
sentences, autocomplete choices, and rendering pictures off the event loop. No game is named here: a
game's faces come from the registry the bot holds (``host.games``)."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.host import Host
from bot.limits import CHOICE_NAME, CHOICES, EMBED_DESCRIPTION, clip, last_lines
from bot.models import ServiceError
from bot.store import GameAndSeats
from rules.core.errors import IllegalAction
from rules.core.events import Event

log = logging.getLogger("warboard")

COLOUR = discord.Colour.dark_teal()


async def channel_game(host: Host, interaction: discord.Interaction, game: str | None = None) -> GameAndSeats:
    """The game in this channel with its seats (one read), or a refusal that says how to start one.
    With ``game`` (a game's name), a game of another kind is refused with a sentence naming the
    commands that game uses."""
    found = await host.service.channel_game(interaction.channel_id or 0)
    if found is None:
        raise ServiceError("no_game", "There is no game in this channel; start one with /game new.")
    if game is not None and found.game.ruleset != game:
        here = host.games.get(found.game.ruleset)
        title = here.title if here else found.game.ruleset
        hint = f"; use /{here.command} here" if here else ""
        raise ServiceError(
            "wrong_game", f"This channel's game is {title}, not {host.games[game].title}{hint}."
        )
    return found


async def running_game(host: Host, interaction: discord.Interaction, game: str) -> GameAndSeats | None:
    """This channel's started game of kind ``game``, for autocomplete (None: nothing to suggest)."""
    found = await host.service.channel_game(interaction.channel_id or 0)
    if found is None or found.game.state is None or found.game.ruleset != game:
        return None
    return found


def seat_of(found: GameAndSeats, user_id: int) -> int | None:
    """The seat ``user_id`` plays in the game (None: a spectator)."""
    return next((s.seat for s in found.seats if s.user_id == user_id), None)


async def is_moderator(host: Host, interaction: discord.Interaction) -> bool:
    """Manage Server or Manage Channels, or the role set with /mod role."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    perms = member.guild_permissions
    if perms.manage_guild or perms.manage_channels or perms.administrator:
        return True
    if interaction.guild_id is None:
        return False
    settings = await host.store.guild_settings(interaction.guild_id)
    return settings.mod_role_id is not None and any(r.id == settings.mod_role_id for r in member.roles)


def display_name(user: discord.abc.User) -> str:
    """A member's name as stored with their seat (raw: pictures and the terminal show it as it is)."""
    return getattr(user, "display_name", None) or user.name


def plain(text: str) -> str:
    """Member-chosen text (a name, or a line holding names) for a Discord message: no mention takes
    effect and no markdown or masked link renders. Every name and game line goes out through this."""
    return discord.utils.escape_markdown(discord.utils.escape_mentions(text))


def shown(user: discord.abc.User) -> str:
    """A member's name as a message shows it (``plain``)."""
    return plain(display_name(user))


def pinging(*user_ids: int | None) -> discord.AllowedMentions:
    """Exactly these members may be pinged by a message (the bot's default is nobody at all)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in user_ids if u], replied_user=False
    )


def choices(pairs: Sequence[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Autocomplete suggestions from (what the player sees, the value sent back), within Discord's limits."""
    return [
        app_commands.Choice(name=clip(name, CHOICE_NAME), value=value[:100])
        for name, value in pairs[:CHOICES]
    ]


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


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """The board as a message's embeds and files: ``embed`` shows the board; a game with a crowded part
    of its map may add a close-up of it, as a second embed, when that is where the action is."""

    embed: discord.Embed
    files: list[discord.File]
    more: list[discord.Embed]

    @property
    def embeds(self) -> list[discord.Embed]:
        return [self.embed, *self.more]


async def board_message(
    host: Host,
    game_id: int,
    *,
    title: str,
    lines: Sequence[str] = (),
    recent: Sequence[Event] = (),
    link: str = "",
) -> BoardMessage:
    """The public board with what changed among ``recent`` (public events) marked on it, as an embed
    with its PNG, and ``lines`` (the latest that fit) as the description, then ``link`` (a markdown
    link, kept whole). Drawn in worker threads."""
    status = await host.service.status(game_id)
    view = await host.service.view(game_id)
    pictures = host.games[status.ruleset].pictures
    drawn: dict[str, Any] = {"title": status.title, "recent": tuple(recent)}
    file = await png_file(pictures.board, view, status.names, filename="board.png", **drawn)
    embed = discord.Embed(title=clip(title, 256), colour=COLOUR)
    if lines:
        room = EMBED_DESCRIPTION - len(link) - 1
        embed.description = last_lines([plain(line) for line in lines], room) + (f"\n{link}" if link else "")
    elif link:
        embed.description = link
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"Game #{game_id}")
    files, more = [file], []
    if pictures.close_up is not None:
        close = await asyncio.to_thread(pictures.close_up, view, status.names, **drawn)
        if close is not None:
            files.append(discord.File(io.BytesIO(close), filename="close-up.png"))
            # Embeds sharing a url show as one gallery on Discord; a separate embed keeps it full width.
            more.append(discord.Embed(colour=COLOUR).set_image(url="attachment://close-up.png"))
    return BoardMessage(embed, files, more)


def mention(user_id: int | None, name: str) -> str:
    """A seat's player as a ping (only pings if the message allows that user) or, for the AI, its name."""
    return f"<@{user_id}>" if user_id else plain(name)

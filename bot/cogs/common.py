"""What every cog shares: finding the channel's game, moderator checks, errors as ephemeral
sentences, autocomplete choices, and rendering pictures off the event loop. No game is named here: a
game's faces come from the registry the bot holds (``host.games``)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import discord
from discord import app_commands

from bot.game import Games
from bot.host import Host
from bot.limits import CHOICE_NAME, CHOICES, EMBED_DESCRIPTION, clip, last_lines
from bot.models import GameStatus, ServiceError
from bot.service import COMMITTED, UNSURE
from bot.store import GameAndSeats
from bot.trouble import cannot_save
from render.core.drawn import DrawnOnce, picture_key
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


def game_named(games: Games, typed: str) -> str:
    """The registry name of the game a member named (its name, title or slash group, any case), or one
    sentence naming the games there are (``/help game:``, ``/game open game:``, ``/stats``...)."""
    wanted = typed.strip().lower()
    found = next((n for n, g in games.items() if wanted in (n, g.title.lower(), g.command)), None)
    if found is None:
        raise ServiceError("no_such_game", f"Warboard plays {', '.join(g.title for g in games.values())}.")
    return found


def game_choices(games: Games, typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of a game's name: the games whose name or title holds what has been typed."""
    wanted = typed.strip().lower()
    return choices([(g.title, n) for n, g in games.items() if wanted in n or wanted in g.title.lower()])


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral sentence, whether or not the interaction was already answered."""
    text = clip(message, 1900)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


OLD = ("stale", "old_button")  # refusals of a click on buttons the game (or the bot) has moved on from


def spend_clicked(interaction: discord.Interaction) -> bool:
    """Whether the interaction is a click on a message's button whose buttons may still be taken off."""
    return (
        interaction.type is discord.InteractionType.component
        and interaction.message is not None
        and not interaction.response.is_done()
    )


MAY_NOT_POST = (
    "The bot may not post in this channel: a moderator can give it View Channel, Send Messages, Embed Links "
    "and Attach Files here"
)

# A database whose file or disk refuses writes (full, read-only): the owner's to mend, not the player's.
CANNOT_SAVE = (
    "The bot cannot save games right now (its database's disk is full or read-only): tell the server's owner."
)


async def handle_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one error handler of every app command (the command tree's, ``WarboardBot``) and of the
    buttons and menus: rule and service refusals become ephemeral sentences; anything else is logged
    with its traceback under a short reference, and the player is told privately, with the reference,
    what became of the game (issue 29, item 10): nothing changed, or what they did stands and only
    showing it failed (the turn is then announced again within seconds, ``Host.take_up``), or the
    database failed mid-write and they should look before trying again. An interaction is answered
    once, however many handlers see its error (a cog's own and the tree's)."""
    if interaction.extras.get("error_answered"):
        return
    interaction.extras["error_answered"] = True
    original = getattr(error, "original", error)
    if isinstance(original, ServiceError) and original.code in OLD and spend_clicked(interaction):
        # A click on buttons the game has moved on from (kept live by a restart, or an edit that failed):
        # those buttons go, and the player is told they were old.
        await interaction.response.edit_message(view=None)
        await refuse(interaction, f"Those buttons were old, so I took them away. {original.message}")
        return
    if isinstance(original, ServiceError | IllegalAction):
        await refuse(interaction, original.message)
        return
    if isinstance(error, app_commands.CommandOnCooldown):
        await refuse(
            interaction, f"You asked for that a moment ago; try again in {math.ceil(error.retry_after)} s."
        )
        return
    if isinstance(error, app_commands.NoPrivateMessage):
        await refuse(interaction, "That command works in a server's channel, not in a direct message.")
        return
    if isinstance(error, app_commands.CheckFailure):
        await refuse(interaction, str(error) or "You cannot use this command here.")
        return
    reference = secrets.token_hex(3).upper()
    metrics = getattr(interaction.client, "metrics", None)
    if metrics is not None:
        metrics.error("interaction")
    went_wrong = f"Something went wrong on our side (reference {reference})"
    committed, unsure = COMMITTED.get(), UNSURE.get()
    command = interaction.command.qualified_name if interaction.command else "a button or menu"
    if committed is not None:
        outcome = f"game #{committed[0]} changed, now at version {committed[1]}"
    else:
        outcome = "nothing changed" if unsure is None else f"game #{unsure} may or may not have been saved"
    log.error(
        "command failed (reference %s, %s; %s; guild %s, channel %s, member %s)",
        reference,
        command,
        outcome,
        interaction.guild_id,
        interaction.channel_id,
        interaction.user.id,
        exc_info=original,
    )
    if committed is not None:
        game_id, version = committed
        cast(Host, interaction.client).take_up(game_id)
        text = (
            f"{went_wrong} after the game changed: what you did stands (game #{game_id} is at version "
            f"{version}); only showing it failed, and the game's news will be posted again shortly. "
            "No need to do it again."
        )
    elif unsure is not None:
        text = (
            f"{went_wrong} while saving game #{unsure}; it may or may not have been saved. "
            "Look at /game status before trying again."
        )
    else:
        text = f"{went_wrong}; the game was not changed. Please try again."
    if isinstance(original, discord.Forbidden):  # the server's settings, not a bug: say whose to change
        text += f" {MAY_NOT_POST} (Discord said: {original.text or original.status})."
    elif cannot_save(original):
        text += f" {CANNOT_SAVE}"
    with contextlib.suppress(discord.HTTPException):  # Discord itself may be what failed
        await _close_public_placeholder(interaction, reference)
        await refuse(interaction, text)


class AnswersErrors:
    """A cog mixin (put before ``commands.Cog`` among the bases): every error of the cog's commands goes
    to the one handler, ``handle_error``."""

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)


async def _close_public_placeholder(interaction: discord.Interaction, reference: str) -> None:
    """A public "thinking..." placeholder (a deferred move's) would take the next follow-up, private or
    not: fill it with a line that says only that something failed, so the details go out privately."""
    kind = interaction.response.type
    if kind is not discord.InteractionResponseType.deferred_channel_message:
        return
    original = await interaction.original_response()
    if original.flags.loading and not original.flags.ephemeral:
        await interaction.edit_original_response(
            content=f"Something went wrong here (reference {reference}); the player was told what it means."
        )


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
    close_up: bool = True,
    shown: tuple[GameStatus, Any] | None = None,
) -> BoardMessage:
    """The public board with what changed among ``recent`` (public events) marked on it, as an embed
    with its PNG, and ``lines`` (the latest that fit) as the description, then ``link`` (a markdown
    link, kept whole); with ``close_up``, the game's second picture of a crowded part of the map when
    the action is there. Drawn in worker threads. ``shown``: the game's status and public view, when
    the caller has them in hand (else read)."""
    if shown is None:
        position = await host.service.position(game_id)
        if position.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        status = host.service.status_of(position.found, position.state)
        shown = status, host.games[status.ruleset].rules.view(position.state, None)
    status, view = shown
    pictures = host.games[status.ruleset].pictures
    drawn: dict[str, Any] = {"title": status.title, "recent": tuple(recent)}
    # The close-up, where there is one, is drawn beside the board in a second worker thread: Pillow
    # lets go of the GIL while it pastes and encodes, so on two cores the pair takes little more than
    # the board alone (a crowded game's /game map answered sooner, not with less work).
    wanted = close_up and pictures.close_up is not None
    board, close = await asyncio.gather(
        asyncio.to_thread(_drawn_once, "board", pictures.board, status, view, drawn),
        asyncio.to_thread(_drawn_once, "close-up", pictures.close_up, status, view, drawn)
        if wanted
        else _nothing(),
    )
    assert board is not None, "a game always has a board"
    file = discord.File(io.BytesIO(board), filename="board.png")
    embed = discord.Embed(title=clip(title, 256), colour=COLOUR)
    if lines:
        room = EMBED_DESCRIPTION - len(link) - 1
        embed.description = last_lines([plain(line) for line in lines], room) + (f"\n{link}" if link else "")
    elif link:
        embed.description = link
    embed.set_image(url="attachment://board.png")
    # The turn, not the game's version: the version moves with secret moves (orders being written),
    # and the public board must not.
    embed.set_footer(
        text=f"Game #{game_id} · {status.turn_label}" if status.turn_label else f"Game #{game_id}"
    )
    files, more = [file], []
    if close is not None:
        files.append(discord.File(io.BytesIO(close), filename="close-up.png"))
        # Embeds sharing a url show as one gallery on Discord; a separate embed keeps it full width.
        more.append(discord.Embed(colour=COLOUR).set_image(url="attachment://close-up.png"))
    return BoardMessage(embed, files, more)


async def _nothing() -> None:
    return None


# The boards drawn lately, shared by every message that shows one (see render.core.drawn): a board asked
# for twice, by the turn's ping and the waiting player's /game map say, is drawn once. 24 MiB holds a
# couple of hundred boards, the ones a busy bot's players are looking at now.
BOARDS = DrawnOnce()


def _drawn_once(kind: str, draw: Any, status: GameStatus, view: Any, drawn: dict[str, Any]) -> bytes | None:
    """``draw(view, status.names, **drawn)``, or the same picture drawn earlier (in a worker thread: the
    key digests the whole view)."""
    names = tuple(status.names)
    key = picture_key(kind, status.ruleset, view, names, drawn["title"], drawn["recent"])
    return BOARDS.get(key, lambda: draw(view, names, **drawn))


def mention(user_id: int | None, name: str) -> str:
    """A seat's player as a ping (only pings if the message allows that user) or, for the AI, its name."""
    return f"<@{user_id}>" if user_id else plain(name)

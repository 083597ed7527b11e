"""/game commands about players across games (issue 35): ``/game mine``. They belong to the /game group,
which Discord allows once, so they are a mixin of ``LobbyCog`` (discord.py collects a cog's commands from
its bases too) kept here, with their logic in bot/players.py, so the lobby's module does not grow."""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import stamp
from bot.cogs.common import COLOUR, channel_game, game_choices, game_named, is_moderator, plain, shown
from bot.cogs.following import answer_view
from bot.cogs.substitutes import offer_view
from bot.following import ALREADY, ASKED, follow, set_approval, unfollow
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ServiceError
from bot.players import LOBBY, PAUSED, WAITS_ON_YOU, MyGame, OpenTable, my_games, open_tables
from bot.substitutes import ask

NONE_HERE = "You have no unfinished game in this server; `/game new` starts one and `/game join` joins one."


def mine_line(game: MyGame) -> str:
    """One game of /game mine: what it is, where (a link to its channel), whose turn, the deadline, and
    what the member must do."""
    status = game.status
    head = f"**{status.title}** · game #{status.game_id} · <#{status.channel_id}>"
    if game.rank == LOBBY:
        taken = len(status.seats)
        room = f"{taken} of {status.capacity}" if status.capacity else f"{taken}"
        hosting = status.created_by == status.seats[game.seat].user_id
        host = "you start it with `/game start`" if hosting else "waiting for the host to start it"
        return f"{head}\nIn its lobby: {room} seats taken; {host}."
    if game.rank == PAUSED:
        return f"{head}\nPaused by a moderator: nothing to do until it resumes."
    turn = f" ({status.turn_label})" if status.turn_label else ""
    deadline = f" Deadline {stamp(status.deadline_at)}." if status.deadline_at else ""
    if status.seats[game.seat].controller == "ai":
        return f"{head}\nThe AI is playing your seat; `/game join` there takes it back.{deadline}"
    if game.rank == WAITS_ON_YOU:
        return f"{head}\n**Your turn**{turn}: play it in the channel.{deadline}"
    waiting = ", ".join(plain(status.name(s)) for s in status.waiting_for) or "nobody"
    return f"{head}\nWaiting for {waiting}{turn}; nothing for you to do.{deadline}"


def option_words(table: OpenTable, defaults: Mapping[str, object]) -> str:
    """The options a host changed from the game's usual ones (``Game.usual_options``), as players type
    them."""
    changed = [
        f"{name} {('on' if value else 'off') if isinstance(value, bool) else value}"
        for name, value in sorted(table.status.options.items())
        if defaults.get(name, value) != value
    ]
    return ", ".join(changed) if changed else "the game's usual options"


def open_line(table: OpenTable, defaults: Mapping[str, object]) -> str:
    status = table.status
    host = f"host {plain(table.host)}" if table.host else "no host seated"
    return (
        f"**{status.title}** · game #{status.game_id} · <#{status.channel_id}>\n"
        f"{len(status.seats)} of {table.room} seats taken · {host} · {plain(option_words(table, defaults))}"
    )


class PlayersCommands(commands.Cog):
    """The /game commands of bot/players.py, mixed into ``LobbyCog`` (never added as a cog of its own)."""

    bot: Host

    @app_commands.command(description="Your unfinished games in this server, what waits on you first")
    async def mine(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise ServiceError("no_guild", "Ask in a server: your games are listed per server.")
        games = await my_games(self.bot.service, interaction.guild_id, interaction.user.id)
        text = "\n\n".join(mine_line(g) for g in games) if games else NONE_HERE
        waiting = sum(g.rank == WAITS_ON_YOU for g in games)
        title = f"Your games · {waiting} waiting on you" if games else "Your games"
        embed = discord.Embed(title=title, description=clip(text, EMBED_DESCRIPTION), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="open", description="Games in this server waiting for players to join")
    @app_commands.describe(game="only tables of this game")
    async def open_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if interaction.guild_id is None:
            raise ServiceError("no_guild", "Ask in a server: open tables are listed per server.")
        ruleset = None if game is None else game_named(self.bot.games, game)
        tables = await open_tables(self.bot.service, interaction.guild_id, ruleset)
        lines = []
        for table in tables:
            lines.append(open_line(table, self.bot.games[table.status.ruleset].usual_options()))
        text = "\n\n".join(lines) or "No table is waiting for players; `/game new` opens one."
        embed = discord.Embed(title="Open tables", description=clip(text, EMBED_DESCRIPTION), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @open_.autocomplete("game")
    async def _open_games(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.bot.games, typed)

    @app_commands.command(description="Be told of each turn of this channel's game by DM, without playing")
    async def follow(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.bot, interaction)
        game_id = found.game.id
        outcome = await follow(self.bot.service, game_id, interaction.user.id)
        if outcome == ASKED:
            await interaction.response.send_message(
                "This game's host or a moderator lets followers in; your request is posted for them.",
                ephemeral=True,
            )
            await interaction.followup.send(
                f"{shown(interaction.user)} asks to follow game #{game_id} "
                "(each turn's public notice by DM). "
                "The host or a moderator answers.",
                view=answer_view(game_id, interaction.user.id),
            )
            return
        said = (
            "You already follow this game."
            if outcome == ALREADY
            else (
                "You follow this game: each turn's public notice (the board and what happened) comes to your "
                "DMs. `/game unfollow` stops it."
            )
        )
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(description="Stop following this channel's game (or withdraw a request)")
    async def unfollow(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        await unfollow(self.bot.service, game_id, interaction.user.id)
        await interaction.response.send_message("You no longer follow this game.", ephemeral=True)

    @app_commands.command(description="Ask for a substitute: a member not playing may take your seat")
    async def sub(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.bot, interaction)
        game_id = found.game.id
        seat = await ask(self.bot.service, game_id, interaction.user.id)
        title = plain(self.bot.games[found.game.ruleset].title)
        text = (
            f"{shown(interaction.user)} asks for a substitute in {title} "
            f"(game #{game_id}, <#{found.game.channel_id}>): a member who is not playing may take the seat."
        )
        await interaction.response.send_message(text, view=offer_view(game_id, seat, interaction.user.id))
        # The server's announcement channel too, if it has one (the same button: it carries the offer).
        settings = await self.bot.store.guild_settings(interaction.guild_id or 0)
        where = settings.announce_channel_id
        if where and where != interaction.channel_id:
            channel = interaction.client.get_channel(where)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(text, view=offer_view(game_id, seat, interaction.user.id))

    async def approval_option(
        self, interaction: discord.Interaction, game_id: int, what: str, value: str | None
    ) -> None:
        """``/game options followers|substitutes approve|anyone``: at any time, by the host or a moderator."""
        if value is None:
            on = await self.bot.service.store.approval(game_id, what)
            now = "approve (the host or a moderator answers)" if on else "anyone"
            await interaction.response.send_message(f"{what.capitalize()}: {now}.", ephemeral=True)
            return
        moderator = await is_moderator(self.bot, interaction)
        on = await set_approval(
            self.bot.service, game_id, interaction.user.id, what, value, moderator=moderator
        )
        said = "the host or a moderator now answers each request" if on else "no approval needed"
        await interaction.response.send_message(f"{what.capitalize()} of game #{game_id}: {said}.")

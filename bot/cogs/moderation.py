"""/mod: keeping order. Members with Manage Server or Manage Channels, or the role set with
/mod role, are moderators; everyone else is refused before anything changes."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import stamp
from bot.cogs.announce import turn_rules
from bot.cogs.common import AnswersErrors, channel_game, display_name, is_moderator, plain, shown
from bot.cogs.lobby import DEFAULT_TURN_HOURS, LEVEL_CHOICES, TIMEOUT_CHOICES
from bot.cogs.moves import announce_turn, moved_on
from bot.deadlines import checked_reminders
from bot.game import level_name
from bot.host import Host
from bot.models import ServiceError
from bot.store import GuildSettings
from rules.core.words import listed


# Discord offers /mod only to members with Manage Server; a server's owner grants it to a role (the one
# set with /mod role, or Manage Channels holders) in Server Settings > Integrations. The run-time check
# below still refuses anyone else, whatever the server's settings say.
@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class ModerationCog(
    AnswersErrors, commands.GroupCog, group_name="mod", group_description="Moderate this channel's game"
):
    def __init__(self, host: Host) -> None:
        self.bot = host

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if await is_moderator(self.bot, interaction):
            return True
        raise app_commands.CheckFailure(
            "Only moderators (Manage Server, Manage Channels, or the moderator role) can use /mod."
        )

    async def _seat_of(self, game_id: int, member: discord.abc.User) -> int:
        status = await self.bot.service.status(game_id)
        seat = next((s.seat for s in status.seats if s.user_id == member.id), None)
        if seat is None:
            raise ServiceError("not_a_player", f"{shown(member)} has no seat in this game.")
        return seat

    @app_commands.command(description="Pause the game")
    async def pause(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        await self.bot.service.pause(game_id, interaction.user.id, moderator=True)
        await interaction.response.send_message(f"Game #{game_id} is paused; `/mod resume` to go on.")
        await self.bot.announcer.refresh_status(game_id)

    @app_commands.command(description="Resume a paused game")
    async def resume(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        before = await self.bot.service.status(game_id)
        await self.bot.service.resume(game_id, interaction.user.id, moderator=True)
        await interaction.response.send_message(f"Game #{game_id} goes on.")
        await moved_on(self.bot, game_id, before)

    @app_commands.command(description="Remove a player (their seat resigns)")
    async def kick(self, interaction: discord.Interaction, player: discord.Member) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        seat = await self._seat_of(game_id, player)
        before = await self.bot.service.status(game_id)
        await self.bot.service.kick(game_id, interaction.user.id, seat, moderator=True)
        await interaction.response.send_message(f"{shown(player)} was removed from game #{game_id}.")
        await moved_on(self.bot, game_id, before)

    @app_commands.command(
        description="Give a player's seat to another member (or leave `with` empty for the AI)"
    )
    @app_commands.rename(new="with")
    async def replace(
        self, interaction: discord.Interaction, player: discord.Member, new: discord.Member | None = None
    ) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        seat = await self._seat_of(game_id, player)
        name = display_name(new) if new else f"AI (for {display_name(player)})"
        before = await self.bot.service.status(game_id)
        await self.bot.service.replace(
            game_id, interaction.user.id, seat, new.id if new else None, name, moderator=True
        )
        await interaction.response.send_message(
            f"Seat {seat + 1} ({shown(player)}) now plays as {plain(name)}."
        )
        await moved_on(self.bot, game_id, before)

    @app_commands.command(description="Take back the last N actions of any player")
    async def rollback(
        self, interaction: discord.Interaction, actions: app_commands.Range[int, 1, 1000]
    ) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        before = await self.bot.service.status(game_id)
        result = await self.bot.service.rollback(game_id, interaction.user.id, actions, moderator=True)
        await interaction.response.send_message(result.message)
        await moved_on(self.bot, game_id, before)

    @app_commands.command(description="End the game for good (reveals the seed)")
    async def end(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        status = await self.bot.service.end(game_id, interaction.user.id, moderator=True)
        await interaction.response.send_message(
            f"Game #{game_id} was ended by a moderator. "
            f"Seed: `{status.seed}` (`/game verify` checks every die)."
            if status.seed
            else f"Game #{game_id} was ended by a moderator."
        )

    @app_commands.command(description="Skip the current player's turn (their armies are placed safely)")
    async def skip(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        await self.bot.service.skip(game_id, interaction.user.id, moderator=True)
        await interaction.response.defer()
        await interaction.followup.send(f"A moderator skipped the turn in game #{game_id}.")
        await announce_turn(self.bot, game_id)

    @app_commands.command(description="Turn length and what a missed deadline does (from now on)")
    @app_commands.describe(
        hours="hours per turn (0: no deadlines); the current turn's clock restarts now",
        on_timeout="skip the turn safely, or let the AI play it",
        reminders="percent of the turn left when reminders go out, e.g. 50,10",
        misses="missed deadlines that hand a seat to the AI",
        ai_level="how well the AI plays a missed turn or a seat handed to it",
    )
    @app_commands.choices(on_timeout=TIMEOUT_CHOICES, ai_level=LEVEL_CHOICES)
    async def deadline(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 0, 336] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        reminders: str | None = None,
        misses: app_commands.Range[int, 1, 20] | None = None,
        ai_level: app_commands.Choice[str] | None = None,
    ) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        status = await self.bot.service.set_turn_rules(
            game_id,
            interaction.user.id,
            hours=hours,
            timeout_action=on_timeout.value if on_timeout else None,
            reminders=reminders,
            missed_limit=misses,
            ai_level=ai_level.value if ai_level else None,
            moderator=True,
        )
        deadline = f" This turn's deadline: {stamp(status.deadline_at)}." if status.deadline_at else ""
        await interaction.response.send_message(f"Game #{game_id}: {turn_rules(status)}.{deadline}")
        await self.bot.announcer.refresh_status(game_id)

    @app_commands.command(description="Give the current player more time")
    async def extend(self, interaction: discord.Interaction, hours: app_commands.Range[int, 1, 336]) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        change = await self.bot.service.extend(game_id, interaction.user.id, hours, moderator=True)
        await interaction.response.send_message(
            f"{change.message} New deadline: {stamp(change.deadline_at or '')}."
        )
        await self.bot.announcer.refresh_status(game_id)

    @app_commands.command(description="Grant a player vacation beyond the 14 days (0 ends it)")
    async def vacation(
        self, interaction: discord.Interaction, player: discord.Member, days: app_commands.Range[int, 0, 365]
    ) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        change = await self.bot.service.vacation(
            game_id, interaction.user.id, days, member=player.id, moderator=True
        )
        await interaction.response.send_message(f"{shown(player)}: {change.message}")
        await self.bot.announcer.refresh_status(game_id)

    @app_commands.command(description="This server's defaults for new games (no options: show them)")
    @app_commands.describe(
        deadline_hours="hours per turn (0: no deadlines)",
        on_timeout="what a missed deadline does",
        reminders="percent of the turn left when reminders go out, e.g. 50,10",
        ai_level="how well the AI plays missed turns and seats handed to it",
        announce_channel="where games looking for players or substitutes are announced",
        reset="forget every default (Warboard's own apply)",
    )
    @app_commands.choices(on_timeout=TIMEOUT_CHOICES, ai_level=LEVEL_CHOICES)
    async def defaults(
        self,
        interaction: discord.Interaction,
        deadline_hours: app_commands.Range[int, 0, 336] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        reminders: str | None = None,
        ai_level: app_commands.Choice[str] | None = None,
        announce_channel: discord.TextChannel | None = None,
        reset: bool = False,
    ) -> None:
        if interaction.guild_id is None:
            raise ServiceError("no_guild", "Defaults belong to a server.")
        settings = await self.bot.store.guild_settings(interaction.guild_id)
        if reset:
            settings = GuildSettings(interaction.guild_id, mod_role_id=settings.mod_role_id)
        settings = replace(
            settings,
            default_turn_hours=settings.default_turn_hours if deadline_hours is None else deadline_hours,
            default_timeout_action=on_timeout.value if on_timeout else settings.default_timeout_action,
            default_reminders=checked_reminders(reminders) or settings.default_reminders,
            default_ai_level=ai_level.value if ai_level else settings.default_ai_level,
            announce_channel_id=announce_channel.id if announce_channel else settings.announce_channel_id,
        )
        await self.bot.store.set_guild_settings(settings)
        said = defaults_text(settings)
        if announce_channel is not None and (
            missing := may_not_announce(announce_channel, interaction.guild)
        ):
            said += (
                f"\n⚠️ The bot may not post in {announce_channel.mention} yet: a moderator can give it "
                f"{missing} there, or its announcements will fail."
            )
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(description="Set the role whose members may moderate games")
    async def role(self, interaction: discord.Interaction, role: discord.Role) -> None:
        if interaction.guild_id is None:
            raise ServiceError("no_guild", "Roles exist only in servers.")
        settings = await self.bot.store.guild_settings(interaction.guild_id)
        await self.bot.store.set_guild_settings(replace(settings, mod_role_id=role.id))
        await interaction.response.send_message(f"Members with {role.mention} may now moderate games.")


# What an announcement needs of the bot in its channel, by discord.py's flag and Discord's name.
ANNOUNCING = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
)


def may_not_announce(channel: discord.TextChannel, guild: discord.Guild | None) -> str:
    """The permissions the bot lacks to post announcements in ``channel`` (by its roles and the
    channel's overwrites, as the bot's cache has them), in words; "" when it has them (or cannot tell)."""
    if guild is None or guild.me is None:
        return ""
    granted = channel.permissions_for(guild.me)
    lacking = [name for flag, name in ANNOUNCING if not getattr(granted, flag)]
    return listed(lacking)


def defaults_text(settings: GuildSettings) -> str:
    """The server's defaults for new games, in words (what ``/game new`` uses when the host says nothing)."""
    hours = settings.default_turn_hours
    clock = (
        f"{DEFAULT_TURN_HOURS} h (Warboard's)" if hours is None else f"{hours} h" if hours else "no deadline"
    )
    missed = {"ai": "the AI plays it", "skip": "skipped"}.get(
        settings.default_timeout_action or "skip", "skipped"
    )
    reminders = (settings.default_reminders or "50,10").replace(",", "%, ") + "%"
    level = level_name(settings.default_ai_level) if settings.default_ai_level else "Normal (each game's own)"
    channel = f"<#{settings.announce_channel_id}>" if settings.announce_channel_id else "none"
    return (
        "**This server's defaults for new games** (`/game new` options override them):\n"
        f"turn: {clock} · missed turn: {missed} · reminders at {reminders} left · "
        f"AI level: {level} · announcements: {channel}"
    )

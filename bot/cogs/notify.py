"""/notify: how a member hears about their turns, across all their games."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import AnswersErrors
from bot.host import Host


class NotifyCog(
    AnswersErrors, commands.GroupCog, group_name="notify", group_description="How you hear about your turns"
):
    def __init__(self, host: Host) -> None:
        self.bot = host

    @app_commands.command(description="Turn notices by direct message (with the board), or in the channel")
    @app_commands.describe(setting="on: DMs with what happened since your last turn; off: channel pings")
    @app_commands.choices(
        setting=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
    )
    async def dm(self, interaction: discord.Interaction, setting: app_commands.Choice[str]) -> None:
        on = setting.value == "on"
        await self.bot.service.set_dm(interaction.user.id, on)
        text = (
            "Your turn notices and reminders now come by DM, with what happened since your last turn and "
            "the board. If your DMs are closed, you are pinged in the game's channel instead."
            if on
            else "Your turn notices are channel pings again."
        )
        await interaction.response.send_message(text, ephemeral=True)

"""/stub: the stub game's one slash command, loaded by the Discord app as the game's extension."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import handle_error
from bot.cogs.moves import act_and_present
from bot.host import Host
from tests.conformance.stub_game import NAME, Take


class StubCog(commands.GroupCog, group_name="stub", group_description="Play Take the Last"):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    @app_commands.command(description="Take 1 to 3 counters")
    async def take(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 3]) -> None:
        await act_and_present(self.host, interaction, NAME, Take(count))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StubCog(bot))  # type: ignore[arg-type]

"""/stub: the stub game's one slash command, loaded by the Discord app as the game's extension."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.game_cog import GameCog
from tests.conformance.stub_game import NAME, Take


class StubCog(GameCog, group_name="stub", group_description="Play Take the Last"):
    game = NAME

    @app_commands.command(description="Take 1 to 3 counters")
    async def take(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 3]) -> None:
        await self.act(interaction, Take(count))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StubCog(bot))  # type: ignore[arg-type]

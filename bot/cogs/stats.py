"""/stats and /leaderboard (issue 35, item 5): a member's ratings, reliability and latest results in this
server, and the server's best players of a game. Private answers, with the shared **Show everyone**
button; the words are bot/stats.py's, the numbers the store's (bot/standings.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, AnswersErrors, game_choices, game_named, plain
from bot.cogs.share import show_button
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ServiceError
from bot.stats import HOW_RATED, count, leaderboard_text, stats_text

MIN_GAMES = 3  # the leaderboard's default: a member's first games say little of them
BOARD_SIZE = 10


class StatsCog(AnswersErrors, commands.Cog):
    def __init__(self, host: Host) -> None:
        self.bot = host

    def _title(self, ruleset: str) -> str:
        game = self.bot.games.get(ruleset)
        return game.title if game is not None else ruleset

    def _ruleset(self, typed: str) -> str:
        """The game a member named (its name, title or command), or one sentence naming those there are."""
        return game_named(self.bot.games, typed)

    @app_commands.command(description="Ratings, reliability and latest results of a member (you by default)")
    @app_commands.describe(member="whose (default: yours)", game="only this game")
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None, game: str | None = None
    ) -> None:
        if interaction.guild_id is None:
            raise ServiceError("no_guild", "Ask in a server: ratings are kept per server.")
        ruleset = None if game is None else self._ruleset(game)
        who = member or interaction.user
        stats = await self.bot.store.member_stats(interaction.guild_id, who.id, ruleset)
        text = stats_text(stats, self._title, ruleset)
        name = plain(getattr(who, "display_name", None) or who.name)
        embed = discord.Embed(
            title=f"{name} in this server", description=clip(text, EMBED_DESCRIPTION), colour=COLOUR
        )
        embed.set_footer(text=HOW_RATED)
        await interaction.response.send_message(embed=embed, ephemeral=True, view=show_button())

    @app_commands.command(description="The server's best rated players of a game")
    @app_commands.describe(
        game="which game", min_games="only members with at least this many games (default 3)"
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        min_games: app_commands.Range[int, 1, 1000] = MIN_GAMES,
    ) -> None:
        if interaction.guild_id is None:
            raise ServiceError("no_guild", "Ask in a server: leaderboards are kept per server.")
        ruleset = self._ruleset(game)
        board = await self.bot.store.leaderboard(interaction.guild_id, ruleset, min_games, BOARD_SIZE)
        embed = discord.Embed(
            title=f"{self._title(ruleset)}: the best rated here",
            description=clip(leaderboard_text(board, min_games), EMBED_DESCRIPTION),
            colour=COLOUR,
        )
        embed.set_footer(text=f"Members with at least {count(min_games, 'rated game')}. {HOW_RATED}")
        await interaction.response.send_message(
            embed=embed, ephemeral=True, view=show_button(), allowed_mentions=discord.AllowedMentions.none()
        )

    @stats.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return game_choices(self.bot.games, typed)

"""/help: how to play Warboard, and each game's own paragraph."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, AnswersErrors, game_choices, game_named
from bot.game import Games
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip

HELP_START = """**Warboard** hosts war board games by post: one game per channel, played over days.
**Start**: `/game new ruleset:` (the game) · others `/game join` · `/game options` · `/game start`; \
`/game seat` claims a seat (and what it plays) before the start."""
HELP_END = """**Look**: `/game status` · `/game map` · `/game log` · `/game replay` (the board turn by turn, \
animated) · `/game export` · `/game verify` (after the end); log, replay, export and verify read the \
channel's last game once it has ended, or an earlier one by its number.
**Mistakes**: `/game undo` takes back your last move of this turn while no dice were rolled since.
**Leave**: `/game leave` (before the start) · `/game resign` · `/game sub` offers your seat to a substitute.
**Across games**: `/game mine` (yours, what waits on you first) · `/game open` (tables with room) · \
`/game follow` (each turn by DM, without playing) · `/game unfollow` · `/stats [member] [game]` \
(ratings, reliability, results) · `/leaderboard game`.
**Time**: each turn has a deadline (24 h unless set at `/game new`); reminders at half time and with \
10% left. A missed turn is skipped safely (or played by the AI); after 3 misses the AI keeps your seat \
until you `/game join` again. Away? `/game vacation days` (14 a game). `/notify dm on` for DMs.
**Others' turns**: what you must decide on another player's turn (your defence) is answered for you by \
your standing orders or the sensible default; `/game questions ask me` to decide it yourself.
**Moderators** (Manage Server/Channels or the /mod role): \
`/mod pause|resume|kick|replace|rollback|end|skip|deadline|extend|vacation|role`.
Fair dice: the seed's SHA-256 is posted at the start and the seed at the end; \
`/game verify` recomputes every die."""


def help_text(games: Games, game: str | None = None) -> str:
    """/help: how Warboard works, with ``game``'s own paragraph, or (no game) a line naming each game.
    One game at a time keeps the text inside one embed however many games are registered."""
    if game is not None:
        middle = games[game].help
    else:
        index = " · ".join(f"{g.title} (`{name}`, then `/{g.command}`)" for name, g in games.items())
        middle = f"**Games**: {index}. `/help game:` tells how one is played."
    return "\n".join([HELP_START, middle, HELP_END])


class HelpCog(AnswersErrors, commands.Cog):
    def __init__(self, host: Host) -> None:
        self.bot = host

    @app_commands.command(name="help", description="How to play Warboard")
    @app_commands.describe(game="how one game is played (default: this channel's game, if any)")
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        games = self.bot.games
        if game is not None:
            game = game_named(games, game)
        else:
            here = await self.bot.service.channel_game(interaction.channel_id or 0)
            game = here.game.ruleset if here is not None and here.game.ruleset in games else None
        text = help_text(games, game)
        embed = discord.Embed(title="Warboard", description=clip(text, EMBED_DESCRIPTION), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @help.autocomplete("game")
    async def _game_names(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.bot.games, typed)

"""/game commands that read a game's history (the log, the export, the dice check, the replay), for the
channel's game or an earlier one by its number. They belong to the /game group, which Discord allows
once, so they are a mixin of ``LobbyCog`` (discord.py collects a cog's commands from its bases too)."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, handle_error, plain
from bot.cogs.share import show_button
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ServiceError
from bot.replays import NOT_STARTED, replay_of, replayed

LOG_PAGE = 40  # lines per /game log page at the most (fewer when they are long)
GAME_NUMBER = "an earlier game of this channel, by its number (default: the current or last one)"


def log_pages(lines: Sequence[str], size: int = LOG_PAGE, limit: int = EMBED_DESCRIPTION) -> list[str]:
    """The log as pages, the latest first, each in time order: at most ``size`` lines and ``limit``
    characters, so a page fits one embed and every line is on exactly one page."""
    pages: list[str] = []
    page: list[str] = []
    length = 0
    for line in reversed(lines):
        line = clip(line, limit)
        if page and (len(page) == size or length + 1 + len(line) > limit):
            pages.append("\n".join(reversed(page)))
            page, length = [], 0
        length += len(line) + (1 if page else 0)
        page.append(line)
    if page:
        pages.append("\n".join(reversed(page)))
    return pages


ROW_GOES_ON = "    …"  # a row's lines left out between its headline and the latest (the file has them)


def latest_page(lines: Sequence[str], limit: int = EMBED_DESCRIPTION) -> str:
    """The latest of ``lines`` that fit one embed. When they begin inside a row (its lines are indented
    under the headline: a long attack, a battle of many rounds), the row's headline comes first, then "…":
    a page that opened on "    🎲 attack ..." did not say whose move it was or what."""
    pages = log_pages(lines, size=len(lines) or 1, limit=limit)
    if len(pages) < 2:
        return pages[0] if pages else ""
    start = len(lines) - pages[0].count("\n") - 1
    if not lines[start].startswith(" "):
        return pages[0]
    head = next((i for i in range(start - 1, -1, -1) if not lines[i].startswith(" ")), None)
    if head is None:
        return pages[0]
    headline, kept = clip(lines[head], limit // 2), [clip(line, limit) for line in lines[start:]]
    while kept and len("\n".join([headline, ROW_GOES_ON, *kept])) > limit:
        kept.pop(0)
    return "\n".join([headline, ROW_GOES_ON, *kept])


async def log_message(
    host: Host, game_id: int, page: int
) -> tuple[discord.Embed, list[discord.File], discord.ui.View]:
    """Page ``page`` of the game's log as an answer: the embed, a text file of the page when its lines
    overflow one embed (the embed shows the latest of them), and the buttons to the page before and
    after (a round's page 1 at its start held a line or two: "Older" is one tap, not a command typed
    again) beside **Show everyone**. A page is a round or turn of log rows, read alone
    (bot/service.py::log_page)."""
    found = await host.service.log_page(game_id, page)
    shown = [plain(line) for line in found.lines]
    blocks = log_pages(shown, size=len(shown) or 1)
    embed = discord.Embed(
        title=f"Game #{game_id} log · page {page} of {found.pages}",
        description=latest_page(shown) if blocks else "Nothing has happened yet.",
        colour=COLOUR,
    )
    files = []
    if len(blocks) > 1:
        text = "\n".join(found.lines).encode()
        files.append(discord.File(io.BytesIO(text), f"warboard-game-{game_id}-log-page-{page}.txt"))
    view = show_button()
    view.add_item(LogPageButton(game_id, page + 1, older=True, disabled=page >= found.pages))
    view.add_item(LogPageButton(game_id, max(page - 1, 1), older=False, disabled=page <= 1))
    return embed, files, view


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wblog:(?P<game>\d+):(?P<page>\d+):(?P<way>[on])",
):
    """**◀ Older** (page ``page``, before in time) or **Newer ▶** under a /game log page: the answer
    turns to that page, privately, as ``/game log page:N`` would; a page that no longer exists is
    refused in words."""

    def __init__(self, game: int, page: int, *, older: bool, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label="◀ Older" if older else "Newer ▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"wblog:{game}:{page}:{'o' if older else 'n'}",
                disabled=disabled,
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]), older=match["way"] == "o")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            embed, files, view = await log_message(cast(Host, interaction.client), self.game, self.page)
            await interaction.response.edit_message(embed=embed, attachments=files, view=view)
        except Exception as error:
            await handle_error(interaction, error)


# A verify report longer than this is sent as a file too (a message holds 2,000 characters).
VERIFY_CHARS = 1900


class HistoryCommands(commands.Cog):
    """The /game commands that read a game's history, mixed into ``LobbyCog`` (never a cog of its own)."""

    bot: Host

    @app_commands.command(description="The game log, every die shown")
    @app_commands.describe(page="1 is the round or turn being played, 2 the one before", game=GAME_NUMBER)
    async def log(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1, 10_000] = 1,
        game: app_commands.Range[int, 1] | None = None,
    ) -> None:
        game_id = await self._game_to_read(interaction, game)
        embed, files, view = await log_message(self.bot, game_id, page)
        await interaction.response.send_message(embed=embed, files=files, ephemeral=True, view=view)

    @app_commands.command(description="The whole game as a JSON file")
    @app_commands.describe(game=GAME_NUMBER)
    async def export(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None
    ) -> None:
        game_id = await self._game_to_read(interaction, game)
        await interaction.response.defer()  # a long game's export reads and formats thousands of rows
        document = await self.bot.service.export(game_id)
        await interaction.followup.send(
            f"Game #{game_id} (the seed is included only once the game has ended).",
            file=discord.File(io.BytesIO(document.encode()), filename=f"warboard-game-{game_id}.json"),
        )

    @app_commands.command(description="Recompute every die of the finished game from its revealed seed")
    @app_commands.describe(game=GAME_NUMBER)
    async def verify(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None
    ) -> None:
        game_id = await self._game_to_read(interaction, game)
        if (await self.bot.service.load(game_id)).status == "ended":
            await interaction.response.defer()  # a whole replay: seconds for a long game
        report = await self.bot.service.verify(game_id)  # refuses a game that has not ended
        text, files = report.text(), []
        if len(text) > VERIFY_CHARS:  # every problem is in the file; the message shows the first
            name = f"warboard-game-{game_id}-verify.txt"
            files = [discord.File(io.BytesIO(text.encode()), filename=name)]
            more = f"\nThe whole report ({len(report.problems)} problems) is attached: {name}."
            text = clip(text, VERIFY_CHARS - len(more)) + more
        if interaction.response.is_done():
            await interaction.followup.send(text, files=files)
        else:
            await interaction.response.send_message(text, files=files)

    @app_commands.command(description="An animated replay of the board, turn by turn")
    @app_commands.describe(
        game=GAME_NUMBER,
        turns="how many of the latest turns (default: the whole game once it has ended, else the last round)",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1] | None = None,
        turns: app_commands.Range[int, 1, 10_000] | None = None,
    ) -> None:
        game_id = await self._game_to_read(interaction, game)
        status = await self.bot.service.status(game_id)
        if status.status == "lobby":  # refused privately, before the public "thinking…"
            raise ServiceError("not_started", NOT_STARTED)
        # The game is replayed and up to sixty boards drawn: seconds. Only the asker sees it, until shared.
        await interaction.response.defer(ephemeral=True)
        last = turns or (None if status.status == "ended" else len(status.seats))
        made = await replay_of(self.bot.service, self.bot.games[status.ruleset].pictures, game_id, last=last)
        await interaction.followup.send(
            f"Game #{game_id}, {replayed(made.whole, made.turns, made.gif.frames)}.",
            file=discord.File(io.BytesIO(made.gif.data), filename=f"warboard-game-{game_id}.gif"),
            ephemeral=True,
            view=show_button(),
        )

    async def _game_to_read(self, interaction: discord.Interaction, number: int | None) -> int:
        """For reading a game (log, export, verify): game ``number`` if it was played in this channel,
        else the channel's running game, or else its most recently ended one. A game of another channel
        (or server) is refused like one that does not exist, so a number reveals nothing."""
        channel_id = interaction.channel_id or 0
        if number is not None:
            try:
                game = await self.bot.service.load(number)
            except ServiceError:
                game = None
            if game is None or game.channel_id != channel_id:
                raise ServiceError("unknown_game", f"There is no game #{number} in this channel.")
            return game.id
        game_id = await self.bot.service.game_in_channel(channel_id)
        if game_id is None:
            game_id = await self.bot.service.last_game_in_channel(channel_id)
        if game_id is None:
            raise ServiceError("no_game", "There is no game in this channel; start one with /game new.")
        return game_id

"""/help: the general text with a line per game, or one game's paragraph (asked for, or the channel's
game), each whole inside one embed however many games are registered."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cogs.help import help_text
from bot.games import GAMES
from bot.limits import EMBED_DESCRIPTION
from tests.bot.discord_world import discord_world


@pytest.mark.parametrize("game", [None, *sorted(GAMES)])
def test_each_help_text_fits_one_embed_unclipped(game: str | None) -> None:
    text = help_text(GAMES, game)
    assert len(text) <= EMBED_DESCRIPTION
    assert text.rstrip().endswith("`/game verify` recomputes every die.")
    if game is None:
        assert all(f"/{g.command}`" in text for g in GAMES.values())
    else:
        assert GAMES[game].help in text


async def test_help_shows_the_channels_game_or_the_one_asked_for_and_refuses_an_unknown_one(
    tmp_path: Path,
) -> None:
    async with discord_world(str(tmp_path / "help.db"), settle=0.03) as (fd, _bot):
        general = await fd.slash("alice", "risk", "help")
        assert general.ephemeral and general.embeds[0]["description"] == help_text(GAMES)
        asked = await fd.slash("alice", "risk", "help", game="Skirmish")
        assert asked.embeds[0]["description"] == help_text(GAMES, "skirmish")
        await fd.slash("alice", "risk", "game new", ruleset="hexwar")
        here = await fd.slash("bob", "risk", "help")
        assert here.embeds[0]["description"] == help_text(GAMES, "hexwar")
        unknown = await fd.slash("bob", "risk", "help", game="chess")
        assert unknown.ephemeral and unknown.content.startswith("Warboard plays Risk, Axis & Allies")

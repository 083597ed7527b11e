"""/game open (issue 35, item 4): the server's games in their lobby with a free seat (game, changed options,
seats taken, host, a link), filtered by game; full, running and other servers' tables are left out."""

from __future__ import annotations

from pathlib import Path

from bot.players import open_tables
from tests.bot.discord_world import discord_world

NONE = "No table is waiting for players; `/game new` opens one."


async def test_open_tables_list_the_lobbies_with_room_filtered_by_game(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        assert (await fd.slash("dave", "risk", "game open")).embeds[0]["description"] == NONE
        await fd.slash("bob", "risk", "game new", ruleset="risk", seats=3)
        await fd.slash("bob", "risk", "game options", name="fortify", value="connected")
        await fd.slash("alice", "risk", "game join")
        await fd.slash("carol", "lobby", "game new", ruleset="skirmish", seats=2)
        listed = await fd.slash("dave", "lobby", "game open")
        assert listed.ephemeral
        text = listed.embeds[0]["description"]
        risk, skirmish = text.split("\n\n")
        assert risk.startswith(f"**Risk** · game #1 · <#{fd.channel_id('risk')}>\n")
        assert risk.endswith("2 of 3 seats taken · host Bob · fortify connected")
        assert "1 of 2 seats taken · host Carol · the game's usual options" in skirmish

        only = await fd.slash("dave", "lobby", "game open", game="Skirmish")
        assert only.embeds[0]["description"] == skirmish
        wrong = await fd.slash("dave", "lobby", "game open", game="chess")
        assert wrong.ephemeral and wrong.content.startswith("Warboard plays ")

        await fd.slash("dave", "lobby", "game join")  # full: it starts, and is no longer open
        await fd.wait_idle(settle=0.3)
        after = await fd.slash("alice", "risk", "game open")
        assert after.embeds[0]["description"] == risk
        assert await open_tables(bot.service, 12345) == []  # another server has none
        fd.assert_clean()

"""What a game's opening message tells a host and the table about how the game begins."""

from __future__ import annotations

from pathlib import Path

from tests.bot.discord_world import discord_world


async def test_a_game_of_a_set_size_says_it_begins_when_full_not_at_game_start(tmp_path: Path) -> None:
    """A newcomer opened a game for 2, was told "the host sets /game options and runs /game start", and
    found the game begun when the second player joined: a set size begins by itself when full."""
    async with discord_world(str(tmp_path / "open.db")) as (fd, _bot):
        opened = await fd.slash("alice", "lobby", "game new", ruleset="skirmish", seats=2)
        assert opened.content == (
            "Alice opened game #1: **Skirmish** for 2 players, 24 hours a turn. Join with `/game join`; it "
            "begins as soon as all 2 seats are taken, so the host sets `/game options` and players claim "
            "seats with `/game seat` before then."
        )
        joined = await fd.slash("bob", "lobby", "game join")
        assert joined.content.endswith("All seats are taken: the game begins!")
        opened = await fd.slash(
            "carol", "risk", "game new", ruleset="skirmish"
        )  # no size: the host starts it
        assert opened.content.endswith(
            "Join with `/game join`; the host sets `/game options` and runs `/game start`."
        )
        fd.assert_clean()

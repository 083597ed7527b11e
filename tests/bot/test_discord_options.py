"""/game options in a lobby, as the table meets it: setting one tells the channel that one change in a
line (its value before and its help), not the whole list of the game's options each time; the list is the
asker's alone (``/game options`` without a name). A refused value changes nothing and is said privately."""

from __future__ import annotations

from tests.bot.discord_world import discord_world


async def test_setting_an_option_tells_the_table_one_line_and_the_list_is_private(tmp_path) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await fd.slash("alice", "lobby", "game new", ruleset="hexwar", seats=2)
        game_id = await bot.service.game_in_channel(fd.channel_id("lobby"))
        before = len(fd.messages("lobby", ephemeral=False))

        answer = await fd.slash("alice", "lobby", "game options", name="Rounds", value="3")
        assert not answer.ephemeral and not answer.embeds
        assert answer.content == (
            "Alice set **rounds** to `3` (was `20`). After this many rounds the most money earned wins "
            "(0: play until one player holds every capital)."
        )
        same = await fd.slash("alice", "lobby", "game options", name="rounds", value="3")
        assert same.content.startswith("Alice left **rounds** at `3`.")
        assert (await bot.service.status(game_id)).options["rounds"] == 3

        refused = await fd.slash("alice", "lobby", "game options", name="rounds", value="many")
        assert refused.ephemeral
        listed = await fd.slash("bob", "lobby", "game options")
        assert listed.ephemeral and "**rounds** = `3`" in listed.embeds[0]["description"]
        assert len(fd.messages("lobby", ephemeral=False)) == before + 2  # the two lines, nothing else
        assert (await bot.service.status(game_id)).options["rounds"] == 3
        fd.assert_clean()

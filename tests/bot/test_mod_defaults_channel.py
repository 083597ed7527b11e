"""``/mod defaults announce_channel:`` names the permissions the bot lacks there (it took any channel and
said nothing; the announcements then failed, seen only in the owner's log)."""

from __future__ import annotations

from pathlib import Path

from fakecord.server import SEND

from tests.bot.discord_world import discord_world

OWNER = "war-room-owner"
EMBED_LINKS = 1 << 14


async def test_an_announcement_channel_the_bot_may_post_in_is_set_without_a_warning(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "games.db")) as (fd, _bot):
        said = await fd.slash(OWNER, "risk", "mod defaults", announce_channel="lobby")
        assert said.ephemeral and f"announcements: <#{fd.channel_id('lobby')}>" in said.content
        assert "⚠️" not in said.content


async def test_an_announcement_channel_the_bot_may_not_post_in_is_set_and_the_lack_named(
    tmp_path: Path,
) -> None:
    async with discord_world(str(tmp_path / "games.db")) as (fd, _bot):
        await fd.deny_bot("lobby", SEND | EMBED_LINKS)
        await fd.wait_idle()
        said = await fd.slash(OWNER, "risk", "mod defaults", announce_channel="lobby")
        lobby = fd.channel_id("lobby")
        assert said.ephemeral and f"announcements: <#{lobby}>" in said.content
        assert said.content.endswith(
            f"⚠️ The bot may not post in <#{lobby}> yet: a moderator can give it Send Messages and "
            "Embed Links there, or its announcements will fail."
        ), said.content

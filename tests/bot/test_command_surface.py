"""The command surface a server expects (issue 34, item 3): /mod shown to Manage Server holders only, every
game command offered in servers only (not in DMs), and the heavy look-ups limited per member with a clear
"try again in N s"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.app import COOLDOWNS
from tests.bot.discord_world import discord_world

GUILD_ONLY = [0]  # Discord's interaction context "guild"


async def test_mod_is_for_managers_and_game_commands_are_for_servers(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "games.db")) as (fd, bot):
        registered = fd.registered_commands()
        assert registered["mod"]["default_member_permissions"] == 1 << 5  # Manage Server
        with pytest.raises(PermissionError):
            await fd.slash("alice", "risk", "mod pause")  # Discord does not offer it to her
        for name in ("game", "mod", *(game.command for game in bot.games.values())):
            assert registered[name]["contexts"] == GUILD_ONLY and registered[name]["dm_permission"] is False
        assert registered["help"]["contexts"] is None  # /help answers in a DM too
        dm = int(fd.dm_channel(fd.user_id("alice"))["id"])
        with pytest.raises(PermissionError):
            await fd.slash("alice", dm, "game status")
        assert (await fd.slash("alice", dm, "help")).embeds


async def test_a_member_asking_too_often_for_a_replay_is_told_when_to_try_again(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "games.db")) as (fd, _bot):
        for _ in range(COOLDOWNS["game replay"]):
            first = await fd.slash("alice", "risk", "game replay")
            assert "try again in" not in (first.content or "")
        again = await fd.slash("alice", "risk", "game replay")
        assert again.ephemeral
        match = re.fullmatch(r"You asked for that a moment ago; try again in (\d+) s\.", again.content)
        assert match and 1 <= int(match.group(1)) <= 60, again.content
        other = await fd.slash("bob", "risk", "game replay")  # per member: bob is not held back
        assert "try again in" not in (other.content or "")
        fd.assert_clean()

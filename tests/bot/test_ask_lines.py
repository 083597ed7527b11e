"""Every decision asked of a player off turn says what it is about (a line under "waits for your
decision"), in every game that asks one: a Skirmish step that only formed the skirmishes (a sentence the
summary leaves out for its dice) asked with nothing under it."""

from __future__ import annotations

from typing import Any

import pytest

from bot.cogs.announce import NO_LONGER
from bot.games import GAMES
from tests.bot.discord_world import ask_me, discord_world
from tests.bot.players_play import open_table, play

CHANNEL = "lobby"


@pytest.mark.parametrize(("name", "members"), [("skirmish", 3), ("axis_allies", 2)])
async def test_every_ask_says_what_is_decided(tmp_path: Any, name: str, members: int) -> None:
    game = GAMES[name]
    seated = ["alice", "bob", "carol"][:members]
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await open_table(fd, game, CHANNEL, seated)
        await ask_me(fd, CHANNEL, seated)
        await play(fd, bot, game, CHANNEL, seated, moves=150)
        await fd.wait_idle(settle=0.15)
        asks = [m.content for m in fd.messages(CHANNEL) if "waits for your decision" in m.content]
        assert len(asks) >= 5, asks
        bare = [
            a for a in asks if not [line for line in a.split("\n")[1:] if line.strip() and line != NO_LONGER]
        ]
        assert bare == []
        formed = [a for a in asks if "formed the skirmishes: #1 [" in a]
        assert formed or name != "skirmish", "a Skirmish ask tells the skirmishes formed, dice and all"

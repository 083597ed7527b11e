"""/game undo on the fake Discord, as a newcomer used it: the reply says which move was taken back, and
the turn's one public message, which tells the turn so far, no longer tells the undone move."""

from __future__ import annotations

from fakecord import FakeDiscord

from tests.bot.discord_world import discord_world, rendered

CHANNEL = "lobby"


def turn_message_text(fd: FakeDiscord) -> str:
    """The turn's public message as the table reads it now (edited as the turn goes)."""
    (ping,) = [m for m in fd.messages(CHANNEL, ephemeral=False) if "it is your turn" in m.content]
    return rendered(ping.embeds[0]["description"])


async def test_an_undo_says_what_it_took_back_and_the_turn_message_forgets_it(tmp_path) -> None:
    async with discord_world(str(tmp_path / "undo.db")) as (fd, _bot):
        await fd.slash("alice", CHANNEL, "game new", ruleset="axis_allies", seats=5)
        await fd.slash("alice", CHANNEL, "game seat", number=1)  # USSR, the first to play
        for _ in range(4):
            await fd.slash("alice", CHANNEL, "game join", ai=True)
        await fd.wait_idle(settle=0.3)

        await fd.slash("alice", CHANNEL, "aa buy", units="3 infantry")
        assert "USSR bought 3 infantry for 9 IPCs" in turn_message_text(fd)
        undone = await fd.slash("alice", CHANNEL, "game undo")
        assert not undone.ephemeral  # the table sees a take-back
        assert rendered(undone.content) == "Alice took back their last move: buy 3 infantry."
        assert "bought" not in turn_message_text(fd) and "This turn so far" not in turn_message_text(fd)

        await fd.slash("alice", CHANNEL, "aa buy", units="2 tanks")
        told = turn_message_text(fd)
        assert "USSR bought 2 tanks for 10 IPCs" in told and "3 infantry" not in told, told
        fd.assert_clean()

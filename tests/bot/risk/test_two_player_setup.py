"""Two players by post through the fake Discord: the 1993 setup's turns of two armies and one neutral
are taken five at a time (three setup turns each, a ping apiece, not thirteen); `/risk neutral` without
a count places every neutral army due, and the answers say what is left of the setup turn."""

from __future__ import annotations

import pytest

from rules.risk.board import classic_map
from rules.risk.state import NEUTRAL, Phase
from tests.bot.discord_world import discord_world, rendered, taken

pytestmark = pytest.mark.asyncio
PLAYERS = ["alice", "bob"]


async def mover(fd, bot, game_id):
    status = await bot.service.status(game_id)
    seat = status.waiting_for[0]
    user = next(name for name in PLAYERS if fd.user_id(name) == status.seats[seat].user_id)
    return user, seat, bot.service.state_of(await bot.service.load(game_id))


def said(answer) -> str:
    """The private answer as the player reads it: its text and its embed's."""
    return rendered(" ".join([answer.content, *(e.get("description", "") for e in answer.embeds)]))


async def test_two_players_set_up_in_three_turns_each(tmp_path):
    board = classic_map()
    async with discord_world(str(tmp_path / "two.db")) as (fd, bot):
        await fd.slash("alice", "risk", "game new", ruleset="risk")
        await fd.slash("bob", "risk", "game join")
        await fd.slash("alice", "risk", "game start")
        game_id = await bot.service.game_in_channel(fd.channel_id("risk"))
        pinged = {name: 0 for name in PLAYERS}
        seen = len(fd.messages("risk"))
        setup_turns = {name: 0 for name in PLAYERS}
        user, seat, state = await mover(fd, bot, game_id)
        while state.phase is Phase.SETUP:
            setup_turns[user] += 1
            own = board.ids[state.owner.index(seat)]
            neutral = board.ids[state.owner.index(NEUTRAL)]
            due = state.setup_left[seat]
            first = await fd.slash(user, "risk", "risk place", territory=own, armies=min(10, due) - 1)
            assert taken(first) and "1 more starting army to place this turn, then" in said(first)
            last = await fd.slash(user, "risk", "risk place", territory=own, armies=1)
            assert taken(last) and "neutral armies on neutral territories" in said(last)
            before = bot.service.state_of(await bot.service.load(game_id)).armies[board.index(neutral)]
            placed = await fd.slash(user, "risk", "risk neutral", territory=neutral)
            assert taken(placed), placed.content
            after = bot.service.state_of(await bot.service.load(game_id))
            assert after.armies[board.index(neutral)] - before == (5 if due >= 10 else 3)
            user, seat, state = await mover(fd, bot, game_id)
        for message in fd.messages("risk")[seen:]:
            for name in PLAYERS:
                pinged[name] += f"user:{fd.user_id(name)}" in message.pings
        assert setup_turns == {"alice": 3, "bob": 3}
        pairs = list(zip(state.owner, state.armies, strict=True))
        assert {s: sum(a for o, a in pairs if o == s) for s in (0, 1, NEUTRAL)} == {0: 40, 1: 40, NEUTRAL: 40}
        # One ping a setup turn after the first (whose ping came with the start) and one for the first
        # turn of play: three each, where the 1993 turns one at a time ping thirteen times each.
        assert pinged == {"alice": 3, "bob": 3}
        fd.assert_clean()

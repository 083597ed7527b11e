"""A player's list of secret orders comes with its buttons (submit, take back the last order) after each
order; only the newest list keeps them (an older list's take-back counted orders since changed), while
the other seats' orders, which move the game on, leave them be. A click on an older list's buttons (kept
by a restart) says they were old and takes them off."""

from __future__ import annotations

from typing import Any

from rules.hexwar.ai import HexWarAI
from tests.bot.discord_world import discord_world
from tests.bot.hexwar.play import WITH, round_one, write_orders


async def test_only_the_newest_orders_list_keeps_its_buttons(tmp_path: Any) -> None:
    async with discord_world(str(tmp_path / "orders.db"), settle=0.03, games=WITH) as (fd, bot):
        game_id, seats = await round_one(fd, bot)
        alices = await write_orders(fd, bot, game_id, seats["alice"], HexWarAI(seats["alice"]), most=3)
        assert len(alices) == 3
        await write_orders(
            fd, bot, game_id, seats["bob"], HexWarAI(seats["bob"]), most=1
        )  # the game moves on
        await fd.wait_idle()
        lists = [reply.message for reply in alices]
        assert [bool(m.components) for m in lists] == [False, False, True]
        assert any(c.startswith("hexw:") and ":submit" in c for c in lists[-1].custom_ids)

        # What a restart forgets: the newest list's buttons stay until clicked; a later round makes them old.
        bot.announcer.buttons.latest_of.clear()
        more = await write_orders(fd, bot, game_id, seats["alice"], HexWarAI(seats["alice"]), most=1)
        await fd.wait_idle()
        assert lists[-1].components, "forgotten: nothing took these off"
        take_back = next(c for c in lists[-1].custom_ids if ":cancel:" in c)
        answer = await fd.click("alice", lists[-1], take_back)
        assert lists[-1].components == []
        assert any(
            m.content.startswith("Those buttons were old, so I took them away.") for m in answer.messages
        )
        assert more[-1].message.components, "the newest list keeps its buttons"
        fd.assert_clean()

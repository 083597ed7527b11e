"""``/atk move from: to:`` with no action under way begins the Move and takes its first march as ONE move
(issue 33, item 5): one read of the store, one decode of the state, one commit, as any game's move costs
(``tests/bot/test_trips.py``). It used to decode twice: once to work out the command's actions and
test-run them, once to apply them."""

from __future__ import annotations

from typing import Any

from bot.games import GAMES
from bot.store import SqliteStore
from rules.attack.actions import Begin, March
from rules.attack.events import ActionBegan, AssaultGathered
from rules.attack.state import Stage
from rules.core.codec import from_json
from rules.core.dice import SeededRng
from tests.bot.discord_world import discord_world
from tests.bot.test_trips import CountingStore, new_game, one_command, play_alice_until

RULES = GAMES["attack"].rules


async def test_an_atk_move_with_its_first_march_reads_and_decodes_once(tmp_path) -> None:
    store = CountingStore(await SqliteStore.open(str(tmp_path / "g.db")))
    async with discord_world(str(tmp_path / "unused.db"), store=store) as (fd, bot):  # type: ignore[arg-type]
        game_id = await new_game(bot, fd, "attack", 3, {"map": "western"})
        status = await bot.service.status(game_id)
        seat = next(s.seat for s in status.seats if s.user_id == fd.user_id("alice"))

        def alices_season_action(state: Any) -> bool:
            at_rest = state.turn is None and state.army_battle is None and state.navy_battle is None
            mine = state.stage is Stage.SEASON and RULES.to_act(state) == (seat,)
            return at_rest and mine and Begin("move") in RULES.legal(state, seat)

        state = await play_alice_until(bot, game_id, fd.user_id("alice"), alices_season_action)
        begun, _ = RULES.apply(state, seat, Begin("move"), SeededRng("look ahead"))
        march = next(a for a in RULES.legal(begun, seat) if isinstance(a, March))
        before = (await bot.service.load(game_id)).version, len(await store._store.log(game_id))
        await one_command(bot, store, fd, "atk move", {"from": march.source, "to": march.target})
        # One move of both parts: one log row, the Begin carrying the march, with the events of both.
        rows = await store._store.log(game_id)
        assert ((await bot.service.load(game_id)).version, len(rows)) == (before[0] + 1, before[1] + 1)
        last = from_json(rows[-1].action or "", RULES.action_type)
        assert isinstance(last, Begin) and last.action == "move" and last.first is not None
        assert (last.first.source, last.first.target) == (march.source, march.target)
        events = from_json(rows[-1].events, list[RULES.event_type])  # type: ignore[name-defined]
        assert [type(e) for e in events] == [ActionBegan, AssaultGathered], events
        fd.assert_clean()
    await store._store.close()

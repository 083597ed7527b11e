"""Hex war through the fake Discord, driven as three players would: the whole setup typed as /hex
commands, then three rounds of secret orders on the rules' own shrinking deadlines (a controllable
clock), with one player missing a deadline and the bot restarting between two submissions."""

from __future__ import annotations

from datetime import timedelta

from bot.app import create_bot
from bot.clock import from_text
from bot.gamelog import decode_events
from bot.settings import Settings
from rules.hexwar.ai import HexWarAI
from rules.hexwar.events import OrdersRevealed, OrdersSubmitted
from rules.hexwar.state import Phase
from tests.bot.discord_world import discord_world
from tests.bot.hexwar.play import (
    CHANNEL,
    PLAYERS,
    WITH,
    open_game,
    play_setup,
    public_texts,
    state_of,
    user_of,
    write_orders,
)
from tests.bot.test_deadlines import FakeClock


async def deadline_hours(bot, game_id: int) -> float:
    """How long the turn now waiting was given, by the clock the bot wrote."""
    game = await bot.service.load(game_id)
    started, deadline = from_text(game.turn_started_at), from_text(game.deadline_at)
    return (deadline - started) / timedelta(hours=1)


async def events_of_last_round(bot, game_id: int):
    rows = await bot.store.log(game_id)
    ruleset = WITH["hexwar"].rules
    for row in reversed(rows):
        events = decode_events(ruleset, row.events)
        if any(isinstance(e, OrdersRevealed) for e in events):
            return events
    return []


async def test_setup_and_three_rounds_for_three_players_with_a_missed_deadline_and_a_restart(tmp_path):
    clock = FakeClock()
    database = str(tmp_path / "hex.db")
    async with discord_world(database, clock=clock, settle=0.03, games=WITH) as (fd, bot):
        game_id = await open_game(fd, bot)
        assert await deadline_hours(bot, game_id) == 48  # a setup turn gets the first round's time

        # Autocomplete offers the cells where the first hex may go: only the starting outline.
        first = await user_of(fd, bot, game_id, (await state_of(bot, game_id)).current)
        cells = await fd.autocomplete(first, CHANNEL, "hex place", "at", "")
        assert [c["value"] for c in cells] == ["F5"] and "starting outline" in cells[0]["name"]

        await play_setup(fd, bot, game_id)
        state = await state_of(bot, game_id)
        assert state.phase is Phase.ORDERS and state.round == 1
        assert len(state.cells) == 60 and sum(s.count for st in state.units for s in st) == 3 * 23
        assert sorted(c for c in state.capital_of if c >= 0) == [0, 1, 2]
        assert await deadline_hours(bot, game_id) == 48  # round 1: the post timer's 48 hours
        seats = {await user_of(fd, bot, game_id, s): s for s in range(3)}
        agents = {seat: HexWarAI(seat) for seat in range(3)}

        # Autocomplete of a move names hexes as players type them, from what is legal now.
        sources = await fd.autocomplete("alice", CHANNEL, "hex move", "from", "")
        assert sources and all(c["value"][0].isalpha() and c["value"][1:].isdigit() for c in sources)
        source = sources[0]["value"]
        targets = await fd.autocomplete("alice", CHANNEL, "hex move", "to", "", {"from": source})
        assert targets and source not in [c["value"] for c in targets]

        # ---- round 1: everyone writes; alice submits; the bot restarts; bob submits by his button
        # from before the restart; carol never submits and holds when the deadline passes.
        written = {
            name: await write_orders(fd, bot, game_id, seats[name], agents[seats[name]]) for name in PLAYERS
        }
        assert all(written.values()), "every player wrote orders"
        before = len(fd.messages(CHANNEL, ephemeral=False))
        handed = await fd.slash("alice", CHANNEL, "hex submit")
        assert handed.embeds and "submitted orders" in handed.embeds[0]["description"]

        await bot.close()  # the bot goes down between two submissions...
        bot = create_bot(
            Settings(token="fake-token", database=database), games=WITH, clock=clock, run_scheduler=False
        )
        await fd.start_bot(bot)  # ...and a new one on the same database carries on
        reply = written["bob"][-1].message
        submit = next(c for c in reply.custom_ids if c.endswith(":submit"))
        clicked = await fd.click("bob", reply, submit)
        told = clicked.messages[-1]  # the private reply's buttons are spent; Bob is told (issue 28)
        assert "Bob submitted orders" in told.embeds[0]["description"]
        assert submit not in fd.all_messages[reply.id].custom_ids
        state = await state_of(bot, game_id)
        assert state.submitted == tuple(s != seats["carol"] for s in range(3)) and state.round == 1

        clock.advance(47.5)
        assert (await bot.scheduler.tick()).deadlines == []  # carol still has half an hour
        clock.advance(1)
        assert (await bot.scheduler.tick()).deadlines == [game_id]
        await fd.wait_idle(settle=0.3)
        shown = "\n".join(public_texts(fd, before))
        assert "Carol missed the deadline (1 of 3)" in shown  # the rest in a few lines; the log has it all
        # The round the deadline resolved comes with its picture, full width, like one a submission ends.
        told = next(
            m for m in fd.messages(CHANNEL, ephemeral=False)[before:] if "missed the deadline" in m.content
        )
        assert {a.filename for a in told.attachments} >= {"board.png", "battle.png"}
        assert "attachment://battle.png" in [e.get("image", {}).get("url") for e in told.embeds]
        events = await events_of_last_round(bot, game_id)
        revealed = {e.seat: e.orders for e in events if isinstance(e, OrdersRevealed)}
        assert revealed[seats["carol"]] == ()  # what she wrote but never handed in was dropped: she held
        assert revealed[seats["alice"]] and revealed[seats["bob"]]
        held = [e for e in events if isinstance(e, OrdersSubmitted) and e.held]
        assert [e.seat for e in held] == [seats["carol"]]
        state = await state_of(bot, game_id)
        assert state.round == 2
        assert await deadline_hours(bot, game_id) == 42  # 6 hours fewer each round

        # ---- round 2: a take-back by button, the last submission resolves the round with its picture.
        for name in PLAYERS:
            replies = await write_orders(fd, bot, game_id, seats[name], agents[seats[name]], most=2)
            if name == "bob" and replies:
                reply = replies[-1].message
                back = next(c for c in reply.custom_ids if ":cancel:" in c)
                taken = await fd.click("bob", reply, back)
                assert "Took back order" in taken.message.content
        for name in PLAYERS:
            answer = await fd.slash(name, CHANNEL, "hex submit")
            assert answer.embeds, answer.content
        assert "battle.png" in answer.files  # the round's picture with the answer that resolved it
        await fd.wait_idle(settle=0.2)
        assert (await state_of(bot, game_id)).round == 3
        assert await deadline_hours(bot, game_id) == 36
        picture = await fd.slash("carol", CHANNEL, "hex round")
        assert "round.png" in picture.files and picture.files["round.png"].startswith(b"\x89PNG")
        # A look-up, as /game map is: Carol's alone, with Show everyone (it was posted to the channel).
        assert picture.ephemeral and picture.message.custom_ids == ["wbshow:0"]

        # ---- round 3, the last (rounds=3): the game ends with the most money earned.
        for name in PLAYERS:
            await write_orders(fd, bot, game_id, seats[name], agents[seats[name]], most=1)
            await fd.slash(name, CHANNEL, "hex submit")
        await fd.wait_idle(settle=0.3)
        status = await bot.service.status(game_id)
        assert status.status == "ended" and "earned the most money" in status.result
        assert any("Game over" in text for text in public_texts(fd))
        fd.assert_clean()
        await bot.close()

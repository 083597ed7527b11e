"""A step's buttons go once the step is answered (``bot/cogs/live_buttons.py``): no message keeps
buttons the game has moved on from, whether the step was answered by its buttons, a slash command, the
AI or an undo; and after a restart (the bot's memory of its messages lost) a click on old buttons says
they were old and takes them off."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games import GAMES
from tests.bot.discord_world import ask_me, discord_world
from tests.bot.players_play import open_table, play

CHANNEL = "lobby"
MEMBERS = ["alice", "bob"]
STEP_ID = re.compile(r"^(?:wb:|wbm:[a-z]+:)(?P<game>\d+):(?P<version>\d+):")


def stale_buttons(fd: Any, game_id: int, version: int) -> list[str]:
    """Every button, in the channel or a DM, drawn for an older version of the game."""
    stale = []
    for message in fd.all_messages.values():
        if message.deleted:
            continue
        for custom_id in message.custom_ids:
            drawn = STEP_ID.match(custom_id or "")
            if drawn and int(drawn["game"]) == game_id and int(drawn["version"]) < version:
                stale.append(f"{custom_id} on {message.content[:60]!r}")
    return stale


async def asking_table(fd: Any, bot: Any, game: Any) -> int:
    """A game of alice and bob, each asking to be asked every decision on the other's turn; its id."""
    await open_table(fd, game, CHANNEL, MEMBERS)
    await ask_me(fd, CHANNEL, MEMBERS)
    found = await bot.service.channel_game(fd.channel_id(CHANNEL))
    assert found is not None
    return int(found.game.id)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_no_message_keeps_buttons_the_game_moved_on_from(tmp_path: Any, name: str) -> None:
    """Two members play by the AI's choices, through slash commands and buttons, asking to be asked
    every decision on the other's turn; after each move no message anywhere keeps older buttons."""
    game = GAMES[name]
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        game_id = await asking_table(fd, bot, game)
        checked = []

        async def after_move(state: Any) -> None:
            await fd.wait_idle(settle=0.15)
            record = await bot.service.load(game_id)
            assert stale_buttons(fd, game_id, record.version) == []
            checked.append(record.version)

        await play(fd, bot, game, CHANNEL, MEMBERS, moves=30, after_move=after_move)
        assert len(checked) >= 10, "the game was played"
        fd.assert_clean()


@pytest.mark.parametrize("name", ["axis_allies"])
async def test_an_asked_decision_once_answered_loses_its_buttons(tmp_path: Any, name: str) -> None:
    """A defender asked off turn (by a message pinging them, with the decision's buttons) answers: the
    asking message's buttons go and it says it asks no more."""
    game = GAMES[name]
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        game_id = await asking_table(fd, bot, game)
        await play(fd, bot, game, CHANNEL, MEMBERS, moves=80)
        await fd.wait_idle(settle=0.15)
        version = (await bot.service.load(game_id)).version
        asks = [m for m in fd.messages(CHANNEL) if "waits for your decision" in m.content]
        answered = [m for m in asks if f":{version}:" not in " ".join(m.custom_ids)]
        assert answered, "a defender was asked, and answered"
        for message in answered:
            assert message.components == []
            assert message.content.endswith("*No longer asked: the game has moved on.*")


async def test_after_a_restart_a_click_on_old_buttons_says_they_are_old_and_takes_them_off(
    tmp_path: Any,
) -> None:
    """The bot's memory of its messages is lost (a restart): the old buttons stay live until clicked;
    the click is refused as old and the buttons go from that message."""
    game = GAMES["risk"]
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await open_table(fd, game, CHANNEL, MEMBERS)
        old = None
        for _ in range(40):  # members play until a move's answer offers its next steps
            await play(fd, bot, game, CHANNEL, MEMBERS, moves=1)
            await fd.wait_idle(settle=0.15)
            offered = [m for m in fd.messages(CHANNEL) if any(STEP_ID.match(c or "") for c in m.custom_ids)]
            if offered:
                old = offered[-1]
                break
        assert old is not None, "a move's answer offered its next steps"
        bot.announcer.buttons.kept.clear()  # what a restart forgets
        await play(fd, bot, game, CHANNEL, MEMBERS, moves=1)
        await fd.wait_idle(settle=0.15)
        assert old.components, "nothing took the forgotten message's buttons off"
        stale_id = next(c for c in old.custom_ids if STEP_ID.match(c or ""))
        mover = next(m for m in MEMBERS if fd.user_id(m) == int(old.interaction["user"]["id"]))
        answer = await fd.click(mover, old, stale_id)
        assert answer.ack_type == 7
        assert old.components == []
        assert any(
            m.content.startswith("Those buttons were old, so I took them away. The game has moved on")
            for m in answer.messages
        ), [m.content for m in answer.messages]
        fd.assert_clean()

"""A whole three-player Risk game through the fake Discord: every move a slash command or a button,
chosen by the AI for each player, from /game new to victory; then restart, refusals and privacy."""

from __future__ import annotations

import pytest

from rules.risk.ai import RiskAI
from tests.bot.discord_world import button_for, command_for, discord_world, taken

pytestmark = pytest.mark.asyncio
PLAYERS = ["alice", "bob", "carol"]


async def current(fd, bot, game_id):
    """Who must act now (a user name) and the seat's state, read as the player would see the board."""
    status = await bot.service.status(game_id)
    state = bot.service.state_of(await bot.service.load(game_id))
    seat = status.waiting_for[0]
    user = next(name for name in PLAYERS if fd.user_id(name) == status.seats[seat].user_id)
    return user, seat, state


async def start_game(fd, options=None):
    r = await fd.slash("alice", "risk", "game new", ruleset="risk")
    assert "opened game" in r.content and not r.ephemeral
    for name, value in (options or {}).items():
        await fd.slash("alice", "risk", "game options", name=name, value=str(value))
    for user in PLAYERS[1:]:
        joined = await fd.slash(user, "risk", "game join")
        assert "joined" in joined.content
    started = await fd.slash("alice", "risk", "game start")
    assert any("Dice sealed" in (m.content or "") for m in started.messages)
    status_message = next(m for m in fd.messages("risk") if m.embeds and "game #" in m.embeds[0]["title"])
    assert any(a.filename == "board.png" for a in status_message.attachments)  # the status message
    return started


async def test_whole_game_through_commands_and_buttons(tmp_path):
    async with discord_world(str(tmp_path / "game.db")) as (fd, bot):
        last = await start_game(fd, {"setup_batch": 40})
        game_id = await bot.service.game_in_channel(fd.channel_id("risk"))
        ai = [RiskAI(s) for s in range(3)]
        clicks = commands = 0
        for _ in range(3000):
            status = await bot.service.status(game_id)
            if status.result:
                break
            user, seat, state = await current(fd, bot, game_id)
            action = ai[seat].choose(state, seat)
            newest = last.messages[-1] if last.messages else None
            button = button_for(action, newest.custom_ids if newest else [])
            if button:
                last = await fd.click(user, newest, button)
                clicks += 1
            else:
                name, values = command_for(action)
                last = await fd.slash(user, "risk", name, **values)
                commands += 1
            assert taken(last), f"{user}'s move {action!r} was refused: {last.content}"
        await fd.wait_idle(settle=1.0)  # the last announcement renders two boards after the reply
        status = await bot.service.status(game_id)
        assert status.result and status.status == "ended", "the game reached a winner"
        assert clicks > 0 and commands > 0
        board_posts = [
            m for m in fd.messages("risk") if any(a.filename == "board.png" for a in m.attachments)
        ]
        final = board_posts[-1].embeds[0]
        assert final["title"] == "Game over" and "conquered the world" in final["description"]
        # Its board marks the last moves, as the status board does (the winning conquest among them).
        posted = {a.filename: a.data for a in board_posts[-1].attachments}["board.png"]
        marked = await bot.service.events_since(game_id, bot.announcer.status_marks_from(game_id))
        view = await bot.service.view(game_id)
        draw = bot.games["risk"].pictures.board
        assert marked.events and posted == draw(view, status.names, title=status.title, recent=marked.events)
        assert posted != draw(view, status.names, title=status.title, recent=())
        verify = await fd.slash("bob", "risk", "game verify")
        assert "match the revealed seed" in verify.content
        fd.assert_clean()

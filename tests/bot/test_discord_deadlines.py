"""Multi-day play through the fake Discord, on a controllable clock: the status message edited in
place, turn pings, reminders, passed deadlines, DMs (and closed DMs), vacation, extensions and taking a
seat back from the AI."""

from __future__ import annotations

import re

from fakecord import FakeDiscord
from fakecord.server import DEFAULT_PERMS

from bot.app import WarboardBot
from tests.bot.discord_world import discord_world
from tests.bot.test_deadlines import FakeClock

PLAYERS = ["alice", "bob", "carol"]
TIMESTAMP = re.compile(r"<t:\d+:R>")


async def open_game(fd: FakeDiscord, bot: WarboardBot, **new: object) -> int:
    await fd.slash("alice", "risk", "game new", ruleset="risk", seats=3, **new)
    await fd.slash("alice", "risk", "game options", name="setup_batch", value="40")
    await fd.slash("bob", "risk", "game join")
    await fd.slash("carol", "risk", "game join")  # the third seat starts the game
    await fd.wait_idle(settle=0.5)
    game_id = await bot.service.game_in_channel(fd.channel_id("risk"))
    assert game_id is not None
    return game_id


async def waiting_user(fd: FakeDiscord, bot: WarboardBot, game_id: int) -> str:
    status = await bot.service.status(game_id)
    user_id = status.seats[status.waiting_for[0]].user_id
    return next(name for name in PLAYERS if fd.user_id(name) == user_id)


def status_messages(fd: FakeDiscord) -> list:
    """The status message: the board with whose turn it is and the standings (``/game status`` answers
    with a similar title but no board)."""
    return [
        m
        for m in fd.messages("risk")
        if m.embeds
        and (m.embeds[0].get("title") or "").startswith("Risk · game")
        and "board.png" in [a.filename for a in m.attachments]
    ]


async def test_a_missed_deadline_is_announced_once_the_status_message_is_edited_and_the_next_player_pinged(
    tmp_path,
) -> None:
    clock = FakeClock()
    async with discord_world(str(tmp_path / "g.db"), clock=clock) as (fd, bot):
        game_id = await open_game(fd, bot, deadline_hours=24)
        (board,) = status_messages(fd)
        assert "board.png" in [a.filename for a in board.attachments]
        assert TIMESTAMP.search(board.embeds[0]["description"])  # the deadline, as a Discord timestamp
        first = await waiting_user(fd, bot, game_id)
        ping = fd.messages("risk")[-1]
        assert f"<@{fd.user_id(first)}>" in ping.content and TIMESTAMP.search(ping.content)

        clock.advance(12.5)
        await bot.scheduler.tick()
        await fd.wait_idle(settle=0.3)
        reminder = fd.messages("risk")[-1]
        assert reminder.content.startswith(f"<@{fd.user_id(first)}> ⏳ 50% of your turn is left")
        count = len(fd.messages("risk"))
        await bot.scheduler.tick()  # nothing more is due
        assert len(fd.messages("risk")) == count

        clock.advance(12)
        report = await bot.scheduler.tick()
        await fd.wait_idle(settle=0.3)
        assert report.deadlines == [game_id]
        new = fd.messages("risk")[count:]
        assert len(new) == 1, [m.content for m in new]  # one message: what happened and who is next
        second = await waiting_user(fd, bot, game_id)
        assert "missed the deadline (1 of 3): the turn was skipped" in new[0].content
        assert f"<@{fd.user_id(second)}>" in new[0].content and second != first
        (edited,) = status_messages(fd)  # still one status message, edited in place
        assert edited.id == board.id and len(edited.edits) >= 1
        assert "missed 1/3" in edited.embeds[0]["description"]
        fd.assert_clean()


async def test_turn_notices_go_by_dm_to_those_who_ask_and_closed_dms_fall_back_to_the_channel(
    tmp_path,
) -> None:
    clock = FakeClock()
    async with discord_world(str(tmp_path / "g.db"), clock=clock, closed_dms=("carol",)) as (fd, bot):
        for user in PLAYERS:
            answer = await fd.slash(user, "risk", "notify dm", setting="on")
            assert answer.ephemeral and "DM" in answer.content
        game_id = await open_game(fd, bot, deadline_hours=24)
        seen: set[str] = set()
        for _ in range(6):  # let deadlines pass until each player's turn has begun at least once
            user = await waiting_user(fd, bot, game_id)
            seen.add(user)
            if user == "carol":
                ping = fd.messages("risk")[-1]
                assert f"<@{fd.user_id('carol')}>" in ping.content  # DMs closed: pinged in the channel
                assert "DMs are closed" in ping.content or not await bot.service.wants_dm(fd.user_id("carol"))
            else:
                dm = fd.dms(user)[-1]
                assert "Your turn" in dm.embeds[0]["title"] and "board.png" in [
                    a.filename for a in dm.attachments
                ]
                assert "Since your last turn" in dm.embeds[0]["description"]
                assert TIMESTAMP.search(dm.embeds[0]["description"])  # the deadline, as a live timestamp
                assert "told by DM" in fd.messages("risk")[-1].content
                assert f"<@{fd.user_id(user)}>" not in fd.messages("risk")[-1].content
            clock.advance(24)
            await bot.scheduler.tick()
            await fd.wait_idle(settle=0.3)
        assert seen == set(PLAYERS)
        assert fd.dms("carol") == []
        # One refused DM to carol, after which her notices stay in the channel; nothing else went wrong.
        assert [v.kind for v in fd.violations] == ["cannot_dm"]
        assert fd.bot_errors == [] and fd.unknown_routes == []


async def test_vacation_extension_and_deadline_rules_through_commands(tmp_path) -> None:
    clock = FakeClock()
    async with discord_world(str(tmp_path / "g.db"), clock=clock) as (fd, bot):
        game_id = await open_game(fd, bot)  # no deadline_hours: the default, 24
        status = await bot.service.status(game_id)
        assert status.turn_hours == 24
        shown = await fd.slash("bob", "risk", "game status")
        assert TIMESTAMP.search(shown.messages[-1].embeds[0]["description"])  # the deadline, never stale
        user = await waiting_user(fd, bot, game_id)
        before = (await bot.service.load(game_id)).deadline_at
        away = await fd.slash(user, "risk", "game vacation", days=2)
        assert "On vacation until" in away.content and not away.ephemeral
        too_long = await fd.slash(user, "risk", "game vacation", days=14)
        assert too_long.ephemeral and "vacation left" in too_long.content
        # /mod shown to every member (as an owner may set in Integrations): the bot itself refuses them.
        fd.registered_commands()["mod"]["default_member_permissions"] = None
        refused = await fd.slash("bob", "risk", "mod extend", hours=5)
        assert refused.ephemeral and "moderators" in refused.content
        extended = await fd.slash("war-room-owner", "risk", "mod extend", hours=5)
        assert "5 hour(s) later" in extended.content and TIMESTAMP.search(extended.content)
        after = (await bot.service.load(game_id)).deadline_at
        assert before is not None and after is not None and after > before
        rules = await fd.slash("war-room-owner", "risk", "mod deadline", hours=48, on_timeout="ai", misses=2)
        assert "48 h a turn" in rules.content and "the AI plays it" in rules.content
        (board,) = status_messages(fd)
        assert "48 h a turn" in board.embeds[0]["footer"]["text"]
        fd.assert_clean()


async def test_a_seat_handed_to_the_ai_is_taken_back_with_game_join(tmp_path) -> None:
    clock = FakeClock()
    async with discord_world(str(tmp_path / "g.db"), clock=clock) as (fd, bot):
        game_id = await open_game(fd, bot, deadline_hours=24)
        await fd.slash("war-room-owner", "risk", "mod deadline", misses=1)
        absent = await waiting_user(fd, bot, game_id)
        clock.advance(25)
        await bot.scheduler.tick()
        await fd.wait_idle(settle=0.5)
        handed = [m for m in fd.messages("risk") if "passes to the AI" in (m.content or "")]
        assert len(handed) == 1 and "/game join" in handed[0].content
        seat = next(s for s in (await bot.service.status(game_id)).seats if s.user_id == fd.user_id(absent))
        assert seat.controller == "ai"
        back = await fd.slash(absent, "risk", "game join")
        assert "is back" in back.content
        seat = next(s for s in (await bot.service.status(game_id)).seats if s.user_id == fd.user_id(absent))
        assert seat.controller == "human"
        fd.assert_clean()


async def test_the_status_message_is_pinned_only_when_the_bot_may_pin(tmp_path) -> None:
    """With Pin Messages the one status message is pinned (and stays the one pin after more turns);
    with a server's usual grant nothing is pinned and nothing fails."""
    pin_messages = 1 << 51
    for permissions, pinned in ((DEFAULT_PERMS | pin_messages, True), (DEFAULT_PERMS, False)):
        async with discord_world(str(tmp_path / f"{pinned}.db"), bot_permissions=permissions) as (fd, bot):
            game_id = await open_game(fd, bot)
            user = await waiting_user(fd, bot, game_id)
            await fd.slash(user, "risk", "risk end")  # setup placement ends: the status is edited
            await fd.wait_idle(settle=0.3)
            (board,) = status_messages(fd)
            assert (board.pinned_at is not None) is pinned
            assert [m.id for m in fd.messages("risk") if m.pinned_at] == ([board.id] if pinned else [])
            fd.assert_clean()

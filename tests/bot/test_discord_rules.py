"""Through the fake Discord: a restart mid-turn, refusals that change nothing, moderator checks and
private cards."""

from __future__ import annotations

import re

import pytest

from bot.app import create_bot
from bot.settings import Settings
from rules.risk.ai import RiskAI
from rules.risk.board import classic_map
from tests.bot.discord_world import command_for, discord_world

pytestmark = pytest.mark.asyncio
PLAYERS = ["alice", "bob", "carol"]


async def started(fd, bot):
    await fd.slash("alice", "risk", "game new", ruleset="risk")
    await fd.slash("alice", "risk", "game options", name="setup_batch", value="40")
    for user in PLAYERS[1:]:
        await fd.slash(user, "risk", "game join")
    await fd.slash("alice", "risk", "game start")
    return await bot.service.game_in_channel(fd.channel_id("risk"))


async def to_act(fd, bot, game_id):
    status = await bot.service.status(game_id)
    seat = status.waiting_for[0]
    user = next(n for n in PLAYERS if fd.user_id(n) == status.seats[seat].user_id)
    return user, seat, bot.service.state_of(await bot.service.load(game_id)), status


async def play_until(fd, bot, game_id, done, limit=400):
    """Play AI-chosen moves as Discord commands until ``done(state)`` holds."""
    for _ in range(limit):
        user, seat, state, _ = await to_act(fd, bot, game_id)
        if done(state):
            return
        name, values = command_for(RiskAI(seat).choose(state, seat))
        await fd.slash(user, "risk", name, **values)
    raise AssertionError("the position never came")


async def test_restart_mid_turn_and_a_button_from_before_it(tmp_path):
    database = str(tmp_path / "restart.db")
    async with discord_world(database) as (fd, bot):
        game_id = await started(fd, bot)
        await play_until(
            fd, bot, game_id, lambda s: s.phase == "reinforce" and s.turn >= 4 and s.reinforcements
        )
        user, seat, state, _ = await to_act(fd, bot, game_id)
        spot = classic_map().ids[state.owner.index(seat)]
        await fd.slash(user, "risk", "risk place", territory=spot, armies=state.reinforcements)
        answer = await fd.slash(user, "risk", "risk end")
        stop = next(c for c in answer.messages[-1].custom_ids if c.endswith(":stop"))
        before = (await bot.service.status(game_id)).version

        await bot.close()  # the bot goes down mid-turn...
        again = create_bot(Settings(token="fake-token", database=database))
        await fd.start_bot(again)  # ...and a new bot object on the same database carries on
        clicked = await fd.click(user, answer.messages[-1], stop)
        assert not clicked.violations
        after = await again.service.status(game_id)
        assert after.version == before + 1
        assert again.service.state_of(await again.service.load(game_id)).phase == "fortify"

        # The used button is gone from its message.
        assert stop not in fd.all_messages[answer.messages[-1].id].custom_ids

        # (The answer to the click is current: its "End turn without fortifying" is not stale.)
        assert any(c.endswith(f":{after.version}:end") for c in clicked.messages[-1].custom_ids)

        def old_button(custom_id: str) -> bool:
            return custom_id.startswith("wb:") and custom_id.split(":")[2] != str(after.version)

        # Older messages' buttons went as the game moved on (bot/cogs/live_buttons.py); a click on old
        # buttons a restart kept is refused as old (tests/bot/test_spent_buttons.py).
        await fd.wait_idle()
        assert not [c for m in fd.messages("risk") for c in m.custom_ids if old_button(c)]
        fd.assert_clean()
        await again.close()


async def test_refusals_are_ephemeral_and_change_nothing(tmp_path):
    async with discord_world(str(tmp_path / "refuse.db")) as (fd, bot):
        # /mod shown to every member (as an owner may set in Integrations): the bot itself refuses them.
        fd.registered_commands()["mod"]["default_member_permissions"] = None
        game_id = await started(fd, bot)
        user, seat, state, status = await to_act(fd, bot, game_id)
        other = next(n for n in PLAYERS if n != user)
        version = status.version
        board = classic_map()
        theirs = board.ids[next(i for i, o in enumerate(state.owner) if o != seat)]
        cases = [
            ("dave", "risk end", {}, "not playing"),
            (other, "risk end", {}, "not your turn"),
            (user, "risk place", {"territory": theirs, "armies": 1}, "own territories"),
            (user, "risk place", {"territory": "atlantis", "armies": 1}, "no territory called"),
            (user, "risk attack", {"from": theirs, "to": theirs}, ""),
            ("alice", "game start", {}, "already started"),
            # A running game: that it runs is what anyone asking to start it needs, host or not.
            (other if other != "alice" else "bob", "game start", {}, "already started"),
            ("bob", "mod pause", {}, "Only moderators"),
        ]
        for who, command, values, says in cases:
            answer = await fd.slash(who, "risk", command, **values)
            assert answer.ephemeral, f"{command} by {who} should be refused privately"
            assert says.lower() in answer.content.lower(), answer.content
            assert (await bot.service.status(game_id)).version == version, f"{command} changed the game"
        log = await fd.slash("dave", "risk", "game log")
        assert log.ephemeral and "🎲 seat order" in log.embeds[0]["description"]
        odds = await fd.slash("dave", "risk", "risk odds", attackers=4, defenders=3)
        assert "wins" in odds.content and odds.ephemeral  # odds tell a plan: private
        fd.assert_clean()


async def test_moderators_by_permission_or_role(tmp_path):
    async with discord_world(str(tmp_path / "mods.db")) as (fd, bot):
        game_id = await started(fd, bot)
        owner = "war-room-owner"
        # Discord offers /mod to Manage Server holders only (the fake refuses as Discord's client would).
        assert fd.registered_commands()["mod"]["default_member_permissions"] == 1 << 5
        with pytest.raises(PermissionError):
            await fd.slash("modder", "risk", "mod pause")
        # Shown to everyone (as an owner may in Server Settings > Integrations), it still refuses them.
        fd.registered_commands()["mod"]["default_member_permissions"] = None
        assert (await fd.slash("modder", "risk", "mod pause")).ephemeral
        set_role = await fd.slash(owner, "risk", "mod role", role="game-mods")
        assert not set_role.ephemeral
        await bot.close()
    # Roles are given when the world is built: a second world where modder holds the role.
    async with discord_world(str(tmp_path / "mods2.db"), roles={"modder": ["game-mods"]}) as (fd, bot):
        game_id = await started(fd, bot)
        await fd.slash("war-room-owner", "risk", "mod role", role="game-mods")
        fd.registered_commands()["mod"]["default_member_permissions"] = None  # the owner's Integrations grant
        paused = await fd.slash("modder", "risk", "mod pause")
        assert not paused.ephemeral and (await bot.service.status(game_id)).status == "paused"
        user, *_ = await to_act(fd, bot, game_id)
        refused = await fd.slash(user, "risk", "risk end")
        assert refused.ephemeral and "paused" in refused.content
        assert not (await fd.slash("modder", "risk", "mod resume")).ephemeral
        fd.assert_clean()


async def test_cards_stay_private(tmp_path):
    async with discord_world(str(tmp_path / "cards.db")) as (fd, bot):
        game_id = await started(fd, bot)
        await play_until(fd, bot, game_id, lambda s: sum(len(h) for h in s.hands) >= 2, limit=600)
        _, _, state, status = await to_act(fd, bot, game_id)
        holder = next(s for s in range(3) if state.hands[s])
        user = next(n for n in PLAYERS if fd.user_id(n) == status.seats[holder].user_id)
        mine = await fd.slash(user, "risk", "risk cards")
        assert mine.ephemeral and "hand.png" in mine.files
        from rules.risk.cards import card_name

        held = [card_name(classic_map(), c) for h in state.hands for c in h]
        for message in fd.messages("risk"):
            if message.ephemeral:
                continue
            text = message.content + " ".join(e.get("description", "") for e in message.embeds)
            for drawn in re.findall(r"drew ([^.]+)\.", text):
                assert drawn == "a card", f"a public message shows a drawn card: {drawn}"
            assert not any(f"drew {name}" in text for name in held)
        fd.assert_clean()

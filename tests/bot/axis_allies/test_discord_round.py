"""A full round of Axis & Allies through the fake Discord: three players claim their seats (Allies,
Germany, Japan: all five powers), then every move is a slash command, a button or the casualty select
menu, chosen by the A&A AI for each player. Plus refusals that change nothing, and /aa odds' speed."""

from __future__ import annotations

import pytest

from tests.bot.axis_allies.aa_play import CHANNEL, AAPlayers, begin, gather, settled
from tests.bot.discord_world import discord_world

pytestmark = pytest.mark.asyncio
PLAYERS = ("alice", "bob", "carol")
SEATS = {"alice": 1, "bob": 3, "carol": 2}  # Allies, Japan, Germany


async def open_game(fd, bot) -> int:
    await gather(fd, PLAYERS, SEATS)
    menu = await fd.autocomplete("carol", CHANNEL, "game seat", "number", "")
    assert any("Japan" in c["name"] and "claimed by Bob" in c["name"] for c in menu), menu
    clash = await fd.slash("carol", CHANNEL, "game seat", number=1)
    assert clash.ephemeral and "already claimed by" in clash.content
    status = await fd.slash("alice", CHANNEL, "game status")
    assert "Germany" in status.embeds[0]["description"]
    return await begin(fd, bot, "alice", SEATS)


async def test_a_full_round_of_axis_and_allies(tmp_path):
    async with discord_world(str(tmp_path / "aa.db")) as (fd, bot):
        game_id = await open_game(fd, bot)
        players = AAPlayers(fd, bot, game_id, PLAYERS, menus=2)
        await players.play_round()
        used = players.used
        await fd.wait_idle(settle=0.5)
        state = bot.service.state_of(await bot.service.load(game_id))
        assert state.round == 2, "a whole round was played: USSR, Germany, UK, Japan, USA"
        assert used["menu"] >= 1 and used["button"] > 0 and used["command"] > 0 and used["route"] > 0, used
        boards = [m for m in fd.messages(CHANNEL) if any(a.filename == "board.png" for a in m.attachments)]
        # The last board pings alice (the USSR's turn; the game's dice are drawn, so what the table did
        # varies): nothing her own three powers did is told back to her.
        assert boards and str(fd.user_id("alice")) in boards[-1].content
        told = boards[-1].embeds[0]["description"].split("**This turn so far:**")[0]
        assert not any(line.startswith(("USSR ", "United Kingdom ", "USA ")) for line in told.splitlines())
        battles = [m for m in fd.messages(CHANNEL) if any(a.filename == "battle.png" for a in m.attachments)]
        # The battle card is the embed's full-width image, not an 80 px thumbnail.
        assert battles and all(m.embeds[0]["image"]["url"] == "attachment://battle.png" for m in battles)
        assert not any("thumbnail" in m.embeds[0] for m in battles)
        fd.assert_clean()


async def test_refusals_change_nothing_and_odds_are_quick(tmp_path):
    async with discord_world(str(tmp_path / "aa.db")) as (fd, bot):
        await fd.slash("alice", "risk", "game new", ruleset="risk")
        wrong = await fd.slash("alice", "risk", "aa end")
        assert wrong.ephemeral and "Risk" in wrong.content and "/risk" in wrong.content
        game_id = await open_game(fd, bot)
        await settled(fd, bot, game_id)
        version = (await bot.service.status(game_id)).version
        refusals = [
            ("alice", "risk end", {}),  # a Risk command in an A&A game
            ("alice", "aa buy", {"units": "3 tnks"}),  # not a unit
            ("bob", "aa end", {}),  # not bob's turn (the USSR opens)
            ("alice", "aa move", {"units": "1 infantry", "from": "Nowhere Land", "to": "Russia"}),
            ("alice", "aa buy", {"units": "40 battleships"}),  # the engine: too dear
        ]
        for user, name, values in refusals:
            r = await fd.slash(user, CHANNEL, name, **values)
            assert r.ephemeral and r.content, (name, values)
        assert (await bot.service.status(game_id)).version == version
        choices = await fd.autocomplete("alice", CHANNEL, "aa buy", "units", "3 inf, 1 tank")
        assert choices and "IPCs" in choices[0]["name"]
        odds = await fd.slash(
            "alice",
            CHANNEL,
            "aa odds",
            attackers="10 infantry, 5 tanks, 3 fighters, 2 bombers",
            defenders="8 inf, 2 arm, 1 ftr, 1 aa",
        )
        assert odds.ephemeral and "attacker wins" in odds.content and "(exact" in odds.content
        assert odds.latency is not None and odds.latency < 3.0
        tanks_first = await fd.slash(
            "alice",
            CHANNEL,
            "aa odds",
            attackers="3 inf, 2 arm",
            defenders="4 inf",
            attacker_losses="arm, inf",
        )
        assert (
            "the attacker loses tanks, then infantry first): the attacker wins 56.4%" in tanks_first.content
        )
        ships_ashore = await fd.slash("alice", CHANNEL, "aa odds", attackers="1 bb", defenders="1 inf")
        assert ships_ashore.ephemeral and ships_ashore.content == "1 battleship cannot fight a land battle."
        table = await fd.slash("carol", CHANNEL, "aa units")
        assert table.ephemeral and "Battleship" in table.embeds[0]["description"]
        fd.assert_clean()

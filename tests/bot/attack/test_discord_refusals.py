"""Attack! on the fake Discord, the edges: bad input gets one private sentence and changes nothing (not
your turn, not playing, a Burn out of season, not next door, a march before an action, a unit name that
is not one, a line with no battle, a command of another game); autocomplete offers what is legal for the
asking seat and nothing to a seat not to act; a command of two moves (begin a Build, buy) whose second is
refused changes nothing at all, and once the action ends a second one that season is refused; each
player's action cards are private to them, and the public log says only that a card was drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.attack.state import Stage
from tests.bot.attack.atk_play import CHANNEL, WITH, fix_seed, open_game, position
from tests.bot.attack.test_discord_year import CAPITALS, GOVERNMENTS, SEED
from tests.bot.discord_world import discord_world

pytestmark = pytest.mark.asyncio


async def test_refusals_change_nothing_autocomplete_is_legal_and_hands_are_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, SEED)
    async with discord_world(str(tmp_path / "refusals.db"), games=WITH) as (fd, bot):
        game_id = await open_game(fd, bot)
        while True:  # setup, by command
            state, _, waiting = await position(fd, bot, game_id)
            if state.stage is Stage.SEASON:
                break
            user = waiting[0]
            if state.stage is Stage.GOVERNMENT:
                government, economics = GOVERNMENTS[user]
                await fd.slash(user, CHANNEL, "atk government", government=government, economics=economics)
            elif state.stage is Stage.CAPITAL:
                region, outposts = CAPITALS[user]
                await fd.slash(user, CHANNEL, "atk capital", region=region, outposts=outposts)
            else:
                await fd.slash(user, CHANNEL, "atk direction", way="clockwise")
        _, version, waiting = await position(fd, bot, game_id)
        assert waiting == ["bob"], "the fixed seed: bob starts the year"

        refusals = [
            ("carol", "atk pass", {}, "not your turn"),
            ("dave", "atk pass", {}, "not playing"),
            ("bob", "atk burn", {}, "Burn is for Winter"),
            ("bob", "atk move", {"from": "west_africa", "to": "egypt"}, "Egypt is not next to West Africa"),
            (
                "bob",
                "atk march",
                {"from": "west_africa", "to": "maghreb"},
                "Begin a Move, Blitz or Transport first",
            ),
            ("bob", "atk move", {"from": "west_africa", "to": "maghreb", "units": "3 tnks"}, "is not a unit"),
            ("bob", "atk deploy", {"units": "2 infantry"}, ""),
            ("bob", "aa end", {}, "/atk"),
        ]
        for user, command, values, says in refusals:
            answer = await fd.slash(user, CHANNEL, command, **values)
            assert answer.ephemeral, f"/{command} by {user} should be refused privately: {answer.content}"
            assert says in answer.content, answer.content
            assert answer.content.count(". ") <= 1, f"one sentence: {answer.content}"
            assert (await bot.service.status(game_id)).version == version, f"/{command} changed the game"

        # Autocomplete comes from what is legal for the asking seat: bob's regions, nothing for carol.
        sources = await fd.autocomplete("bob", CHANNEL, "atk move", "from", "")
        assert {"west_africa", "maghreb", "sahel"} <= {c["value"] for c in sources}
        targets = await fd.autocomplete("bob", CHANNEL, "atk move", "to", "", **{"from": "west_africa"})
        assert "maghreb" in {c["value"] for c in targets} and "egypt" not in {c["value"] for c in targets}
        ships = await fd.autocomplete("bob", CHANNEL, "atk navigate", "from", "")
        assert "west_africa" in {c["value"] for c in ships}
        assert await fd.autocomplete("carol", CHANNEL, "atk move", "from", "") == []

        # A command of two moves (begin the Build, buy) whose second is refused changes nothing at all.
        refused = await fd.slash("bob", CHANNEL, "atk build", region="quebec", units="1 infantry")
        assert refused.ephemeral and "not in Quebec" in refused.content, refused.content
        assert (await bot.service.status(game_id)).version == version
        built = await fd.slash("bob", CHANNEL, "atk build", region="west_africa", units="1 infantry")
        assert built.embeds and "Bob built 1 infantry in West Africa" in built.embeds[0]["description"]
        await fd.slash("bob", CHANNEL, "atk end")
        second = await fd.slash("bob", CHANNEL, "atk move")
        assert second.ephemeral and "not your turn" in second.content, "one action a season"

        # Each player's action cards are theirs alone.
        hands = {}
        for user in ("alice", "bob", "carol"):
            hand = await fd.slash(user, CHANNEL, "atk hand")
            assert hand.ephemeral and "hand.png" in hand.files, hand.content
            hands[user] = hand.embeds[0]["description"]
            assert hands[user].startswith("#")
        assert len(set(hands.values())) == 3
        stranger = await fd.slash("dave", CHANNEL, "atk hand")
        assert stranger.ephemeral and "not playing" in stranger.content
        log = await fd.slash("dave", CHANNEL, "game log")
        text = log.embeds[0]["description"]
        assert "drew an action card" in text
        for user, hand in hands.items():
            card_name = hand.split(":")[0].split(" ", 1)[1]
            assert card_name not in text, f"{user}'s card is named in the public log"
        fd.assert_clean()


async def test_a_mistyped_government_by_slash_command_gets_a_did_you_mean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newcomer's ``/atk government facism rail`` was told only "Governments are fascism, communism,
    monarchy, democracy.", while the terminal named the likely one: the slash command does too."""
    fix_seed(monkeypatch, SEED)
    async with discord_world(str(tmp_path / "government.db"), games=WITH) as (fd, bot):
        game_id = await open_game(fd, bot)
        _, version, waiting = await position(fd, bot, game_id)
        user = waiting[0]
        said = [
            (
                await fd.slash(user, CHANNEL, "atk government", government=government, economics=economics)
            ).content
            for government, economics in (("facism", "rail"), ("Fascism", "minrals"), ("communism", "gold"))
        ]
        assert said == [
            "Governments are fascism, communism, monarchy, democracy; not “facism”. Did you mean fascism?",
            "There is no economics card “minrals”. Did you mean minerals?",
            "Communism starts with one of minerals, rail, factories level 1, not gold.",
        ]
        assert (await bot.service.status(game_id)).version == version
        chosen = await fd.slash(
            user, CHANNEL, "atk government", government="Fascism", economics="Rail Transport"
        )
        assert chosen.embeds and "chose Fascism, starting with Rail 1" in chosen.embeds[0]["description"]
        fd.assert_clean()

"""Substitutes (issue 35, item 3): a player asks, a member who is not playing takes the seat with the one
"Take this seat" button and sees that seat's hidden things and nothing of the others'; with approval on,
only the host or a moderator lets them; the log says who took over whose turns."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cogs.common import plain
from bot.cogs.substitutes import APPROVE, REFUSE, TAKE
from bot.games import GAMES
from tests.bot.discord_world import discord_world
from tests.bot.figures import settled
from tests.bot.players_play import open_table, play

MEMBERS = ("alice", "bob", "carol")
GAME = GAMES["risk"]


@pytest.fixture(autouse=True)
def fixed_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's dice from a fixed seed (the bot draws a fresh one when a full table starts): with a
    fresh one, three members' 150 moves sometimes ended the game before the substitute came."""
    monkeypatch.setattr("bot.service.secrets", SimpleNamespace(token_hex=lambda n: "5b" * n))


def hand_lines(state: Any, seat: int) -> set[str]:
    text = GAME.presenter.private_text(GAME.rules.view(state, seat)) or ""
    return {line.strip() for line in text.splitlines() if line.strip()}


def offer(fd: Any, words: str) -> Any:
    return next(m for m in reversed(fd.messages("risk", ephemeral=False)) if words in (m.content or ""))


async def test_a_substitute_takes_a_seat_mid_game_and_sees_only_its_hidden_things(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await open_table(fd, GAME, "risk", MEMBERS)
        game_id = await play(fd, bot, GAME, "risk", MEMBERS, moves=150)
        record, state = await settled(bot, game_id)
        assert record.status == "running", "the fixed dice leave the game running after 150 moves"
        status = await bot.service.status(game_id)
        bob = next(s.seat for s in status.seats if s.user_id == fd.user_id("bob"))
        bobs, daves = status.seats[bob].name, fd.member_name("dave") if hasattr(fd, "member_name") else "Dave"
        others = set().union(*(hand_lines(state, s.seat) for s in status.seats if s.seat != bob))

        refused = await fd.slash("dave", "risk", "game sub")
        assert refused.ephemeral and refused.content.startswith("You are not playing in this game")
        asked = await fd.slash("bob", "risk", "game sub")
        assert not asked.ephemeral and f"{bobs} asks for a substitute" in asked.content
        message = offer(fd, "asks for a substitute")
        (button,) = message.custom_ids
        assert [c.get("label") for c in message.walk_components() if c.get("custom_id")] == [TAKE]

        playing = await fd.click("carol", message, button)
        assert playing.ephemeral and playing.content == "You already play in this game."
        own = await fd.click("bob", message, button)
        assert own.content == "That is your own seat: someone else takes it."

        taken = await fd.click("dave", message, button)
        assert taken.ephemeral
        (embed,) = taken.embeds
        private = GAME.presenter.private_text(GAME.rules.view(state, bob)) or ""
        assert private and others, "by now the seats hold cards: the check has something to find"
        assert embed["description"] == plain(private or "Nothing of this seat is hidden from the others.")
        assert not any(line in embed["description"] for line in others - hand_lines(state, bob))
        picture = GAME.pictures.private(GAME.rules.view(state, bob), status.names)
        assert picture is None or taken.files["hidden.png"] == picture
        assert fd.all_messages[message.id].custom_ids == []
        assert f"{daves} took over {bobs}'s seat" in fd.all_messages[message.id].content

        after = await bot.service.status(game_id)
        assert after.seats[bob].user_id == fd.user_id("dave") and after.seats[bob].name == daves
        lines = await bot.service.log_lines(game_id)
        assert any(
            line.endswith(f"{daves} took over {bobs}'s seat: the turns from here are theirs.")
            for line in lines
        )
        mine = await fd.slash("bob", "risk", "game mine")
        assert "game #" not in mine.embeds[0]["description"]
        # The seat order and dice are drawn, so how many moves pass before bob's seat is on turn again
        # varies: play on, ten moves at a time, until dave has moved in it (or the game has ended).
        for _ in range(30):
            await play(fd, bot, GAME, "risk", ("alice", "dave", "carol"), moves=10)
            record = await bot.service.load(game_id)
            rows = await bot.store.log(game_id)
            played = any(r.kind == "action" and r.user_id == fd.user_id("dave") for r in rows)
            if played or record.status == "ended":
                break
        assert played or record.status == "ended", "dave plays on in bob's seat"
        fd.assert_clean()


async def test_with_approval_only_the_host_or_a_moderator_lets_a_substitute_in(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await open_table(fd, GAME, "risk", MEMBERS)
        set_it = await fd.slash("alice", "risk", "game options", name="substitutes", value="approve")
        assert "the host or a moderator now answers" in set_it.content
        game_id = await play(fd, bot, GAME, "risk", MEMBERS, moves=60)
        _, state = await settled(bot, game_id)
        carol = next(
            s.seat for s in (await bot.service.status(game_id)).seats if s.user_id == fd.user_id("carol")
        )
        await fd.slash("carol", "risk", "game sub")
        message = offer(fd, "asks for a substitute")
        posted = await fd.click("dave", message, message.custom_ids[0])
        assert posted.ephemeral and "your offer is posted" in posted.content
        request = offer(fd, "offers to take")
        yes = next(c for c in request.custom_ids if c.endswith(":1"))
        assert [c.get("label") for c in request.walk_components() if c.get("custom_id")] == [APPROVE, REFUSE]
        for wrong in ("bob", "dave", "carol"):
            answer = await fd.click(wrong, request, yes)
            assert answer.ephemeral and answer.content == (
                "Only the game's host or a moderator answers an offer to take a seat."
            )
        assert (await bot.service.status(game_id)).seats[carol].user_id == fd.user_id("carol")
        await fd.click("alice", request, yes)
        assert (await bot.service.status(game_id)).seats[carol].user_id == fd.user_id("dave")
        (dm,) = fd.dms("dave")
        private = GAME.presenter.private_text(GAME.rules.view(state, carol))
        assert dm.embeds[0]["description"] == plain(
            private or "Nothing of this seat is hidden from the others."
        )
        assert "went to them by DM" in fd.all_messages[request.id].content
        fd.assert_clean()

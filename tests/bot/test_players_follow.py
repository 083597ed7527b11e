"""Following (issue 35, item 2): a follower gets every turn's public notice by DM, never a hidden thing;
approval, when the host asks for it, is answered with buttons only the host or a moderator may use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.cogs.following import APPROVE, REFUSE
from bot.following import answer as answer_request
from bot.games import GAMES
from tests.bot.discord_world import discord_world, rendered
from tests.bot.players_play import open_table, play

MEMBERS = ("alice", "bob", "carol")


def board_of(message: Any) -> bytes:
    return next(a.data for a in message.attachments if a.filename == "board.png")


def text_of(message: Any) -> str:
    return rendered(
        "\n".join(
            [
                message.content or "",
                *(f"{e.get('title', '')}\n{e.get('description', '')}" for e in message.embeds),
            ]
        )
    )


async def test_a_follower_gets_every_turn_notice_by_dm_and_nothing_hidden(tmp_path: Path) -> None:
    game = GAMES["risk"]
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await open_table(fd, game, "risk", MEMBERS)
        began = {m.id for m in fd.messages("risk", ephemeral=False)}  # the first turn: before dave follows
        followed = await fd.slash("dave", "risk", "game follow")
        assert followed.ephemeral and "You follow this game" in followed.content
        again = await fd.slash("dave", "risk", "game follow")
        assert again.content == "You already follow this game."
        player = await fd.slash("bob", "risk", "game follow")
        assert player.ephemeral and "You play in this game" in player.content
        hands: set[str] = set()
        names: list[str] = []

        async def look(state: Any) -> None:
            # Every hidden thing any seat has held so far: the follower must never read one.
            for seat in range(len(MEMBERS)):
                text = game.presenter.private_text(game.rules.view(state, seat))
                hands.update(line.strip() for line in (text or "").splitlines() if line.strip())

        game_id = await play(fd, bot, game, "risk", MEMBERS, moves=150, after_move=look)
        status = await bot.service.status(game_id)
        names = status.names
        pings = [  # each turn's notice in the channel since dave followed, and the final board
            m
            for m in fd.messages("risk", ephemeral=False)
            if m.id not in began and m.attachments and (m.pings or m.embeds[0].get("title") == "Game over")
        ]
        dms = fd.dms("dave")
        assert len(dms) == len(pings) > 3, (len(dms), len(pings))
        assert hands, "cards were dealt in these moves: the scan has something to look for"
        for dm, ping in zip(dms, pings, strict=True):
            # The same public board the channel got, and the public summary; nothing of any hand.
            assert board_of(dm) == board_of(ping)
            text = text_of(dm)
            assert f"game #{game_id}, followed" in text
            assert not any(line in text for line in hands if line not in names), text
        assert fd.dms("alice") == fd.dms("bob") == fd.dms("carol") == []

        stopped = await fd.slash("dave", "risk", "game unfollow")
        assert stopped.content == "You no longer follow this game."
        await play(fd, bot, game, "risk", MEMBERS, moves=40)
        assert len(fd.dms("dave")) == len(dms)
        fd.assert_clean()


async def test_approval_buttons_refuse_the_wrong_person(tmp_path: Path) -> None:
    game = GAMES["risk"]
    async with discord_world(str(tmp_path / "g.db"), roles={"modder": ["game-mods"]}) as (fd, bot):
        await fd.slash("war-room-owner", "risk", "mod role", role="game-mods")
        await open_table(fd, game, "risk", MEMBERS)
        refused = await fd.slash("bob", "risk", "game options", name="followers", value="approve")
        assert refused.ephemeral and refused.content == (
            "Only the game's host or a moderator sets who may join as followers."
        )
        set_it = await fd.slash("alice", "risk", "game options", name="followers", value="approve")
        assert set_it.content == f"Followers of game #{1}: the host or a moderator now answers each request."

        asked = await fd.slash("dave", "risk", "game follow")
        assert asked.ephemeral and "your request is posted" in asked.content
        request = next(
            m for m in reversed(fd.messages("risk", ephemeral=False)) if "asks to follow" in m.content
        )
        assert [c.get("label") for c in request.walk_components() if c.get("custom_id")] == [APPROVE, REFUSE]
        yes = next(c for c in request.custom_ids if c.endswith(":1"))
        for wrong in ("bob", "dave"):
            answer = await fd.click(wrong, request, yes)
            assert answer.ephemeral and answer.content == (
                "Only the game's host or a moderator answers a request to follow."
            )
        game_id = (await bot.service.channel_game(fd.channel_id("risk"))).game.id
        assert await bot.store.followers(game_id) == []
        assert await bot.store.followers(game_id, approved=False) == [fd.user_id("dave")]

        await fd.click("alice", request, yes)
        assert await bot.store.followers(game_id) == [fd.user_id("dave")]
        answered = fd.all_messages[request.id]
        assert answered.custom_ids == [] and "may follow this game" in answered.content
        # The buttons are gone; an answer arriving late (a second moderator's) changes nothing.
        late = await answer_request(
            bot.service, game_id, fd.user_id("dave"), fd.user_id("alice"), moderator=False, approve=False
        )
        assert late is False
        assert await bot.store.followers(game_id) == [fd.user_id("dave")]

        asked = await fd.slash("modder", "risk", "game follow")
        request = next(
            m for m in reversed(fd.messages("risk", ephemeral=False)) if "asks to follow" in m.content
        )
        refuse = next(c for c in request.custom_ids if c.endswith(":0"))
        await fd.click("modder", request, refuse)  # a moderator may answer, even their own
        assert await bot.store.followers(game_id, approved=False) == []
        assert await bot.store.followers(game_id) == [fd.user_id("dave")]
        fd.assert_clean()


async def test_followers_are_stored_alike_in_both_stores(service: Any) -> None:
    status = await service.create(1, 100, "alice", "risk", guild_id=1 << 22)
    store, game_id = service.store, status.game_id
    assert await store.approval(game_id, "followers") is False
    await store.set_approval(game_id, "followers", True)
    assert await store.approval(game_id, "followers") is True
    assert await store.approval(game_id, "substitutes") is False
    await store.set_approval(game_id, "substitutes", True)
    await store.set_approval(game_id, "followers", False)
    assert (await store.approval(game_id, "followers"), await store.approval(game_id, "substitutes")) == (
        False,
        True,
    )
    await store.follow(game_id, 300, approved=False)
    await store.follow(game_id, 200, approved=True)
    assert (await store.followers(game_id), await store.followers(game_id, approved=False)) == ([200], [300])
    await store.follow(game_id, 300, approved=True)
    assert sorted(await store.followers(game_id)) == [200, 300]
    assert await store.unfollow(game_id, 200) is True
    assert await store.unfollow(game_id, 200) is False
    assert await store.followers(game_id) == [300]

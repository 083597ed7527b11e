"""Look-ups answer only the asker (issue 28, item 3): /game status, map, log, replay and each game's odds
are ephemeral, each with a Show everyone button that posts what the asker saw to the channel once; a
second click says it was already shown and posts nothing."""

from __future__ import annotations

import pytest

from bot.cogs.share import SHOW, SHOWN
from tests.bot.discord_world import discord_world
from tests.bot.test_replay import ai_game

LOOKUPS = [
    ("game status", {}),
    ("game map", {}),
    ("game log", {}),
    ("game replay", {}),
    ("risk odds", {"attackers": 6, "defenders": 4}),
]


def public(fd) -> list:
    return [m for m in fd.messages("risk", ephemeral=False) if not m.loading]


@pytest.mark.parametrize(("command", "options"), LOOKUPS, ids=[c for c, _ in LOOKUPS])
async def test_a_look_up_is_private_until_shown_once(tmp_path, command, options) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await ai_game(fd, bot, "risk", 3, moves=40)
        before = len(public(fd))
        answer = await fd.slash("bob", "risk", command, **options)
        assert answer.ephemeral and SHOW in answer.message.custom_ids, answer.content
        assert len(public(fd)) == before, "nobody else saw the look-up"
        others = [c for c in answer.message.custom_ids if c != SHOW]  # the log's page buttons

        shown = await fd.click("bob", answer.message, SHOW)
        posted = public(fd)[before:]
        assert len(posted) == 1, [m.content for m in posted]
        (copy,) = posted
        private = answer.message
        assert copy.content == private.content
        assert [e.get("title") for e in copy.embeds] == [e.get("title") for e in private.embeds]
        assert [e.get("description") for e in copy.embeds] == [e.get("description") for e in private.embeds]
        assert [(a.filename, a.data) for a in copy.attachments] == [
            (a.filename, a.data) for a in private.attachments
        ]
        assert not copy.components and not copy.pings
        # The private answer now says it was shown; clicking again posts nothing more.
        assert fd.all_messages[private.id].custom_ids == [SHOWN, *others]  # the others kept, in place
        again = await fd.click("bob", fd.all_messages[private.id], SHOWN)
        assert again.ephemeral and again.content == "That was already shown to everyone."
        assert len(public(fd)) == before + 1
        assert shown.violations == []
        fd.assert_clean()


async def test_axis_and_allies_odds_are_private_with_a_show_button(tmp_path) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await ai_game(fd, bot, "axis_allies", 5, moves=0)
        answer = await fd.slash(
            "bob", "risk", "aa odds", attackers="3 infantry, 1 tank", defenders="2 infantry"
        )
        assert answer.ephemeral and SHOW in answer.message.custom_ids
        await fd.click("bob", answer.message, SHOW)
        (copy,) = [m for m in public(fd) if m.content == answer.content]
        assert "infantry" in copy.content
        fd.assert_clean()

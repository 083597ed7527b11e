"""An unexpected error in a command (issue 29, item 10; issue 34, item 3): the player is answered privately
with a reference that the log's traceback carries, and told what became of the game. A failure injected
after the move's commit (while it is shown) says the move stands, and the turn is announced again; one
before anything was written says nothing changed; one inside the commit says to look first."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest
from fakecord import FakeDiscord

from bot.app import WarboardBot
from bot.cogs import moves
from bot.games import GAMES
from tests.bot.discord_world import command_for, discord_world


async def two_player_risk(fd: FakeDiscord, bot: WarboardBot) -> tuple[int, str, str, dict[str, Any]]:
    """A started Risk game of alice and bob: its id, who must move, and their first legal move."""
    await fd.slash("alice", "risk", "game new", ruleset="risk", seats=2)
    await fd.slash("bob", "risk", "game join")
    await fd.slash("alice", "risk", "game start")
    found = await bot.service.channel_game(fd.channel_id("risk"))
    assert found is not None
    rules = GAMES["risk"].rules
    state = bot.service.state_of(found.game)
    seat = rules.to_act(state)[0]
    user = next(n for n in ("alice", "bob") if fd.user_id(n) == found.seats[seat].user_id)
    command, values = command_for(rules.legal(state, seat)[0])
    return found.game.id, user, command, values


def private(answer: Any) -> str:
    """The private answer's text (a deferred move's public placeholder may say that something failed)."""
    said = [m.content for m in answer.messages if m.ephemeral]
    assert len(said) == 1, answer.messages
    for public in (m for m in answer.messages if not m.ephemeral):
        assert "stands" not in public.content and "version" not in public.content
    return str(said[0])


def reference_in(text: str) -> str:
    match = re.search(r"reference ([0-9A-F]{6})", text)
    assert match, text
    return match.group(1)


async def test_a_failure_after_the_commit_says_the_move_stands_and_announces_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with discord_world(str(tmp_path / "games.db")) as (fd, bot):
        game_id, user, command, values = await two_player_risk(fd, bot)
        before = (await bot.service.status(game_id)).version
        failures = []

        async def broken(draw: Any, *args: Any) -> Any:  # the move's picture fails, once
            if not failures:
                failures.append(draw)
                raise OSError("the picture could not be drawn")
            return draw(*args)

        monkeypatch.setattr(moves, "_off_loop", broken)
        shown_before = len(fd.messages("risk", ephemeral=False))
        with caplog.at_level(logging.ERROR, logger="warboard"):
            answer = await fd.slash(user, "risk", command, **values)
            await fd.wait_idle()
        status = await bot.service.status(game_id)
        assert status.version == before + 1, "the move was committed"
        text = private(answer)
        assert "what you did stands" in text and f"version {status.version}" in text
        assert "No need to do it again" in text
        reference = reference_in(text)
        logged = [r for r in caplog.records if reference in r.getMessage()]
        assert logged and logged[0].exc_info is not None, "the traceback is logged under the reference"
        # The owner reads in the log what became of the game and where (it said "game changed: (1, 5)").
        line = logged[0].getMessage()
        assert f"game #{game_id} changed, now at version {status.version}" in line, line
        assert f"channel {fd.channel_id('risk')}" in line and f"member {fd.user_id(user)}" in line, line
        # The game's news went out again: a public board telling whose turn it is, after the failure.
        posted = fd.messages("risk", ephemeral=False)[shown_before:]
        assert any(m.embeds and "to play" in (m.embeds[0].get("title") or "") for m in posted)
        assert not bot.unfinished.pending()


async def test_a_failure_before_anything_was_written_says_nothing_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with discord_world(str(tmp_path / "games.db")) as (fd, bot):
        game_id, user, command, values = await two_player_risk(fd, bot)
        before = (await bot.service.status(game_id)).version

        async def broken(channel_id: int) -> Any:
            raise OSError("the database went away")

        monkeypatch.setattr(bot.service, "channel_game", broken)
        answer = await fd.slash(user, "risk", command, **values)
        monkeypatch.undo()
        text = private(answer)
        assert "the game was not changed" in text
        reference_in(text)
        assert (await bot.service.status(game_id)).version == before


async def test_a_commit_that_failed_midway_says_to_look_before_trying_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with discord_world(str(tmp_path / "games.db")) as (fd, bot):
        game_id, user, command, values = await two_player_risk(fd, bot)

        async def broken(*args: Any, **kwargs: Any) -> Any:
            raise OSError("connection reset while committing")

        monkeypatch.setattr(bot.store, "commit", broken)
        answer = await fd.slash(user, "risk", command, **values)
        monkeypatch.undo()
        text = private(answer)
        assert f"while saving game #{game_id}" in text and "may or may not" in text
        reference_in(text)

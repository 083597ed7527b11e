"""A move that waits for the game's lock (an AI seat's move, another player's) past Discord's 3 seconds is
deferred first and answered after: the player never loses a click (issue 34's load bench lost three in a
minute). The wait is made certain by leaving no patience at all (``ACK_SECONDS`` 0), not by timing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.cogs import moves
from tests.bot.discord_world import discord_world, taken
from tests.bot.test_command_errors import two_player_risk


async def test_a_move_past_the_acknowledgement_deadline_is_deferred_then_answered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(moves, "ACK_SECONDS", 0.0)
    deferred_first: list[bool] = []
    in_time = moves.in_time

    async def watched(interaction: Any, work: Any, defer: Any) -> Any:
        result = await in_time(interaction, work, defer)
        deferred_first.append(interaction.response.is_done())  # answered before the move came back
        return result

    monkeypatch.setattr(moves, "in_time", watched)
    async with discord_world(str(tmp_path / "slow.db")) as (fd, bot):
        game_id, user, command, values = await two_player_risk(fd, bot)
        before = (await bot.service.status(game_id)).version
        answer = await fd.slash(user, "risk", command, **values)
        assert taken(answer) and answer.ephemeral, answer.messages
        assert (await bot.service.status(game_id)).version == before + 1  # applied once
        assert deferred_first == [True]
        fd.assert_clean()  # no interaction went unanswered or was answered twice

"""`/game verify` of a game whose report does not fit a message: it was cut at 1,900 characters, the rest
lost; the message shows the first problems and says the whole report is attached, and it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.models import VerifyReport
from tests.bot.discord_world import discord_world


async def test_a_report_too_long_for_a_message_comes_whole_as_a_file(
    tmp_path: Path, monkeypatch: Any
) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        await fd.slash("alice", "risk", "game new", ruleset="risk", seats=2)
        await fd.slash("bob", "risk", "game join")
        found = await bot.service.channel_game(fd.channel_id("risk"))
        assert found is not None
        game_id = found.game.id
        await bot.service.end(game_id, fd.user_id("alice"))
        problems = tuple(f"roll {n}: the dice [3 4] do not match the seed's [5 1]" for n in range(1, 201))

        async def verify(number: int) -> VerifyReport:
            return VerifyReport(number, ok=False, rolls=500, problems=problems)

        monkeypatch.setattr(bot.service, "verify", verify)
        answer = await fd.slash("carol", "risk", "game verify")
        name = f"warboard-game-{game_id}-verify.txt"
        assert answer.content.startswith(f"Game #{game_id} does not verify:\n- {problems[0]}\n")
        assert answer.content.endswith(f"\nThe whole report (200 problems) is attached: {name}.")
        assert len(answer.content) <= 2000
        whole = answer.files[name]
        whole = whole.decode() if isinstance(whole, bytes) else whole
        assert whole.splitlines() == [f"Game #{game_id} does not verify:", *(f"- {p}" for p in problems)]
        fd.assert_clean()

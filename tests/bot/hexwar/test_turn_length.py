"""What the status says of a turn's length when the game's own rules time it: a Hex war round is 48 h
by post, shrinking each round; the status had said "24 h a turn", the game's unused setting."""

from __future__ import annotations

from pathlib import Path

from bot.cogs.announce import span, turn_rules
from tests.bot.discord_world import discord_world
from tests.bot.hexwar.play import CHANNEL, WITH, open_game


async def test_the_status_gives_the_time_the_rules_give_this_turn(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "hex.db"), games=WITH) as (fd, bot):
        game_id = await open_game(fd, bot)
        status = await bot.service.status(game_id)
        assert status.turn_hours == 24 and status.rules_seconds == 48 * 3600
        rules = turn_rules(status)
        assert rules.startswith("48 h this turn, as the game's rules time it · ") and "24 h" not in rules
        footers = [
            e["footer"]["text"]
            for m in fd.messages(CHANNEL, ephemeral=False)
            for e in m.embeds
            if "footer" in e
        ]
        assert any(f.startswith("48 h this turn") for f in footers) and not any("24 h" in f for f in footers)


def test_a_length_reads_in_hours_minutes_and_seconds() -> None:
    assert [span(s) for s in (48 * 3600, 5400, 210, 30, 0)] == [
        "48 h",
        "1 h 30 min",
        "3 min 30 s",
        "30 s",
        "0 s",
    ]

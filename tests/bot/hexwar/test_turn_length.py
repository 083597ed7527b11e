"""What the status says of a turn's length when the game's own rules time it: a Hex war round is 48 h
by post, shrinking each round; the status had said "24 h a turn", the game's unused setting."""

from __future__ import annotations

from pathlib import Path

from bot.cogs.announce import clock_text, span, turn_rules
from rules.hexwar import RULES as HEX
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


async def test_the_lobby_tells_the_rules_clock_not_the_unused_setting(tmp_path: Path) -> None:
    """/game new for Hex war had said "24 hours a turn"; its rounds are timed by its rules (48 h by post,
    shrinking). The lobby's status says so too, and changes with the timer option; a game its rules do
    not time keeps its deadline setting's words."""
    async with discord_world(str(tmp_path / "hex.db"), games=WITH) as (fd, bot):
        opened = await fd.slash("alice", CHANNEL, "game new", ruleset="hexwar", seats=3)
        assert "48 h a turn at first, then 42 h, 36 h … 12 h, as the game's rules time it" in opened.content
        assert "24 hours" not in opened.content
        game_id = await bot.service.game_in_channel(fd.channel_id(CHANNEL))
        assert game_id is not None
        status = await bot.service.status(game_id)
        assert turn_rules(status).startswith("48 h a turn at first, then 42 h, 36 h … 12 h, as the")
        await fd.slash("alice", CHANNEL, "game options", name="timer", value="live")
        status = await bot.service.status(game_id)
        assert turn_rules(status).startswith("3 min 30 s a turn at first, then 3 min, 2 min 30 s … 30 s")
        opened = await fd.slash("bob", "lobby", "game new", ruleset="risk", seats=3)
        assert "24 hours a turn" in opened.content and "rules time" not in opened.content
    async with discord_world(str(tmp_path / "untimed.db"), games=WITH) as (fd, bot):
        opened = await fd.slash("alice", CHANNEL, "game new", ruleset="hexwar", deadline_hours=0)
        assert "no turn deadline" in opened.content and "rules time" not in opened.content


def test_the_clock_stops_at_its_floor_or_its_last_round() -> None:
    assert HEX.turn_clock({}) == tuple(h * 3600 for h in (48, 42, 36, 30, 24, 18, 12))
    assert HEX.turn_clock({"rounds": 3, "post_step_hours": 12}) == tuple(h * 3600 for h in (48, 36, 24))
    assert HEX.turn_clock({"post_step_hours": 0}) == (48 * 3600,)
    assert [clock_text(c) for c in ((3600,), (3600, 1800))] == [
        "1 h a turn, as the game's rules time it",
        "1 h a turn at first, then 30 min, as the game's rules time it",
    ]

"""The figures of issue 28 per game (see tests/bot/figures.py; print them with ``-s``), held to the
issue's aims: at most 1.5 public messages and 1.5 pictures each time the game starts waiting on someone
new and at most 2 a turn passed (questions off one's turn included: by post they are answered for the
player), no ping over 600 characters, no log line in any ping, every look-up private unless shared, and
at most 5 setup turns per player."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import GAMES
from tests.bot.figures import play_and_count


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_a_three_player_game_is_quiet_in_its_channel(name: str, tmp_path: Path) -> None:
    figures = await play_and_count(GAMES, name, tmp_path)
    print("\n" + figures.line())
    assert figures.turns >= 3, figures.line()
    assert figures.public <= 1.5 * figures.waits, figures.line()
    assert figures.pictures <= 1.5 * figures.waits, figures.line()
    assert figures.longest_ping <= 600 and figures.log_lines == 0, figures.line()
    assert figures.public_lookups == 0 and figures.lookups >= 4, figures.line()
    assert figures.public <= 2 * figures.turns, figures.line()
    assert figures.setup_turns <= 5, figures.line()

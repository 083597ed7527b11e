"""The figures of issue 28 per game (see tests/bot/figures.py): print them with ``-s``."""

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

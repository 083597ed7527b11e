"""Skirmish plugs in by registering: every check of the conformance suite (``checks.py``) over a registry
that includes it, as ``test_every_game.py`` runs them once the lead lists the game in ``bot/games``.

The whole-game checks run for every seat count the game takes (2 to 6, as the issue asks), not only the
smallest and the largest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.game import check_games
from bot.games import GAMES
from bot.games.skirmish import GAME
from tests.conformance import checks

WITH = {**GAMES, "skirmish": GAME}
SEATS = list(range(GAME.rules.min_seats, GAME.rules.max_seats + 1))


def test_the_registry_with_skirmish_passes_the_start_up_checks() -> None:
    check_games(WITH)
    assert GAME.command == "sk" and GAME.name == "skirmish"


@pytest.mark.parametrize("seats", SEATS, ids=[f"{n}p" for n in SEATS])
def test_ai_games_end_replay_and_hide_every_seats_secrets(seats: int) -> None:
    for state, recent in checks.check_whole_game(GAME, seats, seed=seats):
        checks.check_views_hide_secrets(GAME, state, seats)
        checks.check_pictures(GAME, state, recent, seats)


async def test_the_terminal_client_plays_an_ai_game_to_the_end(tmp_path: Path) -> None:
    await checks.check_terminal_game(WITH, "skirmish", tmp_path)


async def test_a_round_on_discord_through_the_games_own_commands(tmp_path: Path) -> None:
    await checks.check_discord_round(WITH, "skirmish", tmp_path)

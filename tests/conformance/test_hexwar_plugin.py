"""Hex war plugs in by registering: every check of the conformance suite (``checks.py``) over a registry
that includes it, for 2 to 5 players; the terminal client plays an AI-only game to the end; and a round
on the fake Discord is played through ``/hex``. (Until the lead lists it in ``bot/games``, the registry
here adds it, as ``test_stub_game.py`` does for the stub.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.game import check_games
from bot.games import GAMES
from bot.games.hexwar import GAME
from rules.hexwar import RULES
from tests.conformance import checks
from tests.render.hexwar import samples

WITH = {**GAMES, "hexwar": GAME}


def test_the_registry_accepts_hex_war() -> None:
    check_games(WITH)
    assert GAME.command == "hex" and GAME.rules.turn_seconds is not None


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_ai_games_end_replay_and_hide_every_seats_secrets(seats: int) -> None:
    for state, recent in checks.check_whole_game(GAME, seats, seed=seats):
        checks.check_views_hide_secrets(GAME, state, seats)
        checks.check_pictures(GAME, state, recent, seats)


async def test_the_terminal_client_plays_an_ai_game_to_the_end(tmp_path: Path) -> None:
    await checks.check_terminal_game(WITH, "hexwar", tmp_path)


async def test_a_round_on_discord_through_the_games_own_commands(tmp_path: Path) -> None:
    await checks.check_discord_round(WITH, "hexwar", tmp_path)


def test_varying_a_seats_secrets_changes_its_own_view_and_no_one_elses() -> None:
    """``vary_secrets`` really changes what the seat hides (its orders, where its cities are bought), so
    the suite's no-leak checks compare two different positions."""
    state = samples.with_orders()
    for seat in range(3):
        varied = GAME.vary_secrets(state, seat, 7)
        assert RULES.view(varied, seat) != RULES.view(state, seat)
        for other in [None, *(s for s in range(3) if s != seat)]:
            assert RULES.view(varied, other) == RULES.view(state, other)

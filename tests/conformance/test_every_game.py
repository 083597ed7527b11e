"""The conformance suite over the registry: every registered game passes the same checks
(``checks.py``), so a new game gets them all by registering in ``bot/games``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import GAMES
from tests.conformance import checks

# Every AI level of every game plays whole games: the default level at the fewest and the most seats,
# the others at the fewest (the suite's time stays about the same as levels are added).
CASES = [
    (name, seats, level)
    for name in sorted(GAMES)
    for level in GAMES[name].levels
    for seats in checks.seat_counts(GAMES[name])
    if level == GAMES[name].default_level or seats == GAMES[name].rules.min_seats
]


@pytest.mark.parametrize(("name", "seats", "level"), CASES, ids=[f"{n}-{s}p-{lv}" for n, s, lv in CASES])
def test_ai_games_end_replay_and_hide_every_seats_secrets(name: str, seats: int, level: str) -> None:
    game = GAMES[name]
    for state, recent in checks.check_whole_game(game, seats, seed=seats, level=level):
        checks.check_views_hide_secrets(game, state, seats)
        checks.check_pictures(game, state, recent, seats)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_replay_goes_turn_by_turn_and_shows_only_public_things(name: str) -> None:
    checks.check_replay(GAMES[name], GAMES[name].rules.min_seats, seed=3)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_the_terminal_client_plays_an_ai_game_to_the_end(name: str, tmp_path: Path) -> None:
    await checks.check_terminal_game(GAMES, name, tmp_path)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_a_round_on_discord_through_the_games_own_commands(name: str, tmp_path: Path) -> None:
    await checks.check_discord_round(GAMES, name, tmp_path)

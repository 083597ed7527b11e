"""Attack! plugs in by registering: the registry with it passes ``check_games`` and its help names /atk;
the conformance suite's checks (``checks.py``) run on it here by name, as ``test_every_game.py`` runs
them for every game in ``bot/games`` (where Attack! is now listed): AI games of its short (6-year) war
to the end for 2 and 6 seats (a JSON round trip every 7 steps, replay from the seed, private dice, no
view or picture showing another seat's hand or secret line-up), an AI-only game in the terminal
client, and a full round on the fake Discord with one human seat among AI seats making every move
through /atk. Last, ``vary_secrets`` (which those checks use to look for leaks) changes a seat's hand
and secret line-up and nothing anyone else can see."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from bot.game import check_games
from bot.games import GAMES
from bot.games.attack import GAME
from rules.attack import RULES
from rules.attack.board import board
from rules.attack.secrets import vary_secrets
from rules.attack.state import NavyBattle
from tests.conformance import checks
from tests.render.attack.samples import western_state

WITH = {**GAMES, "attack": GAME}


def test_the_registry_with_attack_is_complete() -> None:
    check_games(WITH)
    assert GAME.command == "atk" and "/atk deploy" in GAME.help


@pytest.mark.parametrize("seats", checks.seat_counts(GAME))
def test_ai_games_end_replay_and_hide_every_seats_secrets(seats: int) -> None:
    for state, recent in checks.check_whole_game(GAME, seats, seed=seats):
        checks.check_views_hide_secrets(GAME, state, seats)
        checks.check_pictures(GAME, state, recent, seats)


async def test_the_terminal_client_plays_an_ai_game_to_the_end(tmp_path: Path) -> None:
    await checks.check_terminal_game(WITH, "attack", tmp_path)


async def test_a_round_on_discord_through_atk(tmp_path: Path) -> None:
    await checks.check_discord_round(WITH, "attack", tmp_path)


def test_vary_secrets_changes_a_seats_hand_and_secret_line_up_and_nothing_else_shows() -> None:
    base = western_state()
    zone = board("western").zone_index["central_atlantic"]
    battle = NavyBattle(zone, 0, 1, ((0, 2, 1, 1), (1, 1, 0, 1)), ((0,) * 4, (0,) * 4), ((1, 2, 3), None))
    state = replace(
        base,
        navy_battle=battle,
        seats=tuple(replace(s, hand=(5, 18)) if i == 0 else s for i, s in enumerate(base.seats)),
    )
    varied = vary_secrets(state, 0, 7)
    mine, theirs = RULES.view(state, 0), RULES.view(varied, 0)
    assert mine.hand != theirs.hand and len(mine.hand or ()) == len(theirs.hand or ())
    assert mine.navy_battle is not None and theirs.navy_battle is not None
    assert mine.navy_battle.own_lineup != theirs.navy_battle.own_lineup
    for viewer in (None, 1, 2):
        assert RULES.view(state, viewer) == RULES.view(varied, viewer)

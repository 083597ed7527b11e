"""A game plugs in by registering: a stub game defined in one test module (``stub_game.py``) and added to
the registry here is played through the terminal client and the fake Discord, and passes the same
conformance checks as the real games, with no other file touched. An incomplete game is refused at
start-up, naming what is missing."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import pytest

from bot.game import GameSetupError, catalog, check_games
from bot.games import GAMES
from tests.conformance import checks
from tests.conformance.stub_game import STUB, Taken


def replace_rules(rules: object, **faces: object) -> object:
    """The same rules with some faces replaced (rules are plain objects, not dataclasses)."""
    changed = copy.copy(rules)
    for name, value in faces.items():
        setattr(changed, name, value)
    return changed


WITH_STUB = {**GAMES, "stub": STUB}


def test_the_stub_keeps_the_engine_contract_and_hides_its_secrets() -> None:
    for state, recent in checks.check_whole_game(STUB, 2, seed=3):
        checks.check_views_hide_secrets(STUB, state, 2)
        checks.check_pictures(STUB, state, recent, 2)


async def test_the_terminal_client_plays_the_stub(tmp_path: Path) -> None:
    await checks.check_terminal_game(WITH_STUB, "stub", tmp_path)


async def test_the_stub_is_played_on_discord_through_its_own_command(tmp_path: Path) -> None:
    await checks.check_discord_round(WITH_STUB, "stub", tmp_path)


def test_an_incomplete_or_clashing_game_is_refused_at_start_up() -> None:
    check_games(WITH_STUB)
    with pytest.raises(GameSetupError, match="has no presenter"):
        check_games({**GAMES, "stub": replace(STUB, presenter=None)})  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="calls itself 'stub'"):
        check_games({**GAMES, "other": STUB})
    with pytest.raises(GameSetupError, match="both use /risk"):
        catalog([*GAMES.values(), replace(STUB, command="risk")])
    with pytest.raises(GameSetupError, match="leaves out DiceRolled"):
        rules = replace_rules(STUB.rules, event_type=Taken)
        check_games({**GAMES, "stub": replace(STUB, rules=rules)})
    with pytest.raises(ModuleNotFoundError):
        check_games({**GAMES, "stub": replace(STUB, extension="tests.conformance.no_such_module")})

"""Every game names its turns as its players do (the turn ping's title, the terminal prompt), never by
its internal turn key: checked at setup and after play, with each game's exact wording."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GAMES
from rules.core.dice import SeededRng


def played(name: str, seats: int, moves: int) -> Any:
    """The state after ``moves`` moves of the game's AI from a seeded start."""
    game = GAMES[name]
    rng = SeededRng(f"labels-{name}")
    state, _ = game.rules.setup({}, seats, rng)
    agents = [game.agent(s) for s in range(seats)]
    for _ in range(moves):
        waiting = game.rules.to_act(state)
        if not waiting:
            break
        seat = waiting[0]
        state, _ = game.rules.apply(state, seat, agents[seat].choose(state, seat), rng)
    return state


@pytest.mark.parametrize(
    ("name", "seats", "moves", "label"),
    [
        ("risk", 3, 0, "Setup"),
        ("axis_allies", 2, 0, "Round 1, USSR"),
        ("attack", 3, 0, "Setup"),
        ("hexwar", 2, 0, "Setup, turn 1"),
        ("skirmish", 2, 0, "Round 1 of 15"),
    ],
)
def test_the_label_at_the_start(name: str, seats: int, moves: int, label: str) -> None:
    assert GAMES[name].rules.turn_label(played(name, seats, moves)) == label


def test_attack_names_the_year_and_season_not_its_turn_key() -> None:
    state = played("attack", 3, 400)
    label = GAMES["attack"].rules.turn_label(state)
    assert state.year >= 2, "the AI played past the first year"
    assert label.startswith(f"Year {state.year} of 6, ") and label.endswith(
        ("spring", "summer", "autumn", "winter")
    )
    assert str(GAMES["attack"].rules.turn_key(state)[0]) not in label

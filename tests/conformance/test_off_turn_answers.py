"""The engine contract's ``answer_off_turn`` (questions on another seat's turn, answered for a player by
post): over whole AI games of every registered game, each answer it gives is a move the engine accepts
for that seat, and the games that ask such questions give some. (That none is given on a seat's own turn
is tested per game where the game is played: tests/bot/test_off_turn.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GAMES
from rules.core.conformance import play
from rules.core.dice import SeededRng
from rules.core.events import Action, Event

# Options under which a game asks questions off turn (Risk's defenders choose their dice only so).
ASKING = {"risk": {"defender_dice": "choose"}}
NEVER_ASKS = {"hexwar"}  # every seat writes a round's orders at once


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_answer_made_for_a_player_off_turn_is_legal(name: str) -> None:
    game = GAMES[name]
    rules = game.rules
    seats = 3
    options = {**game.short_game, **ASKING.get(name, {})}
    answered = 0

    def check(before: Any, after: Any, action: Action, events: list[Event]) -> None:
        nonlocal answered
        for seat in rules.to_act(before):
            answer = rules.answer_off_turn(before, seat)
            if answer is None:
                continue
            answered += 1
            rules.apply(before, seat, answer, SeededRng(f"probe-{answered}"))  # raises if refused

    agents = [game.agent(seat) for seat in range(seats)]
    play(rules, seats, agents, f"off-turn-{name}", options, max_actions=4000, check=check)
    if name in NEVER_ASKS:
        assert answered == 0
    else:
        assert answered > 0, f"{name}: no question was asked off turn in a whole game"

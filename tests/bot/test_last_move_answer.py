"""The move that ends a turn tells its mover what it did before the mark of the next turn: a newcomer's
last move of a turn was answered only "— Round 1, turn 2: AI 1 to play."."""

from __future__ import annotations

from bot.gamelog import mover_lines
from bot.games import GAMES
from rules.core.dice import SeededRng

NAMES = ["Ann", "Bob"]


def turn_ending_move(name: str) -> tuple[int, list[object]]:
    """The first move of a seeded two-player playout by the AI that ends a turn telling nothing else:
    the seat that made it and its events as that seat may see them."""
    game = GAMES[name]
    rules = game.rules
    state, _ = rules.setup(game.usual_options(), 2, SeededRng("p1"))
    agents, rng = [game.agent(s) for s in range(2)], SeededRng("p1")
    while True:
        seat = rules.to_act(state)[0]
        before = rules.turn_key(state)
        state, events = rules.apply(state, seat, agents[seat].choose(state, seat), rng)
        seen = [e for e in (rules.redact(e, seat) for e in events) if e is not None]
        told = [rules.describe(e, NAMES) for e in seen]
        if (
            rules.turn_key(state) != before
            and [t for t in told if t]
            and all(t.startswith("— ") for t in told if t)
        ):
            return seat, seen


def test_the_last_move_of_a_turn_says_the_turn_was_ended() -> None:
    seat, events = turn_ending_move("skirmish")
    assert mover_lines(GAMES["skirmish"].presenter, GAMES["skirmish"].rules, events, seat, NAMES, True) == [
        "You ended your turn.",
        "— Round 1, turn 2: Bob to play.",
    ]


def test_a_move_telling_only_a_new_season_says_it_was_done() -> None:
    seat, events = turn_ending_move("attack")
    lines = mover_lines(GAMES["attack"].presenter, GAMES["attack"].rules, events, seat, NAMES)
    assert lines == ["Done.", "— Summer."]

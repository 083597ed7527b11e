"""The orders that resolve a round are answered by the round in a few lines: the answer had been the
whole resolution, every move of every player (69 lines here), on a phone."""

from __future__ import annotations

from bot.gamelog import event_lines, mover_lines
from bot.games.hexwar import GAME
from rules.core.dice import SeededRng
from rules.hexwar.events import OrdersRevealed

NAMES = ["Ann", "Bob", "Cat"]


def resolving_moves(count: int) -> list[tuple[int, list[object]]]:
    """The first ``count`` moves of a seeded three-player playout by the AI that resolve a round: the
    seat that moved and the events as it may see them."""
    rules = GAME.rules
    state, _ = rules.setup(GAME.usual_options(), 3, SeededRng("h1"))
    agents, rng, found = [GAME.agent(s) for s in range(3)], SeededRng("h1"), []
    while len(found) < count:
        seat = rules.to_act(state)[0]
        state, events = rules.apply(state, seat, agents[seat].choose(state, seat), rng)
        if any(isinstance(e, OrdersRevealed) for e in events):
            found.append((seat, [e for e in (rules.redact(e, seat) for e in events) if e is not None]))
    return found


def test_a_resolved_round_is_answered_in_a_few_lines() -> None:
    (first, _, third) = resolving_moves(3)
    seat, events = first
    assert seat == 2 and len(event_lines(GAME.rules, events, NAMES)) == 69
    assert mover_lines(GAME.presenter, GAME.rules, events, seat, NAMES) == [
        "Cat submitted orders.",
        "Round 1 is resolved: every move and battle is on its picture (/hex round), every die in /game log.",
        "⚔ D6: Cat won; E3: Ann won; B5: Cat won.",
        "You lost 4 units.",
        "Cat took C4 from Ann.",
        "Cat collected 27.",
        "— Round 2 begins: write your orders (42 h).",
    ]
    seat, events = third
    told = mover_lines(GAME.presenter, GAME.rules, events, seat, NAMES)
    # Six hexes changed hands: Cat's own first (in the log "Bob took D2 from Ann." came fourth).
    assert told[4:8] == [
        "Ann took D6 from Cat.",
        "Cat took H7 from Bob.",
        "Ann took C4 from Cat.",
        "Cat took C2 from Ann.",
    ]
    assert told[8:10] == ["… and 2 more hexes taken.", "🏙 Ann built a city on D1."]  # four hexes named
    assert len(told) == 13 and told[-1] == "— Round 4 begins: write your orders (30 h)."


def test_orders_written_keep_their_own_answer() -> None:
    assert GAME.presenter.answer([], 0, NAMES) is None

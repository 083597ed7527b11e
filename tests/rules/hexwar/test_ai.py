"""The AI: sensible setup, sensible orders, and whole games played to the end."""

from __future__ import annotations

from rules.core.conformance import play
from rules.hexwar import RULES
from rules.hexwar.actions import Buy, Move
from rules.hexwar.ai import HexWarAI
from rules.hexwar.common import board_of
from tests.rules.hexwar.position import land_mostly_joined, orders_written, position, set_up_by


def orders_of(state, seat, seed=0):
    return orders_written(HexWarAI(seed), state, seat)


def test_the_ai_builds_a_compact_country_and_puts_its_capital_away_from_the_enemy():
    state = set_up_by([HexWarAI(s) for s in range(3)], "ai-setup")
    b = board_of(state)
    for seat in range(3):
        land = [h for h in range(b.size) if state.owner[h] == seat]
        assert land_mostly_joined(state, seat), "most of its land touches more of its land"
        capital = state.capital_of.index(seat)
        enemy_next_door = sum(1 for n in b.neighbours[capital] if state.owner[n] not in (seat, -1))
        fronts = [sum(1 for n in b.neighbours[h] if state.owner[n] not in (seat, -1)) for h in land]
        assert enemy_next_door <= min(fronts) + 1
        assert sum(s.count for s in state.units[capital] if s.seat == seat) >= 1


def test_the_ai_attacks_a_weak_neighbour_and_leaves_a_strong_one_alone():
    hexes = {"B3": ("land", 1), "C3": ("land", 0), "D3": ("land", 1), "G3": ("city", 0)}
    units = {"B3": [(1, "tank", 8)], "C3": [(0, "tank", 3)], "D3": [(1, "inf", 1)]}
    state = position(hexes, units, capitals={"G3": 0, "B3": 1}, money=(0, 0))
    orders = orders_of(state, 0)
    targets = {o.target for o in orders if isinstance(o, Move)}
    assert "D3" in targets and "B3" not in targets


def test_the_ai_guards_a_threatened_capital_and_buys_infantry_for_it():
    hexes = {"B3": ("land", 1), "C3": ("city", 0), "D3": ("land", 0)}
    units = {"B3": [(1, "tank", 4)], "C3": [(0, "inf", 2)], "D3": [(0, "tank", 1)]}
    state = position(hexes, units, capitals={"C3": 0, "B3": 1}, money=(20, 0))
    orders = orders_of(state, 0)
    assert Move("D3", "C3", "tank", 1) in orders
    assert not any(isinstance(o, Move) and o.source == "C3" for o in orders)
    assert Buy("inf", 5, "C3") in orders


def test_the_ai_plays_two_to_five_players_to_a_finished_game():
    for seats in (2, 5):
        game = play(RULES, seats, [HexWarAI(s) for s in range(seats)], f"ai-{seats}")
        assert RULES.result(game.state) is not None

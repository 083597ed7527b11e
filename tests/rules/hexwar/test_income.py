"""Income by hex kind, capitals (half income without one, none without a city either), seats out, and
victory by every capital or by the most money earned after the round limit."""

from __future__ import annotations

from bot.games.hexwar import GAME
from rules.hexwar import RULES
from rules.hexwar.actions import Buy, Move
from rules.hexwar.events import GameWon, IncomeCollected, PurchaseLost, SeatEliminated, UnitsPlaced
from rules.hexwar.state import HexOptions, Phase
from tests.rules.hexwar.position import of_type, owner_of, play_round, position, write


def income(events, seat):
    (found,) = [e for e in of_type(events, IncomeCollected) if e.seat == seat]
    return found


def test_income_per_hex_kind():
    """Design: plain land 1, city or port city 3, and 5 more for each capital held (options)."""
    hexes = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("city", 0), "E3": ("port", 0), "F3": ("water", -1)}
    state = position(hexes, capitals={"B3": 0})
    after, events = play_round(state, {})
    assert income(events, 0) == IncomeCollected(0, 1 + 1 + 3 + 3 + 5, "full")
    assert after.money[0] == 100 + 13 and after.earned[0] == 13
    richer = position(hexes, capitals={"B3": 0}, options=HexOptions(income_land=2, income_capital=10))
    assert income(play_round(richer, {})[1], 0).amount == 2 + 2 + 3 + 3 + 10


def test_the_first_placer_collects_its_bonus_a_round_with_four_players_and_stored_games_do_not():
    """Design (issue 30's seat balance): with 4 players the first seat, which places the first hex at the
    centre, collects option first_placer_bonus more each round (by post 1; the engine's default 0 keeps
    stored games); with 2, 3 or 5 players it was not behind and collects nothing more."""
    hexes = {"B3": ("land", 0), "C3": ("land", 1), "D3": ("land", 2), "F3": ("land", 3), "E3": ("city", 0)}
    capitals = {"B3": 0, "C3": 1, "D3": 2, "F3": 3}
    bonus = HexOptions(first_placer_bonus=GAME.post_defaults["first_placer_bonus"])
    events = play_round(position(hexes, players=4, capitals=capitals, options=bonus), {})[1]
    assert income(events, 0) == IncomeCollected(0, 1 + 3 + 5 + 1, "full", bonus=1)
    assert income(events, 1) == IncomeCollected(1, 1 + 5, "full")  # the others: no bonus
    # The log says where the extra money comes from.
    names = ["Ann", "Bo", "Cy", "Di"]
    assert RULES.describe(income(events, 0), names) == "Ann collected 10 (1 of it for placing the first hex)."
    # Half without a capital, the bonus included: (1 + 3 + 1) / 2, rounded up.
    fallen = position(hexes, players=4, capitals={"C3": 0, "D3": 2, "F3": 3}, options=bonus)
    assert income(play_round(fallen, {})[1], 0) == IncomeCollected(0, 3, "half")
    stored = position(hexes, players=4, capitals=capitals)  # the engine's default: no bonus
    assert income(play_round(stored, {})[1], 0) == IncomeCollected(0, 1 + 3 + 5, "full")
    for players in (2, 3, 5):
        others = {name: kind for name, kind in hexes.items() if kind[1] < players}
        held = {name: seat for name, seat in capitals.items() if seat < players}
        events = play_round(position(others, players=players, capitals=held, options=bonus), {})[1]
        assert income(events, 0) == IncomeCollected(0, 1 + 3 + 5, "full"), players


def test_without_a_capital_a_player_with_a_city_collects_half_rounded_up():
    hexes = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("city", 0), "E3": ("land", 1)}
    state = position(hexes, capitals={"E3": 0})  # seat 0's capital is held by seat 1
    assert income(play_round(state, {})[1], 0) == IncomeCollected(0, 3, "half")  # (1 + 1 + 3) / 2, up


def test_without_a_capital_or_a_city_a_player_collects_nothing():
    hexes = {"B3": ("land", 0), "C3": ("land", 0), "E3": ("land", 1)}
    state = position(hexes, capitals={"E3": 0})
    assert income(play_round(state, {})[1], 0) == IncomeCollected(0, 0, "none")


def test_a_captured_capital_works_as_ones_own():
    hexes = {"B3": ("land", 0), "C3": ("land", 0), "E3": ("land", 1)}
    state = position(hexes, capitals={"B3": 1, "E3": 0})
    assert income(play_round(state, {})[1], 0) == IncomeCollected(0, 1 + 1 + 5, "full")


def test_two_players_taking_each_others_capitals_both_collect_in_full():
    hexes = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("land", 1), "E3": ("land", 1)}
    state = position(hexes, {"C3": [(0, "inf", 1)], "D3": [(1, "inf", 1)]}, capitals={"C3": 0, "D3": 1})
    orders = {0: [Move("C3", "D3", "inf"), Buy("inf", 1, "C3")], 1: [Move("D3", "C3", "inf")]}
    after, events = play_round(state, orders)
    assert (owner_of(after, "C3"), owner_of(after, "D3")) == (1, 0)
    assert income(events, 0) == IncomeCollected(0, 1 + 1 + 5, "full")
    assert income(events, 1) == IncomeCollected(1, 1 + 1 + 5, "full")
    assert of_type(events, PurchaseLost) == [PurchaseLost(0, "inf", 1)]  # its capital fell, no other
    assert after.phase is Phase.ORDERS  # nobody holds both capitals
    # New units go only to a capital held a full round: the captured one from the end of the next round.
    write(after, 0, Buy("inf", 1, "D3"))
    after, events = play_round(after, {0: [Buy("inf", 1, "D3")]})
    assert of_type(events, UnitsPlaced) == [UnitsPlaced(0, "inf", 1, "D3")]


def test_holding_every_capital_wins():
    hexes = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("land", 1), "E3": ("land", 1)}
    state = position(hexes, {"C3": [(0, "tank", 1)]}, capitals={"B3": 0, "D3": 1})
    after, events = play_round(state, {0: [Move("C3", "D3", "tank")]})
    assert of_type(events, GameWon) == [GameWon((0,), "capitals")]
    assert RULES.result(after).winners == (0,) and RULES.to_act(after) == ()


def test_after_the_round_limit_the_most_money_earned_wins_and_a_tie_is_shared():
    hexes = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("land", 1), "E3": ("city", 1)}
    state = position(hexes, capitals={"B3": 0, "D3": 1}, options=HexOptions(rounds=3), earned=(40, 40))
    after, events = play_round(state, {})
    assert of_type(events, GameWon) == [GameWon((1,), "money")]  # earned 40 + 9 against 40 + 7
    assert RULES.result(after).summary == (
        "After 3 rounds Seat 2 earned the most money (49). Money earned by the others: Seat 1 47."
    )
    tied = position(hexes, capitals={"B3": 0, "D3": 1}, options=HexOptions(rounds=3), earned=(42, 40))
    assert of_type(play_round(tied, {})[1], GameWon) == [GameWon((0, 1), "money")]
    unlimited = position(hexes, capitals={"B3": 0, "D3": 1}, options=HexOptions(rounds=0), round_number=300)
    assert play_round(unlimited, {})[0].phase is Phase.ORDERS


def test_a_seat_with_no_land_and_no_units_is_out():
    hexes = {"B3": ("land", 0), "C3": ("land", 1), "D3": ("land", 2)}
    state = position(hexes, {"C3": [(1, "tank", 1)]}, players=3, capitals={"B3": 0, "C3": 1})
    after, events = play_round(state, {1: [Move("C3", "D3", "tank")]})
    assert of_type(events, SeatEliminated) == [SeatEliminated(2)]
    assert RULES.to_act(after) == (0, 1) and after.out == (False, False, True)

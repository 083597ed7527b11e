"""The game log in players' words (frictions a newcomer found): articles, agreement, counts in words,
who lost what, whose dice and what for, units by name rather than by the table's short ids."""

from __future__ import annotations

from rules.hexwar import RULES
from rules.hexwar.actions import BuyDefence, Jump, Move
from rules.hexwar.events import DefenceBuilt, HexCaptured, PurchaseLost, PurchasesPaid
from rules.hexwar.state import HexOptions
from rules.hexwar.text import order_text
from tests.rules.hexwar.position import play_round, position

NAMES = ["Ann", "Bo"]
HEXES = {"D3": ("land", 0), "E3": ("city", 1), "C3": ("city", 0)}


def lines(events):
    return [line for line in (RULES.describe(e, NAMES) for e in events) if line]


def test_a_battle_reads_whose_dice_what_for_and_who_lost_what():
    state = position(
        HEXES,
        {"D3": [(0, "inf", 2), (0, "tank", 1)], "E3": [(1, "inf", 1)], "C3": [(0, "inf", 1)]},
        capitals={"E3": 1, "C3": 0},
    )
    orders = {0: [Move("D3", "E3", "inf", 2), Move("D3", "E3", "tank")], 1: [BuyDefence("E3", "air")]}
    _, events = play_round(state, orders, [1, 10, 10] + [10])
    said = lines(events)
    battle = said.index("⚔ Battle in E3: Ann with 2 infantry, 1 tank; Bo with 1 infantry.")
    assert said[battle + 1 : battle + 6] == [
        "🎲 Ann's 2 infantry and 1 tank in E3, round 1: [1 10 10]",
        "🎲 Bo's 1 infantry in E3, round 1: [10]",
        "  E3, round 1: Bo lost 1 infantry.",
        "  E3: Ann won after 1 round.",
        "Ann took Bo's capital, E3.",
    ]
    assert "Bo had nowhere to place an air defence: lost." in said
    assert [line for line in said if line.startswith("🏆")] == ["🏆 Ann won the game, holding every capital!"]


def test_a_battle_the_defences_settle_says_no_round_was_fought():
    state = position(
        HEXES,
        {"D3": [(0, "tank", 2)]},
        defences={"E3": [("ground", "tank")] * 5},
        options=HexOptions(defences_per_kind=5),
    )
    _, events = play_round(state, {0: [Move("D3", "E3", "tank", 2)]}, [5, 6, 7, 1, 8] + [2, 3, 4, 5, 6])
    said = lines(events)
    battle = said.index("⚔ Battle in E3: Ann with 2 tanks.")
    assert said[battle + 1 : battle + 5] == [
        "🎲 Bo's 5 defences in E3 firing at 2 tanks: [5 6 7 1 8 2 3 4 5 6]",
        "  E3, defences: Ann lost 1 tank.",
        "  E3: Ann won without a round of combat.",
        "Ann took E3 from Bo.",
    ]


def test_one_jump_troop_is_infantry_from_now_on():
    hexes = {"B3": ("land", 0), "C3": ("land", 1), "D3": ("land", 1), "E3": ("land", 1)}
    state = position(hexes, {"B3": [(0, "jt", 1)], "C3": [(1, "tank", 3)], "E3": [(1, "inf", 1)]})
    _, events = play_round(state, {0: [Jump("B3", "E3")]}, [3, 10])
    assert "Ann's 1 jump troop in E3 is infantry from now on." in lines(events)


def test_an_air_defence_takes_an():
    assert order_text(BuyDefence("C3", "air", "plane")) == ("buy an air defence for C3, aimed at planes (7)")
    assert RULES.describe(DefenceBuilt(0, "C3", "air", "plane"), NAMES) == (
        "Ann built an air defence in C3, aimed at planes."
    )
    assert RULES.describe(DefenceBuilt(0, "C3", "ground", "tank"), NAMES) == (
        "Ann built a ground defence in C3, aimed at tanks."
    )
    assert RULES.describe(PurchaseLost(1, "air defence", 1), NAMES) == (
        "Bo had nowhere to place an air defence: lost."
    )


def test_a_capital_taken_names_its_owner_once():
    assert RULES.describe(HexCaptured(0, 1, "F5", capital_of=1), NAMES) == "Ann took Bo's capital, F5."
    assert RULES.describe(HexCaptured(0, 1, "F5", capital_of=0), NAMES) == (
        "Ann took back their capital, F5, from Bo."
    )


def test_payments_towards_cities_are_counted_in_words():
    assert RULES.describe(PurchasesPaid(0, 20, 1), NAMES) == "Ann spent 20 (1 payment towards cities)."
    assert RULES.describe(PurchasesPaid(0, 20, 2), NAMES) == "Ann spent 20 (2 payments towards cities)."

"""Views hold what a picture needs and nothing secret; every event reads as a sentence."""

from __future__ import annotations

from rules.core.codec import to_json
from rules.core.conformance import play
from rules.core.events import DiceRolled
from rules.hexwar import RULES
from rules.hexwar.actions import Move
from rules.hexwar.ai import HexWarAI
from rules.hexwar.state import Defence, Stack
from rules.hexwar.text import order_text
from rules.hexwar.views import HexView
from tests.rules.hexwar.position import position, write


def test_the_view_has_everything_a_picture_of_the_board_needs():
    hexes = {"A3": ("city", 0), "J3": ("water", -1), "B3": ("port", 1)}
    state = position(
        hexes,
        {"A3": [(0, "inf", 3)], "J3": [(1, "hov", 1, ("tank",))]},
        capitals={"A3": 0},
        defences={"A3": [("air", "plane")]},
    )
    seen = RULES.view(state, None)
    assert (seen.width, seen.height, seen.start) == (10, 7, "F4")
    assert seen.hexes[0] == HexView(
        "A3", 0, 2, -1, 2, "city", 0, 0, 0, (Defence("air", "plane"),), (Stack(0, "inf", 3),)
    )
    assert seen.hexes[1].name == "J3" and seen.hexes[1].units == (Stack(1, "hov", 1, ("tank",)),)
    assert seen.seats[0].capitals == ("A3",) and seen.seats[0].income == 3 + 5
    assert seen.orders is None and seen.projects is None and seen.money_left is None


def test_a_seat_sees_its_own_orders_and_where_it_may_place_purchases():
    hexes = {"A3": ("city", 0), "B3": ("land", 0)}
    state = write(position(hexes, {"B3": [(0, "inf", 1)]}, capitals={"A3": 0}), 0, Move("B3", "A3", "inf"))
    mine, theirs = RULES.view(state, 0), RULES.view(state, 1)
    assert mine.orders == (Move("B3", "A3", "inf"),) and mine.factories == ("A3",) and mine.ports == ()
    assert theirs.orders == () and b"Move" not in to_json(theirs)


def test_orders_and_events_read_as_sentences():
    assert order_text(Move("B3", "C3", "hov", 2, ("inf", "inf"))) == (
        "move 2 hovercraft carrying 2 infantry each from B3 to C3"
    )
    game = play(RULES, 3, [HexWarAI(s) for s in range(3)], "text", {"rounds": 4})
    names = ["Ann", "Bo", "Cy"]
    kinds = set()
    for _, _, events in game.log:
        for event in events:
            line = RULES.describe(event, names)
            if not isinstance(event, DiceRolled) and type(event).__name__ not in ("OrdersRevealed",):
                kinds.add(type(event).__name__)
                assert line is None or line.strip(), event
    assert {"HexPlaced", "UnitsMoved", "BattleBegan", "HexCaptured", "IncomeCollected", "GameWon"} <= kinds
    lines = [RULES.describe(e, names) for _, _, events in game.log for e in events]
    assert any(line and line.startswith("🏆") for line in lines)

"""Views carry what the pictures need and nothing secret; every event reads as a sentence."""

from __future__ import annotations

from rules.attack import RULES
from rules.attack.actions import Ships, Troops
from rules.attack.ai import AttackAI
from rules.attack.tables import pieces
from rules.core.codec import to_json
from rules.core.conformance import play as play_out
from tests.rules.attack.position import WEST, position


def test_a_view_carries_the_board_picture():
    state = position(
        {"france": (0, (3, 1, 0, 6))},
        coasts={"germany": (0, 1, 0, 0)},
        zones={"north_sea": (1, (2, 0, 0, 0), (1, 0, 0, 0))},
        marker=tuple(3 if r == WEST.index["iberia"] else -1 for r in range(WEST.regions)),
    )
    seen = RULES.view(state, None)
    france = seen.regions[WEST.index["france"]]
    assert (france.owner, france.army, france.marker) == (0, Troops(3, 1, 0, 6), None)
    assert seen.regions[WEST.index["iberia"]].marker == "democracy"
    assert seen.regions[WEST.index["italy"]].marker == "hidden"
    assert seen.regions[WEST.index["germany"]].capital_of == 0 and seen.regions[
        WEST.index["germany"]
    ].navy == Ships(destroyer=1)
    assert seen.regions[WEST.index["balkans"]].oil == 1
    north = seen.zones[WEST.zone_index["north_sea"]]
    assert (north.owner, north.navy, north.cargo, north.anchor) == (1, Ships(2), Troops(1), True)
    assert (seen.year, seen.years, seen.season, seen.to_act) == (1, 6, "spring", (0,))
    assert [s.acted for s in seen.seats] == [False, False]
    assert seen.seats[0].victory_points == 2 + 3
    assert pieces(7) == (1, 2)  # a large piece is worth 5


def test_views_never_show_other_hands_the_dice_counter_or_the_deck():
    state = play_out(RULES, 3, [AttackAI(s) for s in range(3)], "views", {}, max_actions=150).state
    for seat in (None, 0, 1, 2):
        text = to_json(RULES.view(state, seat)).decode()
        assert '"rolls"' not in text and "seed" not in text and '"deck":[' not in text
        hand = RULES.view(state, seat).hand
        assert hand == (
            None if seat is None else tuple((c, hand[i][1]) for i, c in enumerate(state.seats[seat].hand))
        )


def test_every_event_of_a_game_reads_as_text():
    game = play_out(RULES, 4, [AttackAI(s) for s in range(4)], "text", {}, max_actions=400)
    names = ["Ann", "Bo", "Cy", "Di"]
    lines = [RULES.describe(e, names) for _, _, events in game.log for e in events]
    told = [line for line in lines if line]
    assert len(told) > 100 and all(isinstance(line, str) and line.strip() for line in told)
    assert any("Battle for" in line for line in told)
    assert any("took the Build action" in line for line in told)

"""Risk's ``normal`` AI on hand-built positions: it fights by the exact odds, breaks a continent an
opponent holds at odds it would not take for a plain territory, and plays for the cheapest continent."""

from __future__ import annotations

from msgspec.structs import replace

from rules.risk.actions import Attack, PlaceArmies
from rules.risk.ai import RiskAI, RiskNormalAI
from rules.risk.odds import fight
from rules.risk.state import Phase
from tests.rules.risk.position import BOARD, position

AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def test_a_two_in_three_fight_for_a_plain_territory_is_left_alone_after_the_turns_card():
    """Easy attacks 4 armies against 2 (3 attacking: a 66% fight); normal wants 75% for a territory
    worth nothing more once the turn's card is won, and ends its attacks."""
    assert round(fight(3, 2).win, 3) == 0.656
    state = position(
        holdings={
            "indonesia": (0, 4),
            "new_guinea": (0, 1),
            "western_australia": (0, 1),
            "eastern_australia": (0, 1),
            "siam": (1, 2),
        },
        conquered=True,
    )
    assert RiskAI(0).choose(state, 0) == Attack("indonesia", "siam", 3, until=2)
    assert not isinstance(RiskNormalAI(0).choose(state, 0), Attack)


def test_it_breaks_an_opponents_continent_at_those_odds():
    """The same 66% fight, into Australia held whole by seat 1: taking Indonesia costs them 2 armies a
    turn, so normal attacks, and stops while Siam can still hold (not a sure fight)."""
    australia = {t: (1, 2 if t == "indonesia" else 1) for t in AUSTRALIA}
    mine = {"siam": (0, 4), "china": (0, 1), "india": (0, 1)}
    state = position(holdings={**mine, **australia}, conquered=True)
    assert RiskNormalAI(0).choose(state, 0) == Attack("siam", "indonesia", 3, until=2)


def test_it_plays_for_the_continent_cheapest_to_take():
    """Europe (7 territories of 1 army for a bonus of 5) is cheaper per army of bonus than South
    America (4 + 4 armies for 2) or Asia; the reinforcements go to the stack on its border."""
    state = position(
        holdings={"ukraine": (0, 3), "brazil": (0, 3), "north_africa": (1, 6), "ural": (1, 6)},
        rest=(2, 1),
    )
    ai = RiskNormalAI(0)
    europe = next(i for i, c in enumerate(BOARD.continents) if c.id == "europe")
    assert ai._goal(state, 0, BOARD) == europe
    placing = replace(state, phase=Phase.REINFORCE, reinforcements=5)
    assert ai.choose(placing, 0) == PlaceArmies("ukraine", 5)

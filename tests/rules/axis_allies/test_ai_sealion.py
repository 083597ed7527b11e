"""The ``normal`` Axis's landing on London (``ai/sealion.py``) in set positions (``aa_position``):
with Moscow German and transports bought for the landing, the Luftwaffe strikes the British fleet in
the North Sea (London's only shore) before the other plans take it, and not at bad odds; the
transports are placed in the Baltic; the next turn the army boards them from Germany, sails and
lands, with the aircraft in reach."""

from __future__ import annotations

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, sealion
from rules.axis_allies.ai.survey import View, odds
from rules.axis_allies.state import AAState
from rules.core.dice import ScriptedRng
from tests.rules.axis_allies.aa_position import G, position, seat, units_in
from tests.rules.axis_allies.test_ai_normal import combat_move

LUFTWAFFE = {"fighter": 2, "bomber": 2}  # attack 14
GERMANY = {"factory": 1, "infantry": 6, "tank": 6} | LUFTWAFFE
WEAK_FLEET = {"battleship": 1, "carrier": 1}  # defence 7 in 3 hits
STRONG_FLEET = {"battleship": 2, "carrier": 2}  # defence 14 in 6 hits
LANDING = (("transport", 2),)  # transports bought this turn for the landing


def strike_turn(
    fleet: dict[str, int], bought: tuple[tuple[str, int], ...] = LANDING, west: int = 6
) -> AAState:
    """Germany's combat move, Moscow German: the British ``fleet`` in the North Sea, London held by
    4 infantry, West Europe British with ``west`` infantry (a producing territory the economic line
    fights for), the Luftwaffe in Germany."""
    units = {
        "North Sea Zone": {"uk": fleet},
        "West Europe": {"uk": {"infantry": west} if west else {}},
        "Germany": {"germany": GERMANY},
        "United Kingdom": {"uk": {"factory": 1, "infantry": 4}},
        "Russia": {"germany": {"infantry": 2}},
    }
    return position(units, owners={"Russia": "germany", "West Europe": "uk"}, bought=bought)


def test_with_transports_bought_for_london_the_luftwaffe_strikes_the_north_sea_fleet_first() -> None:
    assert odds(LUFTWAFFE, WEAK_FLEET, True)[0] >= sealion.STRIKE
    planned = strike_turn(WEAK_FLEET)
    first = AxisAlliesNormalAI().choose(planned, seat(planned))
    assert isinstance(first, Move) and first.path[-1] == "North Sea Zone"
    after, _ = combat_move(planned, AxisAlliesNormalAI())
    assert units_in(after, "North Sea Zone", "germany") == LUFTWAFFE
    # Without the landing planned, the economic line takes the Luftwaffe to West Europe instead.
    unplanned, _ = combat_move(strike_turn(WEAK_FLEET, bought=()), AxisAlliesNormalAI())
    assert units_in(unplanned, "North Sea Zone", "germany") == {}
    assert units_in(unplanned, "West Europe", "germany")["bomber"] == 2


def test_the_luftwaffe_does_not_strike_the_north_sea_fleet_at_bad_odds() -> None:
    assert odds(LUFTWAFFE, STRONG_FLEET, True)[0] < sealion.STRIKE
    after, actions = combat_move(strike_turn(STRONG_FLEET), AxisAlliesNormalAI())
    assert not any(isinstance(a, Move) and a.path[-1] == "North Sea Zone" for a in actions)
    assert units_in(after, "North Sea Zone", "germany") == {}


def test_after_the_strike_the_landing_transports_are_placed_in_the_baltic() -> None:
    state, _ = combat_move(strike_turn(WEAK_FLEET, west=0), AxisAlliesNormalAI())
    ai = AxisAlliesNormalAI()
    assert ai.choose(state, seat(state)) == Battle("North Sea Zone")
    # Scripted dice: the four aircraft hit (1s), sinking the battleship (two hits) and the carrier;
    # the two ships miss (6s); nothing else is fought.
    rng = ScriptedRng([1, 1, 1, 1, 6, 6])
    for _ in range(200):
        if state.power != G:
            break
        s = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, s, ai.choose(state, s), rng)
    assert rng.unused == 0 and not units_in(state, "North Sea Zone", "uk")
    assert units_in(state, "Baltic Sea Zone", "germany") == {"transport": 2}


def landing_turn(london: int) -> AAState:
    """Germany's next combat move: two empty transports in the Baltic, the North Sea clear, the army
    and the Luftwaffe in Germany, London held by ``london`` infantry."""
    units = {
        "Baltic Sea Zone": {"germany": {"transport": 2}},
        "Germany": {"germany": GERMANY},
        "United Kingdom": {"uk": {"factory": 1, "infantry": london}},
        "Russia": {"germany": {"infantry": 2}},
    }
    return position(units, owners={"Russia": "germany"})


def test_the_next_turn_the_army_boards_in_the_baltic_and_lands_on_london_with_the_luftwaffe() -> None:
    state = landing_turn(4)
    assert odds({"tank": 2} | LUFTWAFFE, {"infantry": 4}, False)[0] >= sealion.ODDS
    boarding = Move((("tank", 2),), ("Germany", "Baltic Sea Zone"))
    assert AxisAlliesNormalAI().choose(state, seat(state)) == boarding
    after, _ = combat_move(state, AxisAlliesNormalAI())
    landed = units_in(after, "United Kingdom", "germany")
    assert landed.get("tank") == 2 and landed.get("bomber", 0) + landed.get("fighter", 0) > 0
    # The easy AI has no landing from waters off London's shore.
    easy, _ = combat_move(state, AxisAlliesAI())
    assert units_in(easy, "United Kingdom", "germany") == {}


def test_no_landing_on_london_at_bad_odds() -> None:
    state = landing_turn(16)
    view = View(state, G)
    assert odds({"tank": 2} | LUFTWAFFE, {"infantry": 16}, False)[0] < sealion.ODDS
    assert sealion.landing(view) is None
    after, _ = combat_move(state, AxisAlliesNormalAI())
    assert units_in(after, "United Kingdom", "germany") == {}

"""The ``normal`` Japan's crossing to Western United States (``ai/crossing.py``) in set positions
(``aa_position``): the army Tokyo can spare is loaded and sails to wait one move from West US when it
would take it (not when West US is strong, and not as the easy AI ships), the easy AI's shipping leaves
the waiting transports alone, the next combat move lands them on West US, and Japan places next to
Washington once West US's factory is its own. The crossing is a bench option (``CROSSING`` 1), off in
the committed AI."""

from __future__ import annotations

import pytest

from rules.axis_allies.actions import EndPhase, Move, Place
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, crossing
from rules.axis_allies.ai.crossing import SAIL, STAGING
from rules.axis_allies.ai.survey import SEA_STEPS, odds
from rules.axis_allies.common import NAMES
from rules.axis_allies.state import AAState, Phase
from tests.rules.axis_allies.aa_position import idx, position, seat, units_in
from tests.rules.axis_allies.test_ai_convoy import play_phase


@pytest.fixture(autouse=True)
def crossing_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crossing, "CROSSING", 1)  # the bench's --set crossing.CROSSING=1


WEST = "West US"
SHORE = idx("West US Sea Zone")
# Tokyo unthreatened with 4 infantry and 2 tanks, three empty transports off Japan; West US held by one
# American infantry, Washington by two.
CROSSING = {
    "Japan": {"japan": {"factory": 1, "infantry": 4, "tank": 2}},
    "Japan Sea Zone": {"japan": {"transport": 3}},
    WEST: {"usa": {"factory": 1, "infantry": 1}},
    "East US": {"usa": {"factory": 1, "infantry": 2}},
    "Germany": {"germany": {"factory": 1, "infantry": 2}},
    "Russia": {"russia": {"factory": 1, "infantry": 2}},
    "United Kingdom": {"uk": {"factory": 1, "infantry": 2}},
}


def japanese_transports(state: AAState) -> dict[str, list[tuple[str, ...]]]:
    found: dict[str, list[tuple[str, ...]]] = {}
    for where, stacks in enumerate(state.units):
        for s in stacks:
            if s.power == 3 and s.unit == "transport":
                found.setdefault(NAMES[where], []).extend([s.cargo] * s.count)
    return found


def test_the_normal_japan_loads_its_army_and_sails_to_wait_one_move_from_west_us() -> None:
    state = position(CROSSING, power="japan", phase=Phase.NONCOMBAT_MOVE)
    # Two tanks and two infantry (the three transports' load) against one infantry and the margin.
    assert odds({"tank": 2, "infantry": 2}, {"infantry": 3}, False)[0] >= SAIL
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert not any(idx(z) in STAGING for z in japanese_transports(easy))  # the easy AI stays in Asia
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert actions[0] == Move((("tank", 2),), ("Japan", "Japan Sea Zone"))
    assert actions[1] == Move((("infantry", 2),), ("Japan", "Japan Sea Zone"))
    boats = japanese_transports(after)
    # All three wait together in the first staging zone one step from West US's waters (Hawaii's).
    assert list(boats) == ["Hawaii Sea Zone"]
    assert sorted(boats["Hawaii Sea Zone"]) == [("infantry", "infantry"), ("tank",), ("tank",)]
    assert SEA_STEPS[SHORE][idx("Hawaii Sea Zone")] == 1
    assert units_in(after, "Japan", "japan") == {"factory": 1, "infantry": 2}


def test_the_normal_japan_does_not_cross_to_a_strong_west_us() -> None:
    strong = CROSSING | {WEST: {"usa": {"factory": 1, "infantry": 6, "tank": 2}}}
    state = position(strong, power="japan", phase=Phase.NONCOMBAT_MOVE)
    assert odds({"tank": 2, "infantry": 2}, {"infantry": 8, "tank": 2}, False)[0] < SAIL
    after, _ = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert not any(idx(z) in STAGING for z in japanese_transports(after))


WAITING = {
    "Japan": {"japan": {"factory": 1, "infantry": 2}},
    "Hawaii Sea Zone": {"japan": {"transport:tank": 2, "transport:infantry+infantry": 1}},
    WEST: {"usa": {"factory": 1, "infantry": 1}},
    "East US": {"usa": {"factory": 1, "infantry": 2}},
    "Germany": {"germany": {"factory": 1, "infantry": 2}},
    "Russia": {"russia": {"factory": 1, "infantry": 2}},
    "United Kingdom": {"uk": {"factory": 1, "infantry": 2}},
    "Manchuria": {"japan": {"infantry": 1}},
    "Soviet Far East": {"russia": {"infantry": 1}},
}


def test_the_easy_shipping_leaves_the_waiting_crossing_alone() -> None:
    state = position(WAITING, power="japan", phase=Phase.NONCOMBAT_MOVE)
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert "Hawaii Sea Zone" not in japanese_transports(easy)  # the easy AI ships them off to Asia
    after, _ = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert sorted(japanese_transports(after)["Hawaii Sea Zone"]) == [
        ("infantry", "infantry"),
        ("tank",),
        ("tank",),
    ]


def test_the_next_combat_move_lands_the_crossing_on_west_us() -> None:
    state = position(WAITING, power="japan")
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions[-1] == EndPhase()
    landed = units_in(after, WEST, "japan")
    assert landed == {"infantry": 2, "tank": 2}


def test_with_west_us_japanese_japan_places_its_land_units_there_first() -> None:
    # Washington empty: no threat at West US, so the easy AI places at Japan, its own factory.
    units = CROSSING | {WEST: {"japan": {"factory": 1, "infantry": 2}}, "East US": {"usa": {"factory": 1}}}
    state = position(
        units,
        owners={WEST: "japan"},
        power="japan",
        phase=Phase.MOBILIZE,
        bought=(("infantry", 12), ("tank", 2)),
    )
    ai = AxisAlliesNormalAI()
    assert ai.choose(state, seat(state)) == Place((("infantry", 10),), WEST)  # West US produces 10
    assert AxisAlliesAI().choose(state, seat(state)) == Place((("infantry", 12),), "Japan")


def test_on_an_empty_west_us_the_whole_crossing_lands() -> None:
    # West US left with its factory alone: the easy AI's grab takes empty land with one unit already
    # ashore or aboard next to it, never sails waiting transports in; the crossing lands everything.
    empty = WAITING | {WEST: {"usa": {"factory": 1}}}
    state = position(empty, power="japan")
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.COMBAT_MOVE)
    assert not units_in(easy, WEST, "japan")
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions[0] == Move((("transport:infantry+infantry", 1),), ("Hawaii Sea Zone", "West US Sea Zone"))
    assert units_in(after, WEST, "japan") == {"factory": 1, "infantry": 2, "tank": 2}  # taken


def test_crossing_0_the_committed_value_ships_as_the_easy_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crossing, "CROSSING", 0)
    state = position(CROSSING, power="japan", phase=Phase.NONCOMBAT_MOVE)
    after, _ = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert not any(idx(z) in STAGING for z in japanese_transports(after))

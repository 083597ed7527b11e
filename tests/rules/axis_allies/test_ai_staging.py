"""The ``normal`` island Allies' staged shipping against Tokyo alone (``ai/staging.py``) in set
positions (``aa_position``): the Atlantic fleet lands London's army on West Canada, the Pacific coast
nearest Japan, in one turn; the Pacific fleet loads it there rather than sailing back to London; empty
transports cross to the Pacific only as far as the army staged lacks room there."""

from __future__ import annotations

import pytest

from rules.axis_allies.actions import EndPhase, Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, staging
from rules.axis_allies.ai.survey import View
from rules.axis_allies.common import NAMES
from rules.axis_allies.state import AAState, Phase
from tests.rules.axis_allies.aa_position import UK, idx, position, units_in
from tests.rules.axis_allies.test_ai_convoy import play_phase

# Tokyo Japanese; Moscow Soviet and safe (so the convoy to Moscow, ``ai.convoy``, stays off).
JAPAN = {
    "Japan": {"japan": {"factory": 1, "infantry": 10}},
    "Russia": {"russia": {"factory": 1, "infantry": 10}},
}
BERLIN = {"Germany": "uk"}  # Berlin British: Tokyo is the Allies' last goal


def uk_position(units: dict[str, dict[str, dict[str, int]]], **owners: str) -> AAState:
    return position(JAPAN | units, owners=BERLIN | owners, power="uk", phase=Phase.NONCOMBAT_MOVE, round=20)


def transports(state: AAState, where: str, cargo: tuple[str, ...] = ()) -> int:
    return sum(
        s.count
        for s in state.units[idx(where)]
        if s.power == UK and s.unit == "transport" and s.cargo == cargo
    )


def test_the_staging_lands_are_the_american_coasts_on_both_oceans() -> None:
    state = uk_position({})
    assert [NAMES[t] for t in staging.staging_lands(View(state, UK))] == [
        "Australia",
        "Mexico",
        "West Canada",
        "West US",
    ]
    assert staging.active(View(state, UK))
    berlin = position(JAPAN, power="uk", phase=Phase.NONCOMBAT_MOVE, round=20)
    assert not staging.active(View(berlin, UK))  # with Berlin German the easy AI's shipping


# London's army, four empty British transports in the North Sea.
LONDON = {
    "United Kingdom": {"uk": {"factory": 1, "infantry": 2, "tank": 4}},
    "North Sea Zone": {"uk": {"transport": 4}},
}


def test_the_atlantic_fleet_lands_londons_army_on_west_canada_in_one_turn() -> None:
    # Four empty British transports in West Canada's Pacific waters: room for what lands there.
    state = uk_position(LONDON | {"West Canada Sea Zone": {"uk": {"transport": 4}}})
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert "tank" not in units_in(easy, "West Canada", "uk")  # the easy AI sails for Japan's waters
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert actions[:3] == [
        Move((("tank", 4),), ("United Kingdom", "North Sea Zone")),
        Move((("transport:tank", 4),), ("North Sea Zone", "East Canada Sea Zone")),
        Move((("tank", 4),), ("East Canada Sea Zone", "West Canada")),
    ]
    assert units_in(after, "West Canada", "uk") == {"tank": 4}
    assert transports(after, "East Canada Sea Zone") == 4


def test_with_no_pacific_fleet_to_take_it_on_the_army_sails_for_japan_as_the_easy_ais() -> None:
    state = uk_position(LONDON)
    _, easy = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert actions[:2] == easy[:2]
    assert actions[1] == Move((("transport:tank", 4),), ("North Sea Zone", "Baltic Sea Zone"))


def test_stage_0_ships_as_the_easy_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(staging, "STAGE", 0)  # the bench's --set staging.STAGE=0
    state = uk_position(LONDON)
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    normal, _ = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert normal.units == easy.units


OFF_PANAMA = {
    "United Kingdom": {"uk": {"factory": 1, "tank": 10}},
    "West Canada": {"uk": {"tank": 4}},
    "West Panama Sea Zone": {"uk": {"transport": 3}},
}
CROSSING = {
    "United Kingdom": {"uk": {"factory": 1, "infantry": 1}},
    "West Canada": {"uk": {"tank": 4}},
    "North Sea Zone": {"uk": {"transport": 8}},
}


def test_the_pacific_fleet_loads_the_army_staged_and_does_not_sail_back_to_london() -> None:
    # Three empty British transports off Panama, on the Pacific side (two sea steps from West US's
    # zone, four from London's); four tanks staged in West Canada, ten waiting in London, where the
    # easy AI's empty transports sail (the most units waiting, within its reach).
    state = uk_position(OFF_PANAMA)
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert transports(easy, "East US Sea Zone") == 3  # on the way back to London
    assert units_in(easy, "West Canada", "uk") == {"tank": 4}
    after, _ = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert transports(after, "West US Sea Zone", ("tank",)) == 3
    assert units_in(after, "West Canada", "uk") == {"tank": 1}
    assert units_in(after, "United Kingdom", "uk") == {"factory": 1, "tank": 10}


def test_empty_transports_cross_to_the_pacific_only_as_far_as_the_army_staged_lacks_room() -> None:
    # Four tanks staged in West Canada (8 slots) and no British transport in the Pacific; eight
    # empty transports in the North Sea, London kept by its one infantry.
    state = uk_position(CROSSING)
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    # Four cross (by the Panama canal), four stay in London's waters.
    assert actions == [
        Move((("transport:empty", 4),), ("North Sea Zone", "East Canada Sea Zone", "East US Sea Zone")),
        EndPhase(),
    ]
    assert staging.steps(idx("Japan"), idx("East US Sea Zone")) <= staging.TRANSIT  # Pacific room now


def test_with_nothing_staged_a_third_of_the_transports_go_back_to_the_atlantic() -> None:
    # Every British transport (six, empty) on the Pacific side, nothing staged, London's army
    # waiting with none to ship it: two (a third, ``EAST``) sail back for London, four stay.
    state = uk_position(
        {
            "United Kingdom": {"uk": {"factory": 1, "infantry": 1, "tank": 4}},
            "West Canada Sea Zone": {"uk": {"transport": 6}},
        }
    )
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    east = [a for a in actions if isinstance(a, Move) and a.units[0][0] == "transport:empty"]
    # By the Panama canal (London is eight sea steps away).
    assert east == [
        Move((("transport:empty", 2),), ("West Canada Sea Zone", "West US Sea Zone", "Mexico Sea Zone"))
    ]
    assert transports(after, "West Canada Sea Zone") == 4


def test_the_american_army_at_washington_walks_to_west_us_keeping_the_capitals_guard() -> None:
    state = position(
        JAPAN
        | {
            "East US": {"usa": {"factory": 1, "infantry": 4}},
            "West US": {"usa": {"factory": 1}},
        },
        owners={"Germany": "usa"},
        power="usa",
        phase=Phase.NONCOMBAT_MOVE,
        round=20,
    )
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert units_in(easy, "West US", "usa") == {"factory": 1}  # no front in America: it stays
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert actions[0] == Move((("infantry", 3),), ("East US", "West US"))
    assert units_in(after, "East US", "usa") == {"factory": 1, "infantry": 1}

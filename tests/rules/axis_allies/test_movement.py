"""Movement rule cases: land, blitz, sea, canals, neutrals, the Russian restriction, aircraft range and
landing, AA fire over enemy territory. Positions are built by hand; dice are scripted."""

from __future__ import annotations

import pytest

from rules.axis_allies import RULES
from rules.axis_allies.actions import EndPhase, Move
from rules.axis_allies.combat.events import Volley
from rules.axis_allies.events import NeutralEntered, TerritoryCaptured, UnitsLost, UnitsMoved
from rules.axis_allies.state import COMBAT, AAOptions, Phase
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import NONE, idx, owner, position, seat, units_in


def go(state, units, *path, rng=NONE, bomb=False):
    return RULES.apply(state, seat(state), Move(tuple(units.items()), tuple(path), bomb), rng)


def refused(state, units, *path, bomb=False, rng=NONE):
    with pytest.raises(IllegalAction) as caught:
        go(state, units, *path, bomb=bomb, rng=rng)
    return caught.value.code


# ---- land ------------------------------------------------------------------------------------------


def test_infantry_moves_one_territory():
    state = position({"East Europe": {"germany": {"infantry": 2}}})
    state, _ = go(state, {"infantry": 2}, "East Europe", "Germany")
    assert units_in(state, "Germany") == {"infantry": 2} and units_in(state, "East Europe") == {}
    assert refused(state, {"infantry": 1}, "Germany", "West Europe") == "not_enough_units"


def test_a_move_must_follow_borders():
    state = position({"Germany": {"germany": {"tank": 1}}})
    assert refused(state, {"tank": 1}, "Germany", "Karelia S.S.R.", "Ukraine S.S.R.") == "not_adjacent"
    # Russia is 3 spaces away: a route exists, and the refusal says the tank cannot go that far.
    assert refused(state, {"tank": 1}, "Germany", "Moscow") == "not_enough_units"


def test_a_move_naming_only_its_ends_takes_the_first_shortest_route_the_rules_accept():
    """Of the shortest routes, the first the movement rules allow is taken, and the event records it;
    when none is allowed (the only one runs through Russian-held East Europe in a non-combat move),
    the first route's refusal says why (issue 29: it said the two ends do not border)."""
    state = position(
        {"Germany": {"germany": {"tank": 1}}, "East Europe": {"russia": {"infantry": 1}}},
        owners={"East Europe": "russia"},
        phase=Phase.NONCOMBAT_MOVE,
    )
    assert refused(state, {"tank": 1}, "Germany", "Ukraine S.S.R.") == "hostile_path"
    state = position({"Germany": {"germany": {"tank": 1}}}, phase=Phase.NONCOMBAT_MOVE)
    after, events = go(state, {"tank": 1}, "Germany", "Ukraine S.S.R.")
    assert units_in(after, "Ukraine S.S.R.") == {"tank": 1}
    (moved,) = [e for e in events if isinstance(e, UnitsMoved)]
    assert moved.path == ("Germany", "East Europe", "Ukraine S.S.R.")


def test_land_units_naming_only_their_ends_ride_a_transport_when_they_cannot_walk():
    """No land route from Japan to Manchuria: the shortest route over a sea zone, on the transport
    there, is taken (load and unload in one move)."""
    state = position(
        {"Japan": {"japan": {"infantry": 2}}, "Japan Sea Zone": {"japan": {"transport": 1}}},
        owners={"Manchuria": "japan"},
        power="japan",
        phase=Phase.NONCOMBAT_MOVE,
    )
    after, events = go(state, {"infantry": 2}, "Japan", "Manchuria")
    (moved,) = [e for e in events if isinstance(e, UnitsMoved)]
    assert moved.path == ("Japan", "Japan Sea Zone", "Manchuria") and moved.how == "bridge"
    assert units_in(after, "Manchuria") == {"infantry": 2}


def test_tanks_move_two_and_units_may_move_in_several_steps():
    state = position({"Germany": {"germany": {"tank": 1}}}, phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"tank": 1}, "Germany", "East Europe")
    state, _ = go(state, {"tank": 1}, "East Europe", "Ukraine S.S.R.")
    assert units_in(state, "Ukraine S.S.R.") == {"tank": 1}
    assert refused(state, {"tank": 1}, "Ukraine S.S.R.", "East Europe") == "not_enough_units"


def test_entering_an_empty_enemy_territory_captures_it():
    state = position({"Ukraine S.S.R.": {"germany": {"infantry": 1}}, "Caucasus": {}})
    state, events = go(state, {"infantry": 1}, "Ukraine S.S.R.", "Caucasus")
    assert owner(state, "Caucasus") == "germany"
    assert TerritoryCaptured("germany", "Caucasus", "russia", "germany") in events
    assert idx("Caucasus") in state.captured


def test_tanks_blitz_through_an_empty_enemy_territory():
    state = position({"Ukraine S.S.R.": {"germany": {"tank": 1}}, "Russia": {"russia": {"infantry": 1}}})
    state, _ = go(state, {"tank": 1}, "Ukraine S.S.R.", "Caucasus", "Russia")
    assert owner(state, "Caucasus") == "germany", "blitzed through"
    assert units_in(state, "Russia") == {"infantry": 1, "tank": 1} and owner(state, "Russia") == "russia"
    assert idx("Russia") not in state.captured


def test_no_blitz_through_defended_territory_or_by_infantry():
    state = position(
        {"Ukraine S.S.R.": {"germany": {"tank": 1, "infantry": 1}}, "Caucasus": {"russia": {"infantry": 1}}}
    )
    assert refused(state, {"tank": 1}, "Ukraine S.S.R.", "Caucasus", "Russia") == "blitz_blocked"
    state = position({"Ukraine S.S.R.": {"germany": {"tank": 1, "infantry": 1}}})
    assert refused(state, {"tank": 1, "infantry": 1}, "Ukraine S.S.R.", "Caucasus", "Russia") in (
        "not_enough_units",
        "blitz_tanks",
    )


def test_moving_into_enemy_units_is_a_battle_and_the_units_stay():
    state = position({"Ukraine S.S.R.": {"germany": {"tank": 2}}, "Caucasus": {"russia": {"infantry": 1}}})
    state, _ = go(state, {"tank": 2}, "Ukraine S.S.R.", "Caucasus")
    assert owner(state, "Caucasus") == "russia"
    assert refused(state, {"tank": 1}, "Caucasus", "Ukraine S.S.R.") == "not_enough_units"
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert state.phase is Phase.COMBAT and state.battles == (idx("Caucasus"),)


def test_non_combat_moves_stay_in_friendly_territory():
    state = position({"Ukraine S.S.R.": {"germany": {"tank": 1}}}, phase=Phase.NONCOMBAT_MOVE)
    assert refused(state, {"tank": 1}, "Ukraine S.S.R.", "Caucasus") == "hostile_destination"
    assert refused(state, {"tank": 1}, "Ukraine S.S.R.", "Caucasus", "Russia") == "hostile_path"


def test_units_that_moved_in_the_combat_move_stay_put_in_the_non_combat_move():
    state = position({"Germany": {"germany": {"infantry": 1, "fighter": 1}}})
    state, _ = go(state, {"infantry": 1}, "Germany", "West Europe")
    state = state.__class__(
        **{**{f: getattr(state, f) for f in state.__struct_fields__}, "phase": Phase.NONCOMBAT_MOVE}
    )
    assert refused(state, {"infantry": 1}, "West Europe", "Germany") == "not_enough_units"


def test_aa_guns_do_not_attack():
    state = position({"Ukraine S.S.R.": {"germany": {"aa_gun": 1}}})
    assert refused(state, {"aa_gun": 1}, "Ukraine S.S.R.", "Caucasus") == "aa_no_attack"


def test_factories_never_move():
    state = position({"Germany": {"germany": {"factory": 1}}})
    assert refused(state, {"factory": 1}, "Germany", "West Europe") == "immobile"


# ---- neutrals --------------------------------------------------------------------------------------


def test_the_first_power_into_a_neutral_pays_3_ipcs_and_takes_it():
    state = position({"Caucasus": {"russia": {"infantry": 2}}}, power="russia", ipcs={"russia": 10})
    state, events = go(state, {"infantry": 1}, "Caucasus", "Turkey")
    assert owner(state, "Turkey") == "russia" and state.ipcs[0] == 7
    assert NeutralEntered("russia", "Turkey", 3) in events
    state, _ = go(state, {"infantry": 1}, "Caucasus", "Turkey")
    assert state.ipcs[0] == 7, "entering again is free"


def test_a_neutral_costs_ipcs_you_must_have_and_is_entered_in_the_combat_move():
    state = position({"Caucasus": {"russia": {"infantry": 1}}}, power="russia", ipcs={"russia": 2})
    assert refused(state, {"infantry": 1}, "Caucasus", "Turkey") == "neutral_charge"
    state = position({"Caucasus": {"russia": {"infantry": 1}}}, power="russia", phase=Phase.NONCOMBAT_MOVE)
    assert refused(state, {"infantry": 1}, "Caucasus", "Turkey") == "hostile_destination"


def test_units_stop_in_a_neutral_and_aircraft_do_not_fly_over_one():
    state = position({"Caucasus": {"russia": {"tank": 1, "fighter": 1}}}, power="russia")
    assert refused(state, {"tank": 1}, "Caucasus", "Turkey", "Syria Jordan") == "neutral_stop"
    assert refused(state, {"fighter": 1}, "Caucasus", "Turkey", "Syria Jordan") == "neutral_airspace"


# ---- the Russian restriction -----------------------------------------------------------------------


def test_russia_may_not_attack_in_its_first_turn_with_the_option():
    options = AAOptions(russia_restricted=True)
    state = position(
        {"Karelia S.S.R.": {"russia": {"infantry": 1}}}, power="russia", round=1, options=options
    )
    assert refused(state, {"infantry": 1}, "Karelia S.S.R.", "East Europe") == "russia_restricted"
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    state, _ = go(state, {"infantry": 1}, "Karelia S.S.R.", "Russia")  # non-combat moves are allowed
    later = position(
        {"Karelia S.S.R.": {"russia": {"infantry": 1}}}, power="russia", round=2, options=options
    )
    go(later, {"infantry": 1}, "Karelia S.S.R.", "Ukraine S.S.R.")
    free = position({"Karelia S.S.R.": {"russia": {"infantry": 1}}}, power="russia", round=1)
    go(free, {"infantry": 1}, "Karelia S.S.R.", "Ukraine S.S.R.")


# ---- sea -------------------------------------------------------------------------------------------


def test_ships_move_two_sea_zones():
    state = position({"Baltic Sea Zone": {"germany": {"battleship": 1}}}, phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"battleship": 1}, "Baltic Sea Zone", "North Sea Zone", "Karelia Sea Zone")
    assert units_in(state, "Karelia Sea Zone") == {"battleship": 1}
    state = position({"Baltic Sea Zone": {"germany": {"battleship": 1}}}, phase=Phase.NONCOMBAT_MOVE)
    assert refused(state, {"battleship": 1}, "Baltic Sea Zone", "North Sea Zone", "Eire") == "sea_only"


def test_the_first_zone_must_be_free_of_enemy_ships_unless_submarine():
    units = {
        "Baltic Sea Zone": {"germany": {"battleship": 1, "submarine": 1}},
        "North Sea Zone": {"uk": {"transport": 1}},
    }
    state = position(units)
    assert (
        refused(state, {"battleship": 1}, "Baltic Sea Zone", "North Sea Zone", "Karelia Sea Zone")
        == "zone_blocked"
    )
    state, _ = go(state, {"submarine": 1}, "Baltic Sea Zone", "North Sea Zone", "Karelia Sea Zone")
    assert units_in(state, "Karelia Sea Zone") == {"submarine": 1}


def test_ships_entering_enemy_ships_fight_and_only_in_the_combat_move():
    units = {"Baltic Sea Zone": {"germany": {"battleship": 1}}, "North Sea Zone": {"uk": {"transport": 1}}}
    state, _ = go(position(units), {"battleship": 1}, "Baltic Sea Zone", "North Sea Zone")
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert state.battles == (idx("North Sea Zone"),)
    assert (
        refused(
            position(units, phase=Phase.NONCOMBAT_MOVE),
            {"battleship": 1},
            "Baltic Sea Zone",
            "North Sea Zone",
        )
        == "hostile_zone"
    )


def test_canals_need_both_canal_territories_held_by_your_side_when_the_turn_began():
    units = {"East Mediteranean Sea Zone": {"uk": {"battleship": 1}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"battleship": 1}, "East Mediteranean Sea Zone", "Red Sea Zone")
    shut = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE, owners={"Syria Jordan": "germany"})
    assert refused(shut, {"battleship": 1}, "East Mediteranean Sea Zone", "Red Sea Zone") == "canal_closed"
    allied = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE, owners={"Syria Jordan": "usa"})
    go(allied, {"battleship": 1}, "East Mediteranean Sea Zone", "Red Sea Zone")
    panama = position(
        {"Carribean Sea Zone": {"japan": {"submarine": 1}}}, power="japan", phase=Phase.NONCOMBAT_MOVE
    )
    assert refused(panama, {"submarine": 1}, "Carribean Sea Zone", "West Panama Sea Zone") == "canal_closed"


# ---- air -------------------------------------------------------------------------------------------


def test_fighters_attack_with_a_landing_in_reach():
    units = {"Germany": {"germany": {"fighter": 1}}, "Karelia S.S.R.": {"russia": {"infantry": 1}}}
    state, _ = go(position(units), {"fighter": 1}, "Germany", "East Europe", "Karelia S.S.R.")
    assert units_in(state, "Karelia S.S.R.", "germany") == {"fighter": 1}


def test_aircraft_need_a_landing_planned_before_the_move():
    units = {"Germany": {"germany": {"fighter": 1}}, "Russia": {"russia": {"infantry": 1}}}
    # Germany -> East Europe -> Karelia -> Russia is 3; only 1 left, and Russia is enemy all around.
    state = position(
        units, owners={"Karelia S.S.R.": "russia", "East Europe": "russia", "Ukraine S.S.R.": "russia"}
    )
    assert (
        refused(state, {"fighter": 1}, "Germany", "East Europe", "Karelia S.S.R.", "Russia") == "no_landing"
    )


def test_aircraft_cannot_land_where_they_fought_if_it_was_taken_this_turn():
    units = {"Germany": {"germany": {"bomber": 1}}, "Karelia S.S.R.": {"russia": {"infantry": 1}}}
    state = position(
        units,
        owners={
            "East Europe": "russia",
            "Ukraine S.S.R.": "russia",
            "Finland Norway": "russia",
            "Baltic Sea Zone": None,
        },
    )
    # 6 moves: 2 to Karelia, 4 left: Germany is reachable, so this is fine.
    state, _ = go(state, {"bomber": 1}, "Germany", "Baltic Sea Zone", "Karelia S.S.R.")


def test_a_fighter_may_count_on_a_carrier_moved_earlier_in_the_combat_move_only():
    # The document's FAQ: a fighter may land on a carrier that moved "only if the carrier's movement
    # was declared during combat movement"; a carrier that might sail there later does not count.
    units = {
        "Germany": {"germany": {"fighter": 1}},
        "West Mediteranean Sea Zone": {"germany": {"carrier": 1}},
        "North Atlantic Sea Zone": {"uk": {"transport": 1}},
    }
    state = position(units)
    attack = ("Germany", "West Europe", "West Spain Sea Zone", "North Atlantic Sea Zone")
    assert refused(state, {"fighter": 1}, *attack) == "no_landing"  # 1 move left, nothing in reach yet
    state, _ = go(state, {"carrier": 1}, "West Mediteranean Sea Zone", "West Spain Sea Zone")
    state, _ = go(state, {"fighter": 1}, *attack)
    assert units_in(state, "North Atlantic Sea Zone", "germany") == {"fighter": 1}


def test_aircraft_cannot_capture_territory():
    state = position({"Germany": {"germany": {"fighter": 1}}})
    assert refused(state, {"fighter": 1}, "Germany", "East Europe", "Karelia S.S.R.") == "nothing_to_attack"


def test_bombers_cannot_land_on_carriers():
    units = {"Germany": {"germany": {"bomber": 1}}, "North Sea Zone": {"germany": {"carrier": 1}}}
    state = position(units, phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"bomber": 1}, "Germany", "Baltic Sea Zone", "North Sea Zone")
    state, events = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert UnitsLost("germany", "North Sea Zone", (("bomber", 1),), "no place to land") in events


def test_fighters_land_on_carriers_with_room():
    units = {"Germany": {"germany": {"fighter": 3}}, "North Sea Zone": {"germany": {"carrier": 1}}}
    state = position(units, phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"fighter": 3}, "Germany", "Baltic Sea Zone", "North Sea Zone")
    state, events = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert units_in(state, "North Sea Zone") == {"carrier": 1, "fighter": 2}
    assert UnitsLost("germany", "North Sea Zone", (("fighter", 1),), "no place to land") in events


def test_a_move_ending_with_no_range_must_end_on_a_landing():
    units = {"Germany": {"germany": {"fighter": 1}}}
    state = position(units, phase=Phase.NONCOMBAT_MOVE)
    assert refused(
        state,
        {"fighter": 1},
        "Germany",
        "Baltic Sea Zone",
        "North Sea Zone",
        "Karelia Sea Zone",
        "Karelia S.S.R.",
    ) in ("hostile_destination", "no_landing")
    assert (
        refused(
            state,
            {"fighter": 1},
            "Germany",
            "Baltic Sea Zone",
            "North Sea Zone",
            "East Canada Sea Zone",
            "West Spain Sea Zone",
        )
        == "no_landing"
    )


def test_aircraft_may_not_land_in_territory_taken_this_turn():
    state = position(
        {"Ukraine S.S.R.": {"germany": {"infantry": 1, "fighter": 1}}},
        phase=Phase.COMBAT_MOVE,
    )
    state, _ = go(state, {"infantry": 1}, "Ukraine S.S.R.", "Caucasus")
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)  # no battles: straight to non-combat
    assert state.phase is Phase.NONCOMBAT_MOVE
    state, _ = go(state, {"fighter": 1}, "Ukraine S.S.R.", "Caucasus")
    state, events = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert UnitsLost("germany", "Caucasus", (("fighter", 1),), "no place to land") in events


def test_aa_guns_fire_at_aircraft_flying_over():
    units = {
        "Germany": {"germany": {"bomber": 1, "fighter": 1}},
        "Karelia S.S.R.": {"russia": {"aa_gun": 1}},
        "Russia": {"russia": {"infantry": 1}},
    }
    state = position(units, owners={"Caucasus": "germany"})
    # Over Karelia (Russian AA): two dice, a 1 downs the fighter (the cheaper loss).
    state, events = go(
        state,
        {"bomber": 1, "fighter": 1},
        "Germany",
        "East Europe",
        "Karelia S.S.R.",
        "Russia",
        rng=ScriptedRng([1, 4]),
    )
    assert units_in(state, "Russia", "germany") == {"bomber": 1}
    assert any(isinstance(e, Volley) and e.step == "aa" and e.hits == 1 for e in events)
    assert UnitsLost("germany", "Russia", (("fighter", 1),), "shot down by AA fire") in events


def test_aa_guns_hold_fire_at_aircraft_flying_over_in_the_non_combat_move():
    # The published Classic rules fire at overflying aircraft "during the combat movement phase".
    units = {"Germany": {"germany": {"fighter": 1}}, "Karelia S.S.R.": {"russia": {"aa_gun": 1}}}
    state = position(units, owners={"Caucasus": "germany"}, phase=Phase.NONCOMBAT_MOVE)
    path = ("Germany", "East Europe", "Karelia S.S.R.", "Russia", "Caucasus")
    state, events = go(state, {"fighter": 1}, *path)  # NONE: any die rolled would fail the test
    assert units_in(state, "Caucasus", "germany") == {"fighter": 1}
    assert not any(isinstance(e, Volley) for e in events)


def test_strategic_bombing_raid_costs_the_owner_ipcs():
    units = {"Germany": {"germany": {"bomber": 1}}, "United Kingdom": {"uk": {"factory": 1, "infantry": 1}}}
    state = position(units, ipcs={"uk": 20})
    state, _ = go(
        state, {"bomber": 1}, "Germany", "West Europe", "North Sea Zone", "United Kingdom", bomb=True
    )
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert state.battles == (idx("United Kingdom"),)
    from rules.axis_allies.actions import Battle

    state, _ = RULES.apply(state, seat(state), Battle("United Kingdom"), ScriptedRng([5]))
    assert state.ipcs[2] == 15 and state.phase is Phase.NONCOMBAT_MOVE
    assert units_in(state, "United Kingdom", "germany") == {"bomber": 1}


def test_only_bombers_raid_and_only_factories():
    state = position({"Germany": {"germany": {"fighter": 1, "bomber": 1}}})
    assert refused(state, {"fighter": 1}, "Germany", "East Europe", bomb=True) == "bombers_only"
    assert refused(
        state, {"bomber": 1}, "Germany", "East Europe", "Karelia S.S.R.", "Ukraine S.S.R.", bomb=True
    ) in (
        "no_factory",
        "not_adjacent",
    )


def test_combat_flag_marks_units_moved_in_the_combat_move():
    state = position({"Germany": {"germany": {"infantry": 1}}})
    state, _ = go(state, {"infantry": 1}, "Germany", "West Europe")
    assert all(s.flags & COMBAT for s in state.units[idx("West Europe")])


def test_allied_fighters_aboard_move_with_the_carrier():
    units = {"North Sea Zone": {"uk": {"carrier": 1}, "usa": {"fighter": 2}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"carrier": 1}, "North Sea Zone", "Karelia Sea Zone")
    assert units_in(state, "Karelia Sea Zone", "usa") == {"fighter": 2}
    assert units_in(state, "North Sea Zone") == {}

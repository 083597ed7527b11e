"""Transports: loading, capacity, moving with cargo, unloading, the bridge, amphibious assaults (also past
enemy ships), no retreat for landed units, and shore bombardment."""

from __future__ import annotations

import pytest

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, EndPhase, Move, Retreat
from rules.axis_allies.events import AmphibiousDeclared, TerritoryCaptured
from rules.axis_allies.state import AMPHIBIOUS, UNLOADED, Phase
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import NONE, idx, owner, position, seat, units_in


def go(state, units, *path, rng=NONE):
    return RULES.apply(state, seat(state), Move(tuple(units.items()), tuple(path)), rng)


def act(state, action, rng=NONE):
    return RULES.apply(state, RULES.to_act(state)[0], action, rng)


def refused(state, units, *path):
    with pytest.raises(IllegalAction) as caught:
        go(state, units, *path)
    return caught.value.code


def cargo(state, zone):
    return sorted(s.cargo for s in state.units[idx(zone)] if s.unit == "transport" for _ in range(s.count))


UK_HOME = {
    "United Kingdom": {"uk": {"infantry": 3, "tank": 1, "aa_gun": 1}},
    "North Sea Zone": {"uk": {"transport": 2}},
}


def test_loading_two_infantry_or_one_tank_or_aa_gun_and_infantry():
    state = position(UK_HOME, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"infantry": 2}, "United Kingdom", "North Sea Zone")
    assert cargo(state, "North Sea Zone") == [(), ("infantry", "infantry")]
    state, _ = go(state, {"tank": 1}, "United Kingdom", "North Sea Zone")
    assert cargo(state, "North Sea Zone") == [("infantry", "infantry"), ("tank",)]
    assert refused(state, {"infantry": 1}, "United Kingdom", "North Sea Zone") == "no_room"


def test_an_aa_gun_rides_with_one_infantry_but_not_with_a_tank():
    state = position(UK_HOME, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state, _ = go(state, {"aa_gun": 1, "infantry": 1}, "United Kingdom", "North Sea Zone")
    assert ("aa_gun", "infantry") in cargo(state, "North Sea Zone")
    state, _ = go(state, {"tank": 1}, "United Kingdom", "North Sea Zone")
    assert cargo(state, "North Sea Zone") == [("aa_gun", "infantry"), ("tank",)]


def test_land_units_board_only_their_own_powers_transports():
    # A choice where the document is silent: an American transport does not carry British infantry.
    units = {"United Kingdom": {"uk": {"infantry": 1}}, "North Sea Zone": {"usa": {"transport": 1}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    assert refused(state, {"infantry": 1}, "United Kingdom", "North Sea Zone") == "no_transport"


def test_no_transport_no_load_and_no_loading_among_enemy_ships():
    state = position({"United Kingdom": {"uk": {"infantry": 1}}}, power="uk", phase=Phase.NONCOMBAT_MOVE)
    assert refused(state, {"infantry": 1}, "United Kingdom", "North Sea Zone") == "no_transport"
    state = position(
        {**UK_HOME, "North Sea Zone": {"uk": {"transport": 1}, "germany": {"submarine": 1}}}, power="uk"
    )
    assert refused(state, {"infantry": 1}, "United Kingdom", "North Sea Zone") == "hostile_zone"


def test_transports_carry_their_cargo_and_unload_into_friendly_territory():
    units = {"North Sea Zone": {"uk": {"transport:infantry+infantry": 1}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE, owners={"West Europe": "uk"})
    state, _ = go(state, {"transport": 1}, "North Sea Zone", "Baltic Sea Zone")
    assert cargo(state, "Baltic Sea Zone") == [("infantry", "infantry")]
    state, _ = go(state, {"infantry": 2}, "Baltic Sea Zone", "West Europe")
    assert units_in(state, "West Europe", "uk") == {"infantry": 2}
    boat = next(s for s in state.units[idx("Baltic Sea Zone")] if s.unit == "transport")
    assert boat.cargo == () and boat.flags & UNLOADED
    assert refused(state, {"transport": 1}, "Baltic Sea Zone", "North Sea Zone") == "not_enough_units"


def test_unloaded_units_move_no_further():
    units = {"North Sea Zone": {"uk": {"transport:tank": 1}}}
    state = position(
        units, power="uk", phase=Phase.NONCOMBAT_MOVE, owners={"West Europe": "uk", "Germany": "uk"}
    )
    state, _ = go(state, {"tank": 1}, "North Sea Zone", "West Europe")
    assert refused(state, {"tank": 1}, "West Europe", "Germany") == "not_enough_units"


def test_the_bridge_loads_and_unloads_without_the_transport_moving():
    units = {"United Kingdom": {"uk": {"infantry": 2}}, "North Sea Zone": {"uk": {"transport": 1}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE, owners={"Eire": "uk"})
    state, _events = go(state, {"infantry": 2}, "United Kingdom", "North Sea Zone", "Eire")
    assert units_in(state, "Eire", "uk") == {"infantry": 2} and cargo(state, "North Sea Zone") == [()]


def test_non_combat_unloading_only_into_friendly_territory():
    units = {"North Sea Zone": {"uk": {"transport:infantry": 1}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    assert refused(state, {"infantry": 1}, "North Sea Zone", "West Europe") == "hostile_destination"


def test_amphibious_assault_on_an_empty_territory_takes_it():
    units = {"North Sea Zone": {"uk": {"transport:infantry+infantry": 1}}}
    state = position(units, power="uk")
    state, events = go(state, {"infantry": 2}, "North Sea Zone", "West Europe")
    assert owner(state, "West Europe") == "uk"
    assert TerritoryCaptured("uk", "West Europe", "germany", "uk") in events
    assert all(s.flags & AMPHIBIOUS for s in state.units[idx("West Europe")] if s.power == 2)


def test_amphibious_assault_fights_and_landed_units_cannot_retreat():
    units = {
        "North Sea Zone": {"uk": {"transport:infantry+infantry": 1}},
        "West Europe": {"germany": {"infantry": 2}},
    }
    state = position(units, power="uk")
    state, _ = go(state, {"infantry": 2}, "North Sea Zone", "West Europe")
    state, _ = act(state, EndPhase())
    # Round 1: UK infantry [6 6], German infantry [6 6]: nobody hits, and nobody is asked to retreat;
    # round 2: [1 1] against [6 6] takes the territory.
    state, _ = act(state, Battle("West Europe"), ScriptedRng([6, 6, 6, 6, 1, 1, 6, 6]))
    assert state.battle is None and owner(state, "West Europe") == "uk"
    with pytest.raises(IllegalAction):
        act(state, Retreat("North Sea Zone"))


def test_amphibious_assault_past_enemy_ships_waits_for_the_sea_battle():
    units = {
        "United Kingdom": {"uk": {"infantry": 2}},
        "North Sea Zone": {"uk": {"transport": 1, "battleship": 1}},
        "Baltic Sea Zone": {"germany": {"submarine": 1}},
    }
    state = position(units, power="uk")
    state, _ = go(state, {"infantry": 2}, "United Kingdom", "North Sea Zone")
    state, _ = go(
        state, {"transport:infantry+infantry": 1, "battleship": 1}, "North Sea Zone", "Baltic Sea Zone"
    )
    state, events = go(state, {"infantry": 2}, "Baltic Sea Zone", "Germany")
    assert AmphibiousDeclared("uk", (("infantry", 2),), "Baltic Sea Zone", "Germany") in events
    state, _ = act(state, EndPhase())
    assert state.battles == (idx("Germany"), idx("Baltic Sea Zone"))
    with pytest.raises(IllegalAction) as first:
        act(state, Battle("Germany"))
    assert first.value.code == "sea_battle_first"
    # Sea battle: battleship [1] hits (transport rolls nothing); the sub [6] misses.
    state, _ = act(state, Battle("Baltic Sea Zone"), ScriptedRng([1, 6]))
    assert owner(state, "Germany") == "uk", "the cargo landed in empty Germany and took it"
    assert units_in(state, "Germany", "uk") == {"infantry": 2}
    assert state.phase is Phase.NONCOMBAT_MOVE


def test_cargo_is_lost_with_its_transport():
    units = {
        "North Sea Zone": {"uk": {"transport:infantry+infantry": 1}},
        "Baltic Sea Zone": {"germany": {"battleship": 1}},
        "Germany": {"germany": {"infantry": 1}},
    }
    state = position(units, power="uk")
    state, _ = go(state, {"transport:infantry+infantry": 1}, "North Sea Zone", "Baltic Sea Zone")
    state, _ = go(state, {"infantry": 2}, "Baltic Sea Zone", "Germany")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Baltic Sea Zone"), ScriptedRng([2]))  # battleship hits the transport
    assert units_in(state, "Baltic Sea Zone") == {"battleship": 1}
    assert units_in(state, "Germany", "uk") == {} and state.battles == ()
    assert state.phase is Phase.NONCOMBAT_MOVE


def test_battleships_bombard_an_amphibious_assault_once():
    units = {
        "North Sea Zone": {"uk": {"transport:infantry": 1, "battleship": 1}},
        "West Europe": {"germany": {"infantry": 1}},
    }
    state = position(units, power="uk")
    state, _ = go(state, {"infantry": 1}, "North Sea Zone", "West Europe")
    state, _ = act(state, EndPhase())
    # bombardment [3] hits; infantry attack [6]; the German infantry fires back [6] (casualties fire).
    state, events = act(state, Battle("West Europe"), ScriptedRng([3, 6, 6]))
    assert owner(state, "West Europe") == "uk"
    assert any(getattr(e, "step", "") == "bombard" for e in events)


def test_unloading_ends_the_transports_move_in_the_combat_move_too():
    units = {"North Sea Zone": {"uk": {"transport:infantry+infantry": 1}}}
    state = position(units, power="uk", owners={"Eire": "uk"})
    state, _ = go(state, {"infantry": 1}, "North Sea Zone", "Eire")
    assert refused(state, {"transport": 1}, "North Sea Zone", "Baltic Sea Zone") == "not_enough_units"
    state, _ = go(state, {"infantry": 1}, "North Sea Zone", "Eire")


def test_aa_guns_move_only_in_the_non_combat_move_though_aboard_they_sail_in_the_combat_move():
    """TripleA refuses any combat-move route of an AA gun that starts or ends on land ("Cannot move AA
    guns in combat movement phase"): no march, no loading, no landing, no bridge. One already aboard
    sails with its transport. In the non-combat move each of these is allowed."""
    state = position(
        {"Germany": {"germany": {"aa_gun": 1}}},
        owners={"West Europe": "germany"},
    )
    assert refused(state, {"aa_gun": 1}, "Germany", "West Europe") == "aa_combat_move"
    assert refused(position(UK_HOME, power="uk"), {"aa_gun": 1}, "United Kingdom", "North Sea Zone") == (
        "aa_combat_move"
    )
    owners = {"West Europe": "uk"}
    home = position(UK_HOME, power="uk", owners=owners)
    assert refused(home, {"aa_gun": 1}, "United Kingdom", "North Sea Zone", "West Europe") == "aa_combat_move"
    aboard = position({"North Sea Zone": {"uk": {"transport:aa_gun+infantry": 1}}}, power="uk", owners=owners)
    sailed, _ = go(aboard, {"transport": 1}, "North Sea Zone", "Baltic Sea Zone")
    assert cargo(sailed, "Baltic Sea Zone") == [("aa_gun", "infantry")]
    assert refused(sailed, {"aa_gun": 1}, "Baltic Sea Zone", "West Europe") == "aa_combat_move"

    later = position(
        {"Germany": {"germany": {"aa_gun": 1}}}, owners={"West Europe": "germany"}, phase=Phase.NONCOMBAT_MOVE
    )
    later, _ = go(later, {"aa_gun": 1}, "Germany", "West Europe")
    assert units_in(later, "West Europe") == {"aa_gun": 1}
    home = position(UK_HOME, power="uk", owners=owners, phase=Phase.NONCOMBAT_MOVE)
    home, _ = go(home, {"aa_gun": 1}, "United Kingdom", "North Sea Zone", "West Europe")
    assert units_in(home, "West Europe", "uk") == {"aa_gun": 1}
    aboard = position(
        {"North Sea Zone": {"uk": {"transport:aa_gun+infantry": 1}}},
        power="uk",
        owners=owners,
        phase=Phase.NONCOMBAT_MOVE,
    )
    aboard, _ = go(aboard, {"aa_gun": 1}, "North Sea Zone", "West Europe")
    assert units_in(aboard, "West Europe", "uk") == {"aa_gun": 1}

"""Issue 19, as a TripleA veteran plays Classic: where units go when they leave a battle.

Each case names the rule; its docstring says what Warboard did before (the wrong outcome the case
reproduces) and the assertions say what Classic does. Dice are scripted: within a round, the
attacker's volley (units in UNIT_ORDER), then each defending power's.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.axis_allies.actions import (
    Battle,
    Casualties,
    EndPhase,
    Place,
    PressOn,
    Retreat,
    Submerge,
)
from rules.axis_allies.events import AircraftRelocated, UnitsLost
from rules.axis_allies.state import RETREATED, Phase
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import act, idx, move, position, units_in


def stacks(state, name, power):
    return [s for s in state.units[idx(name)] if s.power == power]


# ---- submarines withdraw when they submerge ------------------------------------------------------------


def test_a_submerged_defending_submarine_withdraws_and_no_longer_blocks_the_uk_factory_zone():
    """Before: the German submarine that "submerged" in the North Sea stayed there, so the UK could
    place no ship in its only factory zone (``hostile_zone``) and the sub could dive again next time.
    Classic: it withdraws to a neighbouring zone free of enemy units (the Baltic, first on the board)."""
    units = {
        "North Sea Zone": {"germany": {"submarine": 1}},
        "United Kingdom": {"uk": {"factory": 1, "fighter": 1}},
    }
    state = position(units, power="uk")
    state = move(state, {"fighter": 1}, "United Kingdom", "North Sea Zone")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("North Sea Zone"), [6] + [6])  # the fighter misses; the sub cannot hit it
    asked = state
    state, _ = act(state, Submerge())  # Germany's answer
    assert units_in(state, "North Sea Zone", "germany") == {}
    assert units_in(state, "Baltic Sea Zone", "germany") == {"submarine": 1}
    offered = asked.battle.defender_dive_to
    assert offered[0] == "Baltic Sea Zone" and "East Canada Sea Zone" in offered
    mobilizing = replace(state, phase=Phase.MOBILIZE, battle=None, bought=(("transport", 1),))
    placed, _ = act(mobilizing, Place((("transport", 1),), "North Sea Zone"))
    assert units_in(placed, "North Sea Zone", "uk")["transport"] == 1


def test_an_attacking_submarine_withdraws_to_the_zone_the_attack_came_from():
    """Before: the attacker's submerged submarine stayed in the zone it attacked. Classic: it withdraws
    to a zone the attack came from (it may not pick another)."""
    units = {"Baltic Sea Zone": {"germany": {"submarine": 1}}, "North Sea Zone": {"uk": {"transport": 1}}}
    state = position(units, power="germany")
    state = move(state, {"submarine": 1}, "Baltic Sea Zone", "North Sea Zone")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("North Sea Zone"), [6] + [6])  # first strike misses; transport misses
    done, _ = act(state, Submerge())
    (sub,) = stacks(done, "Baltic Sea Zone", 1)
    assert sub.unit == "submarine" and sub.flags & RETREATED
    assert units_in(done, "North Sea Zone") == {"transport": 1}
    assert state.battle.attacker_dive_to == ("Baltic Sea Zone",)
    with pytest.raises(IllegalAction) as elsewhere:
        act(state, Submerge("Karelia Sea Zone"))
    assert elsewhere.value.code == "bad_dive"


# ---- retreats only to where the attack came from ---------------------------------------------------------


def test_attackers_retreat_only_to_where_the_attack_came_from():
    """Before: any friendly territory next to the battle was offered (Finland Norway and the Ukraine
    too, though the tanks came from East Europe). Classic (TripleA's attacker retreat territories): only
    where the attack came from."""
    units = {"East Europe": {"germany": {"tank": 2}}, "Karelia S.S.R.": {"russia": {"infantry": 2}}}
    state = position(units, power="germany")
    state = move(state, {"tank": 2}, "East Europe", "Karelia S.S.R.")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Karelia S.S.R."), [6, 6] + [6, 6])
    assert state.battle.retreat_to == ("East Europe",)
    with pytest.raises(IllegalAction) as refused:
        act(state, Retreat("Ukraine S.S.R."))
    assert refused.value.code == "bad_retreat"
    state, _ = act(state, Retreat("East Europe"))
    assert units_in(state, "East Europe", "germany") == {"tank": 2}


def test_a_fleet_retreats_back_where_it_came_from_not_forward():
    """Before: an attacking battleship could "retreat" into any enemy-free zone next door, forward into
    the Black Sea. Classic: only back into the zone it came from."""
    units = {
        "Central Mediteranean Sea Zone": {"germany": {"battleship": 1}},
        "East Mediteranean Sea Zone": {"uk": {"battleship": 1}},
    }
    state = position(units, power="germany")
    state = move(state, {"battleship": 1}, "Central Mediteranean Sea Zone", "East Mediteranean Sea Zone")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("East Mediteranean Sea Zone"), [6] + [6])
    assert state.battle.retreat_to == ("Central Mediteranean Sea Zone",)
    with pytest.raises(IllegalAction):
        act(state, Retreat("Black Sea Zone"))


def test_retreating_aircraft_stay_over_the_battle_and_fly_on_in_the_non_combat_move():
    """Before: a retreating fighter moved with the tanks, a free space (a 4-move fighter covered 5).
    Classic: aircraft stay over the battle and fly on in the non-combat move with what they have left."""
    units = {
        "East Europe": {"germany": {"tank": 1}},
        "Germany": {"germany": {"fighter": 1}},
        "Karelia S.S.R.": {"russia": {"infantry": 2}},
    }
    state = position(units, power="germany")
    state = move(state, {"tank": 1}, "East Europe", "Karelia S.S.R.")
    state = move(state, {"fighter": 1}, "Germany", "East Europe", "Karelia S.S.R.")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Karelia S.S.R."), [6, 6] + [6, 6])
    state, _ = act(state, Retreat("East Europe"))
    assert units_in(state, "East Europe", "germany") == {"tank": 1}
    (fighter,) = stacks(state, "Karelia S.S.R.", 1)
    assert fighter.unit == "fighter" and fighter.moved == 2 and fighter.flags & RETREATED
    assert state.phase is Phase.NONCOMBAT_MOVE
    state = move(state, {"fighter": 1}, "Karelia S.S.R.", "East Europe", "Germany")  # its last 2 moves
    assert units_in(state, "Germany", "germany") == {"fighter": 1}


def test_an_attack_of_aircraft_alone_retreats_where_it_is():
    units = {"Germany": {"germany": {"fighter": 1}}, "Karelia S.S.R.": {"russia": {"infantry": 1}}}
    state = position(units, power="germany")
    state = move(state, {"fighter": 1}, "Germany", "East Europe", "Karelia S.S.R.")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Karelia S.S.R."), [6] + [6])
    assert state.battle.retreat_to == ("Karelia S.S.R.",)
    state, _ = act(state, Retreat("Karelia S.S.R."))
    assert units_in(state, "Karelia S.S.R.", "germany") == {"fighter": 1}


def test_aircraft_retreating_from_an_amphibious_assault_stay_over_it():
    """Before: the fighter "retreated" from West Europe to the North Sea zone, a free move. The document's
    FAQ lets air units retreat from an amphibious assault; like any retreating aircraft it stays over
    the battle, and the landed infantry fight on (they win in round 3 here)."""
    units = {
        "North Sea Zone": {"uk": {"transport:infantry+infantry": 1}},
        "United Kingdom": {"uk": {"fighter": 1}},
        "West Europe": {"germany": {"infantry": 2}},
    }
    state = position(units, power="uk")
    state = move(state, {"infantry": 2}, "North Sea Zone", "West Europe")
    state = move(state, {"fighter": 1}, "United Kingdom", "North Sea Zone", "West Europe")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("West Europe"), [6, 6, 6] + [6, 6])
    assert state.battle.retreat_to == ("West Europe",)
    # Round 2: infantry [1 6] (one hit), Germans [6]; round 3: [1 1] against [6].
    state, _ = act(state, Retreat("West Europe"), [1, 6] + [6, 6] + [1, 1] + [6])
    assert units_in(state, "West Europe", "uk") == {"fighter": 1, "infantry": 2}
    assert units_in(state, "North Sea Zone", "uk") == {"transport": 1}
    state = move(state, {"fighter": 1}, "West Europe", "North Sea Zone", "United Kingdom")
    assert units_in(state, "United Kingdom", "uk") == {"fighter": 1}


# ---- fighters whose carrier sank --------------------------------------------------------------------------


def _sink_the_carrier_in(zone, fighters, owners=None):
    """A German battleship from the North Sea sinks the British carrier in ``zone`` (its one hit; the
    carrier and the fighters miss) and retreats; returns the state and the retreat's events."""
    units = {
        "North Sea Zone": {"germany": {"battleship": 1}},
        zone: {"uk": {"carrier": 1, "fighter": fighters}},
    }
    state = position(units, power="germany", owners=owners or {})
    state = move(state, {"battleship": 1}, "North Sea Zone", zone)
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle(zone), [1] + [6] * (1 + fighters))
    state, _ = act(state, Casualties((("carrier", 1),)))
    return act(state, Retreat("North Sea Zone"))


def test_fighters_whose_carrier_sank_in_the_baltic_are_lost_not_landed_in_karelia():
    """Before: the British fighter flew to Karelia, the first friendly coast in board order. Classic:
    defending fighters land only on an island (group) in that sea zone or a carrier there; the Baltic
    has no island, so it is lost."""
    state, events = _sink_the_carrier_in("Baltic Sea Zone", 1)
    assert (
        UnitsLost("uk", "Baltic Sea Zone", (("fighter", 1),), "carrier sunk, no island to land on") in events
    )
    assert not any(isinstance(e, AircraftRelocated) for e in events)
    assert units_in(state, "Karelia S.S.R.", "uk") == {} and units_in(state, "Baltic Sea Zone", "uk") == {}


def test_fighters_whose_carrier_sank_land_on_a_friendly_island_in_that_zone():
    """The North Sea holds the United Kingdom, an island whose only neighbour is that zone."""
    state, events = _sink_the_carrier_in("West Spain Sea Zone", 2)
    assert any(isinstance(e, UnitsLost) for e in events)  # West Europe and Spain are coasts, not islands
    units = {
        "North Sea Zone": {"uk": {"carrier": 1, "fighter": 2}},
        "Baltic Sea Zone": {"germany": {"battleship": 1}},
    }
    state = position(units, power="germany")
    state = move(state, {"battleship": 1}, "Baltic Sea Zone", "North Sea Zone")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("North Sea Zone"), [1] + [6, 6, 6])
    state, _ = act(state, Casualties((("carrier", 1),)))
    state, events = act(state, Retreat("Baltic Sea Zone"))
    assert AircraftRelocated("uk", "North Sea Zone", "United Kingdom", (("fighter", 2),)) in events
    assert units_in(state, "United Kingdom", "uk") == {"fighter": 2}


def test_press_on_is_still_the_plain_answer():
    units = {"East Europe": {"germany": {"tank": 1}}, "Karelia S.S.R.": {"russia": {"infantry": 1}}}
    state = position(units, power="germany")
    state = move(state, {"tank": 1}, "East Europe", "Karelia S.S.R.")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Karelia S.S.R."), [6] + [6])
    state, _ = act(state, PressOn(), [3] + [6])
    assert units_in(state, "Karelia S.S.R.", "germany") == {"tank": 1}

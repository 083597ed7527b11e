"""Issue 29: an ally's fighters aboard a carrier, and fighters left at sea with no carrier.

Each case says what Warboard did before (the wrong outcome it reproduces); the assertions say what the
rules want. Dice are scripted: within a round, the attacker's volley (units in UNIT_ORDER), then each
defending power's.
"""

from __future__ import annotations

from rules.axis_allies.actions import Battle, Casualties, EndPhase, PressOn, Retreat
from rules.axis_allies.events import AircraftRelocated, UnitsLost
from rules.axis_allies.options import make_options
from rules.axis_allies.state import Phase
from tests.rules.axis_allies.aa_position import act, move, position, units_in

# ---- allied fighters aboard are cargo ------------------------------------------------------------------


def test_a_russian_fighter_aboard_a_british_carrier_that_is_not_full_sails_with_it():
    """Before: the carrier (room for 2, carrying 1 Russian fighter) arrived in the North Sea alone; the
    fighter stayed in the Karelia zone with no carrier, survived the UK's turn and flew on next turn.
    The room counted was the room while the carrier was still there."""
    units = {"Karelia Sea Zone": {"uk": {"carrier": 1}, "russia": {"fighter": 1}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state = move(state, {"carrier": 1}, "Karelia Sea Zone", "North Sea Zone")
    assert units_in(state, "North Sea Zone") == {"carrier": 1, "fighter": 1}
    assert units_in(state, "North Sea Zone", "russia") == {"fighter": 1}
    assert units_in(state, "Karelia Sea Zone") == {}
    state, events = act(state, EndPhase())  # the UK's non-combat move ends: the fighter is aboard
    assert not any(isinstance(e, UnitsLost) for e in events)
    assert units_in(state, "North Sea Zone", "russia") == {"fighter": 1}


def test_an_allied_fighter_rides_into_a_sea_battle_as_cargo_and_does_not_fight():
    """The combat move too: the American fighter goes with the carrier into the battle in the North Sea;
    it is cargo, so only the carrier rolls (1 die: a 1 sinks the German submarine)."""
    units = {
        "Karelia Sea Zone": {"uk": {"carrier": 1}, "usa": {"fighter": 1}},
        "North Sea Zone": {"germany": {"submarine": 1}},
    }
    state = position(units, power="uk")
    state = move(state, {"carrier": 1}, "Karelia Sea Zone", "North Sea Zone")
    assert units_in(state, "Karelia Sea Zone") == {}
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("North Sea Zone"), [1] + [6])  # the carrier hits; the submarine misses
    assert units_in(state, "North Sea Zone") == {"carrier": 1, "fighter": 1}
    assert units_in(state, "North Sea Zone", "germany") == {}


def test_allied_fighters_the_carriers_staying_behind_have_room_for_stay():
    """Two British carriers, two American fighters: one carrier sails; the one left holds both."""
    units = {"Karelia Sea Zone": {"uk": {"carrier": 2}, "usa": {"fighter": 2}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state = move(state, {"carrier": 1}, "Karelia Sea Zone", "North Sea Zone")
    assert units_in(state, "North Sea Zone") == {"carrier": 1}
    assert units_in(state, "Karelia Sea Zone") == {"carrier": 1, "fighter": 2}


def test_the_movers_own_fighters_left_on_a_staying_carrier_keep_their_places():
    """Two British carriers with two British and two American fighters: one carrier sails. The British
    fighters stay on the carrier left behind, so the American ones are aboard the one that sails."""
    units = {"Karelia Sea Zone": {"uk": {"carrier": 2, "fighter": 2}, "usa": {"fighter": 2}}}
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state = move(state, {"carrier": 1}, "Karelia Sea Zone", "North Sea Zone")
    assert units_in(state, "North Sea Zone", "usa") == {"fighter": 2}
    assert units_in(state, "Karelia Sea Zone") == {"carrier": 1, "fighter": 2}


# ---- no fighter survives at sea without a carrier ------------------------------------------------------


def test_an_allied_fighter_aboard_a_carrier_that_sinks_is_lost_with_it():
    """Before: a Russian fighter whose British carrier sank (it was cargo: it does not fight) floated on
    in the North Sea, survived the turn and flew off next turn. Cargo is lost with its carrier, as a
    transport's is. The carrier misses (6), the German battleship hits (1): the carrier sinks."""
    units = {
        "Karelia Sea Zone": {"uk": {"carrier": 1}, "russia": {"fighter": 1}},
        "North Sea Zone": {"germany": {"battleship": 1}},
    }
    state = position(units, power="uk")
    state = move(state, {"carrier": 1}, "Karelia Sea Zone", "North Sea Zone")
    state, _ = act(state, EndPhase())
    state, events = act(state, Battle("North Sea Zone"), [6] + [1])
    assert UnitsLost("russia", "North Sea Zone", (("fighter", 1),), "carrier sunk, aboard as cargo") in events
    assert units_in(state, "North Sea Zone") == {"battleship": 1}


def test_the_attackers_own_fighters_take_no_room_from_the_cargo_of_a_surviving_carrier():
    """Two British fighters fly with the carrier that carries an American one; the carrier survives:
    the American cargo keeps its place (the British fighters are in the air and land later)."""
    units = {
        "Karelia Sea Zone": {"uk": {"carrier": 1}, "usa": {"fighter": 1}},
        "United Kingdom": {"uk": {"fighter": 2}},
        "North Sea Zone": {"germany": {"submarine": 1}},
    }
    state = position(units, power="uk")
    state = move(state, {"carrier": 1}, "Karelia Sea Zone", "North Sea Zone")
    state = move(state, {"fighter": 2}, "United Kingdom", "North Sea Zone")
    state, _ = act(state, EndPhase())
    state, events = act(state, Battle("North Sea Zone"), [1, 6, 6] + [6])  # a fighter sinks the sub
    assert not any(isinstance(e, UnitsLost) for e in events)
    assert units_in(state, "North Sea Zone", "usa") == {"fighter": 1}


def test_the_movers_fighters_go_before_an_allys_when_a_carrier_is_crowded():
    """One British carrier, one American fighter aboard, two British fighters flown in: one fighter too
    many. The British fighter is lost (its owner flew it there); the American cargo keeps its place."""
    units = {
        "North Sea Zone": {"uk": {"carrier": 1}, "usa": {"fighter": 1}},
        "United Kingdom": {"uk": {"fighter": 2}},
    }
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state = move(state, {"fighter": 2}, "United Kingdom", "North Sea Zone")
    state, events = act(state, EndPhase())
    assert UnitsLost("uk", "North Sea Zone", (("fighter", 1),), "no place to land") in events
    assert not any(isinstance(e, UnitsLost) and e.power == "usa" for e in events)
    assert units_in(state, "North Sea Zone", "usa") == {"fighter": 1}


def test_every_sides_fighters_beyond_their_carriers_room_are_lost_when_the_turn_ends():
    """However it came about, a fighter at sea with no carrier does not outlive the turn: here a
    Russian fighter in the Karelia zone and a German one beside a German carrier that holds 2 of 3,
    at the end of the UK's non-combat move."""
    units = {
        "Karelia Sea Zone": {"russia": {"fighter": 1}},
        "Baltic Sea Zone": {"germany": {"carrier": 1, "fighter": 3}},
    }
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    state, events = act(state, EndPhase())
    assert UnitsLost("russia", "Karelia Sea Zone", (("fighter", 1),), "no place to land") in events
    assert UnitsLost("germany", "Baltic Sea Zone", (("fighter", 1),), "no place to land") in events
    assert units_in(state, "Karelia Sea Zone") == {}
    assert units_in(state, "Baltic Sea Zone") == {"carrier": 1, "fighter": 2}


# ---- the option: a sunk carrier's fighters land on any friendly coast of the zone ----------------------


def _sink_the_carrier_in_the_baltic(options):
    """A German battleship from the North Sea sinks the British carrier in the Baltic (its one hit; the
    carrier and the fighter miss) and retreats; returns the state and the retreat's events."""
    units = {
        "North Sea Zone": {"germany": {"battleship": 1}},
        "Baltic Sea Zone": {"uk": {"carrier": 1, "fighter": 1}},
    }
    state = position(units, power="germany", options=make_options(options))
    state = move(state, {"battleship": 1}, "North Sea Zone", "Baltic Sea Zone")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Baltic Sea Zone"), [1] + [6, 6])
    state, _ = act(state, Casualties((("carrier", 1),)))
    return act(state, Retreat("North Sea Zone"))


def test_option_sunk_carrier_coast_lands_the_fighters_on_a_friendly_coast_of_the_zone():
    """The FAQ's "a friendly territory ... in the same sea zone" read as any friendly coast: the British
    fighter flies to Russian Karelia, the Baltic's first friendly coast in board order. By default
    (TripleA) the Baltic has no island, so it is lost."""
    state, events = _sink_the_carrier_in_the_baltic({"sunk_carrier_coast": True})
    assert AircraftRelocated("uk", "Baltic Sea Zone", "Karelia S.S.R.", (("fighter", 1),)) in events
    assert units_in(state, "Karelia S.S.R.", "uk") == {"fighter": 1}
    state, events = _sink_the_carrier_in_the_baltic({})
    assert (
        UnitsLost("uk", "Baltic Sea Zone", (("fighter", 1),), "carrier sunk, no island to land on") in events
    )
    assert units_in(state, "Karelia S.S.R.", "uk") == {}


def test_option_sunk_carrier_coast_finds_no_coast_held_by_the_fighters_side():
    """With Karelia German too, no coast of the Baltic is friendly: the fighter is lost."""
    units = {
        "North Sea Zone": {"germany": {"battleship": 1}},
        "Baltic Sea Zone": {"uk": {"carrier": 1, "fighter": 1}},
    }
    options = make_options({"sunk_carrier_coast": True})
    state = position(units, power="germany", options=options, owners={"Karelia S.S.R.": "germany"})
    state = move(state, {"battleship": 1}, "North Sea Zone", "Baltic Sea Zone")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Baltic Sea Zone"), [1] + [6, 6])
    state, _ = act(state, Casualties((("carrier", 1),)))
    state, events = act(state, Retreat("North Sea Zone"))
    lost = UnitsLost("uk", "Baltic Sea Zone", (("fighter", 1),), "carrier sunk, no friendly coast to land on")
    assert lost in events


def test_an_allied_fighter_aboard_retreats_with_its_carrier():
    """The carrier carrying an American fighter attacks a German submarine in the North Sea; both miss
    (6, 6) and the carrier retreats to the Karelia zone it came from: its cargo goes with it (else the
    fighter would be left at sea with no carrier and lost at the end of the turn)."""
    units = {
        "Karelia Sea Zone": {"uk": {"carrier": 1}, "usa": {"fighter": 1}},
        "North Sea Zone": {"germany": {"submarine": 1}},
    }
    state = position(units, power="uk")
    state = move(state, {"carrier": 1}, "Karelia Sea Zone", "North Sea Zone")
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("North Sea Zone"), [6] + [6])
    state, _ = act(state, PressOn())  # Germany's submarine stays
    state, _ = act(state, Retreat("Karelia Sea Zone"))
    assert units_in(state, "Karelia Sea Zone") == {"carrier": 1, "fighter": 1}
    assert units_in(state, "North Sea Zone") == {"submarine": 1}
    state, events = act(state, EndPhase())
    assert not any(isinstance(e, UnitsLost) for e in events)

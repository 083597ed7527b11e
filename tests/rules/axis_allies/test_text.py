"""The game log's sentences for Axis & Allies events."""

from __future__ import annotations

from rules.axis_allies.combat.events import Volley, VolleyGroup
from rules.axis_allies.events import UnitsMoved
from rules.axis_allies.text import describe

NAMES = ("Ann", "Bob")


def test_a_name_ending_in_a_full_stop_ends_the_sentence_once():
    moved = UnitsMoved("russia", (("infantry", 2),), ("Caucasus", "Ukraine S.S.R."))
    assert describe(moved, NAMES) == "USSR moved 2 infantry from Caucasus to Ukraine S.S.R."


def test_aa_fire_reads_as_one_gun_rolling_a_die_per_aircraft():
    aa = Volley("Germany", "germany", 0, "aa", (VolleyGroup("aa_gun", 3, 1, (1, 4, 6), 1),), 1)
    assert (
        describe(aa, NAMES)
        == "Germany: Germany AA fire: AA gun [1 4 6] hitting on 1, a die per aircraft → 1 hit."
    )


def test_heavy_bombers_show_their_dice_each():
    group = VolleyGroup("bomber", 2, 4, (1, 5, 6, 2, 3, 6), 3)
    attack = Volley("Karelia S.S.R.", "germany", 1, "attack", (group,), 3)
    assert describe(attack, NAMES) == (
        "Karelia S.S.R., round 1: Germany attack: "
        "2 bombers [1 5 6 2 3 6] hitting on 4 (×3 dice each) → 3 hits."
    )


def test_a_submarines_hit_among_a_volley_says_it_sinks_ships_only():
    """Classic submarines cannot hit aircraft: a fighter attacked by a lone submarine loses nothing to
    its hit, and the volley's line says why rather than leaving "1 hit" with no casualty after it."""
    sub = VolleyGroup("submarine", 1, 2, (2,), 1)
    alone = Volley("Baltic Sea Zone", "germany", 2, "defend", (sub,), 1, 1)
    assert describe(alone, NAMES) == (
        "Baltic Sea Zone, round 2: Germany defence: 1 submarine [2] hitting on 2 → 1 hit "
        "(the submarine's: ships only)."
    )
    fighter = VolleyGroup("fighter", 2, 4, (1, 3), 2)
    mixed = Volley("Baltic Sea Zone", "germany", 1, "defend", (sub, fighter), 3, 1)
    assert describe(mixed, NAMES).endswith("→ 3 hits (1 of them by submarine: ships only).")
    first = Volley("Baltic Sea Zone", "germany", 1, "sub_first_strike", (sub,), 1, 1)
    assert describe(first, NAMES).endswith("first strike: 1 submarine [2] hitting on 2 → 1 hit.")


def test_retreating_aircraft_stay_over_the_battle_and_submarines_say_where_they_withdrew():
    from rules.axis_allies.combat.events import SubmarinesSubmerged, TechResearched, UnitsRetreated
    from rules.axis_allies.units import Unit

    units = (Unit("germany", "tank"), Unit("germany", "fighter"))
    retreat = UnitsRetreated("Karelia S.S.R.", "germany", units, "East Europe")
    assert describe(retreat, NAMES) == (
        "Karelia S.S.R.: Germany retreated 1 tank to East Europe and pulled 1 fighter out of the fight, "
        "circling over Karelia S.S.R."
    )
    dive = SubmarinesSubmerged(
        "North Sea Zone", "germany", (Unit("germany", "submarine"),), "Baltic Sea Zone"
    )
    assert (
        describe(dive, NAMES)
        == "North Sea Zone: Germany's 1 submarine submerged and withdrew to Baltic Sea Zone."
    )
    two = TechResearched("germany", (6, 6), (1, 2), "jet_power", ("jet_power", "rockets"))
    assert describe(two, NAMES).endswith("breakthroughs — chart [1 2]: Jet Power, Rockets!")


def test_the_mediterranean_is_spelled_as_players_read_it_and_counts_in_the_plural():
    """Issue 29: the data's keys keep TripleA's "Mediteranean" (saved games name spaces by them); the
    log reads "Mediterranean", and "2 tank" became "2 tanks"."""
    moved = UnitsMoved("uk", (("tank", 2), ("battleship", 1)), ("Gibraltar", "West Mediteranean Sea Zone"))
    assert (
        describe(moved, NAMES)
        == "United Kingdom moved 2 tanks, 1 battleship from Gibraltar to West Mediterranean Sea Zone."
    )


def test_the_turn_so_far_is_told_by_power_not_by_the_battles_waiting_lines():
    """A player commands up to three powers and the log's sentences start with the power: the turn
    message's few lines name each power's latest doings, the conquest first, and leave out the
    battle's "waiting for…" and a phase's headline (it had shown the last five lines of the log)."""
    from rules.axis_allies import RULES
    from rules.axis_allies.combat.events import BattleAwaits, CasualtiesTaken
    from rules.axis_allies.events import PhaseBegan, TerritoryCaptured
    from rules.axis_allies.state import Phase
    from rules.axis_allies.units import Unit
    from rules.core.summary import summarise

    events = [
        PhaseBegan("russia", Phase.COMBAT_MOVE),
        UnitsMoved("russia", (("infantry", 3),), ("Yakut S.S.R.", "Manchuria")),
        Volley("Manchuria", "russia", 1, "attack", (VolleyGroup("infantry", 3, 1, (1, 4, 6), 1),), 1),
        BattleAwaits("Manchuria", "japan", "casualties", 1),
        CasualtiesTaken("Manchuria", "japan", (Unit("japan", "infantry"),), ""),
        TerritoryCaptured("russia", "Manchuria", "japan", "russia"),
        PhaseBegan("russia", Phase.NONCOMBAT_MOVE),
        UnitsMoved("russia", (("fighter", 1),), ("Karelia S.S.R.", "Caucasus")),
        UnitsMoved("germany", (("tank", 2),), ("Germany", "East Europe")),
    ]
    assert summarise(RULES, events, NAMES) == [
        "USSR … captured Manchuria from Japan.",
        "Germany moved 2 tanks from Germany to East Europe.",
    ]


def test_the_ping_leaves_out_the_lines_of_every_power_the_pinged_player_commands():
    """With two players one commands the Axis, the other the Allies: the Axis player's ping tells what
    the three Allied powers did, never what Germany or Japan (their own) did."""
    from rules.axis_allies import RULES
    from rules.axis_allies.engine import new_game
    from rules.axis_allies.events import TerritoryCaptured
    from rules.axis_allies.options import make_options
    from rules.core.dice import SeededRng
    from rules.core.summary import own_actors, summarise

    state, _ = new_game(make_options({}), 2, SeededRng("ping"))
    axis = state.seat_of[1]  # Germany's seat
    events = [
        TerritoryCaptured("germany", "Karelia S.S.R.", "russia", "germany"),
        TerritoryCaptured("uk", "Libya", "germany", "uk"),
        TerritoryCaptured("japan", "China", "usa", "japan"),
    ]
    mine = own_actors(RULES, state, axis, NAMES)
    assert mine == ("Germany", "Japan")
    assert summarise(RULES, events, NAMES, leave_out=mine) == ["United Kingdom captured Libya from Germany."]

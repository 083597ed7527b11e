"""Issue 19's smaller cases, as TripleA's classic ruleset plays them: bombardment from the zones an
assault came from (and the attacker's choice of which assault a battleship supports), one AA gun per
territory moved in too, one territory per transport in the combat move, and amphibious assaults on
neutrals. Each docstring says what Warboard did before; the assertions say what Classic does."""

from __future__ import annotations

import pytest

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, EndPhase, Move
from rules.axis_allies.combat.events import Volley
from rules.axis_allies.events import NeutralEntered
from rules.axis_allies.state import FOUGHT, Phase
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import act, idx, move, owner, position, units_in


def refused(state, units, *path):
    with pytest.raises(IllegalAction) as caught:
        move(state, units, *path)
    return caught.value.code


def bombarded(events):
    return [v for v in events if isinstance(v, Volley) and v.step == "bombard"]


# ---- shore bombardment ------------------------------------------------------------------------------


def test_a_battleship_bombards_only_from_a_zone_the_assault_came_from():
    """Before: the battleship in the Baltic bombarded West Europe because a transport in the Baltic had
    unloaded (into Germany). Classic: it supports only the assault its zone's transports landed."""
    units = {
        "North Sea Zone": {"uk": {"transport:infantry": 1}},
        "Baltic Sea Zone": {"uk": {"transport:infantry": 1, "battleship": 1}},
        "West Europe": {"germany": {"infantry": 1}},
        "Germany": {"germany": {"infantry": 1}},
    }
    state = position(units, power="uk")
    state = move(state, {"infantry": 1}, "North Sea Zone", "West Europe")
    state = move(state, {"infantry": 1}, "Baltic Sea Zone", "Germany")
    state, _ = act(state, EndPhase())
    # West Europe: no bombardment; the infantry [1] hits, the German [6] misses.
    state, events = act(state, Battle("West Europe"), [1] + [6])
    assert bombarded(events) == [] and owner(state, "West Europe") == "uk"
    # Germany: the battleship [6] misses; infantry [1] hits; the German [6] misses.
    state, events = act(state, Battle("Germany"), [6] + [1] + [6])
    assert len(bombarded(events)) == 1 and owner(state, "Germany") == "uk"


def _two_assaults_from_the_baltic():
    units = {
        "Baltic Sea Zone": {"uk": {"transport:infantry": 2, "battleship": 1}},
        "West Europe": {"germany": {"infantry": 1}},
        "Germany": {"germany": {"infantry": 1}},
    }
    state = position(units, power="uk")
    state = move(state, {"infantry": 1}, "Baltic Sea Zone", "West Europe")
    state = move(state, {"infantry": 1}, "Baltic Sea Zone", "Germany")
    state, _ = act(state, EndPhase())
    return state


def test_the_attacker_chooses_which_assault_a_battleship_supports():
    """Before: the battleship bombarded every assault next to its zone that a transport there had
    landed, and could not be kept for one. Classic: one bombardment, in the battle the attacker picks
    (TripleA asks which); here ``Battle(bombard=0)`` keeps it for the next assault fought."""
    state = _two_assaults_from_the_baltic()
    assert Battle("West Europe", bombard=0) in RULES.legal(state, RULES.to_act(state)[0])
    state, events = act(state, Battle("West Europe", bombard=0), [1] + [6])
    assert bombarded(events) == []
    state, events = act(state, Battle("Germany"), [3] + [6] + [6])  # the battleship's 3 hits
    assert [v.hits for v in bombarded(events)] == [1] and owner(state, "Germany") == "uk"
    ship = next(s for s in state.units[idx("Baltic Sea Zone")] if s.unit == "battleship")
    assert ship.flags & FOUGHT


def test_a_battleship_bombards_once_a_turn():
    state = _two_assaults_from_the_baltic()
    state, events = act(state, Battle("West Europe"), [3] + [6] + [6])
    assert len(bombarded(events)) == 1
    state, events = act(state, Battle("Germany"), [1] + [6])
    assert bombarded(events) == []


# ---- one AA gun per territory ------------------------------------------------------------------------


def test_a_second_aa_gun_cannot_be_moved_into_a_territory_that_has_one():
    """Before: only placement was capped; a second and third AA gun could walk in. TripleA ("Multiple
    AA Per Territory" off) refuses the move as well, by land or from a transport."""
    units = {
        "Germany": {"germany": {"aa_gun": 2}},
        "East Europe": {"germany": {"aa_gun": 1}},
        "Baltic Sea Zone": {"germany": {"transport:aa_gun+infantry": 1}},
    }
    state = position(units, power="germany", phase=Phase.NONCOMBAT_MOVE)
    assert refused(state, {"aa_gun": 1}, "Germany", "East Europe") == "one_aa_gun"
    assert refused(state, {"aa_gun": 2}, "Germany", "South Europe") == "one_aa_gun"
    assert refused(state, {"aa_gun": 1}, "Baltic Sea Zone", "East Europe") == "one_aa_gun"
    state = move(state, {"aa_gun": 1}, "Germany", "South Europe")
    assert units_in(state, "South Europe") == {"aa_gun": 1}


# ---- unloading --------------------------------------------------------------------------------------


def test_a_transport_unloads_into_one_territory_in_the_combat_move_and_into_two_in_the_non_combat_move():
    """Before: a transport could land one infantry in each of two territories in the combat move.
    Classic (TripleA's "Transport has already unloaded units to"): one territory in the combat move; the
    non-combat move may split the cargo."""
    units = {"Baltic Sea Zone": {"uk": {"transport:infantry+infantry": 1}}}
    owners = {"West Europe": "uk", "Germany": "uk"}
    state = position(units, power="uk", owners=owners)
    state = move(state, {"infantry": 1}, "Baltic Sea Zone", "West Europe")
    assert refused(state, {"infantry": 1}, "Baltic Sea Zone", "Germany") == "one_territory"
    state = move(state, {"infantry": 1}, "Baltic Sea Zone", "West Europe")  # the same territory is fine
    assert units_in(state, "West Europe", "uk") == {"infantry": 2}
    later = position(units, power="uk", owners=owners, phase=Phase.NONCOMBAT_MOVE)
    later = move(later, {"infantry": 1}, "Baltic Sea Zone", "West Europe")
    later = move(later, {"infantry": 1}, "Baltic Sea Zone", "Germany")
    assert units_in(later, "Germany", "uk") == {"infantry": 1}


# ---- neutrals ---------------------------------------------------------------------------------------


def test_an_amphibious_assault_may_enter_a_neutral_and_pays_its_charge():
    """Before: refused as ``amphibious_neutral`` (Eire could never be entered: its only neighbour is the
    North Sea). Classic has no such ban: the first power in pays 3 IPCs and takes it."""
    units = {"North Sea Zone": {"uk": {"transport:infantry": 1}}}
    state = position(units, power="uk", ipcs={"uk": 10})
    state, events = act(state, Move((("infantry", 1),), ("North Sea Zone", "Eire")))
    assert NeutralEntered("uk", "Eire", 3) in events
    assert owner(state, "Eire") == "uk" and state.ipcs[2] == 7
    assert units_in(state, "Eire", "uk") == {"infantry": 1}
    poor = position(units, power="uk", ipcs={"uk": 2})
    assert refused(poor, {"infantry": 1}, "North Sea Zone", "Eire") == "neutral_charge"
    # A neutral is entered, not fought for: no waiting for a sea battle in the zone as an assault does.
    guarded = position({"North Sea Zone": {**units["North Sea Zone"], "germany": {"submarine": 1}}},
                       power="uk", ipcs={"uk": 10})  # fmt: skip
    assert refused(guarded, {"infantry": 1}, "North Sea Zone", "Eire") == "hostile_zone"


def test_a_transport_s_one_territory_is_for_one_turn():
    """The combat move's one-territory limit ends with the turn: next turn the same transport may
    unload its remaining cargo elsewhere."""
    units = {"Baltic Sea Zone": {"uk": {"transport:infantry+infantry": 1}}}
    state = position(units, power="uk", owners={"West Europe": "uk", "Germany": "uk"})
    state = move(state, {"infantry": 1}, "Baltic Sea Zone", "West Europe")
    assert refused(state, {"infantry": 1}, "Baltic Sea Zone", "Germany") == "one_territory"
    while not (state.power == 2 and state.phase is Phase.COMBAT_MOVE and state.turn > 5):
        state, _ = act(state, EndPhase())
    state = move(state, {"infantry": 1}, "Baltic Sea Zone", "Germany")
    assert units_in(state, "Germany", "uk") == {"infantry": 1}

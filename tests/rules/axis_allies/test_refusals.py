"""Issue 29: a refused move says the true reason, in one sentence ending in one full stop.

Each case says what Warboard answered before. No dice are rolled: a refusal changes nothing.
"""

from __future__ import annotations

import pytest

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Casualties, EndPhase, Move, Research
from rules.axis_allies.state import Phase
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import NONE, position, seat, units_in


def go(state, units, *path):
    return RULES.apply(state, seat(state), Move(tuple(units.items()), tuple(path)), NONE)


def refusal(state, units, *path) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        go(state, units, *path)
    return caught.value


def test_too_many_fighters_named_by_their_ends_is_refused_for_the_count_not_the_border():
    """Before: "Germany does not border Karelia S.S.R.." (a move naming only its ends takes a route,
    so the border was never the problem, and the name's own full stop made two)."""
    state = position({"Germany": {"germany": {"fighter": 1}}})
    refused = refusal(state, {"fighter": 2}, "Germany", "Karelia S.S.R.")
    assert refused.code == "not_enough_units"
    assert refused.message == "You have 1 fighter in Germany able to make that move, not 2."


def test_a_unit_out_of_reach_is_refused_for_its_movement():
    """A route from Germany to Russia exists (3 spaces); the tank has 2."""
    state = position({"Germany": {"germany": {"tank": 1}}})
    refused = refusal(state, {"tank": 1}, "Germany", "Russia")
    assert refused.message == "Your tank in Germany can move at most 2 spaces now; that move is 3."


def test_a_unit_that_stays_put_this_turn_is_refused_for_that():
    """A tank that moved one space in the combat move has a space left but stays put in the non-combat
    move."""
    state = position({"Germany": {"germany": {"tank": 1}}})
    state, _ = go(state, {"tank": 1}, "Germany", "West Europe")
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    assert state.phase is Phase.NONCOMBAT_MOVE
    refused = refusal(state, {"tank": 1}, "West Europe", "Germany")
    assert refused.message == (
        "Your tank in West Europe cannot make that move: it has too little movement left, or it stays "
        "where it is this turn."
    )


def test_a_move_out_of_the_moves_says_where_the_turn_is_and_what_comes_next():
    """A newcomer who moved while buying was told only "Units move in the combat move and the non-combat
    move phases."; now also where the turn is and how to reach a move."""
    said = {}
    for phase in (Phase.PURCHASE, Phase.COMBAT, Phase.MOBILIZE):
        state = position({"Germany": {"germany": {"tank": 1}}}, phase=phase)
        said[phase] = refusal(state, {"tank": 1}, "Germany", "West Europe").message
    assert said == {
        Phase.PURCHASE: "Units move in the combat move and the non-combat move; you are buying now: end the "
        "purchase to begin the combat move.",
        Phase.COMBAT: "Units move in the combat move and the non-combat move; the battles are being fought "
        "now: end the combat to begin the non-combat move.",
        Phase.MOBILIZE: "Units move in the combat move and the non-combat move; this turn's moves are over: "
        "place the units you bought, then end the turn.",
    }


def test_a_refusal_ending_on_a_name_with_its_own_full_stop_ends_with_one():
    state = position({"Germany": {"germany": {"tank": 1}}})
    refused = refusal(state, {"tank": 1}, "Germany", "Karelia S.S.R.", "Ukraine S.S.R.")
    assert refused.code == "not_adjacent"
    assert refused.message == "Germany does not border Karelia S.S.R."


def test_no_units_of_that_kind_at_all_says_so_in_the_plural():
    state = position({"Germany": {"germany": {"infantry": 1}}})
    refused = refusal(state, {"tank": 2}, "Germany", "East Europe")
    assert refused.message == "You have no tanks in Germany."


def test_cargo_left_aboard_after_a_combat_move_unloading_is_refused_as_staying_aboard():
    """Before: the transport that landed one infantry in the combat move was rightly refused the other
    in the non-combat move, but told it does "not carry 1 infantry" though the infantry is aboard."""
    units = {"Baltic Sea Zone": {"uk": {"transport:infantry+infantry": 1}}}
    state = position(units, power="uk", owners={"West Europe": "uk", "Germany": "uk"})
    state, _ = go(state, {"infantry": 1}, "Baltic Sea Zone", "West Europe")
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)  # no battles: the non-combat move
    assert state.phase is Phase.NONCOMBAT_MOVE
    refused = refusal(state, {"infantry": 1}, "Baltic Sea Zone", "Germany")
    assert refused.code == "moved_in_combat"
    assert refused.message == (
        "The infantry aboard your transport in Baltic Sea Zone must stay aboard: the transport unloaded "
        "in the combat move, and units that moved then stay put in the non-combat move."
    )
    assert units_in(state, "Baltic Sea Zone", "uk") == {"transport": 1}
    assert "not carry" not in refusal(state, {"infantry": 1}, "Baltic Sea Zone", "West Europe").message


def test_cargo_that_is_not_aboard_is_still_refused_as_not_aboard():
    units = {"Baltic Sea Zone": {"uk": {"transport:infantry": 1}}}
    state = position(units, power="uk", owners={"West Europe": "uk"}, phase=Phase.NONCOMBAT_MOVE)
    refused = refusal(state, {"tank": 2}, "Baltic Sea Zone", "West Europe")
    assert refused.code == "not_aboard"
    assert refused.message == "Your transports in Baltic Sea Zone do not carry 2 tanks."


def test_a_land_battle_waiting_to_press_on_names_no_submerging():
    """Before: "waits for the attacker to press on, retreat or submerge" with no submarine anywhere near
    (a tank attacking Karelia). Only the choices open are named."""
    units = {"East Europe": {"germany": {"tank": 1}}, "Karelia S.S.R.": {"russia": {"infantry": 1}}}
    state = position(units)
    state, _ = go(state, {"tank": 1}, "East Europe", "Karelia S.S.R.")
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    state, _ = RULES.apply(state, seat(state), Battle("Karelia S.S.R."), ScriptedRng([6, 6]))
    assert state.battle is not None and not state.battle.pending.can_submerge
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat(state), Casualties((("tank", 1),)), NONE)
    assert (
        caught.value.message == "The battle in Karelia S.S.R. waits for the attacker to press on or retreat."
    )
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat(state), Move((("tank", 1),), ("Germany", "East Europe")), NONE)
    assert "submerge" not in caught.value.message


def test_a_refusal_spells_the_mediterranean_as_players_read_it():
    state = position({"West Mediteranean Sea Zone": {"uk": {"battleship": 1}}}, power="uk")
    refused = refusal(state, {"battleship": 1}, "West Mediterranean Sea Zone", "Red Sea Zone")
    assert "Mediteranean" not in refused.message and "West Mediterranean Sea Zone" in refused.message


def test_a_battle_waiting_for_one_casualty_names_the_power_and_the_singular():
    """Before: "waits for russia to choose 1 casualties" (the power's key, and the plural). The German
    tank hits (1), the infantry misses (6); the Russian infantry misses (6), the tank hits (1): each
    side has a choice of casualty, the defence first."""
    units = {
        "East Europe": {"germany": {"infantry": 1, "tank": 1}},
        "Karelia S.S.R.": {"russia": {"infantry": 1, "tank": 1}},
    }
    state = position(units)
    state, _ = go(state, {"infantry": 1, "tank": 1}, "East Europe", "Karelia S.S.R.")
    state, _ = RULES.apply(state, seat(state), EndPhase(), NONE)
    state, _ = RULES.apply(state, seat(state), Battle("Karelia S.S.R."), ScriptedRng([1, 6, 6, 1]))
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat(state, "russia"), EndPhase(), NONE)
    assert caught.value.message == "The battle in Karelia S.S.R. waits for USSR to choose 1 casualty."


def test_one_research_die_too_dear_is_one_die():
    state = position(phase=Phase.PURCHASE, ipcs={"germany": 3})
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat(state), Research(1), NONE)
    assert caught.value.message == "1 research die costs 5 IPCs; you have 3 IPCs."

"""The AI after issue 19: no stacked AA guns, no ships it cannot place, bombers that starve an island
capital, sieges of a capital its side far out-produces, and threats counted per attacking power.
Positions are built by hand (``aa_position``)."""

from __future__ import annotations

from rules.axis_allies import RULES
from rules.axis_allies.actions import Buy, EndPhase, Move, PressOn, Retreat
from rules.axis_allies.ai import AxisAlliesAI
from rules.axis_allies.ai.survey import View
from rules.axis_allies.common import BOARD, ORIGINAL_OWNER
from rules.axis_allies.state import Phase
from rules.core.dice import ScriptedRng, SeededRng
from tests.rules.axis_allies.aa_position import idx, position, seat, units_in
from tests.rules.axis_allies.test_ai import run_phase

AXIS_LEFT_WITH_TOKYO = {
    BOARD.names[t]: "uk" for t, o in enumerate(ORIGINAL_OWNER) if o in (1, 3) and BOARD.names[t] != "Japan"
}


def choose(state):
    return AxisAlliesAI().choose(state, seat(state))


def test_the_ai_never_stacks_a_second_aa_gun_in_its_capital():
    """Before: covering a threatened capital moved every land stack next door in, AA guns included,
    so Moscow ended with three. Now the engine refuses the second gun and the AI moves the rest."""
    units = {
        "Karelia S.S.R.": {"germany": {"infantry": 6, "tank": 4}},
        "Russia": {"russia": {"factory": 1, "infantry": 2, "aa_gun": 1}},
        "Caucasus": {"russia": {"infantry": 3, "aa_gun": 1}},
        "Novosibirsk": {"russia": {"aa_gun": 1}},
    }
    state = position(units, owners={"Karelia S.S.R.": "germany"}, power="russia", phase=Phase.NONCOMBAT_MOVE)
    after, _ = run_phase(state)
    assert units_in(after, "Russia", "russia")["aa_gun"] == 1
    assert units_in(after, "Russia", "russia")["infantry"] == 5  # the infantry did come


def test_the_ai_buys_no_ship_it_could_not_place():
    """Before: the UK bought transports for the army waiting in London although a German submarine in
    the North Sea kept any ship from being placed, and lost them at the end of the turn."""
    units = {
        "United Kingdom": {"uk": {"factory": 1, "infantry": 8}},
        "North Sea Zone": {"germany": {"submarine": 1}},
    }
    state = position(units, power="uk", phase=Phase.PURCHASE, ipcs={"uk": 30})
    action = choose(state)
    assert isinstance(action, Buy) and not {"transport", "submarine", "battleship"} & set(dict(action.units))


def test_with_the_enemy_left_on_an_island_a_continental_power_buys_bombers():
    state = position(
        {"Russia": {"russia": {"factory": 1, "infantry": 20}}},
        owners=AXIS_LEFT_WITH_TOKYO,
        power="russia",
        phase=Phase.PURCHASE,
        ipcs={"russia": 40},
    )
    action = choose(state)
    assert isinstance(action, Buy) and dict(action.units).get("bomber", 0) == 2


def test_bombers_raid_the_factory_of_the_capital_they_cannot_take():
    units = {"Manchuria": {"russia": {"bomber": 3}}, "Japan": {"japan": {"factory": 1, "infantry": 10}}}
    state = position(
        units, owners=AXIS_LEFT_WITH_TOKYO | {"Manchuria": "russia"}, power="russia", ipcs={"japan": 12}
    )
    action = choose(state)
    # Three bombers would take 10.5 of Japan's 12 IPCs on average: all three go.
    assert action == Move((("bomber", 3),), ("Manchuria", "Japan Sea Zone", "Japan"), bomb=True)
    rich = position(
        units, owners=AXIS_LEFT_WITH_TOKYO | {"Manchuria": "russia"}, power="russia", ipcs={"japan": 3}
    )
    assert choose(rich) == EndPhase()  # nothing worth taking


def test_a_side_that_far_out_produces_the_enemy_besieges_its_capital():
    """Four tanks against twelve infantry win almost never, yet trading them is worth it to a side
    producing twenty times what Japan does (before: no attack without odds or allied armies nearby)."""
    units = {
        "Japan Sea Zone": {"usa": {"transport:tank": 4}},
        "Japan": {"japan": {"factory": 1, "infantry": 12}},
    }
    state = position(units, owners=AXIS_LEFT_WITH_TOKYO, power="usa")
    assert choose(state) == Move((("tank", 4),), ("Japan Sea Zone", "Japan"))
    _, actions = run_phase(position(units, power="usa"))  # the 1942 map: no siege
    assert not any(isinstance(a, Move) and a.path[-1] == "Japan" for a in actions)


def _battle_at_berlin(owners):
    units = {"West Europe": {"uk": {"tank": 3}}, "Germany": {"germany": {"infantry": 8}}}
    state = position(units, owners={"West Europe": "uk", **owners}, power="uk")
    state, _ = RULES.apply(
        state, seat(state), Move((("tank", 3),), ("West Europe", "Germany")), SeededRng("x")
    )
    state, _ = RULES.apply(state, seat(state), EndPhase(), SeededRng("x"))
    # Round 1: the tanks miss; Germany hits one.
    state, _ = RULES.apply(
        state, seat(state), RULES.legal(state, seat(state))[0], ScriptedRng([6, 6, 6] + [1] + [6] * 7)
    )
    return state


def test_a_siege_presses_on_where_a_battle_going_badly_would_retreat():
    besieging = _battle_at_berlin({k: v for k, v in AXIS_LEFT_WITH_TOKYO.items() if k != "Germany"})
    assert isinstance(choose(besieging), PressOn)
    assert isinstance(choose(_battle_at_berlin({})), Retreat)


def test_a_poorer_side_counts_the_strongest_attacker_whole_and_the_others_by_half():
    """Each power attacks in its own turn; the Axis (poorer) guard East Europe against Russia's 9 and
    half the UK's 9, the Allies (richer) Karelia against the sum of Germany's and Japan's."""
    units = {
        "Karelia S.S.R.": {"russia": {"tank": 3}},
        "Ukraine S.S.R.": {"uk": {"tank": 3}},
        "Caucasus": {"japan": {"tank": 3}},
        "Finland Norway": {"germany": {"tank": 3}},
    }
    owners = {"Ukraine S.S.R.": "uk", "Caucasus": "japan"}
    state = position(units, owners=owners, power="germany", phase=Phase.NONCOMBAT_MOVE)
    assert View(state, 1).threat(idx("East Europe")) == 9 + 9 // 2
    assert View(state, 0).threat(idx("Karelia S.S.R.")) == 9 + 9

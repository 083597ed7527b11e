"""The turn: phase order, mobilizing at factories, income, capitals captured and liberated, resigning."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Casualties, EndPhase, Move, Place, Resign
from rules.axis_allies.events import (
    AircraftRelocated,
    CapitalCaptured,
    IncomeCollected,
    SeatResigned,
    TerritoryCaptured,
    UnitsLost,
)
from rules.axis_allies.state import NEW, Phase
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import NONE, idx, owner, position, seat, units_in


def act(state, action, rng=NONE):
    return RULES.apply(state, RULES.to_act(state)[0], action, rng)


def refused(state, action):
    with pytest.raises(IllegalAction) as caught:
        act(state, action)
    return caught.value.code


def mobilizing(bought, **kw):
    return position(phase=Phase.MOBILIZE, bought=bought, **kw)


GERMAN_INDUSTRY = {"Germany": {"germany": {"factory": 1}}, "South Europe": {"germany": {"factory": 1}}}


def test_phases_run_purchase_combat_move_combat_noncombat_mobilize_then_the_next_power():
    state = position(GERMAN_INDUSTRY, phase=Phase.PURCHASE, ipcs={"germany": 10})
    state, _ = act(state, EndPhase())
    assert state.phase is Phase.COMBAT_MOVE
    state, _ = act(state, EndPhase())  # no battles: combat is skipped
    assert state.phase is Phase.NONCOMBAT_MOVE
    state, events = act(state, EndPhase())  # nothing bought: no mobilizing
    assert state.power == 2 and state.phase is Phase.PURCHASE
    assert IncomeCollected("germany", 32, 42) in events


def test_original_factories_place_any_number_of_units():
    state = mobilizing((("infantry", 12),), units=GERMAN_INDUSTRY)
    state, _ = act(state, Place((("infantry", 12),), "Germany"))
    assert units_in(state, "Germany", "germany")["infantry"] == 12 and state.bought == ()


def test_ships_are_placed_in_a_sea_zone_next_to_a_factory():
    state = mobilizing((("battleship", 1), ("infantry", 1)), units=GERMAN_INDUSTRY)
    assert refused(state, Place((("battleship", 1),), "Germany")) == "wrong_place"
    assert refused(state, Place((("infantry", 1),), "Baltic Sea Zone")) == "wrong_place"
    assert refused(state, Place((("battleship", 1),), "North Sea Zone")) == "no_factory"
    state, _ = act(state, Place((("battleship", 1),), "Baltic Sea Zone"))
    assert units_in(state, "Baltic Sea Zone") == {"battleship": 1}


def test_no_ships_placed_among_enemy_units():
    units = {**GERMAN_INDUSTRY, "Baltic Sea Zone": {"uk": {"submarine": 1}}}
    state = mobilizing((("transport", 1),), units=units)
    assert refused(state, Place((("transport", 1),), "Baltic Sea Zone")) == "hostile_zone"


def test_captured_factories_produce_up_to_the_territory_value_and_only_if_held_since_the_turn_began():
    units = {"Karelia S.S.R.": {"germany": {"factory": 1}}}
    state = mobilizing((("infantry", 5),), units=units, owners={"Karelia S.S.R.": "germany"})
    assert refused(state, Place((("infantry", 4),), "Karelia S.S.R.")) == "factory_full"
    state, _ = act(state, Place((("infantry", 3),), "Karelia S.S.R."))
    assert refused(state, Place((("infantry", 1),), "Karelia S.S.R.")) == "factory_full"
    fresh = replace(
        state,
        start_owner=tuple(0 if i == idx("Karelia S.S.R.") else o for i, o in enumerate(state.start_owner)),
    )
    assert refused(fresh, Place((("infantry", 1),), "Karelia S.S.R.")) == "no_factory"


def test_a_new_factory_goes_where_you_held_since_the_turn_began_one_per_territory_and_produces_next_turn():
    state = mobilizing((("factory", 1), ("infantry", 1)), units=GERMAN_INDUSTRY)
    assert refused(state, Place((("factory", 1),), "Germany")) == "factory_spot"
    state, _ = act(state, Place((("factory", 1),), "Ukraine S.S.R."))
    stack = next(s for s in state.units[idx("Ukraine S.S.R.")] if s.unit == "factory")
    assert stack.flags & NEW
    assert refused(state, Place((("infantry", 1),), "Ukraine S.S.R.")) == "no_factory"


def test_one_aa_gun_per_territory():
    units = {"Germany": {"germany": {"factory": 1, "aa_gun": 1}}}
    state = mobilizing((("aa_gun", 1),), units=units)
    assert refused(state, Place((("aa_gun", 1),), "Germany")) == "one_aa_gun"


def test_units_must_be_placed_before_the_turn_ends_unless_they_cannot_be():
    state = mobilizing((("infantry", 2),), units=GERMAN_INDUSTRY)
    assert refused(state, EndPhase()) == "place_all"
    with pytest.raises(IllegalAction, match=r"\(for example 1 infantry in Germany\)"):
        act(state, EndPhase())
    state = mobilizing((("transport", 1),), units={"Germany": {"germany": {"factory": 1}}}, owners={})
    state = replace(state, units=tuple(() if i == idx("Germany") else u for i, u in enumerate(state.units)))
    state, events = act(state, EndPhase())
    assert any(isinstance(e, UnitsLost) for e in events)


def test_income_is_the_production_held_and_none_without_the_capital():
    state = mobilizing((), units=GERMAN_INDUSTRY, ipcs={"germany": 0}, owners={"Caucasus": "germany"})
    state, events = act(state, EndPhase())
    assert IncomeCollected("germany", 35, 35) in events
    state = mobilizing((), owners={"Germany": "russia"}, ipcs={"germany": 0})
    state, events = act(state, EndPhase())
    assert IncomeCollected("germany", 0, 0, capital_lost=True) in events


def test_capturing_a_capital_takes_its_unspent_ipcs_and_the_factory_and_aa_gun():
    units = {
        "Karelia S.S.R.": {"germany": {"tank": 2}},
        "Russia": {"russia": {"factory": 1, "aa_gun": 1}},
    }
    state = position(units, ipcs={"russia": 17, "germany": 5}, owners={"Caucasus": "germany"})
    state, events = act(state, Move((("tank", 2),), ("Karelia S.S.R.", "Russia")))
    assert CapitalCaptured("germany", "Russia", "russia", 17) in events
    assert state.ipcs[0] == 0 and state.ipcs[1] == 22
    assert units_in(state, "Russia", "germany") == {"tank": 2, "factory": 1, "aa_gun": 1}
    assert idx("Russia") in state.captured


def test_the_capital_owner_cannot_buy_or_collect_until_liberated():
    from rules.axis_allies.actions import Buy

    # Its IPCs went to the captor; with nothing taken from an enemy capital it has nothing to spend.
    state = position(phase=Phase.PURCHASE, power="russia", owners={"Russia": "germany"}, ipcs={"russia": 0})
    assert refused(state, Buy((("infantry", 1),))) == "capital_lost"
    assert RULES.legal(state, seat(state)) == [EndPhase()]


def test_a_power_without_its_capital_may_spend_what_it_takes_from_an_enemy_capital():
    from rules.axis_allies.actions import Buy

    lost_london = {"United Kingdom": "germany"}
    units = {"West Europe": {"uk": {"tank": 1}}}
    state = position(units, power="uk", owners=lost_london, ipcs={"uk": 0, "germany": 14})
    state, events = act(state, Move((("tank", 1),), ("West Europe", "Germany")))
    assert CapitalCaptured("uk", "Germany", "germany", 14) in events and state.ipcs[2] == 14
    # The UK's next purchase (India's factory still works): the taken IPCs buy units.
    owners = {**lost_london, "Germany": "uk"}
    state = position(phase=Phase.PURCHASE, power="uk", owners=owners, ipcs={"uk": 14})
    state, _ = act(state, Buy((("infantry", 4),)))
    assert state.ipcs[2] == 2


def test_a_liberated_capital_returns_to_its_owner():
    units = {"Caucasus": {"uk": {"tank": 1}}}
    state = position(units, power="uk", owners={"Russia": "germany", "Caucasus": "uk"})
    state, events = act(state, Move((("tank", 1),), ("Caucasus", "Russia")))
    assert owner(state, "Russia") == "russia"
    assert TerritoryCaptured("uk", "Russia", "germany", "russia") in events


def test_an_allys_territory_returns_to_it_only_while_it_holds_its_capital():
    units = {"Persia": {"uk": {"tank": 2}}}
    state = position(units, power="uk", owners={"Caucasus": "germany"})
    state, _ = act(state, Move((("tank", 1),), ("Persia", "Caucasus")))
    assert owner(state, "Caucasus") == "russia"
    state = position(units, power="uk", owners={"Caucasus": "germany", "Russia": "germany"})
    state, _ = act(state, Move((("tank", 1),), ("Persia", "Caucasus")))
    assert owner(state, "Caucasus") == "uk"


def test_attackers_land_units_must_survive_to_take_a_territory():
    units = {
        "Germany": {"germany": {"fighter": 1}},
        "East Europe": {"germany": {"infantry": 1}},
        "Karelia S.S.R.": {"russia": {"infantry": 1}},
    }
    state = position(units)
    state, _ = act(state, Move((("infantry", 1),), ("East Europe", "Karelia S.S.R.")))
    state, _ = act(state, Move((("fighter", 1),), ("Germany", "East Europe", "Karelia S.S.R.")))
    state, _ = act(state, EndPhase())
    # infantry [2] misses, fighter [1] hits; the Russian infantry [2] hits back.
    state, _ = act(state, Battle("Karelia S.S.R."), ScriptedRng([2, 1, 2]))
    state, _ = act(state, Casualties((("infantry", 1),)))
    assert owner(state, "Karelia S.S.R.") == "russia" and state.phase is Phase.NONCOMBAT_MOVE


def test_multinational_defence_rolls_per_power_and_the_attacker_orders_casualties():
    from rules.axis_allies.actions import CasualtyOrder

    units = {
        "Ukraine S.S.R.": {"germany": {"tank": 3}},
        "Caucasus": {"russia": {"infantry": 1}, "uk": {"infantry": 1}},
    }
    state = position(units)
    state, _ = act(state, Move((("tank", 3),), ("Ukraine S.S.R.", "Caucasus")))
    state, _ = act(state, EndPhase())
    state, _ = act(state, Battle("Caucasus"), ScriptedRng([1, 6, 6, 6, 6]))
    assert RULES.to_act(state) == (seat(state, "germany"),)
    state, _ = act(state, CasualtyOrder(("uk",)))
    assert units_in(state, "Caucasus", "uk") == {} or state.battle is not None


def test_resigning_hands_powers_to_a_teammate_or_concedes():
    state = position(players=4, power="germany")
    state, events = RULES.apply(state, 0, Resign(), NONE)  # USSR+USA seat
    assert SeatResigned(0, ("russia", "usa"), 2) in events
    assert state.seat_of == (2, 1, 2, 3, 2)
    state, events = RULES.apply(state, 2, Resign(), NONE)
    assert state.phase is Phase.OVER and RULES.result(state).winners == (1, 3)


def test_out_of_turn_moves_are_refused():
    state = position()
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, EndPhase(), NONE)
    assert caught.value.code == "not_your_turn"


def test_an_absent_player_never_attacks_and_the_turn_moves_on():
    from rules.axis_allies.events import BattleStarted

    state = position(
        {
            **GERMAN_INDUSTRY,
            "Ukraine S.S.R.": {"germany": {"tank": 3}},
            "Caucasus": {"russia": {"infantry": 1}},
        },
        phase=Phase.PURCHASE,
        ipcs={"germany": 20},
    )
    for _ in range(50):
        if state.power != 1:
            break
        seat_ = RULES.to_act(state)[0]
        state, events = RULES.apply(state, seat_, RULES.absent_move(state, seat_), NONE)
        assert not any(isinstance(e, BattleStarted) for e in events)
    assert state.power == 2 and units_in(state, "Germany", "germany").get("infantry", 0) > 0


def test_rockets_strike_a_factory_within_three_once_a_turn():
    from rules.axis_allies.actions import Rocket

    units = {"West Europe": {"germany": {"aa_gun": 1}}, "United Kingdom": {"uk": {"factory": 1}}}
    state = position(units, ipcs={"uk": 10}, techs=((), ("rockets",), (), (), ()))
    state, _ = act(state, Rocket("United Kingdom"), ScriptedRng([4]))
    assert state.ipcs[2] == 6 and state.rocket_used
    assert refused(state, Rocket("United Kingdom")) == "rocket_used"
    far = position(
        {"Germany": {"germany": {"aa_gun": 1}}, "East US": {"usa": {"factory": 1}}},
        techs=((), ("rockets",), (), (), ()),
    )
    assert refused(far, Rocket("East US")) == "out_of_range"
    none = position(units)
    assert refused(none, Rocket("United Kingdom")) == "no_rockets"


def _sink_the_carrier_under_two_fighters(owners):
    """Japan's battleship sinks the US carrier in the Hawaii sea zone and retreats; the two US fighters
    that stood on the carrier survive. Returns the events of the retreat."""
    from rules.axis_allies.actions import Retreat

    units = {
        "Wake Island Sea Zone": {"japan": {"battleship": 1}},
        "Hawaii Sea Zone": {"usa": {"carrier": 1, "fighter": 2}},
        "West US Sea Zone": {"usa": {"carrier": 1}},
    }
    state = position(units, power="japan", owners=owners)
    state, _ = act(state, Move((("battleship", 1),), ("Wake Island Sea Zone", "Hawaii Sea Zone")))
    state, _ = act(state, EndPhase())
    # The battleship hits; the carrier and both fighters fire back and miss.
    state, _ = act(state, Battle("Hawaii Sea Zone"), ScriptedRng([1, 6, 6, 6]))
    state, _ = act(state, Casualties((("carrier", 1),)))
    state, events = act(state, Retreat("Wake Island Sea Zone"))
    return state, events


def test_fighters_whose_carrier_sank_land_on_a_friendly_island_in_the_zone():
    state, events = _sink_the_carrier_under_two_fighters({})
    assert AircraftRelocated("usa", "Hawaii Sea Zone", "Hawaiian Islands", (("fighter", 2),)) in events
    assert units_in(state, "Hawaiian Islands", "usa") == {"fighter": 2}


def test_fighters_whose_carrier_sank_do_not_fly_to_a_carrier_in_another_sea_zone():
    # The document's FAQ: "a friendly territory or carrier in the same sea zone"; West US's carrier is not.
    state, events = _sink_the_carrier_under_two_fighters({"Hawaiian Islands": "japan"})
    lost = UnitsLost("usa", "Hawaii Sea Zone", (("fighter", 2),), "carrier sunk, no island to land on")
    assert lost in events
    assert units_in(state, "West US Sea Zone", "usa") == {"carrier": 1}

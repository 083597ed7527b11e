"""Rule cases for moving: Move, Blitz, Transport and Navigate, with anchors, sea lanes and their limits."""

from __future__ import annotations

from rules.attack.actions import Begin, EndAction, March, Sail, Ships, Troops
from rules.attack.events import AssaultGathered, ShipsSailed
from rules.attack.options import make_options
from rules.attack.state import Assault, NavyAssault
from rules.attack.tables import BLITZKRIEG, COPIES, FORCED_MARCH
from tests.rules.attack.position import WEST, acting, army, coast, of, play, position, refused, zone

INF = (1, 0, 0, 0)


def moving(holdings, kind="move", **extra):
    return acting(position(holdings, **extra), kind, **{k: v for k, v in extra.items() if k == "card"})


def test_a_move_takes_units_one_region_each():
    state = moving({"germany": (0, (3, 0, 0, 0))})
    refused(state, 0, March("germany", "iberia", Troops(1)), "not_adjacent")
    state, events = play(state, 0, March("germany", "france", Troops(2)))
    assert of(events, AssaultGathered) == [AssaultGathered(0, "germany", "france", Troops(2))]
    assert army(state, "germany") == (1, 0, 0, 0)
    assert state.turn.assaults == (Assault(WEST.index["france"], (2, 0, 0, 0)),)


def test_units_that_moved_cannot_move_again_in_the_same_action():
    state = moving({"germany": (0, (3, 0, 0, 0)), "france": (0, (0, 0, 0, 0))})
    state, _ = play(state, 0, March("germany", "france", Troops(2)))
    assert army(state, "france") == (2, 0, 0, 0)
    error = refused(state, 0, March("france", "iberia", Troops(1)), "too_many")
    assert "no units free" in error.message


def test_armies_cross_an_anchored_sea_zone_between_regions_on_its_coast():
    state = moving({"germany": (0, (2, 0, 0, 0)), "britain": (0, (0, 0, 0, 0))})
    state, _ = play(state, 0, March("germany", "britain", Troops(2)))  # across the anchored North Sea
    assert army(state, "britain") == (2, 0, 0, 0)


def test_an_enemy_navy_in_an_anchored_zone_blocks_its_crossing():
    state = moving({"germany": (0, (2, 0, 0, 0))}, zones={"north_sea": (1, (1, 0, 0, 0), (0, 0, 0, 0))})
    refused(state, 0, March("germany", "britain", Troops(2)), "not_adjacent")


def test_armies_never_cross_a_sea_zone_without_an_anchor():
    state = moving({"brazil": (0, (2, 0, 0, 0))})
    refused(state, 0, March("brazil", "west_africa", Troops(1)), "not_adjacent")  # both on the South Atlantic


def test_sea_lanes_join_regions_across_a_strait():
    state = moving({"iberia": (0, (2, 0, 0, 0))})
    state, _ = play(state, 0, March("iberia", "maghreb", Troops(1)))  # Gibraltar
    assert state.turn.assaults[0].target == WEST.index["maghreb"]


def test_gathered_assaults_are_fought_when_the_action_ends():
    state = moving({"germany": (0, (3, 0, 0, 0))})
    state, _ = play(state, 0, March("germany", "france", Troops(3)))
    # Year 1: the neutral rolls one die: a blank, so France falls without a fight.
    state, _ = play(state, 0, EndAction(), [6])
    assert state.owner[WEST.index["france"]] == 0 and army(state, "france") == (3, 0, 0, 0)
    assert state.turn is None and state.position == 1


def test_a_blitz_attacks_one_hostile_region():
    state = position({"germany": (0, (3, 0, 1, 0))})
    refused(state, 0, Begin("blitz", target="germany"), "blitz_target")
    state, _ = play(state, 0, Begin("blitz", target="france"))
    refused(state, 0, March("germany", "italy", Troops(1)), "blitz_target")
    state, _ = play(state, 0, March("germany", "france", Troops(3, 0, 1)))
    assert state.turn.assaults[0].army == (3, 0, 1, 0)


def test_blitz_tanks_come_through_own_regions_and_planes_over_any_from_up_to_three_regions():
    own = {r: (0, (0, 0, 0, 0)) for r in ("germany", "france")}
    holdings = {
        **own,
        "russia": (0, (1, 0, 1, 1)),
        "arctic_russia": (0, (0, 0, 1, 0)),
        "lapland": (0, (0, 0, 1, 1)),
    }
    state = acting(position(holdings), "blitz", target=WEST.index["iberia"])
    refused(state, 0, March("russia", "iberia", Troops(1)), "too_far")  # infantry: next door only
    state, _ = play(state, 0, March("russia", "iberia", Troops(tank=1, plane=1)))  # Germany, France: ours
    refused(state, 0, March("arctic_russia", "iberia", Troops(tank=1)), "too_far")  # four regions
    refused(
        state, 0, March("lapland", "iberia", Troops(tank=1)), "too_far"
    )  # 3 only through neutral Scandinavia
    state, _ = play(state, 0, March("lapland", "iberia", Troops(plane=1)))  # planes fly over
    assert state.turn.assaults[0].army == (0, 0, 1, 2)


def test_blitzkrieg_brings_tanks_and_planes_from_five_regions():
    card = BLITZKRIEG * COPIES
    holdings = {r: (0, (0, 0, 0, 0)) for r in ("germany", "russia", "france")}
    holdings["arctic_russia"] = (0, (0, 0, 1, 0))
    state = acting(position(holdings), "blitz", target=WEST.index["iberia"])
    refused(state, 0, March("arctic_russia", "iberia", Troops(tank=1)), "too_far")
    boosted = acting(position(holdings), "blitz", target=WEST.index["iberia"], card=card)
    play(boosted, 0, March("arctic_russia", "iberia", Troops(tank=1)))


def test_transport_moves_only_between_own_regions_through_own_regions():
    holdings = {"germany": (0, (3, 0, 0, 0)), "france": (0, (0, 0, 0, 0)), "iberia": (0, (0, 0, 0, 0))}
    state = acting(position(holdings), "transport")
    state, _ = play(state, 0, March("germany", "iberia", Troops(2)))  # Germany, France, Iberia: all ours
    assert army(state, "iberia") == (2, 0, 0, 0)
    refused(state, 0, March("germany", "italy", Troops(1)), "transport_hostile")
    gap = acting(position({"germany": (0, (3, 0, 0, 0)), "iberia": (0, (0, 0, 0, 0))}), "transport")
    refused(gap, 0, March("germany", "iberia", Troops(1)), "too_far")  # France is neutral


def test_transport_range_is_three_regions_and_two_more_per_rail_transport_level():
    chain = ("ukraine", "germany", "france", "iberia", "maghreb")
    holdings = {r: (0, (0, 0, 0, 0)) for r in chain}
    holdings["ukraine"] = (0, (2, 0, 0, 0))
    refused(acting(position(holdings), "transport"), 0, March("ukraine", "maghreb", Troops(1)), "too_far")
    railed = acting(position(holdings, levels={0: (0, 0, 0, 1, 0)}), "transport")
    play(railed, 0, March("ukraine", "maghreb", Troops(1)))


def test_forced_march_moves_two_regions_the_first_into_your_own():
    card = FORCED_MARCH * COPIES
    holdings = {"germany": (0, (2, 0, 0, 0)), "france": (0, (0, 0, 0, 0))}
    plain = acting(position(holdings), "move")
    refused(plain, 0, March("germany", "iberia", Troops(1)), "not_adjacent")
    forced = acting(position(holdings), "move", card=card)
    state, _ = play(forced, 0, March("germany", "iberia", Troops(1)))
    assert state.turn.assaults[0].target == WEST.index["iberia"]
    refused(forced, 0, March("germany", "maghreb", Troops(1)), "not_adjacent")  # via neutral Italy/Iberia


def test_ships_sail_through_up_to_two_sea_zones():
    state = acting(position({"germany": (0, (0, 0, 0, 0))}, coasts={"germany": (1, 1, 0, 0)}), "navigate")
    state2, events = play(state, 0, Sail("germany", "north_atlantic", Ships(1)))
    assert of(events, ShipsSailed)[0].path == ("north_sea", "north_atlantic")
    assert zone(state2, "north_atlantic") == (0, (1, 0, 0, 0), (0, 0, 0, 0))
    refused(state, 0, Sail("germany", "labrador_sea", Ships(1)), "no_route")
    longer = acting(
        position(coasts={"germany": (1, 0, 0, 0)}, options=make_options({"navy_range": 3})), "navigate"
    )
    play(longer, 0, Sail("germany", "labrador_sea", Ships(1)))


def test_ships_carry_two_army_units_each_and_land_them_on_own_coasts():
    holdings = {"germany": (0, (3, 0, 0, 0)), "britain": (0, (0, 0, 0, 0))}
    state = acting(position(holdings, coasts={"germany": (1, 0, 0, 0)}), "navigate")
    refused(state, 0, Sail("germany", "britain", Ships(1), Troops(3)), "overloaded")
    state, _ = play(state, 0, Sail("germany", "britain", Ships(1), Troops(2)))
    assert army(state, "britain") == (2, 0, 0, 0) and coast(state, "britain") == (1, 0, 0, 0)


def test_armies_stay_aboard_in_a_sea_zone_and_sail_on_later():
    state = acting(position({"germany": (0, (2, 0, 0, 0))}, coasts={"germany": (1, 0, 0, 0)}), "navigate")
    state, _ = play(state, 0, Sail("germany", "north_sea", Ships(1), Troops(2)))
    assert zone(state, "north_sea") == (0, (1, 0, 0, 0), (2, 0, 0, 0))
    refused(state, 0, Sail("north_sea", "bay_of_biscay", Ships(1), Troops(2)), "too_many")  # sailed already


def test_an_enemy_fleet_stops_ships_for_a_navy_battle_and_cannot_be_sailed_through():
    enemy = {"north_sea": (1, (1, 0, 0, 0), (0, 0, 0, 0))}
    state = acting(position(coasts={"germany": (0, 1, 0, 0)}, zones=enemy), "navigate")
    battle, _ = play(state, 0, Sail("germany", "north_sea", Ships(destroyer=1)))
    assert battle.turn.navy_assaults == (
        NavyAssault(WEST.zone_index["north_sea"], (0, 1, 0, 0), (0, 0, 0, 0), home=WEST.index["germany"]),
    )
    refused(state, 0, Sail("germany", "bay_of_biscay", Ships(destroyer=1)), "no_route")  # not through it
    elsewhere = acting(
        position(coasts={"germany": (0, 1, 0, 0)}, zones={"baltic_sea": enemy["north_sea"]}), "navigate"
    )
    play(elsewhere, 0, Sail("germany", "bay_of_biscay", Ships(destroyer=1)))


def test_ships_land_armies_on_a_hostile_coast_as_an_attack_and_dock_only_on_own_coasts():
    state = acting(position({"germany": (0, (2, 0, 0, 0))}, coasts={"germany": (1, 0, 0, 0)}), "navigate")
    refused(state, 0, Sail("germany", "britain", Ships(1)), "nothing_to_land")
    state, events = play(state, 0, Sail("germany", "britain", Ships(1), Troops(2)))
    assert state.turn.assaults == (Assault(WEST.index["britain"], (2, 0, 0, 0), by_sea=True),)
    assert zone(state, "north_sea")[:2] == (0, (1, 0, 0, 0))
    assert of(events, AssaultGathered)[0].source == "north_sea"


def test_ship_capacity_is_an_option():
    holdings = {"germany": (0, (4, 0, 0, 0)), "britain": (0, (0, 0, 0, 0))}

    def sailing(capacity):
        options = make_options({"ship_capacity": capacity})
        return acting(position(holdings, coasts={"germany": (1, 0, 0, 0)}, options=options), "navigate")

    error = refused(sailing(3), 0, Sail("germany", "britain", Ships(1), Troops(4)), "overloaded")
    assert "carries 3 army units" in error.message
    state, _ = play(sailing(3), 0, Sail("germany", "britain", Ships(1), Troops(3)))
    assert army(state, "britain") == (3, 0, 0, 0) and army(state, "germany") == (1, 0, 0, 0)
    refused(sailing(1), 0, Sail("germany", "britain", Ships(1), Troops(2)), "overloaded")
    state, _ = play(sailing(1), 0, Sail("germany", "britain", Ships(1), Troops(1)))
    assert army(state, "britain") == (1, 0, 0, 0)


def test_blitz_range_is_an_option():
    holdings = {
        "germany": (0, (0, 0, 1, 0)),
        "france": (0, (0, 0, 0, 0)),
        "russia": (0, (0, 0, 1, 1)),
        "arctic_russia": (0, (0, 0, 1, 1)),
    }

    def blitzing(reach):
        options = make_options({"blitz_range": reach})
        return acting(position(holdings, options=options), "blitz", target=WEST.index["iberia"])

    short = blitzing(2)
    # Russia is three regions from Iberia: in reach by default, not with a range of 2.
    refused(short, 0, March("russia", "iberia", Troops(tank=1)), "too_far")
    refused(short, 0, March("russia", "iberia", Troops(plane=1)), "too_far")
    state, _ = play(short, 0, March("germany", "iberia", Troops(tank=1)))  # through France, two regions
    assert state.turn.assaults[0].army == (0, 0, 1, 0)
    # Arctic Russia is four regions away: out of reach by default, in reach with a range of 4.
    state, _ = play(blitzing(4), 0, March("arctic_russia", "iberia", Troops(tank=1, plane=1)))
    assert state.turn.assaults[0].army == (0, 0, 1, 1)
    refused(blitzing(3), 0, March("arctic_russia", "iberia", Troops(tank=1)), "too_far")


def test_a_refused_march_counts_the_units_left_in_players_words():
    """A newcomer read "Germany has 2 tank free to move": counts take their plural, as the log's do."""
    state = moving({"germany": (0, (1, 0, 2, 0))})
    error = refused(state, 0, March("germany", "france", Troops(1, 0, 3)), "too_many")
    assert error.message == "Germany has 1 infantry, 2 tanks free to move in this action; you asked for more."

"""Rule cases for navy battles, with scripted dice. Navy die: 1 carrier, 2 destroyer, 3 submarine,
4-5 battleship, 6 blank. A card scores its ship's value (submarine 1, destroyer 2, carrier 2,
battleship 3) + 2 when the die shows its own type, + 1 another ship, + modifiers."""

from __future__ import annotations

from functools import cache

from rules.attack import RULES
from rules.attack.actions import EndAction, FightOn, LineUp, Retreat
from rules.attack.battle.lines import default_lineup, should_retreat
from rules.attack.battle.navy import engagement_score
from rules.attack.events import (
    CargoLost,
    DamagedWithdrew,
    LinesRevealed,
    LineUpSet,
    NavyBattleEnded,
    NavyRetreated,
    ShipsEngaged,
)
from rules.attack.state import NavyAssault
from rules.attack.tables import BATTLESHIP, CARRIER, COPIES, DESTROYER, NAVAL_SUPREMACY, SUBMARINE
from tests.rules.attack.position import WEST, acting, coast, of, play, position, refused, zone

NORTH_SEA = WEST.zone_index["north_sea"]
GERMANY = WEST.index["germany"]


def sea_battle(attackers, defenders, *, cargo=(0, 0, 0, 0), card=None, **extra):
    state = position(zones={"north_sea": (1, defenders, (0, 0, 0, 0))}, **extra)
    fleet = NavyAssault(NORTH_SEA, attackers, cargo, home=GERMANY)
    return acting(state, "navigate", card=card, navy_assaults=(fleet,))


@cache
def main_battle():
    """A destroyer and a submarine attack a battleship and a carrier in the North Sea."""
    begun, _ = play(sea_battle((1, 1, 0, 0), (0, 0, 1, 1)), 0, EndAction())
    attacker_set, set_events = play(begun, 0, LineUp(("destroyer", "submarine")))
    round_one, events = play(attacker_set, 1, LineUp(("battleship", "carrier")), [2, 6, 3, 1, 4])
    return begun, attacker_set, set_events, round_one, events


def test_both_sides_line_up_at_once_and_line_ups_stay_secret_until_both_are_set():
    begun, attacker_set, set_events, _, _ = main_battle()
    assert RULES.to_act(begun) == (0, 1)
    assert RULES.to_act(attacker_set) == (1,)
    (shown,) = of(set_events, LineUpSet)
    assert shown.ships == ("destroyer", "submarine")
    assert RULES.redact(shown, 1).ships is None and RULES.redact(shown, None).ships is None
    assert RULES.view(attacker_set, 1).navy_battle.own_lineup is None
    assert RULES.view(attacker_set, 1).navy_battle.set == (True, False)
    assert RULES.view(attacker_set, 0).navy_battle.own_lineup == ("destroyer", "submarine")


def test_engagements_run_left_to_right_and_the_higher_total_wins_a_tie_scores_nothing():
    *_, events = main_battle()
    assert of(events, LinesRevealed)[0].attacker == ("destroyer", "submarine")
    first, second = of(events, ShipsEngaged)
    assert (first.attacker_ship, first.defender_ship, first.attacker_score, first.defender_score) == (
        "destroyer",
        "battleship",
        4,
        3,
    )
    assert first.hits == (("defender", "battleship", "damaged"),)
    assert (second.attacker_score, second.defender_score) == (4, 4)  # submarine +1 against a carrier


def test_a_carriers_air_support_die_hits_the_first_ship_of_the_enemy_line_on_a_plane():
    *_, events = main_battle()
    second = of(events, ShipsEngaged)[1]
    assert second.air_dice == (("defender", 4),)
    assert second.hits == (("attacker", "destroyer", "sunk"),)  # the first ship, not the submarine fighting


def test_battleships_take_two_hits_and_damaged_ones_leave_the_battle_for_home():
    *_, state, events = main_battle()
    assert of(events, DamagedWithdrew) == [DamagedWithdrew(1, "north_sea", 1, "brazil")]
    assert coast(state, "brazil") == (0, 0, 1, 0)
    assert state.navy_battle.ships == ((1, 0, 0, 0), (0, 0, 0, 1))


def test_after_a_round_the_attacker_then_the_defender_may_retreat_or_fight_on():
    *_, state, _ = main_battle()
    assert RULES.to_act(state) == (0,)
    state, _ = play(state, 0, FightOn())
    assert RULES.to_act(state) == (1,)
    state, events = play(state, 1, FightOn(), [3, 6])  # a new round: one ship each, no choice left
    assert of(events, ShipsEngaged)[0].hits == (("defender", "carrier", "sunk"),)
    assert of(events, ShipsEngaged)[0].air_dice == ()  # the sunk carrier's air support is lost
    assert of(events, NavyBattleEnded)[0].winner == 0
    assert zone(state, "north_sea") == (0, (1, 0, 0, 0), (0, 0, 0, 0))


def test_a_retreating_attacker_sails_home_and_the_defender_keeps_the_zone():
    *_, state, _ = main_battle()
    state, events = play(state, 0, Retreat())
    assert of(events, NavyRetreated)[0].to == "germany"
    assert coast(state, "germany") == (1, 0, 0, 0) and zone(state, "north_sea")[:2] == (1, (0, 0, 0, 1))


def test_a_hit_lands_on_the_first_ship_of_the_line_up_not_the_one_fighting():
    begun, _ = play(sea_battle((1, 0, 1, 0), (0, 2, 0, 0)), 0, EndAction())
    _, events = play(begun, 0, LineUp(("battleship", "submarine")), [6, 6, 6, 2])
    first, second = of(events, ShipsEngaged)
    assert first.hits == (("defender", "destroyer", "sunk"),)  # 3 against 2
    assert (second.attacker_ship, second.attacker_score, second.defender_score) == ("submarine", 1, 5)
    assert second.hits == (("attacker", "battleship", "damaged"),)  # the first ship takes it


def test_a_sunk_carriers_air_support_die_is_lost():
    _, events = play(sea_battle((0, 1, 0, 0), (0, 0, 0, 1)), 0, EndAction(), [2, 6])
    (fight,) = of(events, ShipsEngaged)
    assert fight.hits == (("defender", "carrier", "sunk"),) and fight.air_dice == ()


def test_carrier_against_carrier_hits_the_engaged_carrier():
    begun, _ = play(sea_battle((1, 0, 0, 1), (0, 1, 0, 1)), 0, EndAction())
    state, _ = play(begun, 0, LineUp(("submarine", "carrier")))
    state, events = play(state, 1, LineUp(("destroyer", "carrier")), [6, 6, 1, 6, 6])
    first, second = of(events, ShipsEngaged)
    assert first.hits == (("attacker", "submarine", "sunk"),)
    assert second.hits == (("defender", "carrier", "sunk"),)  # not the destroyer, first in line
    assert second.air_dice == (("attacker", 6),)


def test_a_card_with_none_opposite_fights_the_first_ship_afloat():
    begun, _ = play(sea_battle((1, 2, 0, 0), (0, 0, 1, 0)), 0, EndAction())
    _, events = play(begun, 0, LineUp(("destroyer", "destroyer", "submarine")), [2, 6, 2, 6])
    positions = [(e.position, e.defender_ship, e.hits) for e in of(events, ShipsEngaged)]
    assert positions == [
        (0, "battleship", (("defender", "battleship", "damaged"),)),
        (1, "battleship", (("defender", "battleship", "sunk"),)),
    ]
    assert of(events, NavyBattleEnded)[0].winner == 0


def test_armies_aboard_sink_with_their_ships_unless_the_ships_left_can_carry_them():
    state, events = play(
        sea_battle((0, 2, 0, 0), (0, 1, 0, 0), cargo=(3, 1, 0, 0)), 0, EndAction(), [6, 2, 2, 6]
    )
    assert of(events, CargoLost) == [CargoLost(0, "north_sea", of(events, CargoLost)[0].army)]
    assert of(events, CargoLost)[0].army.infantry == 2  # 4 aboard, room for 2: the cheapest go down
    assert zone(state, "north_sea") == (0, (0, 1, 0, 0), (1, 1, 0, 0))


def test_one_kind_of_ship_lines_up_without_a_choice():
    state, events = play(sea_battle((0, 1, 0, 0), (0, 1, 0, 0)), 0, EndAction(), [2, 6])
    assert of(events, LineUpSet) and of(events, ShipsEngaged)[0].hits == (("defender", "destroyer", "sunk"),)
    assert state.navy_battle is None


def test_naval_supremacy_adds_one_to_the_attackers_navy_dice():
    card = NAVAL_SUPREMACY * COPIES
    _, events = play(sea_battle((1, 0, 0, 0), (1, 0, 0, 0), card=card), 0, EndAction(), [6, 6])
    assert (of(events, ShipsEngaged)[0].attacker_score, of(events, ShipsEngaged)[0].defender_score) == (2, 1)


def test_navy_values_dice_and_modifiers():
    """Design: the navy card table."""
    assert engagement_score(SUBMARINE, BATTLESHIP, 3, 0) == 1 + 2 + 1
    assert engagement_score(DESTROYER, SUBMARINE, 4, 0) == 2 + 1 + 1
    assert engagement_score(BATTLESHIP, CARRIER, 5, 0) == 3 + 2
    assert engagement_score(CARRIER, DESTROYER, 6, 0) == 2


def test_a_line_up_must_hold_one_to_eight_of_your_ships_in_the_battle():
    begun, _ = play(sea_battle((1, 1, 0, 0), (0, 0, 1, 1)), 0, EndAction())
    refused(begun, 0, LineUp(()), "lineup_size")
    refused(begun, 0, LineUp(("carrier",)), "lineup_size")
    refused(begun, 0, LineUp(("destroyer",) * 9), "lineup_size")
    refused(begun, 0, LineUp(("cruiser",)), "no_ship_type")


def test_the_default_line_up_follows_the_navy_hierarchy_and_keeps_transports_out():
    """The document's hierarchy (destroyer, submarine, carrier, battleship) orders the deadline default."""
    assert default_lineup((1, 1, 1, 1), 0, 2) == (DESTROYER, SUBMARINE, CARRIER, BATTLESHIP)
    assert default_lineup((1, 1, 1, 1), 2, 2) == (DESTROYER, CARRIER, BATTLESHIP)  # a submarine carries
    assert default_lineup((0, 0, 0, 1), 2, 2) == (CARRIER,)  # never an empty line


def test_the_default_never_retreats_while_ahead():
    """Design: retreat only when the ships left are worth less than half the enemy's."""
    assert not should_retreat((0, 1, 0, 0), (0, 1, 0, 0))
    assert not should_retreat((1, 0, 0, 0), (0, 1, 0, 0))
    assert should_retreat((1, 0, 0, 0), (0, 0, 1, 0))

"""Rule cases for army battles, with scripted Army dice (1 infantry, 2 artillery, 3 tank, 4-5 plane,
6 blank): deployment, the opening salvo, alternate turns with growing lines, hits, losses, conquest,
capitals and neutral garrisons."""

from __future__ import annotations

from functools import cache

from rules.attack import RULES
from rules.attack.actions import Deploy, EndAction, March, Troops
from rules.attack.battle.army import destroy, hits_of, line_limit
from rules.attack.common import income
from rules.attack.events import ArmyBattleBegan, ArmyBattleEnded, GameEnded, LineSet, RegionConquered, Volley
from rules.attack.options import make_options
from rules.attack.state import NEUTRAL, Assault, NavyAssault, Stage
from rules.attack.tables import (
    ARMY_FACES,
    ARTILLERY,
    BATTLESHIP,
    CARRIER,
    COPIES,
    DESTROYER,
    INFANTRY,
    NAVY_FACES,
    PLANE,
    SUBMARINE,
    SURPRISE_ATTACK,
    TANK,
)
from tests.rules.attack.position import WEST, acting, army, coast, of, owner, play, position, refused

FRANCE = WEST.index["france"]


def assault(defenders, attackers, *, target="france", defender=1, card=None, **extra):
    holdings = {} if defender is None else {target: (defender, defenders)}
    state = position(holdings, players=3, order=(0, 1, 2), **extra)
    return acting(state, "move", card=card, assaults=(Assault(WEST.index[target], attackers),))


# Scripted dice of full_battle, by option ``line_growth``: the salvo's artillery, then the volleys of turns
# 1 (defender), 2 (attacker), 3 (defender) and 4 (attacker).
BATTLE_DICE = {
    "side": [2] + [1, 3, 6] + [1, 1, 2, 4] + [6, 6, 6] + [1, 1, 2, 6, 6],
    "battle": [2] + [1, 3, 6] + [1, 1, 2, 4, 5] + [6, 6, 6] + [1, 1, 1, 2, 6, 6],
}


@cache
def full_battle(growth: str = "side"):
    """Defender (3,2,1,1) in France against (4,1,1,1), both choosing one of each kind for the first line."""
    options = make_options({"line_growth": growth})
    state = assault((3, 2, 1, 1), (4, 1, 1, 1), options=options)
    steps = []
    state, events = play(state, 0, EndAction())
    steps.append((state, events))
    state, events = play(state, 1, Deploy(Troops(1, 1, 1, 1)))
    steps.append((state, events))
    state, events = play(state, 0, Deploy(Troops(1, 1, 1, 1)), BATTLE_DICE[growth])
    steps.append((state, events))
    return steps


def test_the_defender_sets_four_units_in_line_first_then_the_attacker():
    (begun, _), (after_defender, events), _ = full_battle()
    assert RULES.to_act(begun) == (1,)
    battle = RULES.view(begun, None).army_battle
    assert (battle.awaiting, battle.deciding, battle.need) == ("deploy", 1, 4)
    assert RULES.to_act(after_defender) == (0,)
    (line,) = of(events, LineSet)
    assert line.defender_line == Troops(1, 1, 1, 1) and line.defender_reserve == Troops(2, 1)


def test_the_opening_salvo_fires_the_attackers_artillery_first():
    _, _, (_, events) = full_battle()
    volleys = of(events, Volley)
    assert volleys[0].salvo and volleys[0].side == "attacker" and volleys[0].dice == (2,)
    assert volleys[0].destroyed == Troops(1) and volleys[0].defender_line == Troops(0, 1, 1, 1)


def salvo(attackers, dice, **options):
    """The opening salvo of (attackers) against one infantry in France, and the battle's winner."""
    state = assault((1, 0, 0, 0), attackers, options=make_options(options))
    state, events = play(state, 0, EndAction(), dice)
    return of(events, Volley)[0], of(events, ArmyBattleEnded)[0].winner


def test_a_salvo_die_hits_on_any_face_matching_a_unit_in_the_attackers_line():
    """Reading (the default, option ``salvo_hits`` "line"): "only Artillery roll" says which units roll;
    which faces hit is the document's one hit rule, "one hit per die matching a unit in line". One
    artillery and one tank roll one die: a tank face hits, an infantry face (no infantry in line) misses."""
    volley, winner = salvo((0, 1, 1, 0), [3])
    assert (volley.salvo, volley.dice, volley.hits, volley.destroyed, winner) == (True, (3,), 1, Troops(1), 0)
    volley, _ = salvo((0, 1, 1, 0), [1] + [6] + [3, 6])  # a miss; the defender's blank; the tank hits
    assert (volley.dice, volley.hits) == ((1,), 0)
    assert hits_of((3, 2, 2), (0, 1, 1, 0)) == 2  # one die per unit: one artillery hit, one tank hit


def test_option_salvo_hits_artillery_lets_only_artillery_faces_hit_in_the_salvo():
    """Option ``salvo_hits`` "artillery": the salvo's tank face misses though a tank is in line; the
    artillery face hits; the volleys after the salvo hit on every matching face as always."""
    volley, winner = salvo((0, 1, 1, 0), [3] + [6] + [3, 6], salvo_hits="artillery")
    assert (volley.dice, volley.hits, winner) == ((3,), 0, 0)
    volley, winner = salvo((0, 1, 1, 0), [2], salvo_hits="artillery")
    assert (volley.dice, volley.hits, volley.destroyed, winner) == ((2,), 1, Troops(1), 0)


def test_the_defender_fires_first_then_turns_alternate():
    _, _, (_, events) = full_battle()
    sides = [v.side for v in of(events, Volley) if not v.salvo]
    assert sides == ["defender", "attacker", "defender", "attacker"]


def test_each_sides_line_grows_by_one_at_each_of_its_own_turns_and_is_filled_from_reserve():
    """Reading (the default, option ``line_growth`` "side"): "after each round, acting player may add 1
    more unit": each side's line holds 4 at its first turn, 5 at its second, 6 at its third."""
    _, _, (_, events) = full_battle()
    refills = [(e.turn, e.side, e.added) for e in of(events, LineSet)]
    # turn 2, the attacker's first: its line may hold 4 and holds 3 (the defender hit one): one infantry
    # goes in, two stay in reserve; turn 3, the defender's second: 5, its line is empty: all 3 in
    # reserve; turn 4, the attacker's second: 5, one more infantry.
    assert refills == [
        (0, "attacker", Troops(1, 1, 1, 1)),
        (2, "attacker", Troops(1)),
        (3, "defender", Troops(2, 1)),
        (4, "attacker", Troops(1)),
    ]
    line_limits = [line_limit(make_options({}), turn) for turn in range(1, 7)]
    assert line_limits == [4, 4, 5, 5, 6, 6]


def test_option_line_growth_battle_adds_one_at_every_turn_of_the_battle():
    """Option ``line_growth`` "battle": the limit grows by one at every turn, either side's, so a side's
    own limit grows by 2 between its turns (the defender 4, 6, 8; the attacker 5, 7)."""
    _, _, (state, events) = full_battle("battle")
    refills = [(e.turn, e.side, e.added) for e in of(events, LineSet)]
    # turn 2: the attacker's line may hold 5 (it holds 3): both reserve infantry must go in;
    # turn 3: 6 for the defender, whose line is empty: all 3 in reserve; turn 4: the last infantry.
    assert refills == [
        (0, "attacker", Troops(1, 1, 1, 1)),
        (2, "attacker", Troops(2)),
        (3, "defender", Troops(2, 1)),
        (4, "attacker", Troops(1)),
    ]
    assert owner(state, "france") == 0
    line_limits = [line_limit(make_options({"line_growth": "battle"}), turn) for turn in range(1, 7)]
    assert line_limits == [4, 5, 6, 7, 8, 9]


def test_one_hit_per_die_matching_a_unit_in_the_line_and_one_die_per_unit():
    _, _, (_, events) = full_battle()
    turn2 = next(v for v in of(events, Volley) if v.turn == 2)
    assert (
        turn2.dice == (1, 1, 2, 4) and turn2.hits == 3
    )  # 2 infantry faces for 1 infantry, 1 artillery, 1 plane
    assert hits_of((3, 3), (0, 0, 1, 0)) == 1  # two tanks rolled, one tank in line: one hit
    assert hits_of((6, 6, 6), (3, 0, 0, 0)) == 0


def test_the_army_die_shows_tank_infantry_artillery_two_planes_and_a_blank_and_the_navy_die_its_ships():
    assert sorted(ARMY_FACES, key=str) == sorted((INFANTRY, ARTILLERY, TANK, PLANE, PLANE, None), key=str)
    assert sorted(NAVY_FACES, key=str) == sorted(
        (CARRIER, DESTROYER, SUBMARINE, BATTLESHIP, BATTLESHIP, None), key=str
    )


def test_navy_battles_are_fought_before_army_battles_when_the_action_ends():
    """Design: the sea is won before anything else happens there; then army battles in gathered order."""
    state = position({"britain": (1, (1, 0, 0, 0))}, zones={"north_sea": (1, (1, 0, 0, 0), (0, 0, 0, 0))})
    fleet = NavyAssault(WEST.zone_index["north_sea"], (0, 1, 0, 0), (0, 0, 0, 0), home=WEST.index["germany"])
    state = acting(
        state, "navigate", navy_assaults=(fleet,), assaults=(Assault(WEST.index["france"], (1, 0, 0, 0)),)
    )
    _, events = play(state, 0, EndAction(), [2, 6] + [6])  # the destroyer wins; France's garrison: a blank
    kinds = [type(e).__name__ for e in events if type(e).__name__.endswith("BattleBegan")]
    assert kinds == ["NavyBattleBegan", "ArmyBattleBegan"]


def test_hits_destroy_infantry_then_artillery_then_tanks_then_planes():
    assert destroy((1, 1, 1, 1), 3) == ((0, 0, 0, 1), (1, 1, 1, 0))
    assert destroy((0, 2, 0, 1), 5) == ((0, 0, 0, 0), (0, 2, 0, 1))  # hits beyond the line are lost


def test_the_battle_ends_when_a_side_has_no_units_and_the_winner_takes_the_region():
    _, _, (state, events) = full_battle()
    (ended,) = of(events, ArmyBattleEnded)
    assert ended.winner == 0 and ended.attacker_left == Troops(3, 1, 1, 1)
    assert owner(state, "france") == 0 and army(state, "france") == (3, 1, 1, 1)
    assert of(events, RegionConquered)[0].previous == 1
    assert state.army_battle is None and state.turn is None and RULES.to_act(state) == (1,)


def test_no_retreat_and_no_new_units_once_a_battle_has_started():
    (begun, _), _, _ = full_battle()
    refused(begun, 1, March("france", "iberia", Troops(1)), "deploy_first")
    refused(begun, 0, EndAction(), "not_your_turn")


def test_a_line_of_the_wrong_size_is_refused():
    (begun, _), _, _ = full_battle()
    error = refused(begun, 1, Deploy(Troops(1, 1, 1)), "line_size")
    assert "exactly 4" in error.message
    refused(begun, 1, Deploy(Troops(plane=4)), "line_size")  # not in reserve


def test_the_defender_holds_when_the_attackers_are_all_destroyed():
    state = assault((1, 0, 0, 0), (1, 0, 0, 0))
    # no salvo (no artillery); the defender's infantry rolls infantry: the attacker is gone.
    state, events = play(state, 0, EndAction(), [1])
    assert owner(state, "france") == 1 and army(state, "france") == (1, 0, 0, 0)
    assert of(events, ArmyBattleEnded)[0].winner == 1


def test_a_conquered_regions_coastline_navy_is_lost_and_its_oil_marker_changes_hands():
    state = assault((1, 0, 0, 0), (2, 1, 0, 0), target="balkans", coasts={"balkans": (1, 1, 0, 0)})
    before = income(state, 0)[1]
    state, events = play(state, 0, EndAction(), [2])  # the salvo destroys the lone infantry
    assert owner(state, "balkans") == 0 and coast(state, "balkans") == (0, 0, 0, 0)
    assert of(events, RegionConquered)[0].navy_lost.destroyer == 1
    assert income(state, 0)[1] == before + 1  # the Balkans' oil marker now produces for the conqueror


def test_capturing_a_capital_ends_the_game():
    state = assault((1, 0, 0, 0), (0, 1, 0, 0), target="brazil")
    state, events = play(state, 0, EndAction(), [2])
    assert state.stage is Stage.OVER and state.winners == (0,)
    assert "capital" in of(events, GameEnded)[0].reason and of(events, RegionConquered)[0].capital


def test_an_empty_region_falls_without_a_fight():
    state = assault((0, 0, 0, 0), (1, 0, 0, 0))
    state, events = play(state, 0, EndAction())
    assert owner(state, "france") == 0 and not of(events, Volley)


def test_a_neutral_rolls_one_army_die_per_year_number_commanded_by_an_opponent():
    state = assault(None, (3, 0, 0, 0), defender=None, year=3)
    # Year 3: three garrison dice (infantry, plane, plane). Neither line leaves a choice; the garrison
    # fires blanks, then the attacker's three infantry faces destroy it.
    state, events = play(state, 0, EndAction(), [1, 4, 5] + [6, 6, 6] + [1, 1, 1])
    began = of(events, ArmyBattleBegan)[0]
    assert began.defenders == Troops(1, 0, 0, 2) and began.defender == NEUTRAL and began.deputy == 1
    assert owner(state, "france") == 0 and army(state, "france") == (3, 0, 0, 0)


def test_the_neutral_deputy_makes_the_garrisons_choices_and_the_garrison_leaves_after():
    state = assault(None, (1, 0, 0, 0), defender=None, year=5)
    # five dice: 2 infantry, artillery, tank, plane: the deputy (seat 1) chooses 4 of 5
    state, _ = play(state, 0, EndAction(), [1, 1, 2, 3, 4])
    assert RULES.to_act(state) == (1,)
    state, events = play(state, 1, Deploy(Troops(1, 1, 1, 1)), [1, 6, 6, 6])  # the attacker is destroyed
    assert of(events, ArmyBattleEnded)[0].winner == NEUTRAL
    assert owner(state, "france") == NEUTRAL and army(state, "france") == (0, 0, 0, 0)


def test_neutral_dice_per_year_is_an_option():
    state = assault(None, (1, 0, 0, 0), defender=None, year=1, options=make_options({"neutral_dice": 2}))
    state, _ = play(state, 0, EndAction(), [6, 6])  # two blanks: nobody defends
    assert owner(state, "france") == 0


def test_surprise_attack_fires_the_whole_line_in_the_opening_salvo():
    card = SURPRISE_ATTACK * COPIES
    state = assault((2, 0, 0, 0), (1, 0, 1, 0), card=card)
    state, events = play(state, 0, EndAction(), [1, 3])  # infantry and tank faces: both hit
    salvo = of(events, Volley)[0]
    assert salvo.salvo and salvo.hits == 2 and owner(state, "france") == 0


def test_the_first_lines_size_is_an_option_and_grows_by_one_a_turn_from_it():
    """Option ``line_size`` 3: each first line takes exactly 3 (4 is refused), and each side's second
    turn's line 4."""
    state = assault((3, 2, 1, 1), (4, 2, 1, 1), options=make_options({"line_size": 3}))
    begun, _ = play(state, 0, EndAction())
    error = refused(begun, 1, Deploy(Troops(1, 1, 1, 1)), "line_size")
    assert "exactly 3" in error.message
    defended, events = play(begun, 1, Deploy(Troops(0, 1, 1, 1)))
    assert of(events, LineSet)[0].defender_reserve == Troops(3, 1)
    refused(defended, 0, Deploy(Troops(1, 1, 1, 1)), "line_size")
    # The salvo's artillery die, the defender's three dice and the attacker's three are blanks.
    state, events = play(defended, 0, Deploy(Troops(0, 1, 1, 1)), [6] + [6, 6, 6] + [6, 6, 6])
    assert [(v.side, v.hits) for v in of(events, Volley)] == [
        ("attacker", 0),
        ("defender", 0),
        ("attacker", 0),
    ]
    battle = RULES.view(state, None).army_battle
    # Turn 3, the defender's second: its line may hold 3 + 1; it holds 3, so one more from its reserve.
    assert (battle.turn, battle.line_max, battle.awaiting, battle.deciding, battle.need) == (
        3,
        4,
        "redeploy",
        1,
        1,
    )
    refused(state, 1, Deploy(Troops(2)), "line_size")


def test_government_markers_never_run_short():
    """Design: a region's marker is its owner, so a seat holding more regions than the three markers it
    was dealt still takes the next one it conquers."""
    held = {r: (0, (0, 0, 0, 0)) for r in ("italy", "iberia", "britain", "scandinavia")}
    state = position({**held, "france": (1, (0, 0, 0, 0))}, players=3, order=(0, 1, 2))
    assert state.owner.count(0) == 5
    state = acting(state, "move", assaults=(Assault(FRANCE, (1, 0, 0, 0)),))
    state, events = play(state, 0, EndAction())  # France is empty: it falls without a fight
    assert of(events, RegionConquered)[0].previous == 1
    assert owner(state, "france") == 0 and state.owner.count(0) == 6 and state.owner.count(1) == 1

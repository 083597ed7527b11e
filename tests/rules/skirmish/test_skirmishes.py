"""Forming skirmishes: the defender assigns its dice against the attacker's line; extra attacker dice cost
the defender a unit of the territory each and are added by the attacker; extra defender dice are added by
the defender, and five on one attacker die wipe the attacker's board."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.core.events import DiceRolled
from rules.skirmish import RULES
from rules.skirmish.actions import AssignDice, AssignExtra, Attack, Defend
from rules.skirmish.battle.state import DEFENDER, Stage
from rules.skirmish.events import (
    AttackDeclared,
    BattleEnded,
    BoardWiped,
    ExtraDiceAssigned,
    LossesTaken,
    Reinforced,
    SkirmishesFormed,
)
from rules.skirmish.pieces import Units
from tests.rules.skirmish.position import LEVEL, at_battle, of_type, play, position, troops, units_at

SOURCE, TARGET = LEVEL


FOUR = troops(4)


def board(attack_dice, defend_dice, attackers=None, defenders=None, territory=FOUR):
    attackers = attackers or troops(len(attack_dice))
    defenders = defenders or troops(len(defend_dice))
    state = position(
        holdings={
            SOURCE: (0, attackers.plus(troops(1))),
            TARGET: (1, defenders.plus(territory)),
            "greyhorn": (0, troops(1)),
        }
    )
    return at_battle(
        state,
        SOURCE,
        TARGET,
        attackers,
        defenders,
        stage=Stage.ASSIGN,
        attack_dice=attack_dice,
        defend_dice=defend_dice,
    )


def test_equal_dice_pair_one_to_one_as_the_defender_says():
    state = board((6, 4, 3), (5, 5, 2))
    after, events = play(state, 1, AssignDice((2, 3, 1)))
    (formed,) = of_type(events, SkirmishesFormed)
    # defender die 1 (5) against attacker die 2 (4); die 2 (5) against die 3 (3); die 3 (2) against die 1 (6)
    assert formed.skirmishes == (((6,), (2,)), ((4,), (5,)), ((3,), (5,)))
    assert not of_type(events, LossesTaken)
    assert after.battle.stage is Stage.ORDER  # no counters, no cards: both sides passed at once


def test_extra_attacker_dice_cost_the_defender_a_unit_of_the_territory_each():
    state = board((6, 4, 3, 2), (5, 2))
    with pytest.raises(IllegalAction) as wrong:
        play(state, 1, AssignDice((1, 2)))
    assert wrong.value.code == "bad_count" and "exactly 2 units" in wrong.value.message
    after, events = play(state, 1, AssignDice((1, 2), territory=troops(2)))
    (lost,) = of_type(events, LossesTaken)
    assert lost.territory == troops(2) and lost.reason == "extra dice"
    assert units_at(after, TARGET) == troops(2) and after.garrison[1].troop == state.garrison[1].troop + 2
    assert after.battle.stage is Stage.EXTRA and RULES.to_act(after) == (0,)


def test_extra_attacker_dice_cost_nothing_when_every_defender_is_on_the_board():
    state = board((6, 4, 3), (5,), territory=Units())
    after, events = play(state, 1, AssignDice((1,)))
    # No loss for the extra dice; the lost skirmish took the defender's only unit, ending the battle.
    assert [e.reason for e in of_type(events, LossesTaken)] == ["skirmish"]
    (formed,) = of_type(events, SkirmishesFormed)
    assert formed.territory_losses == Units()
    # One skirmish: the extra dice had nowhere else to go; 13 against 6 won it twice over.
    assert after.battle.stage is Stage.OCCUPY


def test_the_attacker_assigns_its_extra_dice_to_any_skirmish():
    state = board((6, 4, 3, 2), (5, 2))
    state, _ = play(state, 1, AssignDice((1, 2), territory=troops(2)))
    with pytest.raises(IllegalAction) as wrong:
        play(state, 0, AssignExtra((3, 1)))
    assert wrong.value.code == "bad_assignment" and "1 to 2" in wrong.value.message
    with pytest.raises(IllegalAction) as short:
        play(state, 0, AssignExtra((2,)))
    assert short.value.message == "Add each of your 2 extra dice to a skirmish."
    one_extra, _ = play(board((6, 4, 3), (5, 2)), 1, AssignDice((1, 2), territory=troops(1)))
    with pytest.raises(IllegalAction) as none:
        play(one_extra, 0, AssignExtra(()))
    assert none.value.message == "Add your extra die to a skirmish."  # not "each of your 1 extra die"
    after, events = play(state, 0, AssignExtra((2, 2)))
    assert [s.attack for s in after.battle.skirmishes] == [(0,), (1, 2, 3)]
    # The log shows the extra dice with their values (issue 29), not only where they went.
    (extra,) = of_type(events, ExtraDiceAssigned)
    assert extra.values == (3, 2)
    assert RULES.describe(extra, ["Ann", "Bob"]) == "Ann added extra dice: [3 2] to #2."


def test_fewer_defender_dice_each_face_a_different_attacker_die():
    state = board((6, 4, 3), (5, 2))
    with pytest.raises(IllegalAction) as doubled:
        play(state, 1, AssignDice((1, 1), territory=troops(1)))
    assert doubled.value.code == "bad_assignment" and "different die" in doubled.value.message


def test_extra_defender_dice_go_where_the_defender_says_after_every_attacker_die_has_one():
    state = board((6, 3), (5, 4, 4, 2))
    with pytest.raises(IllegalAction) as uncovered:
        play(state, 1, AssignDice((1, 1, 1, 1)))
    assert uncovered.value.code == "bad_assignment" and "Every attacker die" in uncovered.value.message
    after, _ = play(state, 1, AssignDice((1, 2, 1, 1)))
    assert [s.defend for s in after.battle.skirmishes] == [(0, 2, 3), (1,)]


def test_five_defender_dice_on_one_attacker_die_wipe_the_attackers_board():
    attackers = Units(troop=1, cannon=1)
    state = board((6, 3), (6, 5, 4, 4, 3, 2), attackers=attackers)
    after, events = play(state, 1, AssignDice((2, 1, 1, 1, 1, 1)))
    (wiped,) = of_type(events, BoardWiped)
    assert wiped.units == attackers and wiped.skirmish == 1
    (ended,) = of_type(events, BattleEnded)
    assert ended.winner == DEFENDER and ended.ended_by == "wipe" and ended.bars_attacks
    assert after.battle is None and after.attacks_barred
    assert after.garrison[0] == state.garrison[0].plus(attackers)
    assert units_at(after, TARGET) == troops(10)  # the defender's board goes home
    with pytest.raises(IllegalAction) as barred:
        play(after, 0, Attack(SOURCE, TARGET, troops(1)))
    assert barred.value.code == "attacks_barred"


def test_four_defender_dice_on_one_attacker_die_do_not_wipe():
    state = board((6, 3), (6, 5, 4, 4, 3))
    after, events = play(state, 1, AssignDice((2, 1, 1, 1, 2)))
    assert not of_type(events, BoardWiped) and after.battle is not None
    assert [len(s.defend) for s in after.battle.skirmishes] == [3, 2]


def test_with_no_dice_left_on_one_side_no_skirmish_forms_and_the_count_decides():
    state = position(
        holdings={SOURCE: (0, troops(4)), TARGET: (1, troops(1)), "greyhorn": (0, troops(1))},
    )
    state, _ = play(state, 0, Attack(SOURCE, TARGET, troops(4), dice=2))
    after, events = play(state, 1, Defend(troops(1)), dice=[1, 1] + [5])
    assert not of_type(events, SkirmishesFormed)
    (ended,) = of_type(events, BattleEnded)  # two attackers left against one defender
    assert ended.ended_by == "count" and ended.winner == "attacker"
    assert after.battle.stage is Stage.OCCUPY


def test_an_attack_naming_no_units_sends_the_strongest_ten_of_the_source():
    """Issue 33 item 5: the default is the engine's. 12 troops, 2 cavalry and a cannon at the source: the
    cannon, both cavalry and seven troops attack (the dearest first, ten at most), the rest stay."""
    held = Units(troop=12, cavalry=2, cannon=1)
    state = position(holdings={SOURCE: (0, held), TARGET: (1, troops(1)), "greyhorn": (0, troops(1))})
    after, events = play(state, 0, Attack(SOURCE, TARGET))
    (declared,) = of_type(events, AttackDeclared)
    assert declared.units == Units(troop=7, cavalry=2, cannon=1)
    assert units_at(after, SOURCE) == Units(troop=5)
    assert play(state, 0, Attack(SOURCE, TARGET, Units(troop=10)))[1][0].units == Units(troop=10)


def test_the_log_says_whose_dice_and_what_for() -> None:
    """The log wrote "🎲 battle: attacker: [3 1 2]" and "🎲 reinforce: […]" (a newcomer's game)."""
    names = ["Ann", "Bob"]

    def rolled(seat: int, reason: str) -> DiceRolled:
        return DiceRolled(seat, reason, 6, (3, 1, 2), first=0)

    # A battle's dice are told once, by the side's "rolled [3 2 1]" line (they were told twice).
    assert RULES.describe(rolled(0, "battle: attacker"), names) == ""
    assert RULES.describe(rolled(1, "battle: defender"), names) == ""
    assert RULES.describe(rolled(1, "reinforce"), names) == "🎲 Bob's reinforcement roll: [3 1 2]"
    # A card's draw is a place in the deck ("🎲 draw: [13]" stood above "drew a card (Charge)").
    assert RULES.describe(DiceRolled(0, "draw", 40, (13,), first=0, private=True), names) == ""
    # A roll beyond the garrison: nothing died ("53 lost" read as if it had), the garrison held no more.
    assert RULES.describe(Reinforced(1, 16, 65, 12, 53), names) == (
        "Bob reinforced: 16 dice rolled 65, but the garrison held only 12 troops: all of them to place."
    )
    assert RULES.describe(Reinforced(1, 2, 7, 0, 7), names) == (
        "Bob reinforced: 2 dice rolled 7, but the garrison was empty: no troops to place."
    )
    assert (
        RULES.describe(Reinforced(0, 3, 11, 11, 0), names)
        == "Ann reinforced: 3 dice rolled 11, 11 troops to place."
    )

"""Declaring an attack and a defence, and the 5-to-1 rule: scripted dice, exact outcomes."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import Attack, Defend, EndPhase, Occupy
from rules.skirmish.battle.state import ATTACKER, Stage
from rules.skirmish.events import AttackDeclared, BattleEnded, BattleRolled, DefenceDeclared, TerritoryTaken
from rules.skirmish.pieces import Units
from tests.rules.skirmish.position import LEVEL, of_type, owner_of, play, position, troops, units_at

SOURCE, TARGET = LEVEL


def test_the_attack_names_source_target_and_units_and_the_defender_is_asked():
    state = position(holdings={SOURCE: (0, troops(6)), TARGET: (1, troops(3))})
    new, events = play(state, 0, Attack(SOURCE, TARGET, troops(4)))
    (declared,) = of_type(events, AttackDeclared)
    assert (declared.source, declared.target, declared.defender) == (SOURCE, TARGET, 1)
    assert declared.units == troops(4) and declared.dice == 4 and declared.counters == 0
    assert units_at(new, SOURCE) == troops(2) and new.battle.attacker.units == troops(4)
    assert new.battle.stage is Stage.DEFEND and RULES.to_act(new) == (1,)


def test_only_ten_units_may_attack():
    state = position(holdings={SOURCE: (0, troops(12)), TARGET: (1, troops(3))})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Attack(SOURCE, TARGET, troops(11)), None)
    assert refused.value.code == "too_many_attackers"
    assert refused.value.message == "At most 10 units may attack; you sent 11."
    new, _ = play(state, 0, Attack(SOURCE, TARGET, troops(10)))
    assert new.battle.attacker.units.total == 10


def test_bad_input_changes_nothing():
    state = position(holdings={SOURCE: (0, troops(12)), TARGET: (1, troops(3))})
    before = state
    for action in (
        Attack(SOURCE, TARGET, troops(11)),
        Attack(SOURCE, "greyhorn", troops(2)),
        Attack(TARGET, SOURCE, troops(1)),
        Attack(SOURCE, TARGET, Units(cannon=1)),
    ):
        with pytest.raises(IllegalAction):
            RULES.apply(state, 0, action, None)
    assert state == before


def test_all_attackers_come_from_the_attacking_territory():
    state = position(holdings={SOURCE: (0, troops(2)), TARGET: (1, troops(3))})
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, Attack(SOURCE, TARGET, Units(troop=1, cavalry=1)))
    assert refused.value.code == "not_there" and "Sable Ford holds only 2 troops" in refused.value.message


def test_attacks_go_to_a_neighbour_not_your_own():
    state = position(
        holdings={SOURCE: (0, troops(5)), "sable_ford": (0, troops(5)), "millbrook": (0, troops(2))}
    )
    with pytest.raises(IllegalAction) as own:
        play(state, 0, Attack("sable_ford", "millbrook", troops(2)))
    assert own.value.code == "own_territory"
    with pytest.raises(IllegalAction) as far:
        play(state, 0, Attack("sable_ford", "greyhorn", troops(2)))
    assert far.value.code == "not_adjacent"


def test_dice_and_counters_are_chosen_up_to_what_the_units_bring():
    state = position(holdings={SOURCE: (0, Units(troop=2, cavalry=1, cannon=2)), TARGET: (1, troops(9))})
    new, _ = play(state, 0, Attack(SOURCE, TARGET, Units(troop=2, cavalry=1, cannon=2), dice=3, counters=1))
    assert (new.battle.attacker.declared_dice, new.battle.attacker.counters) == (3, 1)
    with pytest.raises(IllegalAction) as too_many:
        play(state, 0, Attack(SOURCE, TARGET, Units(troop=2, cavalry=1, cannon=2), dice=8))
    assert too_many.value.code == "bad_dice" and "1 to 7 dice" in too_many.value.message
    with pytest.raises(IllegalAction) as counters:
        play(state, 0, Attack(SOURCE, TARGET, Units(troop=2, cavalry=1, cannon=2), counters=4))
    assert counters.value.code == "bad_counters" and "0 to 3 counters" in counters.value.message


def test_defenders_come_from_the_attacked_territory_any_number():
    state = position(holdings={SOURCE: (0, troops(3)), TARGET: (1, troops(4))})
    state, _ = play(state, 0, Attack(SOURCE, TARGET, troops(3)))
    with pytest.raises(IllegalAction) as too_many:
        play(state, 1, Defend(troops(5)))
    assert too_many.value.code == "not_there"
    with pytest.raises(IllegalAction) as none:
        play(state, 1, Defend(Units()))
    assert none.value.code == "no_defenders"
    new, events = play(state, 1, Defend(troops(2)), dice=[5, 4, 3, 6, 6])
    (declared,) = of_type(events, DefenceDeclared)
    assert declared.units == troops(2) and declared.dice == 2
    assert units_at(new, TARGET) == troops(2)  # the other two stay in the territory
    assert new.battle.stage is Stage.ASSIGN


def test_five_to_one_dice_win_before_any_roll():
    state = position(holdings={SOURCE: (0, troops(10)), TARGET: (1, troops(4))})
    state, _ = play(state, 0, Attack(SOURCE, TARGET, troops(10)))
    new, events = play(state, 1, Defend(troops(2)))  # 10 dice against 2: five to one
    assert not of_type(events, BattleRolled)
    (ended,) = of_type(events, BattleEnded)
    assert ended.winner == ATTACKER and ended.ended_by == "5-to-1"
    # Every defender unit, on the board and in the territory, goes to the garrison.
    assert units_at(new, TARGET) == Units() and new.garrison[1].troop == state.garrison[1].troop + 4
    assert new.battle.stage is Stage.OCCUPY and RULES.to_act(new) == (0,)


def test_five_to_one_needs_five_times_the_dice():
    state = position(holdings={SOURCE: (0, troops(10)), TARGET: (1, troops(4))})
    state, _ = play(state, 0, Attack(SOURCE, TARGET, troops(9)))
    new, events = play(state, 1, Defend(troops(2)), dice=[6] * 9 + [6, 6])  # 9 < 10: a battle
    assert len(of_type(events, BattleRolled)) == 2 and new.battle.winner == ""


def test_an_empty_territory_falls_to_any_attack():
    state = position(holdings={SOURCE: (0, troops(3)), TARGET: (-1, Units())})
    new, events = play(state, 0, Attack(SOURCE, TARGET, troops(1)))
    assert of_type(events, BattleEnded)[0].ended_by == "5-to-1"
    after, events = play(new, 0, Occupy(troops(2)))
    assert owner_of(after, TARGET) == 0 and units_at(after, TARGET) == troops(2)
    assert units_at(after, SOURCE) == troops(1) and of_type(events, TerritoryTaken)


def test_attack_as_many_times_as_desired_deciding_after_each():
    state = position(holdings={SOURCE: (0, troops(10)), TARGET: (-1, Units()), "elder_fen": (-1, Units())})
    state, _ = play(state, 0, Attack(SOURCE, TARGET, troops(1)))
    state, _ = play(state, 0, Occupy(troops(1)))
    assert state.phase.value == "attack" and state.battle is None
    state, _ = play(state, 0, Attack(SOURCE, "elder_fen", troops(1)))
    state, _ = play(state, 0, Occupy(troops(1)))
    assert owner_of(state, "elder_fen") == 0 and owner_of(state, TARGET) == 0
    state, _ = play(state, 0, EndPhase())
    assert state.phase.value == "move"

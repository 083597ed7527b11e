"""Declaring an attack and a defence, and the 5-to-1 rule: scripted dice, exact outcomes."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import Attack, Defend, EndPhase, Occupy
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.battle.state import ATTACKER, Stage
from rules.skirmish.events import AttackDeclared, BattleEnded, BattleRolled, DefenceDeclared, TerritoryTaken
from rules.skirmish.legal import legal_actions
from rules.skirmish.pieces import Units
from rules.skirmish.state import SkirmishOptions
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


def test_a_unit_that_brings_one_die_is_told_so_in_players_words():
    """ "can roll 1 to 1 dice" (a newcomer's battle) reads "can roll only 1 die"."""
    state = position(holdings={SOURCE: (0, troops(2)), TARGET: (1, troops(9))})
    with pytest.raises(IllegalAction) as too_many:
        play(state, 0, Attack(SOURCE, TARGET, troops(1), dice=2))
    assert too_many.value.message == "The attacker can roll only 1 die with these units."


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


def first_round(first_turn_safe: int, round_: int = 1):
    """Three players in the first round, the second seat to move: Sable Ford (seat 1) borders Millbrook
    of seat 0, which has had its turn, and Elder Fen of seat 2, whose first turn is still to come."""
    return position(
        holdings={
            SOURCE: (1, troops(6)),
            TARGET: (0, troops(1)),
            "elder_fen": (2, troops(1)),
            "oakhollow": (1, troops(1)),
            "ironmoor": (1, troops(1)),
        },
        rest=(0, troops(1)),
        current=1,
        round=round_,
        options=SkirmishOptions(victory_share=100, first_turn_safe=first_turn_safe),
    )


def test_with_first_turn_safe_no_one_is_attacked_before_their_first_turn():
    state = first_round(1)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 1, Attack(SOURCE, "elder_fen", troops(5)), None)
    assert refused.value.code == "first_turn_safe"
    assert refused.value.message == (
        "Elder Fen's owner has not had a turn yet; in this game no one is attacked before their first turn."
    )
    listed = {a.target for a in legal_actions(state, 1) if isinstance(a, Attack)}
    assert "elder_fen" not in listed and TARGET in listed
    # The AI would rather take Elder Fen (its owner's last territory), and does so without the option.
    assert SkirmishAI(1).choose(state, 1).target == TARGET
    assert SkirmishAI(1).choose(first_round(0), 1).target == "elder_fen"
    new, _ = play(state, 1, Attack(SOURCE, TARGET, troops(5)))  # seat 0 has had its turn
    assert new.battle.defender.seat == 0
    # The shelter lasts only until the owner's first turn: from the second round, or without the
    # option (the rules' own game), the same attack is declared.
    for later in (first_round(1, round_=2), first_round(0)):
        new, _ = play(later, 1, Attack(SOURCE, "elder_fen", troops(5)))
        assert new.battle.defender.seat == 2

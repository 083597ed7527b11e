"""Rule cases for attacks, with scripted dice: each test names the rule it checks."""

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from rules.risk import RULES
from rules.risk.actions import Attack, Defend, EndPhase, Occupy, PlaceArmies
from rules.risk.events import BattleFought, DefenceAwaited, OccupationAwaited, TerritoryConquered
from rules.risk.state import AwaitDefence, AwaitOccupation, Phase, RiskOptions
from tests.rules.risk.position import armies, owner, position


def fight(state, action, dice, seat=0):
    rng = ScriptedRng(dice)
    new, events = RULES.apply(state, seat, action, rng)
    assert rng.unused == 0, "every scripted die must be rolled"
    return new, events


def battles(events):
    return [e for e in events if isinstance(e, BattleFought)]


def test_highest_dice_compared_ties_go_to_defender():
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 5)})
    new, events = fight(state, Attack("ukraine", "ural", 3), [6, 3, 3, 5, 3])
    (battle,) = battles(events)
    assert battle.attacker_dice == (6, 3, 3) and battle.defender_dice == (5, 3)
    assert (battle.attacker_losses, battle.defender_losses) == (1, 1)  # 6>5 wins, 3=3 tie: defender
    assert armies(new, "ukraine") == 9 and armies(new, "ural") == 4


def test_attacker_loses_at_most_two_armies_a_roll():
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 5)})
    new, events = fight(state, Attack("ukraine", "ural", 3), [1, 1, 1, 6, 6])
    assert battles(events)[0].attacker_losses == 2
    assert armies(new, "ukraine") == 8


def test_defender_rolls_one_die_with_one_army():
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 1)})
    new, events = fight(state, Attack("ukraine", "ural", 3), [2, 2, 1, 3])
    (battle,) = battles(events)
    assert battle.defender_dice == (3,) and battle.attacker_losses == 1
    assert owner(new, "ural") == 1


def test_attacker_needs_one_more_army_than_dice():
    state = position(holdings={"ukraine": (0, 3), "ural": (1, 5)})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([]))
    assert refused.value.code == "too_many_dice" and "3 dice you need 4 armies" in refused.value.message


def test_dice_left_out_are_the_most_allowed():
    """Online convention: an attack that names no dice rolls as many as the armies allow, up to three."""
    for armies_there, dice in ((10, 3), (3, 2), (2, 1)):
        state = position(holdings={"ukraine": (0, armies_there), "ural": (1, 5)})
        _, events = fight(state, Attack("ukraine", "ural"), [6] * dice + [1, 1])
        assert len(battles(events)[0].attacker_dice) == dice


def test_cannot_attack_from_a_territory_with_one_army():
    state = position(holdings={"ukraine": (0, 1), "ural": (1, 5)})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Attack("ukraine", "ural", 1), ScriptedRng([]))
    assert refused.value.code == "too_few"


def test_only_adjacent_enemy_territories_can_be_attacked():
    state = position(holdings={"ukraine": (0, 5), "china": (1, 5), "ural": (0, 3)})
    with pytest.raises(IllegalAction) as far:
        RULES.apply(state, 0, Attack("ukraine", "china", 3), ScriptedRng([]))
    assert far.value.code == "not_adjacent"
    with pytest.raises(IllegalAction) as own:
        RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([]))
    assert own.value.code == "own_territory"


def test_alaska_attacks_kamchatka_across_the_board_edge():
    state = position(holdings={"alaska": (0, 4), "kamchatka": (1, 1)})
    new, events = fight(state, Attack("alaska", "kamchatka", 3), [6, 5, 4, 1])
    assert owner(new, "kamchatka") == 0
    assert any(isinstance(e, TerritoryConquered) for e in events)


def test_conquest_moves_in_at_least_the_dice_rolled():
    state = position(holdings={"ukraine": (0, 8), "ural": (1, 1)})
    new, events = fight(state, Attack("ukraine", "ural", 3), [6, 5, 4, 1])
    assert new.pending == AwaitOccupation(new.pending.source, new.pending.target, 3, 7)
    assert any(isinstance(e, OccupationAwaited) for e in events)
    with pytest.raises(IllegalAction) as too_few:
        RULES.apply(new, 0, Occupy(2), ScriptedRng([]))
    assert too_few.value.code == "bad_count"
    with pytest.raises(IllegalAction) as must_occupy:
        RULES.apply(new, 0, EndPhase(), ScriptedRng([]))
    assert must_occupy.value.code == "occupy_first"
    after, _ = RULES.apply(new, 0, Occupy(5), ScriptedRng([]))
    assert armies(after, "ural") == 5 and armies(after, "ukraine") == 3 and after.pending is None


def test_occupation_is_automatic_when_there_is_no_choice():
    state = position(holdings={"ukraine": (0, 3), "ural": (1, 1)})
    new, _ = fight(state, Attack("ukraine", "ural", 2), [6, 5, 1])
    assert new.pending is None and armies(new, "ural") == 2 and armies(new, "ukraine") == 1


def test_repeat_until_conquered():
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 3)})
    # 3 v 2 dice: defender loses 2; then 3 v 1 die: attacker loses 1; then the last army falls.
    dice = [6, 6, 6, 1, 1, 1, 1, 1, 6, 5, 4, 3, 2]
    new, events = fight(state, Attack("ukraine", "ural", 3, until=1), dice)
    assert len(battles(events)) == 3
    assert owner(new, "ural") == 0 and isinstance(new.pending, AwaitOccupation)
    assert armies(new, "ukraine") == 9 and new.pending.minimum == 3 and new.pending.maximum == 8


def test_repeat_stops_when_the_attacker_is_down_to_n_armies():
    state = position(holdings={"ukraine": (0, 6), "ural": (1, 9)})
    dice = [1, 1, 1, 6, 6] + [1, 1, 1, 6, 6]  # 6 -> 4 -> 2 armies: stop at 3 or fewer
    new, events = fight(state, Attack("ukraine", "ural", 3, until=3), dice)
    assert len(battles(events)) == 2 and armies(new, "ukraine") == 2 and owner(new, "ural") == 1


def test_repeated_attack_uses_fewer_dice_as_armies_drop():
    state = position(holdings={"ukraine": (0, 4), "ural": (1, 9)})
    dice = [1, 1, 1, 6, 6] + [1, 6, 6]  # 4 armies roll 3; at 2 armies only 1 die is possible
    new, events = fight(state, Attack("ukraine", "ural", 3, until=1), dice)
    rolled = [len(b.attacker_dice) for b in battles(events)]
    assert rolled == [3, 1] and armies(new, "ural") == 9 and armies(new, "ukraine") == 1


def test_bad_until_is_refused():
    state = position(holdings={"ukraine": (0, 4), "ural": (1, 9)})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Attack("ukraine", "ural", 3, until=4), ScriptedRng([]))
    assert refused.value.code == "bad_until"


def test_defender_chooses_dice_when_the_option_says_so():
    state = position(
        holdings={"ukraine": (0, 6), "ural": (1, 3)}, options=RiskOptions(defender_dice="choose")
    )
    waiting, events = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([]))
    assert isinstance(waiting.pending, AwaitDefence) and RULES.to_act(waiting) == (1,)
    assert any(isinstance(e, DefenceAwaited) for e in events)
    with pytest.raises(IllegalAction) as attacker_waits:
        RULES.apply(waiting, 0, Attack("ukraine", "ural", 3), ScriptedRng([]))
    assert attacker_waits.value.code == "not_your_turn"
    new, events = fight(waiting, Defend(1), [6, 5, 4, 6], seat=1)
    assert battles(events)[0].defender_dice == (6,) and armies(new, "ukraine") == 5
    assert new.pending is None and RULES.to_act(new) == (0,)


def test_defender_choice_repeats_each_roll_of_a_repeated_attack():
    state = position(
        holdings={"ukraine": (0, 9), "ural": (1, 3)}, options=RiskOptions(defender_dice="choose")
    )
    waiting, _ = RULES.apply(state, 0, Attack("ukraine", "ural", 3, until=1), ScriptedRng([]))
    # Ural 3 -> 1; with one army only one die is possible, so no question is asked and the
    # repeated attack rolls on by itself until Ural falls.
    new, events = fight(waiting, Defend(2), [6, 6, 1, 1, 1, 6, 5, 4, 1], seat=1)
    assert len(battles(events)) == 2 and owner(new, "ural") == 0
    assert new.pending == AwaitOccupation(new.pending.source, new.pending.target, 3, 8)


def test_neutral_defends_with_the_most_dice_even_when_defenders_choose():
    state = position(
        holdings={"ukraine": (0, 6), "ural": (-1, 3)}, options=RiskOptions(defender_dice="choose")
    )
    new, events = fight(state, Attack("ukraine", "ural", 3), [6, 6, 6, 1, 1])
    assert battles(events)[0].defender == -1 and len(battles(events)[0].defender_dice) == 2
    assert armies(new, "ural") == 1


def test_attacking_from_reinforce_needs_every_army_placed():
    state = position(holdings={"ukraine": (0, 6), "ural": (1, 3)}, phase=Phase.REINFORCE, reinforcements=3)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([]))
    assert refused.value.code == "place_first"
    placed, _ = RULES.apply(state, 0, PlaceArmies("ukraine", 3), ScriptedRng([]))
    new, _ = fight(placed, Attack("ukraine", "ural", 3), [6, 6, 6, 1, 1])
    assert new.phase is Phase.ATTACK and armies(new, "ural") == 1


def test_unlimited_attacks_per_turn():
    state = position(holdings={"ukraine": (0, 20), "ural": (1, 9)})
    for _ in range(4):
        state, _ = fight(state, Attack("ukraine", "ural", 3), [6, 6, 6, 1, 1])
    assert armies(state, "ural") == 1 and armies(state, "ukraine") == 20

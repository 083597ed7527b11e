"""The roll: each side's 1s (the die leaves the board, a unit of the roller's choice goes to the
garrison) and 2s (a troop goes, or another unit is traded for a troop), attacker first."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import Attack, Defend, TakeLosses
from rules.skirmish.battle.state import ATTACKER, DEFENDER, Stage
from rules.skirmish.events import BattleEnded, BattleRolled, LossesTaken
from rules.skirmish.pieces import Units
from rules.skirmish.state import StandingOrders
from tests.rules.skirmish.position import LEVEL, of_type, owner_of, play, position, troops

SOURCE, TARGET = LEVEL
MIXED = Units(troop=2, cavalry=2)
THREE = troops(3)


def declared(attacker: Units = MIXED, defender: Units = THREE, **kw):
    state = position(
        holdings={SOURCE: (0, attacker), TARGET: (1, defender), "greyhorn": (0, troops(1))}, **kw
    )
    state, _ = play(state, 0, Attack(SOURCE, TARGET, attacker))
    return state


def test_attacker_rolls_first_and_each_1_takes_its_die_off_the_board():
    state = declared()
    waiting, events = play(state, 1, Defend(troops(3)), dice=[2, 6, 1, 5])
    (roll,) = of_type(events, BattleRolled)
    assert roll.side == ATTACKER and roll.values == (6, 5, 2, 1) and (roll.ones, roll.twos) == (1, 1)
    assert waiting.battle.attacker.dice == (6, 5, 2)  # lined up high to low, the 1 gone
    assert RULES.to_act(waiting) == (0,)  # the attacker chooses its losses; the defender has not rolled


def test_attacker_chooses_the_unit_for_a_1_and_pays_a_2_with_a_troop():
    state = declared()
    waiting, _ = play(state, 1, Defend(troops(3)), dice=[6, 5, 2, 1])
    after, events = play(waiting, 0, TakeLosses(units=Units(troop=1, cavalry=1)), dice=[4, 3, 3])
    (taken,) = of_type(events, LossesTaken)
    assert taken.reason == "roll" and taken.units == Units(troop=1, cavalry=1)
    assert after.battle.attacker.units == Units(troop=1, cavalry=1)
    assert after.garrison[0] == waiting.garrison[0].plus(Units(troop=1, cavalry=1))
    assert after.battle.attacker.counters == 2  # counters on the board stay when their unit goes
    assert after.battle.stage is Stage.ASSIGN  # the defender rolled 4 3 3: nothing owed


def test_a_2_may_trade_another_unit_for_a_troop_instead():
    state = declared()
    waiting, _ = play(state, 1, Defend(troops(3)), dice=[6, 5, 2, 1])
    after, _ = play(waiting, 0, TakeLosses(units=Units(troop=1), traded=Units(cavalry=1)), dice=[4, 3, 3])
    # the 2: a cavalry swapped for a troop from the garrison; the 1: a troop
    assert after.battle.attacker.units == Units(troop=2, cavalry=1)
    assert after.garrison[0] == waiting.garrison[0].plus(Units(cavalry=1))


def test_a_2_takes_a_troop_while_there_is_one_on_the_board():
    state = declared()
    waiting, _ = play(state, 1, Defend(troops(3)), dice=[6, 5, 2, 1])
    with pytest.raises(IllegalAction) as refused:
        play(waiting, 0, TakeLosses(units=Units(cavalry=2)))
    assert refused.value.code == "twos_take_troops"
    with pytest.raises(IllegalAction) as short:
        play(waiting, 0, TakeLosses(units=Units(troop=1)))
    assert short.value.code == "bad_count" and "exactly 2 units" in short.value.message


def test_trading_needs_a_troop_in_the_garrison():
    state = declared()
    empty = tuple(g.minus(Units(troop=g.troop)) if s == 0 else g for s, g in enumerate(state.garrison))
    waiting, _ = play(replace(state, garrison=empty), 1, Defend(troops(3)), dice=[6, 5, 2, 1])
    with pytest.raises(IllegalAction) as refused:
        play(waiting, 0, TakeLosses(units=Units(troop=1), traded=Units(cavalry=1)))
    assert refused.value.code == "no_troops"


def test_the_defenders_1s_and_2s_work_the_same_way():
    state = declared(attacker=troops(3), defender=Units(troop=2, cannon=1))
    waiting, events = play(state, 1, Defend(Units(troop=2, cannon=1)), dice=[6, 5, 4] + [1, 2, 5, 6])
    rolls = of_type(events, BattleRolled)
    assert [r.side for r in rolls] == [ATTACKER, DEFENDER] and rolls[1].values == (6, 5, 2, 1)
    assert waiting.battle.defender.dice == (6, 5, 2) and RULES.to_act(waiting) == (1,)
    after, events = play(waiting, 1, TakeLosses(units=Units(troop=1), traded=Units(cannon=1)))
    assert after.battle.defender.units == troops(2)
    assert of_type(events, LossesTaken)[0].side == DEFENDER


def test_losses_with_nothing_to_choose_are_taken_at_once():
    state = declared(attacker=troops(5), defender=troops(4))
    after, events = play(state, 1, Defend(troops(4)), dice=[1, 2, 6, 5, 4] + [1, 6, 6, 3])
    taken = of_type(events, LossesTaken)
    assert [(t.side, t.units) for t in taken] == [(ATTACKER, troops(2)), (DEFENDER, troops(1))]
    assert after.battle.attacker.units == troops(3) and after.battle.defender.units == troops(3)


def test_a_side_whose_1s_and_2s_take_every_unit_loses_the_battle():
    state = declared(attacker=troops(2), defender=troops(4))
    after, events = play(state, 1, Defend(troops(4)), dice=[1, 2])
    (ended,) = of_type(events, BattleEnded)
    assert ended.winner == DEFENDER and ended.ended_by == "out of units" and ended.bars_attacks
    assert after.battle is None and after.attacks_barred
    assert owner_of(after, SOURCE) == -1  # both attackers went to the garrison: Sable Ford is empty


def test_standing_order_takes_losses_cheapest_first():
    state = declared(orders={0: StandingOrders(losses="cheapest")})
    after, events = play(state, 1, Defend(troops(3)), dice=[6, 5, 2, 1] + [4, 3, 3])
    (taken,) = of_type(events, LossesTaken)
    assert taken.by_order and taken.units == troops(2)
    assert after.battle.attacker.units == Units(cavalry=2)

"""Counters and cards: the attacker assigns its counters and plays cards, then says pass; then the
defender. Skirmish cards and counters count in one skirmish, battle cards in all; Stand Fast and the
truce bar attacks. Cards played out of order are refused and change nothing."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import Attack, EndPhase, OrderSkirmishes, Pass, PlaceCounter, PlayCard
from rules.skirmish.battle.state import Skirmish, Stage
from rules.skirmish.battle.totals import totals
from rules.skirmish.events import CardPlayed, CounterPlaced, Passed
from rules.skirmish.pieces import Units
from rules.skirmish.state import Phase, StandingOrders
from tests.rules.skirmish.position import (
    BOARD,
    LEVEL,
    at_battle,
    card_of,
    of_type,
    play,
    position,
    troops,
)

SOURCE, TARGET = LEVEL
PUSH, CHARGE, RALLY, STAND_FAST, TRUCE = (
    card_of(k) for k in ("push", "charge", "rally", "stand_fast", "truce")
)


def card_step(attacker_hand=(), defender_hand=(), counters=(2, 1), stage=Stage.ATTACKER_CARDS):
    state = position(
        holdings={
            SOURCE: (0, Units(troop=1, cavalry=2)),
            TARGET: (1, Units(troop=1, cavalry=1)),
            "greyhorn": (0, troops(1)),
        },
        hands={0: attacker_hand, 1: defender_hand},
    )
    return at_battle(
        state,
        SOURCE,
        TARGET,
        Units(troop=1, cavalry=2),
        Units(troop=1, cavalry=1),
        stage=stage,
        attack_dice=(6, 4, 3),
        defend_dice=(5, 3),
        counters=counters,
        skirmishes=(Skirmish(attack=(0,), defend=(0,)), Skirmish(attack=(1, 2), defend=(1,))),
    )


def skirmish_totals(state):
    return [totals(state.battle, s, BOARD) for s in state.battle.skirmishes]


def test_counters_and_cards_go_in_order_attacker_then_defender_each_saying_pass():
    state = card_step(attacker_hand=(PUSH, RALLY), defender_hand=(RALLY + 1,))
    assert RULES.to_act(state) == (0,)
    state, events = play(state, 0, PlaceCounter(1, 2))
    assert of_type(events, CounterPlaced)[0].counters == 2 and state.battle.attacker.counters == 0
    state, events = play(state, 0, PlayCard(PUSH, 2))
    assert (
        of_type(events, CardPlayed)[0].skirmish == 2 and PUSH in state.discard and state.hands[0] == (RALLY,)
    )
    assert RULES.to_act(state) == (0,)  # still the attacker's step until it passes
    state, events = play(state, 0, Pass())
    assert of_type(events, Passed)[0].side == "attacker" and RULES.to_act(state) == (1,)
    assert state.battle.stage is Stage.DEFENDER_CARDS


def test_a_counter_or_skirmish_card_adds_to_one_skirmish_a_battle_card_to_every_skirmish():
    state = card_step(attacker_hand=(CHARGE,), defender_hand=(RALLY,))
    # (6) v (5)+1 die; (4+3) v (3)+1 die
    assert skirmish_totals(state) == [(6, 6), (7, 4)]
    state, _ = play(state, 0, PlaceCounter(1))
    state, _ = play(state, 0, PlayCard(CHARGE, 1))
    assert skirmish_totals(state) == [(10, 6), (7, 4)]
    state, _ = play(state, 0, Pass())  # the second counter is placed by default where it helps most
    state, events = play(state, 1, PlayCard(RALLY))
    assert of_type(events, CardPlayed)[0].skirmish is None
    assert [d for _, d in skirmish_totals(state)] == [7, 5]


def test_a_side_with_nothing_to_place_or_play_passes_at_once():
    state = card_step(attacker_hand=(PUSH,), defender_hand=(), counters=(0, 1))
    after, events = play(state, 0, PlayCard(PUSH, 1))
    passes = of_type(events, Passed)
    assert [p.side for p in passes] == ["attacker"] and RULES.to_act(after) == (
        1,
    )  # the defender has a counter


def test_pass_places_the_counters_left_for_you():
    state = card_step()
    after, events = play(state, 0, Pass())
    (passed,) = of_type(events, Passed)
    assert len(passed.placed_for_you) == 2 and after.battle.attacker.counters == 0
    assert sum(s.attack_counters for s in after.battle.skirmishes) == 2


def test_a_card_played_out_of_order_is_refused_and_changes_nothing():
    state = card_step(attacker_hand=(PUSH,), defender_hand=(PUSH + 1,))
    with pytest.raises(IllegalAction) as early:
        RULES.apply(state, 1, PlayCard(PUSH + 1, 1), None)  # the attacker has not passed yet
    assert early.value.code == "not_your_turn"
    assert early.value.message == (
        "It is not your turn: the battle waits for seat 1 to place counters and play cards, then pass."
    )
    forming = card_step(attacker_hand=(PUSH,), stage=Stage.ASSIGN)
    with pytest.raises(IllegalAction) as not_yet:
        RULES.apply(
            replace(forming, battle=replace(forming.battle, skirmishes=())), 1, PlayCard(PUSH, 1), None
        )
    assert not_yet.value.code == "not_card_step"
    assert state == card_step(attacker_hand=(PUSH,), defender_hand=(PUSH + 1,))


def test_cards_outside_a_battle_and_cards_not_held_are_refused():
    state = position(holdings={SOURCE: (0, troops(3))}, hands={0: (PUSH,)}, phase=Phase.EXCHANGE)
    with pytest.raises(IllegalAction) as outside:
        play(state, 0, PlayCard(PUSH, 1))
    assert outside.value.code == "battle_card" and "in a battle" in outside.value.message
    with pytest.raises(IllegalAction) as not_held:
        play(state, 0, PlayCard(CHARGE, 1))
    assert not_held.value.code == "not_in_hand"


def test_stand_fast_is_a_defenders_card_that_bars_further_attacks():
    state = card_step(attacker_hand=(STAND_FAST,), defender_hand=(STAND_FAST + 1,))
    with pytest.raises(IllegalAction) as attacker:
        play(state, 0, PlayCard(STAND_FAST))
    assert attacker.value.code == "defender_only"
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, PlayCard(STAND_FAST + 1))
    assert state.battle.bars_attacks
    ruled = StandingOrders(losses="cheapest", occupy="advance")
    state = replace(state, orders=(ruled, ruled, ruled))  # let the rest of the battle run by itself
    state, _ = play(state, 1, Pass())
    state, _ = play(state, 1, OrderSkirmishes((1, 2)))
    assert state.battle is None and state.attacks_barred
    with pytest.raises(IllegalAction) as barred:
        play(state, 0, Attack("greyhorn", "raven_spire", troops(1)))
    assert barred.value.code == "attacks_barred"


def test_a_truce_bars_attacks_on_a_territory_until_its_owners_next_turn():
    state = position(
        players=2,
        holdings={SOURCE: (0, troops(3)), TARGET: (1, troops(3))},
        rest=(1, troops(1)),
        hands={1: (TRUCE,)},
        current=1,
        phase=Phase.STANDARD,
    )
    state, events = play(state, 1, PlayCard(TRUCE, territory=TARGET))
    assert of_type(events, CardPlayed)[0].territory == TARGET
    state, _ = play(state, 1, EndPhase())  # 1) standard actions over
    for _ in range(4):  # exchange, attack, move, reduce: the turn passes to seat 0
        if state.current == 1:
            state, _ = play(state, 1, EndPhase())
    assert state.current == 0
    with pytest.raises(IllegalAction) as barred:
        play(state, 0, Attack(SOURCE, TARGET, troops(2)))
    assert barred.value.code == "truce" and "Millbrook is under a truce" in barred.value.message
    while state.current == 0:
        state, _ = play(state, 0, EndPhase())
    assert state.current == 1 and state.truces == ()  # its owner's turn began: the truce is over

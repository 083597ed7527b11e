"""The counters-and-cards steps: the attacker places all its counters and plays its cards, says "pass",
then the defender does the same. Skirmish cards and counters go on one skirmish; battle cards count in
every skirmish; Stand Fast (defender only) bars the attacker's further attacks this turn."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item
from rules.core.words import counted
from rules.skirmish.actions import PlaceCounter, PlayCard
from rules.skirmish.battle.state import ATTACKER, DEFENDER, Battle, Role, Skirmish, Stage
from rules.skirmish.events import CardPlayed, CounterPlaced, Passed
from rules.skirmish.pieces import pieces
from rules.skirmish.state import SkirmishState


def acting_side(battle: Battle) -> Role:
    return ATTACKER if battle.stage is Stage.ATTACKER_CARDS else DEFENDER


def _skirmish(battle: Battle, number: int | None) -> int:
    count = len(battle.skirmishes)
    if number is None or not 1 <= number <= count:
        raise IllegalAction("bad_skirmish", f"Name a skirmish from 1 to {count}.")
    return number - 1


def place_counter(
    state: SkirmishState, action: PlaceCounter, by_order: bool, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    side_name = acting_side(battle)
    side = battle.side(side_name)
    k = _skirmish(battle, action.skirmish)
    if not 1 <= action.counters <= side.counters:
        raise IllegalAction("no_counters", f"You have {counted(side.counters, 'counter')} left to place.")
    skirmishes = list(battle.skirmishes)
    old = skirmishes[k]
    if side_name == ATTACKER:
        skirmishes[k] = replace(old, attack_counters=old.attack_counters + action.counters)
    else:
        skirmishes[k] = replace(old, defend_counters=old.defend_counters + action.counters)
    battle = battle.with_side(side_name, replace(side, counters=side.counters - action.counters))
    events.append(CounterPlaced(side.seat, action.skirmish, action.counters, by_order))
    return replace(state, battle=replace(battle, skirmishes=tuple(skirmishes)))


def play_battle_card(
    state: SkirmishState, action: PlayCard, by_order: bool, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    side_name = acting_side(battle)
    side = battle.side(side_name)
    if not 0 <= action.card < len(pieces().cards) or action.card not in state.hands[side.seat]:
        raise IllegalAction("not_in_hand", "You do not hold that card.")
    card = pieces().cards[action.card]
    if action.territory is not None:
        raise IllegalAction(
            "no_territory", f"{card.name} names no territory; play it on a skirmish or the battle."
        )
    skirmishes = list(battle.skirmishes)
    skirmish: int | None = None
    if card.kind == "skirmish":
        k = _skirmish(battle, action.skirmish)
        skirmish = k + 1
        skirmishes[k] = _add_card(skirmishes[k], side_name, action.card)
        side = replace(side, played=(*side.played, action.card))
    elif card.kind == "battle":
        side = replace(
            side, battle_cards=(*side.battle_cards, action.card), played=(*side.played, action.card)
        )
    elif card.kind == "bar_attacks":
        if side_name != DEFENDER:
            raise IllegalAction("defender_only", f"{card.name} is played by a defender.")
        side = replace(side, played=(*side.played, action.card))
        battle = replace(battle, bars_attacks=True)
    else:
        raise IllegalAction("not_in_battle", f"{card.name} is played in your own turn, outside a battle.")
    if card.kind != "skirmish" and action.skirmish is not None:
        raise IllegalAction("no_skirmish", f"{card.name} counts for the whole battle; name no skirmish.")
    seat = side.seat
    state = replace(
        state,
        hands=with_item(state.hands, seat, _without(state.hands[seat], action.card)),
        discard=(*state.discard, action.card),
    )
    events.append(CardPlayed(seat, action.card, card.id, skirmish, None, by_order))
    battle = battle.with_side(side_name, side)
    return replace(state, battle=replace(battle, skirmishes=tuple(skirmishes)))


def _add_card(skirmish: Skirmish, side: Role, card: int) -> Skirmish:
    if side == ATTACKER:
        return replace(skirmish, attack_cards=(*skirmish.attack_cards, card))
    return replace(skirmish, defend_cards=(*skirmish.defend_cards, card))


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def pass_step(
    state: SkirmishState,
    by_order: bool,
    place_rest: Callable[[SkirmishState, Role], tuple[int, ...]],
    events: list[Event],
) -> SkirmishState:
    """The side says "pass"; counters it left unplaced go where ``place_rest`` puts them (one skirmish
    number per counter), then the defender's step or the order of resolution follows."""
    battle = state.battle
    assert battle is not None
    side_name = acting_side(battle)
    placed: tuple[int, ...] = ()
    if battle.side(side_name).counters:
        placed = place_rest(state, side_name)
        for k in placed:
            state = place_counter(state, PlaceCounter(k), by_order, [])
    battle = state.battle
    assert battle is not None
    events.append(Passed(battle.side(side_name).seat, side_name, placed, by_order))
    stage = Stage.DEFENDER_CARDS if side_name == ATTACKER else Stage.ORDER
    return replace(state, battle=replace(battle, stage=stage))

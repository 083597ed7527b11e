"""The battle as a conversation: which seat the battle waits for, the answers each step accepts, and
running every step that needs nobody (rolls, obvious losses, resolution) or that a standing order answers.

``advance`` is called after every battle action; it stops at the first step that waits for a player
without a standing order for it, so each step is a pending decision of one seat, kept in the state.
"""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Action, Event
from rules.skirmish.actions import (
    AssignDice,
    AssignExtra,
    Defend,
    Occupy,
    OrderSkirmishes,
    Pass,
    PlaceCounter,
    PlayCard,
    TakeLosses,
)
from rules.skirmish.battle import cards, declare, ending, losses, policy, resolve, skirmishes
from rules.skirmish.battle.state import ATTACKER, DEFENDER, Battle, Role, Stage
from rules.skirmish.board import SkirmishMap
from rules.skirmish.events import BattleRolled
from rules.skirmish.state import SkirmishState

# The steps a battle waits on a player for: a closed set, so that a misspelt step is a type error in the
# engine, its AIs, its views and the bot's buttons alike.
Step = Literal["defend", "losses", "assign", "extra", "cards", "order", "occupy"]

DEFENDER_STAGES = (Stage.DEFEND, Stage.ASSIGN, Stage.DEFENDER_CARDS, Stage.ORDER)
STEP_OF_STAGE: dict[Stage, Step] = {
    Stage.DEFEND: "defend",
    Stage.ASSIGN: "assign",
    Stage.EXTRA: "extra",
    Stage.ATTACKER_CARDS: "cards",
    Stage.DEFENDER_CARDS: "cards",
    Stage.ORDER: "order",
    Stage.OCCUPY: "occupy",
}
ANSWERS: dict[Step, tuple[type[Action], ...]] = {
    "defend": (Defend,),
    "losses": (TakeLosses,),
    "assign": (AssignDice,),
    "extra": (AssignExtra,),
    "cards": (PlaceCounter, PlayCard, Pass),
    "order": (OrderSkirmishes,),
    "occupy": (Occupy,),
}
PROMPTS: dict[Step, str] = {
    "defend": "choose the defenders, their dice and counters",
    "losses": "choose the units that go to the garrison",
    "assign": "set the defender's dice against the attacker's to form the skirmishes",
    "extra": "add the attacker's extra dice to skirmishes",
    "cards": "place counters and play cards, then pass",
    "order": "choose the order the skirmishes are resolved in",
    "occupy": "share the winning units between the two territories",
}


def waiting(battle: Battle) -> tuple[int, Step] | None:
    """(seat, step) the battle waits for, or None while it runs by itself."""
    if battle.owed:
        return battle.owed[0].chooser, "losses"
    step = STEP_OF_STAGE.get(battle.stage)
    if step is None:
        return None
    seat = battle.defender.seat if battle.stage in DEFENDER_STAGES else battle.attacker.seat
    return seat, step


def decide(
    state: SkirmishState, seat: int, action: Action, by_order: bool, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    """Apply one answer to the step the battle waits for; refuses an answer to another step."""
    battle = state.battle
    assert battle is not None
    asked = waiting(battle)
    if asked is None or asked[0] != seat:
        raise IllegalAction("not_your_step", "The battle is not waiting for you.")
    step = asked[1]
    if not isinstance(action, ANSWERS[step]):
        if isinstance(action, PlayCard | PlaceCounter | Pass):
            raise IllegalAction(
                "not_card_step",
                "Counters and cards are played in your own counters-and-cards step, after the skirmishes "
                f"are formed; now {PROMPTS[step]}.",
            )
        raise IllegalAction("answer_first", f"The battle waits for you to {PROMPTS[step]}.")
    if isinstance(action, Defend):
        return declare.declare_defence(state, action, by_order, board, events)
    if isinstance(action, TakeLosses):
        state = losses.pay(state, battle.owed[0], action, by_order, events)
        return _out_of_units(state, board, events)
    if isinstance(action, AssignDice):
        return skirmishes.assign(state, action, by_order, board, events)
    if isinstance(action, AssignExtra):
        return skirmishes.assign_extra(state, action, by_order, events)
    if isinstance(action, PlaceCounter):
        return cards.place_counter(state, action, by_order, events)
    if isinstance(action, PlayCard):
        return cards.play_battle_card(state, action, by_order, events)
    if isinstance(action, Pass):
        return cards.pass_step(
            state, by_order, lambda s, side: policy.counter_spots(s, side, _counters(s, side), board), events
        )
    if isinstance(action, OrderSkirmishes):
        return resolve.order(state, action, by_order, events)
    assert isinstance(action, Occupy)
    return ending.occupy(state, action, by_order, board, events)


def _counters(state: SkirmishState, side: Role) -> int:
    assert state.battle is not None
    return state.battle.side(side).counters


def _out_of_units(state: SkirmishState, board: SkirmishMap, events: list[Event]) -> SkirmishState:
    """A side with no units left on the board loses the battle at once."""
    battle = state.battle
    if battle is None or battle.stage is Stage.OCCUPY:
        return state
    if battle.attacker.units.total == 0:
        return ending.end_battle(state, DEFENDER, "out of units", board, events)
    if battle.defender.units.total == 0:
        return ending.end_battle(state, ATTACKER, "out of units", board, events)
    return state


def advance(state: SkirmishState, cup: DiceCup, board: SkirmishMap, events: list[Event]) -> SkirmishState:
    """Run the battle until it ends or waits for a seat that has no standing order for the step."""
    while state.battle is not None:
        battle = state.battle
        if battle.stage in (Stage.ATTACKER_ROLL, Stage.DEFENDER_ROLL) and not battle.owed:
            state = _roll(state, cup, events)
            continue
        if battle.stage is Stage.RESOLVE and not battle.owed:
            state = _out_of_units(resolve.resolve_next(state, board, events), board, events)
            continue
        answer = automatic(state, board)
        if answer is None:
            return state
        action, by_order = answer
        asked = waiting(battle)
        assert asked is not None
        state = decide(state, asked[0], action, by_order, board, events)
    return state


def automatic(state: SkirmishState, board: SkirmishMap) -> tuple[Action, bool] | None:
    """The answer to the waiting step that needs no player: an obvious one, else a standing order's."""
    battle = state.battle
    assert battle is not None
    asked = waiting(battle)
    if asked is None:
        return None
    seat, step = asked
    orders = state.orders[seat]
    if step == "losses":
        owed = battle.owed[0]
        obvious = losses.obvious(state, battle, owed)
        if obvious is not None:
            return obvious, False
        return (policy.losses(state, owed, orders.losses), True) if orders.losses else None
    if step == "defend":
        return (policy.defend_all(state), True) if orders.defend else None
    if step == "assign":
        if _assignment_is_obvious(state, battle):
            return policy.assign(state, "highest", board), False
        return (policy.assign(state, orders.assign, board), True) if orders.assign else None
    if step == "extra":
        if len(battle.skirmishes) == 1:
            return AssignExtra((1,) * len(skirmishes.unpaired_attacker_dice(battle))), False
        return (policy.assign_extra(state, orders.assign, board), True) if orders.assign else None
    if step == "cards":
        side = battle.side(ATTACKER if battle.stage is Stage.ATTACKER_CARDS else DEFENDER)
        if not state.hands[seat] and (side.counters == 0 or len(battle.skirmishes) == 1):
            return Pass(), False
        if orders.cards_from is None:
            return None
        side_name = ATTACKER if battle.stage is Stage.ATTACKER_CARDS else DEFENDER
        return policy.card_step(state, side_name, orders.cards_from, board), True
    if step == "order":
        if len(battle.skirmishes) <= 1:
            return OrderSkirmishes(tuple(range(1, len(battle.skirmishes) + 1))), False
        if orders.order == "best":
            return policy.order_best(state, board), True
        if orders.order == "formed":
            return OrderSkirmishes(tuple(range(1, len(battle.skirmishes) + 1))), True
        return None
    if step == "occupy":
        return (policy.occupy(state, orders.occupy), True) if orders.occupy else None
    return None


def _assignment_is_obvious(state: SkirmishState, battle: Battle) -> bool:
    """One attacker die (every defender die meets it), or at most one defender die (everything ends in
    one skirmish), with no real choice of units to lose from the territory."""
    a, d = len(battle.attacker.dice), len(battle.defender.dice)
    if a > 1 and d > 1:
        return False
    held = state.units[battle.target]
    owed = skirmishes.territory_losses_owed(state, battle)
    return owed == 0 or owed >= held.total or len(held.kinds()) == 1


def _roll(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    """Roll one side's dice, line them up high to low, take the 1s off and owe the 1s' and 2s' units."""
    battle = state.battle
    assert battle is not None
    side_name = ATTACKER if battle.stage is Stage.ATTACKER_ROLL else DEFENDER
    side = battle.side(side_name)
    values = tuple(sorted(cup.roll(side.declared_dice, 6, side.seat, f"battle: {side_name}"), reverse=True))
    ones, twos = values.count(1), values.count(2)
    events.append(BattleRolled(side.seat, side_name, values, ones, twos))
    battle = battle.with_side(side_name, replace(side, dice=tuple(v for v in values if v != 1), ones=ones))
    owed = losses.roll_owed(side.seat, side_name, ones, twos)
    if owed is not None:
        battle = losses.owe(battle, owed)
    if side_name == ATTACKER:
        battle = replace(battle, stage=Stage.DEFENDER_ROLL)
    else:
        battle = replace(battle, stage=Stage.ASSIGN if battle.attacker.dice else Stage.RESOLVE)
    return replace(state, battle=battle)

"""Resolving the skirmishes in the defender's order, one at a time, and deciding the battle.

Highest total wins a skirmish, ties to the defender; the loser removes one unit. A defender ahead by 10
or more routs the attacker: the defender picks two attacker units (instead of the attacker's one), no
further skirmish is resolved and the attacker may attack no more this turn. An attacker at twice the
defender's total or more costs the defender an extra unit. When all are resolved, the side with more
units on the board wins; a tie goes to the defender.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.skirmish.actions import OrderSkirmishes
from rules.skirmish.battle.ending import end_battle
from rules.skirmish.battle.losses import owe
from rules.skirmish.battle.state import ATTACKER, DEFENDER, Owed, Stage
from rules.skirmish.battle.totals import totals, winner_of
from rules.skirmish.board import SkirmishMap
from rules.skirmish.events import SkirmishesOrdered, SkirmishResolved
from rules.skirmish.state import SkirmishState

ROUT_MARGIN = 10
DOUBLE = 2


def order(
    state: SkirmishState, action: OrderSkirmishes, by_order: bool, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    count = len(battle.skirmishes)
    if sorted(action.order) != list(range(1, count + 1)):
        raise IllegalAction("bad_order", f"Give each skirmish number from 1 to {count} once.")
    events.append(SkirmishesOrdered(battle.defender.seat, action.order, by_order))
    battle = replace(battle, order=tuple(k - 1 for k in action.order), stage=Stage.RESOLVE)
    return replace(state, battle=battle)


def resolve_next(state: SkirmishState, board: SkirmishMap, events: list[Event]) -> SkirmishState:
    """Resolve the next skirmish in order, or decide the battle when none is left."""
    battle = state.battle
    assert battle is not None
    if battle.resolved >= len(battle.order):
        attackers, defenders = battle.attacker.units.total, battle.defender.units.total
        winner = ATTACKER if attackers > defenders else DEFENDER
        return end_battle(state, winner, "count", board, events)
    k = battle.order[battle.resolved]
    skirmish = battle.skirmishes[k]
    attack, defend = totals(battle, skirmish, board)
    winner = winner_of(attack, defend)
    rout = defend - attack >= ROUT_MARGIN
    double = attack >= DOUBLE * defend
    events.append(SkirmishResolved(k + 1, attack, defend, winner, rout, double))
    skirmishes = list(battle.skirmishes)
    skirmishes[k] = replace(skirmish, winner=winner, attack_total=attack, defend_total=defend)
    attacker, defender = battle.attacker.seat, battle.defender.seat
    battle = replace(battle, skirmishes=tuple(skirmishes), resolved=battle.resolved + 1)
    if rout:
        battle = owe(battle, Owed(chooser=defender, side=ATTACKER, reason="rout", count=2, skirmish=k))
        battle = replace(battle, resolved=len(battle.order), bars_attacks=True)
    elif winner == ATTACKER:
        battle = owe(battle, Owed(chooser=defender, side=DEFENDER, reason="skirmish", count=1, skirmish=k))
        if double:
            battle = owe(battle, Owed(chooser=defender, side=DEFENDER, reason="double", count=1, skirmish=k))
    else:
        battle = owe(battle, Owed(chooser=attacker, side=ATTACKER, reason="skirmish", count=1, skirmish=k))
    return replace(state, battle=battle)

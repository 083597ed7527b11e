"""Forming the skirmishes: the defender sets its dice against the attacker's line, the attacker adds its
extra dice; five or more defender dice on one attacker die wipe the attacker's board."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.words import counted
from rules.skirmish.actions import AssignDice, AssignExtra
from rules.skirmish.battle.ending import end_battle
from rules.skirmish.battle.state import DEFENDER, Battle, Skirmish, Stage
from rules.skirmish.board import SkirmishMap
from rules.skirmish.common import set_units, to_garrison
from rules.skirmish.events import BoardWiped, ExtraDiceAssigned, LossesTaken, SkirmishesFormed
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import SkirmishState

WIPE_DICE = 5


def extra_attacker_dice(battle: Battle) -> int:
    return max(0, len(battle.attacker.dice) - len(battle.defender.dice))


def territory_losses_owed(state: SkirmishState, battle: Battle) -> int:
    """One unit from the attacked territory per extra attacker die; none if all are on the board."""
    return min(extra_attacker_dice(battle), state.units[battle.target].total)


def unpaired_attacker_dice(battle: Battle) -> tuple[int, ...]:
    used = {i for s in battle.skirmishes for i in s.attack}
    return tuple(i for i in range(len(battle.attacker.dice)) if i not in used)


def assign(
    state: SkirmishState, action: AssignDice, by_order: bool, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    attack, defend = len(battle.attacker.dice), len(battle.defender.dice)
    against = tuple(n - 1 for n in action.against)
    if len(against) != defend:
        raise IllegalAction(
            "bad_assignment", f"Set each of your {counted(defend, 'die', 'dice')} against an attacker die."
        )
    if any(not 0 <= a < attack for a in against):
        raise IllegalAction("bad_assignment", f"The attacker's dice are numbered 1 to {attack}.")
    if defend >= attack and len(set(against)) < attack:
        raise IllegalAction(
            "bad_assignment", "Every attacker die needs one of your dice before any gets a second one."
        )
    if defend < attack and len(set(against)) < defend:
        raise IllegalAction(
            "bad_assignment", "With fewer dice than the attacker, each of your dice faces a different die."
        )
    owed = territory_losses_owed(state, battle)
    held = state.units[battle.target]
    if not action.territory.within(held) or action.territory.total != owed:
        raise IllegalAction(
            "bad_count",
            f"Send exactly {counted(owed, 'unit')} from {board.names[battle.target]} to your garrison "
            f"for the attacker's extra dice (it holds {pieces().describe(held)}).",
        )
    seat = battle.defender.seat
    if owed:
        state = set_units(state, battle.target, held.minus(action.territory))
        state = to_garrison(state, seat, action.territory)
        events.append(
            LossesTaken(seat, seat, DEFENDER, "extra dice", Units(), Units(), action.territory, by_order)
        )
    skirmishes = tuple(
        Skirmish(attack=(a,), defend=tuple(i for i, b in enumerate(against) if b == a))
        for a in sorted(set(against))
    )
    battle = replace(battle, skirmishes=skirmishes)
    values = tuple(
        (
            tuple(battle.attacker.dice[i] for i in s.attack),
            tuple(battle.defender.dice[i] for i in s.defend),
        )
        for s in skirmishes
    )
    events.append(SkirmishesFormed(seat, values, action.territory, by_order))
    wiped = next((k for k, s in enumerate(skirmishes) if len(s.defend) >= WIPE_DICE), None)
    if wiped is not None:
        lost = battle.attacker.units
        events.append(BoardWiped(battle.attacker.seat, seat, lost, wiped + 1))
        state = to_garrison(state, battle.attacker.seat, lost)
        battle = replace(battle, attacker=replace(battle.attacker, units=Units()), bars_attacks=True)
        return end_battle(replace(state, battle=battle), DEFENDER, "wipe", board, events)
    if not skirmishes:
        stage = Stage.RESOLVE
    elif unpaired_attacker_dice(battle):
        stage = Stage.EXTRA
    else:
        stage = Stage.ATTACKER_CARDS
    return replace(state, battle=replace(battle, stage=stage))


def assign_extra(
    state: SkirmishState, action: AssignExtra, by_order: bool, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    extra = unpaired_attacker_dice(battle)
    count = len(battle.skirmishes)
    if len(action.to) != len(extra):
        raise IllegalAction(
            "bad_assignment",
            "Add your extra die to a skirmish."
            if len(extra) == 1
            else f"Add each of your {len(extra)} extra dice to a skirmish.",
        )
    if any(not 1 <= k <= count for k in action.to):
        raise IllegalAction("bad_assignment", f"The skirmishes are numbered 1 to {count}.")
    skirmishes = list(battle.skirmishes)
    for die, k in zip(extra, action.to, strict=True):
        skirmishes[k - 1] = replace(skirmishes[k - 1], attack=(*skirmishes[k - 1].attack, die))
    values = tuple(battle.attacker.dice[i] for i in extra)
    events.append(ExtraDiceAssigned(battle.attacker.seat, action.to, by_order, values))
    battle = replace(battle, skirmishes=tuple(skirmishes), stage=Stage.ATTACKER_CARDS)
    return replace(state, battle=battle)

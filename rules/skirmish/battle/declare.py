"""Declaring a battle: the attacker's units, dice and counters, then the defender's; the 5-to-1 rule."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.skirmish.actions import Attack, Defend
from rules.skirmish.battle.ending import end_battle
from rules.skirmish.battle.state import ATTACKER, Battle, Side, Stage
from rules.skirmish.board import SkirmishMap, lookup
from rules.skirmish.common import dearest, set_units
from rules.skirmish.events import AttackDeclared, DefenceDeclared
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import EMPTY, SkirmishState

MOST_ATTACKERS = 10
FIVE_TO_ONE = 5


def dice_and_counters(units: Units, dice: int | None, counters: int | None, who: str) -> tuple[int, int]:
    """The dice and counters a side puts on the board: by default the most its units bring."""
    table = pieces()
    most_dice, most_counters = table.dice(units), table.counters(units)
    dice = most_dice if dice is None else dice
    counters = most_counters if counters is None else counters
    if not 1 <= dice <= most_dice:
        most = "only 1 die" if most_dice == 1 else f"1 to {most_dice} dice"
        raise IllegalAction("bad_dice", f"{who} can roll {most} with these units.")
    if not 0 <= counters <= most_counters:
        raise IllegalAction(
            "bad_counters", f"{who} can bring 0 to {most_counters} counters with these units."
        )
    return dice, counters


def sheltered(state: SkirmishState, target: int) -> bool:
    """Option ``first_turn_safe``: in the first round, the territories of the seats still to move (seats
    move in order, so their first turn is still to come) may not be attacked."""
    return bool(state.options.first_turn_safe) and state.round == 1 and state.owner[target] > state.current


def declare_attack(
    state: SkirmishState, seat: int, action: Attack, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    source, target = lookup(board, action.source), lookup(board, action.target)
    src, dst = board.names[source], board.names[target]
    if state.attacks_barred:
        raise IllegalAction("attacks_barred", "You may make no further attacks this turn.")
    if state.owner[source] != seat:
        raise IllegalAction(
            "not_yours", f"You can only attack from a territory you control; {src} is not yours."
        )
    if target not in board.neighbours[source]:
        raise IllegalAction("not_adjacent", f"{src} does not border {dst}; attack a neighbouring territory.")
    if state.owner[target] == seat:
        raise IllegalAction("own_territory", f"{dst} is yours already.")
    if any(t.territory == target for t in state.truces):
        raise IllegalAction("truce", f"{dst} is under a truce until its owner's next turn.")
    if sheltered(state, target):
        raise IllegalAction(
            "first_turn_safe",
            f"{dst}'s owner has not had a turn yet; in this game no one is attacked before their first turn.",
        )
    there = state.units[source]
    units = action.units if action.units is not None else dearest(there, min(MOST_ATTACKERS, there.total))
    if min(units.counts()) < 0 or units.total < 1:
        raise IllegalAction("no_attackers", "Name at least one unit to attack with.")
    if units.total > MOST_ATTACKERS:
        raise IllegalAction(
            "too_many_attackers", f"At most {MOST_ATTACKERS} units may attack; you sent {units.total}."
        )
    if not units.within(state.units[source]):
        held = pieces().describe(state.units[source])
        raise IllegalAction("not_there", f"{src} holds only {held}; every attacker must come from there.")
    dice, counters = dice_and_counters(units, action.dice, action.counters, "The attacker")
    banners = pieces().banners(units)
    defender = state.owner[target]
    events.append(
        AttackDeclared(seat, defender, board.ids[source], board.ids[target], units, dice, counters, banners)
    )
    # The attackers leave their territory for the board; it stays theirs while the battle lasts.
    state = set_units(state, source, state.units[source].minus(units))
    battle = Battle(
        source=source,
        target=target,
        attacker=Side(seat, units, declared_dice=dice, counters=counters, banners=banners),
        defender=Side(defender, Units()),
    )
    state = replace(state, battle=battle)
    if defender == EMPTY:
        # Nobody holds it: any number of attacker dice outnumber no dice at all, 5 to 1.
        return end_battle(state, ATTACKER, "5-to-1", board, events)
    return state


def declare_defence(
    state: SkirmishState, action: Defend, by_order: bool, board: SkirmishMap, events: list[Event]
) -> SkirmishState:
    battle = state.battle
    assert battle is not None
    target = battle.target
    held = state.units[target]
    units = action.units
    if min(units.counts()) < 0 or units.total < 1:
        raise IllegalAction("no_defenders", "Put at least one unit from the territory on the board.")
    if not units.within(held):
        raise IllegalAction(
            "not_there",
            f"{board.names[target]} holds only {pieces().describe(held)}; defenders come from there.",
        )
    dice, counters = dice_and_counters(units, action.dice, action.counters, "The defender")
    banners = pieces().banners(units)
    seat = battle.defender.seat
    events.append(DefenceDeclared(seat, board.ids[target], units, dice, counters, banners, by_order))
    state = set_units(state, target, held.minus(units))
    battle = replace(
        battle,
        defender=Side(seat, units, declared_dice=dice, counters=counters, banners=banners),
        stage=Stage.ATTACKER_ROLL,
    )
    state = replace(state, battle=battle)
    if battle.attacker.declared_dice >= FIVE_TO_ONE * dice:
        return end_battle(state, ATTACKER, "5-to-1", board, events)
    return state

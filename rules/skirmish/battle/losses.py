"""Units owed to the garrison in a battle, and the choice of which.

For each 1 rolled a die leaves the board and a unit of the roller's choice goes to the garrison; for each
2 the roller removes a troop or trades another unit for a troop. A skirmish's loser removes one unit; a
rout lets the defender pick two attacker units; a 2x skirmish costs the defender one more unit, from the
board or the attacked territory. Who owes what waits in ``Battle.owed`` until its chooser answers.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.words import counted
from rules.skirmish.actions import TakeLosses
from rules.skirmish.battle.state import Battle, Owed, Role
from rules.skirmish.common import cheapest, from_garrison, set_units, to_garrison, troops
from rules.skirmish.events import LossesTaken
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import SkirmishState


def describe_owed(owed: Owed) -> str:
    """What the chooser is asked for, as a sentence fragment."""
    if owed.reason == "roll":
        parts = []
        if owed.ones:
            parts.append(f"{counted(owed.ones, 'unit')} of your choice for the 1s")
        if owed.twos:
            each = "the 2" if owed.twos == 1 else f"each of the {owed.twos} 2s"
            parts.append(f"a troop (or a unit traded for a troop) for {each}")
        return " and ".join(parts)
    if owed.reason == "rout":
        return f"{owed.count} of the attacker's units on the board (the rout)"
    if owed.reason == "double":
        return "one more unit, from the board or the attacked territory (the 2x skirmish)"
    return "one unit off the board for the lost skirmish"


def needed(state: SkirmishState, battle: Battle, owed: Owed) -> int:
    """Units that actually go (never more than there are)."""
    board = battle.side(owed.side).units
    if owed.reason == "roll":
        return min(board.total, owed.ones + owed.twos)
    if owed.reason == "double":
        return min(1, board.total + state.units[battle.target].total)
    return min(owed.count, board.total)


def check(state: SkirmishState, battle: Battle, owed: Owed, choice: TakeLosses) -> None:
    """Refuse a choice that does not pay exactly what is owed, with the reason."""
    side = battle.side(owed.side)
    board = side.units
    garrison = state.garrison[side.seat]
    if owed.reason != "double" and choice.territory.total:
        raise IllegalAction("not_from_territory", "These losses come off the battle board only.")
    if owed.reason != "roll" and choice.traded.total:
        raise IllegalAction("no_trade", "Only a 2 rolled lets you trade a unit for a troop.")
    traded = choice.traded
    if traded.troop:
        raise IllegalAction("trade_troop", "A troop cannot be traded for a troop; remove it instead.")
    if not traded.within(board) or traded.total > owed.twos:
        raise IllegalAction(
            "bad_trade", f"You can trade at most {counted(owed.twos, 'unit')} on the board for troops."
        )
    if traded.total > garrison.troop:
        raise IllegalAction(
            "no_troops", f"Your garrison has only {counted(garrison.troop, 'troop')} to trade for."
        )
    after = board.minus(traded).plus(troops(traded.total))
    if not choice.units.within(after):
        raise IllegalAction("not_on_board", f"The board holds {pieces().describe(after)} of yours.")
    if owed.reason == "double":
        if not choice.territory.within(state.units[battle.target]):
            raise IllegalAction("not_in_territory", "The attacked territory does not hold those units.")
        if choice.units.total + choice.territory.total != needed(state, battle, owed):
            raise IllegalAction("bad_count", "Remove exactly one unit, from the board or the territory.")
        return
    wanted = needed(state, battle, owed) if owed.reason != "roll" else _roll_needed(owed, after, traded)
    if choice.units.total != wanted:
        raise IllegalAction(
            "bad_count", f"Remove exactly {counted(wanted, 'unit')} for {describe_owed(owed)}."
        )
    if owed.reason == "roll":
        twos_by_troop = owed.twos - traded.total
        if choice.units.troop < min(twos_by_troop, after.troop):
            raise IllegalAction(
                "twos_take_troops",
                "Each 2 not paid by a trade takes a troop off the board while you have one there.",
            )


def _roll_needed(owed: Owed, after: Units, traded: Units) -> int:
    return min(after.total, owed.ones + owed.twos - traded.total)


def pay(
    state: SkirmishState, owed: Owed, choice: TakeLosses, by_order: bool, events: list[Event]
) -> SkirmishState:
    """Apply a checked choice: the units go to their owner's garrison, traded units come back as troops."""
    battle = state.battle
    assert battle is not None
    check(state, battle, owed, choice)
    side = battle.side(owed.side)
    seat = side.seat
    board = side.units.minus(choice.traded).plus(troops(choice.traded.total)).minus(choice.units)
    state = from_garrison(state, seat, troops(choice.traded.total))
    state = to_garrison(state, seat, choice.traded.plus(choice.units).plus(choice.territory))
    if choice.territory.total:
        target = battle.target
        state = set_units(state, target, state.units[target].minus(choice.territory))
    battle = battle.with_side(owed.side, replace(side, units=board))
    events.append(
        LossesTaken(
            seat,
            owed.chooser,
            owed.side,
            owed.reason,
            choice.units,
            choice.traded,
            choice.territory,
            by_order,
        )
    )
    return replace(state, battle=replace(battle, owed=battle.owed[1:]))


def obvious(state: SkirmishState, battle: Battle, owed: Owed) -> TakeLosses | None:
    """The answer when there is nothing to choose: all of one type, or everything goes."""
    board = battle.side(owed.side).units
    count = needed(state, battle, owed)
    if count == 0:
        return TakeLosses()
    if owed.reason == "double":
        if state.units[battle.target].total == 0 and len(board.kinds()) == 1:
            return TakeLosses(units=cheapest(board, count))
        return None
    if owed.reason == "roll" and owed.twos and board.kinds() not in ((), ("troop",)):
        if count >= board.total and state.garrison[battle.side(owed.side).seat].troop == 0:
            return TakeLosses(units=board)
        return None  # trading or not is a choice
    if count >= board.total or len(board.kinds()) == 1:
        return TakeLosses(units=cheapest(board, count))
    return None


def owe(battle: Battle, owed: Owed) -> Battle:
    return replace(battle, owed=(*battle.owed, owed))


def roll_owed(seat: int, side: Role, ones: int, twos: int) -> Owed | None:
    if not ones and not twos:
        return None
    return Owed(chooser=seat, side=side, reason="roll", ones=ones, twos=twos)

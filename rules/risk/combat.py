"""Attacks: dice, losses, conquest, moving in, elimination and the cards taken from the eliminated."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import add_at, with_item
from rules.risk.board import RiskMap
from rules.risk.cards import CAPTURE_TRADE_AT
from rules.risk.events import (
    ArmiesMoved,
    BattleFought,
    CardsCaptured,
    DefenceAwaited,
    OccupationAwaited,
    SeatEliminated,
    TerritoryConquered,
)
from rules.risk.state import NEUTRAL, AwaitDefence, AwaitOccupation, RiskState, SeatStatus
from rules.risk.turns import check_victory

MAX_ATTACK_DICE = 3
MAX_DEFENCE_DICE = 2


def most_attack_dice(state: RiskState, source: int) -> int:
    """The dice an attack from ``source`` rolls when the player names none: as many as allowed (up to
    three, one army always staying behind), at least one so that a refusal names the real problem."""
    return max(1, min(MAX_ATTACK_DICE, state.armies[source] - 1))


def attack(
    state: RiskState,
    seat: int,
    source: int,
    target: int,
    dice: int,
    until: int | None,
    board: RiskMap,
    cup: DiceCup,
    events: list[Event],
) -> RiskState:
    src, dst = board.names[source], board.names[target]
    if state.owner[source] != seat:
        raise IllegalAction(
            "not_yours", f"You can only attack from your own territories; {src} is not yours."
        )
    if state.owner[target] == seat:
        raise IllegalAction("own_territory", f"{dst} is yours already; attack an enemy territory.")
    if target not in board.neighbours[source]:
        raise IllegalAction("not_adjacent", f"{src} does not border {dst}; you can only attack a neighbour.")
    if state.armies[source] < 2:
        raise IllegalAction("too_few", f"You need at least 2 armies in {src} to attack from it.")
    if not 1 <= dice <= MAX_ATTACK_DICE:
        raise IllegalAction("bad_dice", "An attacker rolls 1, 2 or 3 dice.")
    if dice > state.armies[source] - 1:
        raise IllegalAction(
            "too_many_dice",
            f"To roll {dice} dice you need {dice + 1} armies in {src}: one always stays behind.",
        )
    if until is not None and not 1 <= until < state.armies[source]:
        raise IllegalAction(
            "bad_until",
            f"You can only repeat the attack down to 1 to {state.armies[source] - 1} armies left in {src}.",
        )
    return _fight(state, seat, source, target, dice, until, None, board, cup, events)


def defend(
    state: RiskState, seat: int, dice: int, board: RiskMap, cup: DiceCup, events: list[Event]
) -> RiskState:
    pending = state.pending
    assert isinstance(pending, AwaitDefence)
    allowed = min(MAX_DEFENCE_DICE, state.armies[pending.target])
    if not 1 <= dice <= allowed:
        raise IllegalAction(
            "bad_dice", f"You can defend {board.names[pending.target]} with 1 to {allowed} dice."
        )
    state = replace(state, pending=None)
    return _fight(
        state,
        state.current,
        pending.source,
        pending.target,
        pending.dice,
        pending.until,
        dice,
        board,
        cup,
        events,
    )


def occupy(state: RiskState, seat: int, armies: int, board: RiskMap, events: list[Event]) -> RiskState:
    pending = state.pending
    assert isinstance(pending, AwaitOccupation)
    if not pending.minimum <= armies <= pending.maximum:
        raise IllegalAction(
            "bad_count",
            f"Move {pending.minimum} to {pending.maximum} armies into {board.names[pending.target]}: "
            "at least as "
            "many as the dice you rolled, leaving one behind.",
        )
    return _move_in(replace(state, pending=None), seat, pending.source, pending.target, armies, board, events)


def _fight(
    state: RiskState,
    seat: int,
    source: int,
    target: int,
    dice: int,
    until: int | None,
    defence: int | None,
    board: RiskMap,
    cup: DiceCup,
    events: list[Event],
) -> RiskState:
    """Roll once, or again and again while ``until`` asks and the attack can go on."""
    label = f"{board.names[source]} → {board.names[target]}"
    while True:
        defender = state.owner[target]
        defence_allowed = min(MAX_DEFENCE_DICE, state.armies[target])
        if (
            defence is None
            and state.options.defender_dice == "choose"
            and defender != NEUTRAL
            and defence_allowed > 1
        ):
            events.append(DefenceAwaited(seat, defender, board.ids[source], board.ids[target]))
            return replace(state, pending=AwaitDefence(defender, source, target, dice, until))
        rolled = min(dice, state.armies[source] - 1)
        attack_dice = tuple(sorted(cup.roll(rolled, 6, seat, f"attack {label}"), reverse=True))
        defence_count = defence_allowed if defence is None else defence
        defence_dice = tuple(
            sorted(
                cup.roll(defence_count, 6, None if defender == NEUTRAL else defender, f"defend {label}"),
                reverse=True,
            )
        )
        lost_a = sum(1 for a, d in zip(attack_dice, defence_dice, strict=False) if a <= d)
        lost_d = min(len(attack_dice), len(defence_dice)) - lost_a
        events.append(
            BattleFought(
                seat,
                defender,
                board.ids[source],
                board.ids[target],
                attack_dice,
                defence_dice,
                lost_a,
                lost_d,
            )
        )
        state = replace(state, armies=add_at(add_at(state.armies, source, -lost_a), target, -lost_d))
        if state.armies[target] == 0:
            return _conquer(state, seat, source, target, rolled, board, events)
        defence = None
        if until is None or state.armies[source] <= max(until, 1):
            return state


def _conquer(
    state: RiskState, seat: int, source: int, target: int, rolled: int, board: RiskMap, events: list[Event]
) -> RiskState:
    loser = state.owner[target]
    events.append(TerritoryConquered(seat, loser, board.ids[source], board.ids[target]))
    state = replace(state, owner=with_item(state.owner, target, seat), conquered=True)
    if loser != NEUTRAL and loser not in state.owner:
        state = _eliminate(state, loser, seat, events)
    maximum = state.armies[source] - 1
    minimum = min(rolled, maximum)
    if minimum == maximum or state.winner is not None:
        return _move_in(state, seat, source, target, minimum, board, events)
    events.append(OccupationAwaited(seat, board.ids[source], board.ids[target], minimum, maximum))
    return replace(state, pending=AwaitOccupation(source, target, minimum, maximum))


def _move_in(
    state: RiskState, seat: int, source: int, target: int, armies: int, board: RiskMap, events: list[Event]
) -> RiskState:
    events.append(ArmiesMoved(seat, board.ids[source], board.ids[target], armies, occupation=True))
    return replace(state, armies=add_at(add_at(state.armies, source, -armies), target, armies))


def _eliminate(state: RiskState, loser: int, seat: int, events: list[Event]) -> RiskState:
    taken = state.hands[loser]
    events.append(SeatEliminated(loser, seat, len(taken)))
    if taken:
        events.append(CardsCaptured(seat, loser, taken, len(taken)))
    hands = with_item(with_item(state.hands, loser, ()), seat, state.hands[seat] + taken)
    state = replace(
        state,
        hands=hands,
        status=with_item(state.status, loser, SeatStatus.ELIMINATED),
        must_trade_down=len(hands[seat]) >= CAPTURE_TRADE_AT,
    )
    return check_victory(state, events)

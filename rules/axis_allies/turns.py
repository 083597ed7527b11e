"""The turn: its phases in order, the landing check that ends the non-combat move, income at the end of
the turn, and the victory conditions.

The phase sequence is data (``SEQUENCE``); each phase's work lives in its own module (purchase,
movement, battles, mobilize). Victory follows the rule document: the Allies' (both Axis capitals) is
checked after Japan's turn, the Axis' (two Allied capitals, or the economic victory) after the USA's
(option ``victory_check``: both at the end of the round); the winners must hold their own capitals.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies.board import POWERS
from rules.axis_allies.common import (
    CAPITAL,
    IS_SEA,
    NAMES,
    capital_held,
    counts_of,
    income,
    power_id,
    set_many,
    side_income,
)
from rules.axis_allies.events import GameWon, IncomeCollected, PhaseBegan, TurnBegan, TurnEnded, UnitsLost
from rules.axis_allies.reach import carrier_room, landing_spot
from rules.axis_allies.state import (
    ALLIED_SIDE,
    AXIS_SIDE,
    GERMANY,
    JAPAN,
    NOBODY,
    RUSSIA,
    SIDE,
    SIDE_NAMES,
    UK,
    USA,
    AAState,
    Phase,
    SeatStatus,
    Stack,
    merge,
)
from rules.axis_allies.units import Domain, unit_type
from rules.core.events import Event
from rules.core.tuples import with_item

SEQUENCE = (Phase.PURCHASE, Phase.COMBAT_MOVE, Phase.COMBAT, Phase.NONCOMBAT_MOVE, Phase.MOBILIZE)
ALLIED_CAPITALS = (RUSSIA, UK, USA)
AXIS_CAPITALS = (GERMANY, JAPAN)


def begin_turn(state: AAState, power: int, events: list[Event]) -> AAState:
    """``power``'s turn begins with weapons development and purchase; movement marks are cleared."""
    units = tuple(
        merge([replace(s, moved=0, flags=0, target=-1, unloaded_to=-1) for s in stacks])
        if any(s.moved or s.flags or s.target >= 0 or s.unloaded_to >= 0 for s in stacks)
        else stacks
        for stacks in state.units
    )
    wrapped = power <= state.power or state.turn == 0
    state = replace(
        state,
        units=units,
        power=power,
        phase=Phase.PURCHASE,
        turn=state.turn + 1,
        round=state.round + 1 if wrapped else state.round,
        start_owner=state.owner,
        captured=(),
        bought=(),
        placed=(),
        researched=False,
        rocket_used=False,
        battles=(),
        attack_origins=(),
        battle=None,
    )
    events.append(
        TurnBegan(power_id(power), state.seat_of[power], state.round, state.turn, state.ipcs[power])
    )
    return state


def enter_phase(state: AAState, phase: Phase, events: list[Event]) -> AAState:
    events.append(PhaseBegan(power_id(state.power), phase))
    return replace(state, phase=phase)


def land_aircraft(state: AAState, events: list[Event]) -> AAState:
    """End of the non-combat move: aircraft not on a legal landing are lost. At sea that is any power's
    (issue 29): bombers, and fighters beyond the room on their side's carriers there, the moving
    power's first (it flew them there; an ally's are cargo that kept its place), so no fighter stays
    at sea without a carrier. On land, the moving power's aircraft in territory taken this turn."""
    power = state.power
    changes: dict[int, list[Stack]] = {}
    lost_by: list[tuple[int, int, list[Stack]]] = []
    for where, stacks in enumerate(state.units):
        if IS_SEA[where]:
            keep, lost = _ditch_at_sea(state, where, power)
            if lost:
                changes[where] = keep
                lost_by += [(p, where, [s for s in lost if s.power == p]) for p in _powers_of(lost)]
            continue
        planes = [s for s in stacks if s.power == power and unit_type(s.unit).domain is Domain.AIR]
        if planes and not landing_spot(state, power, where, "bomber"):
            changes[where] = [s for s in stacks if s not in planes]
            lost_by.append((power, where, planes))
    for p, where, lost in sorted(lost_by, key=lambda x: (x[0] != power, x[1], x[0])):
        events.append(UnitsLost(power_id(p), NAMES[where], counts_of(lost), "no place to land"))
    return set_many(state, changes) if changes else state


def _powers_of(stacks: list[Stack]) -> list[int]:
    return sorted({s.power for s in stacks})


def _ditch_at_sea(state: AAState, where: int, mover: int) -> tuple[list[Stack], list[Stack]]:
    """The stacks that stay in the sea zone ``where`` and the aircraft lost there."""
    stacks = state.units[where]
    keep = list(stacks)
    lost: list[Stack] = []
    for side in {SIDE[s.power] for s in stacks if unit_type(s.unit).domain is Domain.AIR}:
        planes = [s for s in stacks if SIDE[s.power] == side and unit_type(s.unit).domain is Domain.AIR]
        room = carrier_room(state, where, planes[0].power)
        order = sorted(planes, key=lambda s: (s.power != mover, s.unit == "fighter", s.moved, s.power))
        for s in order:
            if s.unit != "fighter":
                n = s.count
            elif room < 0:
                n = min(-room, s.count)
                room += n
            else:
                continue
            lost.append(replace(s, count=n))
            keep.remove(s)
            if s.count > n:
                keep.append(replace(s, count=s.count - n))
    return keep, lost


def end_turn(state: AAState, events: list[Event]) -> AAState:
    """Collect income (none while the capital is in enemy hands), check victory, pass the turn."""
    power = state.power
    if capital_held(state, power):
        gained = income(state, power)
        state = replace(state, ipcs=with_item(state.ipcs, power, state.ipcs[power] + gained))
        events.append(IncomeCollected(power_id(power), gained, state.ipcs[power]))
    else:
        events.append(IncomeCollected(power_id(power), 0, state.ipcs[power], capital_lost=True))
    events.append(TurnEnded(power_id(power)))
    state = replace(state, bought=(), placed=())
    state = check_victory(state, events)
    if state.phase is Phase.OVER:
        return state
    return begin_turn(state, (power + 1) % len(POWERS), events)


def holds_own_capitals(state: AAState, powers: tuple[int, ...]) -> bool:
    return all(state.owner[CAPITAL[p]] == p for p in powers)


def allies_win(state: AAState) -> bool:
    """Both Axis capitals in Allied hands, and the Allies holding their own three (TripleA's classic
    victory and the game notes: the winners must hold their own capitals too)."""
    return holds_own_capitals(state, ALLIED_CAPITALS) and all(
        state.owner[CAPITAL[p]] != NOBODY and SIDE[state.owner[CAPITAL[p]]] == ALLIED_SIDE
        for p in AXIS_CAPITALS
    )


def axis_capitals_taken(state: AAState) -> int:
    return sum(
        1
        for p in ALLIED_CAPITALS
        if state.owner[CAPITAL[p]] != NOBODY and SIDE[state.owner[CAPITAL[p]]] == AXIS_SIDE
    )


def axis_win_by_capitals(state: AAState) -> bool:
    """Two of the three Allied capitals in Axis hands, with Berlin and Tokyo still their owners'."""
    return holds_own_capitals(state, AXIS_CAPITALS) and axis_capitals_taken(state) >= 2


def check_victory(state: AAState, events: list[Event]) -> AAState:
    """The document's timing (option ``victory_check`` "document"): the Allies' victory (both Axis
    capitals) after Japan's turn, the Axis' (two Allied capitals, or the economic victory) after the
    USA's, the end of the round. "round_end" (TripleA's EndRoundDelegate) checks both after the USA's
    turn. Either way the winners must hold their own capitals; the round limit comes last."""
    allied_turn = USA if state.options.victory_check == "round_end" else JAPAN
    if state.power == allied_turn and allies_win(state):
        reason = "the Allies hold both Berlin and Tokyo, and their own capitals"
        return win(state, ALLIED_SIDE, reason, events)
    if state.power != USA:
        return state
    if axis_win_by_capitals(state):
        return win(state, AXIS_SIDE, "the Axis hold two Allied capitals, and Berlin and Tokyo", events)
    target = state.options.economic_victory
    axis_income = side_income(state, AXIS_SIDE)
    if target and axis_income >= target:
        return win(state, AXIS_SIDE, f"the Axis produce {axis_income} IPCs, at least {target}", events)
    limit = state.options.round_limit
    if limit and state.round >= limit:
        allied = side_income(state, ALLIED_SIDE)
        winner = AXIS_SIDE if axis_income > allied else ALLIED_SIDE
        return win(
            state,
            winner,
            f"the round limit ({limit}) is reached with the Axis producing {axis_income} "
            f"and the Allies {allied}",
            events,
        )
    return state


def win(state: AAState, side: int, reason: str, events: list[Event]) -> AAState:
    events.append(GameWon(SIDE_NAMES[side], reason))
    return replace(
        state, phase=Phase.OVER, winner=side, summary=f"The {SIDE_NAMES[side]} win: {reason}.", battle=None
    )


def winning_seats(state: AAState) -> tuple[int, ...]:
    if state.winner is None:
        return ()
    seats = {state.seat_of[p] for p in range(len(POWERS)) if SIDE[p] == state.winner}
    return tuple(sorted(s for s in seats if state.status[s] is SeatStatus.PLAYING)) or tuple(sorted(seats))

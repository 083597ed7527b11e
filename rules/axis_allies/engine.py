"""``apply``: the only way an Axis & Allies state changes. Checks that the seat plays the acting power,
then hands the action to the phase that owns it (purchase, movement, battles, mobilize, the turn)."""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies import battles, mobilize, movement, purchase
from rules.axis_allies.actions import (
    Battle,
    Buy,
    Casualties,
    CasualtyOrder,
    EndPhase,
    Move,
    Place,
    PressOn,
    Research,
    Resign,
    Retreat,
    Rocket,
    Submerge,
)
from rules.axis_allies.board import POWERS
from rules.axis_allies.common import BOARD, NAMES, power_id, power_name, space
from rules.axis_allies.events import SeatResigned, TurnEnded
from rules.axis_allies.setup import new_game as _new_game
from rules.axis_allies.state import SIDE, AAOptions, AAState, Phase, SeatStatus
from rules.axis_allies.text import unit_name
from rules.axis_allies.turns import end_turn, enter_phase, land_aircraft, win
from rules.core.dice import DiceCup, Rng
from rules.core.errors import IllegalAction
from rules.core.events import Action, Event

DECISIONS = (Casualties, CasualtyOrder, PressOn, Retreat, Submerge)


def new_game(options: AAOptions, players: int, rng: Rng) -> tuple[AAState, list[Event]]:
    events: list[Event] = []
    state = _new_game(options, players, events)
    return state, events


def apply(state: AAState, seat: int, action: Action, rng: Rng) -> tuple[AAState, list[Event]]:
    """Apply ``action`` by ``seat``; returns the new state and what happened, or raises IllegalAction.

    The input state is never changed, so a refused action leaves the game exactly as it was.
    """
    events: list[Event] = []
    cup = DiceCup(rng, state.rolls, events)
    if not 0 <= seat < state.players:
        raise IllegalAction("no_seat", "That seat is not in this game.")
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over", "This game is over.")
    try:
        if isinstance(action, Resign):
            new = _resign(state, seat, events)
        else:
            new = _dispatch(state, seat, action, cup, events)
    except IllegalAction as refused:
        # Names such as "Karelia S.S.R." end in a full stop of their own: end the sentence on it; and
        # spaces are named as players read them ("Mediterranean").
        message = BOARD.shown(refused.message)
        message = message[:-1] if message.endswith("..") else message
        if message != refused.message:
            raise IllegalAction(refused.code, message) from None
        raise
    return replace(new, rolls=cup.count), events


def acting_power(state: AAState) -> int:
    """The power whose decision the game waits for: a battle's deciding power, else the turn's."""
    battle = state.battle
    if battle is not None and battle.pending is not None:
        return POWERS.index(battle.pending.power)
    return state.power


def to_act(state: AAState) -> tuple[int, ...]:
    if state.phase is Phase.OVER:
        return ()
    return (state.seat_of[acting_power(state)],)


def _dispatch(state: AAState, seat: int, action: Action, cup: DiceCup, events: list[Event]) -> AAState:
    if state.status[seat] is not SeatStatus.PLAYING:
        raise IllegalAction("not_playing", "You are no longer playing in this game.")
    power = acting_power(state)
    if state.seat_of[power] != seat:
        raise IllegalAction(
            "not_your_turn",
            f"It is not your turn: the game is waiting for {power_name(power)} "
            f"(seat {state.seat_of[power] + 1}).",
        )
    if state.battle is not None and state.battle.pending is not None:
        if not isinstance(action, DECISIONS):
            raise IllegalAction("battle_waiting", battles._waiting_text(state.battle))
        state = battles.decide(state, power, action, cup, events)
        return _after_battle(state, events)
    if isinstance(action, DECISIONS):
        raise IllegalAction("no_decision", "No battle is waiting for that decision.")
    if isinstance(action, Research):
        return purchase.do_research(state, power, action, cup, events)
    if isinstance(action, Buy):
        return purchase.buy(state, power, action, events)
    if isinstance(action, Move):
        return movement.move(state, power, action, cup, events)
    if isinstance(action, Battle):
        if state.phase is not Phase.COMBAT:
            raise IllegalAction(
                "not_combat", "Battles are fought in the combat phase, after the combat move."
            )
        if action.bombard < -1:
            raise IllegalAction("bad_count", "Name how many battleships bombard: 0 or more (-1: all).")
        state = battles.start(state, space(action.territory), cup, events, action.bombard)
        return _after_battle(state, events)
    if isinstance(action, Rocket):
        if state.phase not in (Phase.COMBAT_MOVE, Phase.COMBAT):
            raise IllegalAction("not_combat", "Rockets fire in the combat move or the combat phase.")
        return battles.fire_rocket(state, power, space(action.target), cup, events)
    if isinstance(action, Place):
        return mobilize.place(state, power, action, events)
    if isinstance(action, EndPhase):
        return end_phase(state, events)
    raise IllegalAction("not_now", "That move is not possible now.")


def _after_battle(state: AAState, events: list[Event]) -> AAState:
    """The last battle fought ends the combat phase."""
    if state.phase is Phase.COMBAT and state.battle is None and not state.battles:
        return enter_phase(state, Phase.NONCOMBAT_MOVE, events)
    return state


def end_phase(state: AAState, events: list[Event]) -> AAState:
    power = state.power
    if state.phase is Phase.PURCHASE:
        return enter_phase(replace(state, researched=True), Phase.COMBAT_MOVE, events)
    if state.phase is Phase.COMBAT_MOVE:
        found = battles.find_battles(state)
        state = enter_phase(replace(state, battles=found), Phase.COMBAT, events)
        return _after_battle(state, events)
    if state.phase is Phase.COMBAT:
        if state.battle is not None:
            raise IllegalAction("battle_on", f"Finish the battle in {state.battle.where} first.")
        if state.battles:
            raise IllegalAction(
                "battles_left",
                "Every battle must be fought: " + ", ".join(NAMES[b] for b in state.battles) + ".",
            )
        return enter_phase(state, Phase.NONCOMBAT_MOVE, events)
    if state.phase is Phase.NONCOMBAT_MOVE:
        state = land_aircraft(state, events)
        if not state.bought:
            return _next_turn(state, events)
        return enter_phase(state, Phase.MOBILIZE, events)
    if state.phase is Phase.MOBILIZE:
        spots = mobilize.placeable(state, power)
        if spots:
            unit, where = spots[0]
            raise IllegalAction(
                "place_all",
                f"You still have units to place (for example {unit_name(unit, 1)} in {NAMES[where]}); "
                "units that cannot be placed are lost when you end the phase.",
            )
        state = mobilize.discard_unplaced(state, power, events)
        return _next_turn(state, events)
    raise IllegalAction("not_now", "There is no phase to end.")


def _next_turn(state: AAState, events: list[Event]) -> AAState:
    state = end_turn(state, events)
    # A power with no territory and no units left has nothing to do: its turn passes at once.
    for _ in range(len(POWERS)):
        if state.phase is Phase.OVER or _has_anything(state, state.power):
            break
        events.append(TurnEnded(power_id(state.power)))
        state = end_turn(state, events)
    return state


def _has_anything(state: AAState, power: int) -> bool:
    return power in state.owner or any(s.power == power for stacks in state.units for s in stacks)


def _resign(state: AAState, seat: int, events: list[Event]) -> AAState:
    """The seat leaves: a teammate still playing takes its powers over; with none, its side concedes."""
    if state.status[seat] is not SeatStatus.PLAYING:
        raise IllegalAction("not_playing", "You are no longer playing in this game.")
    powers = [p for p in range(len(POWERS)) if state.seat_of[p] == seat]
    side = SIDE[powers[0]]
    status = tuple(SeatStatus.RESIGNED if s == seat else st for s, st in enumerate(state.status))
    mates = sorted(
        {
            state.seat_of[p]
            for p in range(len(POWERS))
            if SIDE[p] == side and status[state.seat_of[p]] is SeatStatus.PLAYING
        }
    )
    state = replace(state, status=status)
    if not mates:
        events.append(SeatResigned(seat, tuple(power_id(p) for p in powers), None))
        who = "Axis" if side else "Allies"
        return win(state, 1 - side, f"the {who} conceded", events)
    heir = mates[0]
    seat_of = tuple(heir if s == seat else s for s in state.seat_of)
    events.append(SeatResigned(seat, tuple(power_id(p) for p in powers), heir))
    return replace(state, seat_of=seat_of)

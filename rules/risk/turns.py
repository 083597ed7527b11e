"""The turn cycle: income at the start, the card at the end, passing to the next seat, and victory."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.events import Event
from rules.risk.board import classic_map
from rules.risk.cards import draw
from rules.risk.events import GameWon, PhaseBegan, TurnBegan, TurnEnded
from rules.risk.state import Phase, RiskState, SeatStatus
from rules.risk.views import income


def begin_turn(state: RiskState, seat: int, events: list[Event]) -> RiskState:
    board = classic_map()
    held = tuple(c.id for c in board.continents if all(state.owner[m] == seat for m in c.members))
    armies = income(state, seat, board)
    wrapped = state.turn == 0 or seat <= state.current
    state = replace(
        state,
        phase=Phase.REINFORCE,
        current=seat,
        turn=state.turn + 1,
        round=state.round + 1 if wrapped else state.round,
        reinforcements=armies,
        placed_this_turn=0,
        card_bonus_used=False,
        conquered=False,
    )
    events.append(TurnBegan(seat, state.turn, state.round, armies, held))
    return state


def enter_phase(state: RiskState, phase: Phase, events: list[Event]) -> RiskState:
    events.append(PhaseBegan(state.current, phase))
    return replace(state, phase=phase)


def end_turn(state: RiskState, cup: DiceCup, events: list[Event], draw_card: bool = True) -> RiskState:
    """Finish the current seat's turn: its card if it conquered, then the next playing seat begins."""
    seat = state.current
    if draw_card and state.conquered:
        state = draw(state, seat, cup, events)
    events.append(TurnEnded(seat, state.conquered))
    return begin_turn(state, next_playing(state, seat), events)


def next_playing(state: RiskState, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.status[candidate] is SeatStatus.PLAYING:
            return candidate
    return seat


def check_victory(state: RiskState, events: list[Event]) -> RiskState:
    """The last seat still playing wins; neutral territories need not be taken (as in the 2-player rules)."""
    playing = state.playing()
    if len(playing) != 1 or state.phase is Phase.OVER:
        return state
    events.append(GameWon(playing[0]))
    return replace(state, phase=Phase.OVER, winner=playing[0], pending=None, reinforcements=0)

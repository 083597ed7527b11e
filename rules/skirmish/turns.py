"""The turn cycle: its phases in order, the end of a turn, eliminations and victory.

A turn is: 1) up to two standard actions, 2) exchange, 3) attack, 4) free move, 5) reduce cards,
6) end turn. A player may skip ahead (attacking straight after the standard actions ends them), never
go back. The game ends when one player is left, when one controls ``victory_share`` percent of the
territories, or after ``round_limit`` rounds (most territories, then most exchange value on the map).
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item
from rules.skirmish.events import GameWon, PhaseBegan, SeatEliminated, TurnBegan, TurnEnded
from rules.skirmish.pieces import pieces
from rules.skirmish.state import PHASE_ORDER, Phase, SeatStatus, SkirmishState

PHASE_NAMES = {
    Phase.STANDARD: "the standard actions",
    Phase.EXCHANGE: "the exchange step",
    Phase.ATTACK: "the attack step",
    Phase.MOVE: "the free move",
    Phase.REDUCE: "reducing cards",
}


def begin_turn(state: SkirmishState, seat: int, round_: int, events: list[Event]) -> SkirmishState:
    state = replace(
        state,
        phase=Phase.STANDARD,
        current=seat,
        turn=state.turn + 1,
        round=round_,
        actions_left=2,
        placing=None,
        exchange_pairs=(),
        exchanges_allowed=1,
        moves_left=1,
        attacks_barred=False,
        truces=tuple(t for t in state.truces if t.seat != seat),  # a truce lasts until its maker's turn
    )
    events.append(TurnBegan(seat, state.turn, state.round))
    needed = -(-len(state.owner) * state.options.victory_share // 100)
    if state.territories_of(seat) >= needed:
        # Held through every other player's turn: the victory share wins at the start of one's own turn.
        held = state.territories_of(seat)
        return game_over(
            state, (seat,), f"Held {held} of {len(state.owner)} territories for a whole round.", events
        )
    return state


def reach(state: SkirmishState, phase: Phase, cup: DiceCup, events: list[Event]) -> SkirmishState:
    """Move on to ``phase`` (skipping the steps between); refuses a step already over this turn."""
    if PHASE_ORDER.index(state.phase) > PHASE_ORDER.index(phase):
        raise IllegalAction("step_over", f"{PHASE_NAMES[phase].capitalize()} is over for this turn.")
    if state.placing is not None:
        raise IllegalAction(
            "place_first",
            f"Place your {state.placing.troops} reinforcement troops first "
            "(or end placing to lose the rest).",
        )
    while state.phase is not phase:
        state = enter(state, PHASE_ORDER[PHASE_ORDER.index(state.phase) + 1], cup, events)
    return state


def enter(state: SkirmishState, phase: Phase, cup: DiceCup, events: list[Event]) -> SkirmishState:
    events.append(PhaseBegan(state.current, phase))
    state = replace(state, phase=phase)
    if phase is Phase.REDUCE and len(state.hands[state.current]) <= state.territories_of(state.current):
        return end_turn(state, cup, events)
    return state


def next_phase(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    return enter(state, PHASE_ORDER[PHASE_ORDER.index(state.phase) + 1], cup, events)


def end_turn(state: SkirmishState, cup: DiceCup, events: list[Event]) -> SkirmishState:
    seat = state.current
    events.append(TurnEnded(seat))
    held = state.held_after_turn or (0,) * state.players
    state = replace(state, held_after_turn=with_item(held, seat, state.territories_of(seat)))
    if state.options.value_at_turn_end:
        values = state.value_after_turn or (0,) * state.players
        state = replace(state, value_after_turn=with_item(values, seat, map_value(state, seat)))
    following = next_playing(state, seat)
    wrapped = following <= seat
    if wrapped and state.round >= state.options.round_limit:
        return finish_by_territories(state, events)
    return begin_turn(state, following, state.round + 1 if wrapped else state.round, events)


def next_playing(state: SkirmishState, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.status[candidate] is SeatStatus.PLAYING:
            return candidate
    return seat


def map_value(state: SkirmishState, seat: int) -> int:
    table = pieces()
    return sum(table.value(u) for o, u in zip(state.owner, state.units, strict=True) if o == seat)


def finish_by_territories(state: SkirmishState, events: list[Event]) -> SkirmishState:
    """The round limit: the most territories at the end of one's own last turn wins (so moving last in
    the round is no advantage); then the most exchange value on the map now, or with the option
    ``value_at_turn_end`` at the end of one's own last turn as the territories (now favours the last to
    move: the others have been attacked since their turns); still tied, shared."""
    playing = state.playing()

    def score(seat: int) -> tuple[int, int]:
        if state.options.value_at_turn_end:
            return (state.held_after_turn[seat], state.value_after_turn[seat])
        return (state.held_after_turn[seat], map_value(state, seat))

    best = max(score(s) for s in playing)
    winners = tuple(s for s in playing if score(s) == best)
    summary = f"After {state.round} rounds, the most territories ({best[0]}) win" + (
        " (shared)." if len(winners) > 1 else "."
    )
    return game_over(state, winners, summary, events)


def game_over(
    state: SkirmishState, winners: tuple[int, ...], summary: str, events: list[Event]
) -> SkirmishState:
    events.append(GameWon(winners, summary))
    return replace(
        state, phase=Phase.OVER, winners=winners, summary=summary, battle=None, placing=None, truces=()
    )


def update_seats(state: SkirmishState, by: int, cup: DiceCup, events: list[Event]) -> SkirmishState:
    """Out of the game: a playing seat with no territory (its cards go to the discard pile); the last seat
    playing wins. A seat out on its own turn passes the turn on."""
    if state.phase is Phase.OVER or state.battle is not None:
        return state
    for seat in state.playing():
        if state.territories_of(seat) == 0:
            events.append(SeatEliminated(seat, by))
            state = replace(
                state,
                status=with_item(state.status, seat, SeatStatus.ELIMINATED),
                discard=(*state.discard, *state.hands[seat]),
                hands=with_item(state.hands, seat, ()),
            )
    playing = state.playing()
    if len(playing) == 1:
        return game_over(state, playing, "The last player standing wins.", events)
    if state.status[state.current] is not SeatStatus.PLAYING:
        return end_turn(state, cup, events)
    return state

"""Starting an Axis & Allies game: seats to powers, the spring 1942 position and the IPCs."""

from __future__ import annotations

from rules.axis_allies.board import POWERS
from rules.axis_allies.common import BOARD, NAMES, ORIGINAL_OWNER, TERRITORIES
from rules.axis_allies.events import GameStarted
from rules.axis_allies.state import AAOptions, AAState, Phase, SeatStatus, Stack, merge
from rules.axis_allies.turns import begin_turn
from rules.core.errors import IllegalAction
from rules.core.events import Event

# The rule document's player assignment; seat 0 always moves first (the USSR opens the game).
SEAT_TABLE: dict[int, tuple[int, ...]] = {
    2: (0, 1, 0, 1, 0),  # Allies v Axis
    3: (0, 1, 0, 2, 0),  # all Allies, Germany, Japan
    4: (0, 1, 2, 3, 0),  # USSR + USA, UK, Germany, Japan
    5: (0, 1, 2, 3, 4),  # one power each
}


def starting_units() -> tuple[tuple[Stack, ...], ...]:
    units = []
    for name in NAMES:
        stacks = [
            Stack(POWERS.index(power), unit, n)
            for power, counts in BOARD.starting_units.get(name, {}).items()
            for unit, n in counts.items()
        ]
        units.append(merge(stacks))
    return tuple(units)


def new_game(options: AAOptions, players: int, events: list[Event]) -> AAState:
    if players not in SEAT_TABLE:
        raise IllegalAction("bad_seats", "Axis & Allies is for 2 to 5 players.")
    seat_of = SEAT_TABLE[players]
    owner = tuple(ORIGINAL_OWNER[t.index] for t in TERRITORIES)
    ipcs = tuple(BOARD.starting_ipcs[p] for p in POWERS)
    state = AAState(
        options=options,
        players=players,
        seat_of=seat_of,
        status=(SeatStatus.PLAYING,) * players,
        owner=owner,
        units=starting_units(),
        ipcs=ipcs,
        techs=((),) * len(POWERS),
        phase=Phase.PURCHASE,
        turn=0,
        round=0,
    )
    seats = tuple(tuple(POWERS[p] for p in range(len(POWERS)) if seat_of[p] == s) for s in range(players))
    events.append(GameStarted(seats, ipcs))
    return begin_turn(state, 0, events)

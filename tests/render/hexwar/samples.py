"""Hex war positions for the picture tests, the golden pictures and the render bench: whole games
played by the AI from fixed seeds (the same seeds, the same positions), and the events since a point.

``board_5p`` is the bench's and the issue's worst case: five players on a 75-hex board, with the last
round's every move and battle to draw."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.core.dice import SeededRng
from rules.core.events import Event
from rules.hexwar import RULES
from rules.hexwar.actions import SubmitOrders
from rules.hexwar.ai import HexWarAI
from rules.hexwar.state import HexState, Phase
from rules.hexwar.views import HexWarView

NAMES = ("Alice", "Bob the Builder", "Carol", "Dave", "Eve")
OPTIONS = {"units_per_turn": 23, "rounds": 20, "hexes_per_turn": 1}  # the boards the pictures were drawn from


@cache
def played(seats: int, seed: str, stop_key: str) -> tuple[HexState, tuple[Event, ...]]:
    return _play(seats, seed, STOPS[stop_key])


def _play(seats: int, seed: str, stop: Callable[[HexState], bool]) -> tuple[HexState, tuple[Event, ...]]:
    """An AI game from ``seed`` until ``stop`` holds; the state and every event so far, as the public
    sees them."""
    rng = SeededRng(seed)
    state, events = RULES.setup(OPTIONS, seats, rng)
    agents = [HexWarAI(s) for s in range(seats)]
    log: list[Event] = list(events)
    while not stop(state) and RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        state, happened = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
        log.extend(happened)
    public = tuple(e for e in (RULES.redact(e, None) for e in log) if e is not None)
    return state, public


STOPS: dict[str, Callable[[HexState], bool]] = {
    "round3": lambda s: s.round >= 3,
    "twenty_hexes": lambda s: len(s.cells) >= 20,
    "units": lambda s: s.phase is Phase.UNITS and sum(s.units_left[0]) < 12,
    "over": lambda s: s.phase is Phase.OVER,
}


def board_5p() -> tuple[HexWarView, tuple[Event, ...]]:
    """Five players after two rounds: the 75-hex board and everything since the game began."""
    state, events = played(5, "sample-5", "round3")
    return RULES.view(state, None), events


def round_2p() -> tuple[HexWarView, tuple[Event, ...]]:
    state, events = played(2, "sample-2", "round3")
    return RULES.view(state, None), events


def setup_3p() -> tuple[HexWarView, tuple[Event, ...]]:
    state, events = played(3, "sample-3", "twenty_hexes")
    return RULES.view(state, None), events[-3:]


def with_orders(seats: int = 3, seed: str = "sample-3", seat: int = 0) -> HexState:
    """A round with ``seat``'s orders written as its AI plans them (not submitted)."""
    state, _ = played(seats, seed, "round3")
    agent = HexWarAI(seat)
    while True:
        action = agent.choose(state, seat)
        if isinstance(action, SubmitOrders):
            return state
        state, _ = RULES.apply(state, seat, action, SeededRng("unused"))

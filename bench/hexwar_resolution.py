"""Hex war: the time one round's resolution takes for 5 players with 100 units each.

    python bench/hexwar_resolution.py [--positions 5] [--runs 20]

Each position is a 5-player board set up by the AI, every stack then scaled so each seat has exactly 100
units (the rest infantry in its capital), and every seat's orders written by the AI. What is timed is
the last ``SubmitOrders``: the reveal, the moves, every battle with its dice, captures, placements and
income. As a floor, the same call is timed alternately in the same run with every seat holding (no
orders: the reveal, income and bookkeeping without a move or a battle). Prints medians and spread.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from msgspec.structs import replace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import timed
from rules.core.dice import SeededRng
from rules.core.events import Event
from rules.hexwar import RULES
from rules.hexwar.actions import SubmitOrders
from rules.hexwar.ai import HexWarAI
from rules.hexwar.common import merge
from rules.hexwar.events import BattleBegan, UnitsMoved
from rules.hexwar.state import HexState, Phase, Stack

UNITS_EACH = 100


def set_up(seed: str) -> HexState:
    agents = [HexWarAI(s) for s in range(5)]
    rng = SeededRng(seed)
    state, _ = RULES.setup({}, 5, rng)
    while state.phase is not Phase.ORDERS:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
    return state


def scale(state: HexState) -> HexState:
    """Every stack multiplied by 4 (23 units become 92), then infantry in the capital up to 100."""
    units = [
        list(merge(Stack(s.seat, s.unit, s.count * 4, s.cargo) for s in stacks)) for stacks in state.units
    ]
    for seat in range(state.players):
        have = sum(s.count for stacks in units for s in stacks if s.seat == seat)
        capital = state.capital_of.index(seat)
        units[capital].append(Stack(seat, "inf", UNITS_EACH - have))
    return replace(state, units=tuple(merge(stacks) for stacks in units))


def with_orders(state: HexState, seed: int) -> HexState:
    """Every seat's AI orders written; every seat but the last submitted."""
    rng = SeededRng("orders")
    for seat in range(state.players):
        ai = HexWarAI(seed + seat)
        while True:
            action = ai.choose(state, seat)
            if isinstance(action, SubmitOrders):
                break
            state, _ = RULES.apply(state, seat, action, rng)
        if seat < state.players - 1:
            state, _ = RULES.apply(state, seat, SubmitOrders(), rng)
    return state


def resolve(state: HexState, seed: str) -> list[Event]:
    _, events = RULES.apply(state, state.players - 1, SubmitOrders(), SeededRng(seed))
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--runs", type=int, default=20, help="timed resolutions per position")
    opts = parser.parse_args()
    full: list[float] = []
    floor: list[float] = []
    for p in range(opts.positions):
        base = scale(set_up(f"bench-resolution-{p}"))
        ordered = with_orders(base, p * 10)
        holding = replace(base, submitted=(True, True, True, True, False))  # nobody wrote an order
        events = resolve(ordered, f"r{p}")
        moves = sum(1 for e in events if isinstance(e, UnitsMoved))
        battles = sum(1 for e in events if isinstance(e, BattleBegan))
        units = sum(s.count for stacks in ordered.units for s in stacks)
        print(f"position {p}: {units} units, {moves} moves, {battles} battles, {len(events)} events")
        for _ in range(opts.runs):  # alternate the two measurements so both see the same machine
            full += timed(lambda s=ordered, k=f"r{p}": resolve(s, k), 1)
            floor += timed(lambda s=holding, k=f"r{p}": resolve(s, k), 1)

    def summary(times: list[float]) -> str:
        q = statistics.quantiles(times, n=4)
        return (
            f"median {statistics.median(times) * 1000:.1f} ms "
            f"(quartiles {q[0] * 1000:.1f}-{q[2] * 1000:.1f}, "
            f"min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f})"
        )

    print(f"resolution, 5 players x {UNITS_EACH} units, AI orders: {summary(full)}")
    print(f"floor, same boards, every seat holding:          {summary(floor)}")
    print(f"ratio of medians: {statistics.median(full) / statistics.median(floor):.1f}")


if __name__ == "__main__":
    main()

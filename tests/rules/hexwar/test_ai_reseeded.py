"""The AI's orders follow from the position, not from its seed: the bot makes a new agent, seeded by the
game's version, for every move it plays, so a seat it plays must write its round in one move per order
and a submission, never taking back what an agent of another seed wrote."""

from __future__ import annotations

import pytest

from rules.core.dice import SeededRng
from rules.hexwar import RULES
from rules.hexwar.actions import CancelOrder, SubmitOrders
from rules.hexwar.ai import HexWarAI, HexWarNormalAI
from rules.hexwar.state import Phase


@pytest.mark.parametrize("level", [HexWarAI, HexWarNormalAI], ids=["easy", "normal"])
def test_an_ai_seat_played_by_a_new_agent_each_move_writes_its_round_without_taking_orders_back(
    level: type[HexWarAI],
) -> None:
    rng = SeededRng("reseeded")
    state, _ = RULES.setup({"units_per_turn": 23}, 3, rng)
    version = 0
    while state.phase is not Phase.ORDERS:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, level(version).choose(state, seat), rng)
        version += 1
    for _ in range(2):
        number = state.round
        moves = {seat: [] for seat in range(3)}
        while state.round == number:
            seat = RULES.to_act(state)[0]
            action = level(version).choose(state, seat)  # as the bot does: seeded by the version
            moves[seat].append(action)
            state, _ = RULES.apply(state, seat, action, rng)
            version += 1
        for seat, played in moves.items():
            assert not any(isinstance(a, CancelOrder) for a in played), f"seat {seat} took orders back"
            assert isinstance(played[-1], SubmitOrders) and len(played) >= 2

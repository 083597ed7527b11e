"""The move Warboard makes for a player whose deadline passed.

In a round: submit, and hold. Orders written but never submitted are dropped (option
``unsubmitted=hold``, the default: an absent move never starts a fight, and a half-written list is not
a plan), or submitted as written (``unsubmitted=stand``, Diplomacy's convention). In setup, where nothing
can be attacked, the AI's placement (seeded, so the same position always gets the same move).
"""

from __future__ import annotations

from rules.core.events import Action
from rules.hexwar.actions import SubmitOrders
from rules.hexwar.ai import HexWarAI
from rules.hexwar.state import HexState, Phase


def absent_move(state: HexState, seat: int) -> Action:
    if state.phase is Phase.ORDERS:
        return SubmitOrders(hold=state.options.unsubmitted == "hold")
    return HexWarAI(0).choose(state, seat)

"""How many starting armies a setup turn places: ``setup_batch`` of one's own (the box rules place one
at a time), and in the two-player variant its own turn of two own armies and one neutral, taken
``two_player_batch`` times at once. Apart from ``setup`` so that the views can tell what is left of a
setup turn."""

from __future__ import annotations

from rules.risk.state import Phase, RiskState

# 1993 two-player rules: two of your own armies, then one neutral, per setup turn.
TWO_PLAYER_OWN = 2


def setup_quota(state: RiskState, seat: int) -> int:
    """Starting armies ``seat`` places in its current setup turn (placed ones included)."""
    if neutral_variant(state):
        batch = state.options.two_player_batch * TWO_PLAYER_OWN
    else:
        batch = state.options.setup_batch
    return min(batch, state.setup_left[seat] + state.placed_this_turn)


def neutral_quota(state: RiskState) -> int:
    """Two-player setup: neutral armies the current seat places this setup turn (placed ones
    included): one for each two of its own, as the 1993 turn (at least one, so a seat whose own armies
    are all placed still places its share of the neutral ones)."""
    own = setup_quota(state, state.current)
    return min(max(1, -(-own // TWO_PLAYER_OWN)), state.neutral_left + state.neutral_placed)


def neutral_due(state: RiskState) -> bool:
    """Two-player setup: own armies placed for this setup turn, neutral armies still to place."""
    return (
        neutral_variant(state)
        and state.phase is Phase.SETUP
        and state.placed_this_turn >= setup_quota(state, state.current)
        and state.neutral_placed < neutral_quota(state)
    )


def neutral_variant(state: RiskState) -> bool:
    return state.players == 2 and state.options.two_player_neutral


def setup_room(state: RiskState) -> int:
    """Starting armies of its own the current seat still places this setup turn (0 out of setup)."""
    if state.phase is not Phase.SETUP:
        return 0
    return max(0, setup_quota(state, state.current) - state.placed_this_turn)


def neutral_room(state: RiskState) -> int:
    """Two-player setup: neutral armies the current seat still places this setup turn, after its own."""
    if not (neutral_variant(state) and state.phase is Phase.SETUP):
        return 0
    return max(0, neutral_quota(state) - state.neutral_placed)

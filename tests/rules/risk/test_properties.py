"""Property: any action, legal or not, from any reachable state either applies or raises
IllegalAction, and a refused action leaves the state exactly as it was."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.agents import RandomAgent
from rules.core.codec import from_json, to_json
from rules.core.dice import SeededRng
from rules.core.errors import IllegalAction
from rules.risk import RULES
from rules.risk.actions import (
    Attack,
    ClaimTerritory,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    PlaceArmies,
    PlaceNeutral,
    Resign,
    TradeCards,
)
from rules.risk.ai import RiskAI
from rules.risk.board import classic_map
from rules.risk.state import RiskState

BOARD = classic_map()
territory = st.sampled_from((*BOARD.ids, "atlantis", "ALASKA", "Eastern Canada"))
count = st.integers(min_value=-2, max_value=60)
card = st.integers(min_value=-1, max_value=len(BOARD.cards))

any_action = st.one_of(
    st.builds(ClaimTerritory, territory),
    st.builds(PlaceArmies, territory, count),
    st.builds(PlaceNeutral, territory),
    st.builds(TradeCards, st.tuples(card, card, card)),
    st.builds(Attack, territory, territory, st.integers(-1, 4), st.one_of(st.none(), count)),
    st.builds(Defend, st.integers(-1, 3)),
    st.builds(Occupy, count),
    st.builds(Fortify, territory, territory, count),
    st.just(EndPhase()),
    st.just(Resign()),
)

OPTIONS = [{}, {"deal": "claim"}, {"defender_dice": "choose"}, {"fortify": "connected"}]


def reach(seed: int, players: int, steps: int, options: dict) -> RiskState:
    """A state reached by a mix of AI and random play from a seeded start."""
    rng = SeededRng(f"prop-{seed}")
    state, _ = RULES.setup(options, players, rng)
    agents = [RiskAI(seed) if s % 2 else RandomAgent(RULES, seed + s) for s in range(players)]
    for _ in range(steps):
        if RULES.result(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    steps=st.integers(0, 400),
    options=st.sampled_from(OPTIONS),
    seat=st.integers(-1, 6),
    action=any_action,
)
def test_any_action_applies_or_is_refused_cleanly(seed, players, steps, options, seat, action):
    state = reach(seed, players, steps, options)
    frozen = to_json(state)
    try:
        after, _events = RULES.apply(state, seat, action, SeededRng(f"prop-{seed}"))
    except IllegalAction as refused:
        assert refused.message and refused.code
        assert to_json(state) == frozen, "a refused action must not change the state"
        return
    assert isinstance(after, RiskState) and from_json(to_json(after), RiskState) == after
    assert all(a >= 0 for a in after.armies)

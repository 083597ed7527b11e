"""Build a Risk position by hand for a rule case: who holds what, with how many armies."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from rules.risk.board import classic_map
from rules.risk.state import Phase, RiskOptions, RiskState, SeatStatus

BOARD = classic_map()


def position(
    players: int = 3,
    holdings: Mapping[str, tuple[int, int]] | None = None,
    *,
    rest: tuple[int, int] = (2, 1),
    phase: Phase = Phase.ATTACK,
    current: int = 0,
    reinforcements: int = 0,
    hands: Mapping[int, tuple[int, ...]] | None = None,
    options: RiskOptions | None = None,
    **fields: object,
) -> RiskState:
    """Every territory goes to seat ``rest[0]`` with ``rest[1]`` armies, except ``holdings``
    ({territory id: (seat, armies)}). The deck holds every card not in a hand."""
    owner = [rest[0]] * BOARD.size
    armies = [rest[1]] * BOARD.size
    for tid, (seat, count) in (holdings or {}).items():
        i = BOARD.index(tid)
        owner[i], armies[i] = seat, count
    hand_list = [tuple((hands or {}).get(s, ())) for s in range(players)]
    held = {c for h in hand_list for c in h}
    state = RiskState(
        options=options or RiskOptions(),
        players=players,
        owner=tuple(owner),
        armies=tuple(armies),
        phase=phase,
        current=current,
        turn=5,
        round=2,
        reinforcements=reinforcements,
        setup_left=(0,) * players,
        hands=tuple(hand_list),
        deck=tuple(c for c in range(len(BOARD.cards)) if c not in held),
        status=(SeatStatus.PLAYING,) * players,
    )
    return replace(state, **fields) if fields else state


def armies(state: RiskState, tid: str) -> int:
    return state.armies[BOARD.index(tid)]


def owner(state: RiskState, tid: str) -> int:
    return state.owner[BOARD.index(tid)]


def card(tid: str) -> int:
    """The id of a territory's card."""
    return next(c.id for c in BOARD.cards if c.territory == BOARD.index(tid))


def cards_of(symbol: str) -> list[int]:
    return [c.id for c in BOARD.cards if c.symbol == symbol]


WILDS = cards_of("wild")

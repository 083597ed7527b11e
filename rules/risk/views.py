"""What one seat, or the public, may see of a Risk game. Renderers and presenters take only views.

Hidden: the deck's contents (with the discards, they would reveal every hand), other seats' cards and
the dice counter's seed (never in the state at all).
"""

from __future__ import annotations

import msgspec

from rules.risk.board import RiskMap, classic_map
from rules.risk.quota import neutral_room, setup_room
from rules.risk.state import AwaitDefence, AwaitOccupation, Phase, RiskOptions, RiskState, SeatStatus


class TerritoryView(msgspec.Struct, frozen=True):
    id: str
    name: str
    continent: str
    owner: int  # seat index, -1 neutral
    armies: int


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    status: SeatStatus
    territories: int
    armies: int
    cards: int  # how many cards held (never which, except in ``RiskView.hand``)
    income: int  # reinforcements this seat would get at the start of its turn now


class PendingView(msgspec.Struct, frozen=True):
    kind: str  # "occupy" | "defend"
    seat: int
    source: str
    target: str
    minimum: int = 0
    maximum: int = 0


class RiskView(msgspec.Struct, frozen=True):
    viewer: int | None
    options: RiskOptions
    phase: Phase
    current: int
    turn: int
    round: int
    reinforcements: int
    territories: tuple[TerritoryView, ...]
    seats: tuple[SeatView, ...]
    hand: tuple[int, ...] | None  # the viewer's own cards; None for the public
    deck_size: int
    discard: tuple[int, ...]
    sets_traded: int
    next_set_value: int
    setup_left: tuple[int, ...]
    neutral_left: int
    setup_room: int  # setup: starting armies the current seat still places this setup turn
    neutral_room: int  # two-player setup: neutral armies it places after them this setup turn
    pending: PendingView | None
    must_trade_down: bool
    winner: int | None


def set_value(set_number: int) -> int:
    """Armies for the ``set_number``-th set traded in the game (1-based): 4 6 8 10 12 15, then +5."""
    values = (4, 6, 8, 10, 12, 15)
    return values[set_number - 1] if set_number <= len(values) else 15 + 5 * (set_number - len(values))


def income(state: RiskState, seat: int, board: RiskMap) -> int:
    """Reinforcements at the start of a turn: max(3, territories // 3) + continents held."""
    owned = state.owner.count(seat)
    bonus = sum(c.bonus for c in board.continents if all(state.owner[m] == seat for m in c.members))
    return max(3, owned // 3) + bonus


def view(state: RiskState, seat: int | None) -> RiskView:
    board = classic_map()
    territories = tuple(
        TerritoryView(board.ids[i], board.names[i], board.continents[board.continent_of[i]].id, o, a)
        for i, (o, a) in enumerate(zip(state.owner, state.armies, strict=True))
    )
    seats = tuple(
        SeatView(
            seat=s,
            status=state.status[s],
            territories=state.owner.count(s),
            armies=sum(a for o, a in zip(state.owner, state.armies, strict=True) if o == s),
            cards=len(state.hands[s]),
            income=income(state, s, board) if state.status[s] is SeatStatus.PLAYING else 0,
        )
        for s in range(state.players)
    )
    pending: PendingView | None = None
    if isinstance(state.pending, AwaitOccupation):
        p = state.pending
        pending = PendingView(
            "occupy", state.current, board.ids[p.source], board.ids[p.target], p.minimum, p.maximum
        )
    elif isinstance(state.pending, AwaitDefence):
        d = state.pending
        pending = PendingView("defend", d.defender, board.ids[d.source], board.ids[d.target], 1, d.dice)
    visible_hand = state.hands[seat] if seat is not None and 0 <= seat < state.players else None
    return RiskView(
        viewer=seat,
        options=state.options,
        phase=state.phase,
        current=state.current,
        turn=state.turn,
        round=state.round,
        reinforcements=state.reinforcements,
        territories=territories,
        seats=seats,
        hand=visible_hand,
        deck_size=len(state.deck),
        discard=state.discard,
        sets_traded=state.sets_traded,
        next_set_value=set_value(state.sets_traded + 1),
        setup_left=state.setup_left,
        neutral_left=state.neutral_left,
        setup_room=setup_room(state),
        neutral_room=neutral_room(state),
        pending=pending,
        must_trade_down=state.must_trade_down,
        winner=state.winner,
    )

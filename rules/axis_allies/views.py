"""What a seat, or the public, sees of an Axis & Allies game. Renderers and presenters take only views.

Axis & Allies has no hidden information (no cards, no secret orders), so every seat's view holds the
same facts; the dice counter is never shown (it would let a player who knew the seed predict rolls).
``render/axis_allies/picture.py`` turns a view into the data the map and the battle board draw.
"""

from __future__ import annotations

from typing import Any

import msgspec

from rules.axis_allies.battles import blocking
from rules.axis_allies.board import POWERS
from rules.axis_allies.combat.state import AwaitCasualtyOrder, AwaitPressOn, AwaitSubmerge
from rules.axis_allies.common import (
    IS_SEA,
    NAMES,
    capital_held,
    income,
    power_id,
)
from rules.axis_allies.engine import acting_power
from rules.axis_allies.state import NOBODY, SIDE_NAMES, AAOptions, AAState, Phase, SeatStatus
from rules.axis_allies.units import UNIT_ORDER


class StackView(msgspec.Struct, frozen=True):
    power: str
    unit: str
    count: int
    cargo: tuple[str, ...] = ()  # transports: the land units aboard (each transport of the stack)
    moved: int = 0  # movement points spent this turn


class SpaceView(msgspec.Struct, frozen=True):
    name: str
    sea: bool
    owner: str | None
    units: tuple[StackView, ...]


class PowerView(msgspec.Struct, frozen=True):
    power: str
    seat: int
    ipcs: int
    income: int  # production of the territories held now (collected only while the capital is held)
    capital_held: bool
    techs: tuple[str, ...]


class BattleView(msgspec.Struct, frozen=True):
    where: str
    attacker: str
    round: int
    attackers: tuple[tuple[str, str, int], ...]  # (power, unit, count)
    defenders: tuple[tuple[str, str, int], ...]
    waiting_for: str | None  # the power whose decision the battle waits for
    decision: str | None  # "casualties", "casualty_order", "submerge", "press_on"
    hits: int = 0
    # What the decision's buttons offer: the allied powers to order, and whether (and where) to retreat.
    order_powers: tuple[str, ...] = ()
    can_retreat: bool = False
    can_submerge: bool = False
    retreat_to: tuple[str, ...] = ()  # the battle's own space: aircraft alone retreat, staying over it
    submerge_to: tuple[str, ...] = ()  # where the deciding side's submarines would withdraw (first: default)


class AAView(msgspec.Struct, frozen=True):
    viewer: int | None
    options: AAOptions
    phase: Phase
    power: str  # whose turn
    to_move: str | None  # the power the game waits for (a battle's decider, else the turn's power)
    round: int
    turn: int
    seats: tuple[tuple[str, ...], ...]  # seat -> the powers it plays
    status: tuple[SeatStatus, ...]
    powers: tuple[PowerView, ...]
    spaces: tuple[SpaceView, ...]
    bought: tuple[tuple[str, int], ...]
    battles: tuple[str, ...]
    battle: BattleView | None
    open_battles: tuple[str, ...]  # the battles that may be fought now (no sea battle must come first)
    captured: tuple[str, ...]
    winner: str | None
    summary: str


def view(state: AAState, seat: int | None) -> AAView:
    spaces = tuple(
        SpaceView(
            NAMES[i],
            IS_SEA[i],
            None if state.owner[i] == NOBODY else power_id(state.owner[i]),
            tuple(StackView(power_id(s.power), s.unit, s.count, s.cargo, s.moved) for s in stacks),
        )
        for i, stacks in enumerate(state.units)
    )
    powers = tuple(
        PowerView(
            power_id(p),
            state.seat_of[p],
            state.ipcs[p],
            income(state, p),
            capital_held(state, p),
            state.techs[p],
        )
        for p in range(len(POWERS))
    )
    battle = None
    b = state.battle
    if b is not None:
        pending = b.pending
        decision = None
        hits = 0
        if pending is not None:
            decision = {
                "AwaitCasualties": "casualties",
                "AwaitCasualtyOrder": "casualty_order",
                "AwaitSubmerge": "submerge",
                "AwaitPressOn": "press_on",
            }[type(pending).__name__]
            hits = getattr(pending, "total", 0)
        battle = BattleView(
            b.where,
            b.attacker,
            b.round,
            _tally(b.attackers),
            _tally(b.defenders),
            None if pending is None else pending.power,
            decision,
            hits,
            order_powers=pending.powers if isinstance(pending, AwaitCasualtyOrder) else (),
            can_retreat=isinstance(pending, AwaitPressOn) and pending.can_retreat,
            can_submerge=isinstance(pending, AwaitPressOn) and pending.can_submerge,
            retreat_to=b.retreat_to,
            submerge_to=(
                b.defender_dive_to
                if isinstance(pending, AwaitSubmerge)
                else b.attacker_dive_to
                if isinstance(pending, AwaitPressOn) and pending.can_submerge
                else ()
            ),
        )
    over = state.phase is Phase.OVER
    return AAView(
        viewer=seat,
        options=state.options,
        phase=state.phase,
        power=power_id(state.power),
        to_move=None if over else power_id(acting_power(state)),
        round=state.round,
        turn=state.turn,
        seats=tuple(
            tuple(power_id(p) for p in range(len(POWERS)) if state.seat_of[p] == s)
            for s in range(state.players)
        ),
        status=state.status,
        powers=powers,
        spaces=spaces,
        bought=state.bought,
        battles=tuple(NAMES[x] for x in state.battles),
        battle=battle,
        open_battles=tuple(NAMES[x] for x in state.battles if blocking(state, x) is None),
        captured=tuple(NAMES[x] for x in state.captured),
        winner=None if state.winner is None else SIDE_NAMES[state.winner],
        summary=state.summary,
    )


def _tally(units: Any) -> tuple[tuple[str, str, int], ...]:
    counts: dict[tuple[str, str], int] = {}
    for u in units:
        counts[(u.owner, u.kind)] = counts.get((u.owner, u.kind), 0) + 1
    order = {k: i for i, k in enumerate(UNIT_ORDER)}
    return tuple(
        (p, k, n)
        for (p, k), n in sorted(counts.items(), key=lambda kv: (POWERS.index(kv[0][0]), order[kv[0][1]]))
    )

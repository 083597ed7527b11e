"""Build an Axis & Allies position by hand for a rule case: who holds what, with which units."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from rules.axis_allies import RULES
from rules.axis_allies.actions import Move
from rules.axis_allies.board import POWERS, classic_board
from rules.axis_allies.common import ORIGINAL_OWNER
from rules.axis_allies.setup import SEAT_TABLE, starting_units
from rules.axis_allies.state import AAOptions, AAState, Phase, SeatStatus, Stack, merge
from rules.core.dice import ScriptedRng
from rules.core.events import Action, Event

BOARD = classic_board()
NONE = ScriptedRng([])
R, G, UK, J, US = range(5)


def idx(name: str) -> int:
    return BOARD.lookup(name).index


def position(
    units: Mapping[str, Mapping[str, Mapping[str, int]]] | None = None,
    *,
    owners: Mapping[str, str | None] | None = None,
    power: str = "germany",
    phase: Phase = Phase.COMBAT_MOVE,
    ipcs: Mapping[str, int] | None = None,
    players: int = 5,
    options: AAOptions | None = None,
    setup_units: bool = False,
    round: int = 2,
    **fields: object,
) -> AAState:
    """The 1942 map's owners (changed by ``owners``) with only ``units`` on it ({space: {power: {unit:
    n}}}), or the 1942 units plus ``units`` with ``setup_units``. Control at the turn's start = now."""
    owner = list(ORIGINAL_OWNER)
    for name, p in (owners or {}).items():
        owner[idx(name)] = -1 if p is None else POWERS.index(p)
    board_units = [list(s) for s in starting_units()] if setup_units else [[] for _ in BOARD.names]
    for name, by_power in (units or {}).items():
        for p, counts in by_power.items():
            for unit, n in counts.items():
                if ":" in unit:
                    base, _, cargo = unit.partition(":")
                    board_units[idx(name)].append(
                        Stack(
                            POWERS.index(p),
                            base,
                            n,
                            cargo=tuple(sorted(cargo.split("+"))) if cargo != "empty" else (),
                        )
                    )
                else:
                    board_units[idx(name)].append(Stack(POWERS.index(p), unit, n))
    money = dict.fromkeys(POWERS, 30) | dict(ipcs or {})
    state = AAState(
        options=options or AAOptions(),
        players=players,
        seat_of=SEAT_TABLE[players],
        status=(SeatStatus.PLAYING,) * players,
        owner=tuple(owner),
        units=tuple(merge(u) for u in board_units),
        ipcs=tuple(money[p] for p in POWERS),
        techs=((),) * 5,
        phase=phase,
        power=POWERS.index(power),
        round=round,
        turn=5,
        start_owner=tuple(owner),
    )
    return replace(state, **fields) if fields else state


def seat(state: AAState, power: str | None = None) -> int:
    return state.seat_of[POWERS.index(power) if power else state.power]


def units_in(state: AAState, name: str, power: str | None = None) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in state.units[idx(name)]:
        if power is None or POWERS[s.power] == power:
            out[s.unit] = out.get(s.unit, 0) + s.count
    return out


def owner(state: AAState, name: str) -> str | None:
    o = state.owner[idx(name)]
    return None if o < 0 else POWERS[o]


def act(
    state: AAState, action: Action, dice: tuple[int, ...] | list[int] = ()
) -> tuple[AAState, list[Event]]:
    """``action`` by the seat to act, with ``dice`` scripted (each of them rolled)."""
    rng = ScriptedRng(dice) if dice else NONE
    state, events = RULES.apply(state, RULES.to_act(state)[0], action, rng)
    assert not dice or rng.unused == 0, "every scripted die is rolled"
    return state, events


def move(state: AAState, units: Mapping[str, int], *path: str) -> AAState:
    """A move of ``units`` along ``path`` by the seat to act."""
    return act(state, Move(tuple(units.items()), path))[0]

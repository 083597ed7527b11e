"""Build an Attack! position by hand for a rule case: who holds what, with which units."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from msgspec.structs import replace

from rules.attack import RULES
from rules.attack.board import board
from rules.attack.state import NEUTRAL, AttackOptions, AttackState, Seat, Stage, Turn
from rules.attack.tables import DECK_SIZE, GOVERNMENTS, NONE, SPRING, SUPPLY, Counts
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction

WEST = board("western")
PACIFIC = board("pacific")
WORLD = board("world")


def position(
    holdings: Mapping[str, tuple[int, Counts]] | None = None,
    *,
    layout: str = "western",
    players: int = 2,
    governments: Sequence[str] = ("fascism", "communism", "monarchy", "democracy", "fascism", "communism"),
    capitals: Sequence[str] = ("germany", "brazil", "quebec", "egypt", "ukraine", "iberia"),
    coasts: Mapping[str, Counts] | None = None,
    zones: Mapping[str, tuple[int, Counts, Counts]] | None = None,
    production: int = 10,
    oil: int = 5,
    hands: Mapping[int, tuple[int, ...]] | None = None,
    levels: Mapping[int, tuple[int, int, int, int, int]] | None = None,
    year: int = 1,
    season: int = SPRING,
    order: tuple[int, ...] | None = None,
    options: AttackOptions | None = None,
    **fields: object,
) -> AttackState:
    """A game in Spring of year 1 (unless told), seat 0 to act. Each seat holds its capital (with one
    infantry unless ``holdings`` says otherwise); every other region is neutral and empty."""
    layout_board = board(layout)
    owner = [NEUTRAL] * layout_board.regions
    army = [NONE] * layout_board.regions
    coast = [NONE] * layout_board.regions
    seats = []
    for seat in range(players):
        capital = layout_board.index[capitals[seat]]
        owner[capital], army[capital] = seat, (1, 0, 0, 0)
        seats.append(
            Seat(
                government=GOVERNMENTS.index(governments[seat]),
                capital=capital,
                production=production,
                oil=oil,
                levels=(levels or {}).get(seat, (0, 0, 0, 0, 0)),
                hand=(hands or {}).get(seat, ()),
            )
        )
    for rid, (seat, units) in (holdings or {}).items():
        i = layout_board.index[rid]
        owner[i], army[i] = seat, units
    for rid, ships in (coasts or {}).items():
        coast[layout_board.index[rid]] = ships
    zone_owner = [NEUTRAL] * layout_board.zones
    zone_navy = [NONE] * layout_board.zones
    zone_cargo = [NONE] * layout_board.zones
    for zid, (seat, ships, cargo) in (zones or {}).items():
        z = layout_board.zone_index[zid]
        zone_owner[z], zone_navy[z], zone_cargo[z] = seat, ships, cargo
    held = {c for h in (hands or {}).values() for c in h}
    state = AttackState(
        options=options or AttackOptions(),
        players=players,
        layout=layout,
        stage=Stage.SEASON,
        seats=tuple(seats),
        owner=tuple(owner),
        army=tuple(army),
        coast_navy=tuple(coast),
        marker=(-1,) * layout_board.regions,
        oil=layout_board.oil,
        zone_owner=tuple(zone_owner),
        zone_navy=tuple(zone_navy),
        zone_cargo=tuple(zone_cargo),
        supply=SUPPLY,
        deck=tuple(c for c in range(DECK_SIZE) if c not in held),
        year=year,
        season=season,
        order=order or tuple(range(players)),
    )
    return replace(state, **fields) if fields else state


def acting(state: AttackState, kind: str, seat: int = 0, **turn: object) -> AttackState:
    """The same position with ``seat``'s ``kind`` action begun."""
    return replace(state, turn=Turn(seat, kind, **turn))  # type: ignore[arg-type]


def play(state: AttackState, seat: int, action, dice: Sequence[int] = ()):
    """Apply with scripted dice; every scripted die must be rolled."""
    rng = ScriptedRng(dice)
    new, events = RULES.apply(state, seat, action, rng)
    assert rng.unused == 0, f"{rng.unused} scripted dice were not rolled"
    return new, events


def refused(state: AttackState, seat: int, action, code: str) -> IllegalAction:
    """The action is refused with ``code``: one sentence, nothing changes (the state is a value)."""
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, action, ScriptedRng([]))
    assert caught.value.code == code, caught.value
    message = caught.value.message
    assert message.endswith((".", ")")) and message[0].isupper(), message
    return caught.value


def army(state: AttackState, rid: str) -> Counts:
    return state.army[board(state.layout).index[rid]]


def owner(state: AttackState, rid: str) -> int:
    return state.owner[board(state.layout).index[rid]]


def coast(state: AttackState, rid: str) -> Counts:
    return state.coast_navy[board(state.layout).index[rid]]


def zone(state: AttackState, zid: str) -> tuple[int, Counts, Counts]:
    z = board(state.layout).zone_index[zid]
    return state.zone_owner[z], state.zone_navy[z], state.zone_cargo[z]


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]

"""Autocomplete for /atk, from what is legal now (``rules.attack.legal``). Suggestions only: the engine
validates again. Before an action has begun, its steps are suggested from the position as it would be
once begun (``orders.acting``), so ``/atk move from:`` already lists what may move. Pure functions of the
state and the player's seat; each returns (what the player sees, the value sent back) pairs."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from bot.games.attack.orders import acting, card_id
from bot.games.attack.units import forces_value, ships_value, troops_value
from bot.models import ServiceError
from rules.attack.actions import (
    Begin,
    Burn,
    Buy,
    ChooseGovernment,
    Deploy,
    LineUp,
    March,
    Negotiate,
    PlaceCapital,
    Research,
    Sail,
)
from rules.attack.board import Layout, find_place
from rules.attack.common import board_of, income
from rules.attack.legal import legal_actions
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import CARD_ACTIONS, CARD_TEXT, MILD_WINTER, WINTER, card_kind, card_name
from rules.core.errors import IllegalAction
from rules.core.events import Action

Choice = tuple[str, str]


def _matches(typed: str, *names: str) -> bool:
    wanted = "".join(ch for ch in typed.lower() if ch.isalnum())
    return not wanted or any(wanted in "".join(ch for ch in n.lower() if ch.isalnum()) for n in names)


def _unique(pairs: Iterable[Choice]) -> list[Choice]:
    return list(dict((value, (label, value)) for label, value in pairs).values())


def region_label(state: AttackState, board: Layout, r: int, seat: int) -> str:
    owner = state.owner[r]
    units = sum(state.army[r])
    if owner == NEUTRAL:
        holder = "neutral"
    elif owner == seat:
        holder = f"yours, {units} units"
    else:
        holder = f"seat {owner + 1}, {units} units"
    return f"{board.region_names[r]} ({holder})"


def place_label(state: AttackState, board: Layout, place: str, seat: int) -> str:
    try:
        kind, i = find_place(board, place)
    except IllegalAction:
        return place
    if kind == "region":
        return region_label(state, board, i, seat)
    ships = sum(state.zone_navy[i])
    return f"{board.zone_names[i]} (sea{', ' + str(ships) + ' ships' if ships else ''})"


def _legal(state: AttackState, seat: int) -> list[Action]:
    try:
        return legal_actions(state, seat)
    except (IllegalAction, AssertionError, IndexError, KeyError):  # a half-typed position: suggest nothing
        return []


def governments(state: AttackState, seat: int, typed: str) -> list[Choice]:
    found = [a for a in _legal(state, seat) if isinstance(a, ChooseGovernment)]
    return _unique((a.government.title(), a.government) for a in found if _matches(typed, a.government))


def economics(state: AttackState, seat: int, government: str, typed: str) -> list[Choice]:
    found = [a for a in _legal(state, seat) if isinstance(a, ChooseGovernment)]
    return _unique(
        (f"{a.economics.title()} 1", a.economics)
        for a in found
        if (not government or a.government == government.lower()) and _matches(typed, a.economics)
    )


def capitals(state: AttackState, seat: int, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _legal(state, seat) if isinstance(a, PlaceCapital)]
    return _unique(
        (
            f"{board.region_names[board.index[a.region]]} ({_continent(board, a.region)})",
            a.region,
        )
        for a in found
        if _matches(typed, a.region, board.region_names[board.index[a.region]])
    )


def outposts(state: AttackState, seat: int, capital: str, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [
        a for a in _legal(state, seat) if isinstance(a, PlaceCapital) and a.region == capital and a.outposts
    ]
    return _unique(
        (" and ".join(board.region_names[board.index[r]] for r in a.outposts), ", ".join(a.outposts))
        for a in found
        if _matches(typed, *a.outposts)
    )


def cards(state: AttackState, seat: int, action: str, typed: str) -> list[Choice]:
    """The cards in hand that go with ``action`` (Mild Winter only in Winter)."""
    hand = state.seats[seat].hand if 0 <= seat < len(state.seats) else ()
    found = []
    for card in hand:
        kind = card_kind(card)
        if action not in CARD_ACTIONS[kind] or (kind == MILD_WINTER and state.season != WINTER):
            continue
        label = f"{card_name(card)} — {CARD_TEXT[kind].split(': ', 1)[-1]}"
        if _matches(typed, card_name(card)):
            found.append((label, str(card)))
    return found


def _steps(
    state: AttackState, seat: int, kind: str, card: str | None, target: str | None = None
) -> list[Action]:
    """The legal steps of ``kind`` for ``seat``, as if the action had begun."""
    try:
        chosen = card_id(state, seat, card)
        return _legal(acting(state, seat, kind, chosen, target), seat)
    except (ServiceError, IllegalAction):  # a card or place not (yet) valid: suggest nothing
        return []


def march_sources(
    state: AttackState, seat: int, kind: str, typed: str, target: str | None = None
) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _steps(state, seat, kind, None, target) if isinstance(a, March)]
    return _unique(
        (f"{place_label(state, board, a.source, seat)} — {troops_value(a.army)} free", a.source)
        for a in found
        if _matches(typed, a.source, board.region_names[board.index[a.source]])
    )


def march_targets(state: AttackState, seat: int, kind: str, source: str, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _steps(state, seat, kind, None) if isinstance(a, March)]
    src = _region_id(board, source)
    return _unique(
        (place_label(state, board, a.target, seat), a.target)
        for a in found
        if (src is None or a.source == src)
        and _matches(typed, a.target, board.region_names[board.index[a.target]])
    )


def march_units(
    state: AttackState, seat: int, kind: str, source: str, target: str, typed: str, blitz: str | None = None
) -> list[Choice]:
    board = board_of(state)
    src, dst = _region_id(board, source), _region_id(board, target or blitz or "")
    found = [a for a in _steps(state, seat, kind, None, blitz) if isinstance(a, March)]
    pairs = [
        (troops_value(a.army), troops_value(a.army))
        for a in found
        if a.source == src and (dst is None or a.target == dst)
    ]
    pairs += [(f"{n} infantry", f"{n} infantry") for n in (1, 2, 3)]
    return [p for p in _unique(pairs) if _matches(typed, p[0])]


def blitz_targets(state: AttackState, seat: int, typed: str) -> list[Choice]:
    board = board_of(state)
    turn = state.turn
    if turn is not None and turn.seat == seat and turn.kind == "blitz" and turn.target >= 0:
        targets = [board.region_ids[turn.target]]
    else:
        targets = [
            a.target for a in _legal(state, seat) if isinstance(a, Begin) and a.action == "blitz" and a.target
        ]
    return _unique(
        (place_label(state, board, t, seat), t)
        for t in targets
        if _matches(typed, t, board.region_names[board.index[t]])
    )


def sail_sources(state: AttackState, seat: int, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _steps(state, seat, "navigate", None) if isinstance(a, Sail)]
    return _unique(
        (f"{place_label(state, board, a.source, seat)} — {ships_value(a.ships)}", a.source)
        for a in found
        if _matches(typed, a.source)
    )


def sail_targets(state: AttackState, seat: int, source: str, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [
        a
        for a in _steps(state, seat, "navigate", None)
        if isinstance(a, Sail) and (not source or a.source == source)
    ]
    return _unique(
        (place_label(state, board, a.target, seat), a.target) for a in found if _matches(typed, a.target)
    )


def sail_ships(state: AttackState, seat: int, source: str, typed: str) -> list[Choice]:
    found = [a for a in _steps(state, seat, "navigate", None) if isinstance(a, Sail) and a.source == source]
    return [
        p
        for p in _unique((ships_value(a.ships), ships_value(a.ships)) for a in found)
        if _matches(typed, p[0])
    ]


def sail_army(state: AttackState, seat: int, source: str, typed: str) -> list[Choice]:
    found = [a for a in _steps(state, seat, "navigate", None) if isinstance(a, Sail) and a.source == source]
    pairs = [("none", "none")] + [
        (troops_value(a.army), troops_value(a.army)) for a in found if any(a.army.counts())
    ]
    return [p for p in _unique(pairs) if _matches(typed, p[0])]


def _building(state: AttackState, seat: int) -> AttackState:
    """As if the Build had begun, its income collected (the first Build of a year collects it)."""
    turn = state.turn
    if turn is not None and turn.seat == seat:
        return state
    current = state.seats[seat]
    production, oil = income(state, seat) if not current.built else (0, 0)
    raised = replace(current, production=current.production + production, oil=current.oil + oil)
    ahead = acting(state, seat, "build")
    return replace(ahead, seats=tuple(raised if i == seat else s for i, s in enumerate(ahead.seats)))


def build_regions(state: AttackState, seat: int, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _legal(_building(state, seat), seat) if isinstance(a, Buy)]
    return _unique(
        (place_label(state, board, a.region, seat), a.region) for a in found if _matches(typed, a.region)
    )


def build_units(state: AttackState, seat: int, region: str, typed: str) -> list[Choice]:
    found = [
        a
        for a in _legal(_building(state, seat), seat)
        if isinstance(a, Buy) and (not region or a.region == region)
    ]
    pairs = [(forces_value(a.army, a.navy), forces_value(a.army, a.navy)) for a in found]
    return [p for p in _unique(pairs) if _matches(typed, p[0])]


def negotiable(state: AttackState, seat: int, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _legal(state, seat) if isinstance(a, Negotiate) and a.region]
    turn_free = state.turn is None
    pairs = [(place_label(state, board, a.region, seat), a.region) for a in found if a.region]
    return _unique(p for p in pairs if _matches(typed, p[1], p[0])) if turn_free else []


def research_suits(state: AttackState, seat: int, typed: str) -> list[Choice]:
    found = [a for a in _legal(state, seat) if isinstance(a, Research)]
    levels = state.seats[seat].levels
    suits = ("factories", "minerals", "oil", "rail", "population")
    return _unique(
        (f"{a.suit.title()} {levels[suits.index(a.suit)] + 1}", a.suit)
        for a in found
        if _matches(typed, a.suit)
    )


def research_regions(state: AttackState, seat: int, suit: str, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _legal(state, seat) if isinstance(a, Research) and (not suit or a.suit == suit)]
    own = [board.region_ids[r] for r, o in enumerate(state.owner) if o == seat]
    pairs = [
        (f"{place_label(state, board, a.region, seat)} — scrap {troops_value(a.army)}", a.region)
        for a in found
    ]
    pairs += [(place_label(state, board, r, seat), r) for r in own]
    return [p for p in _unique(pairs) if _matches(typed, p[1], p[0])]


def oil_markers(state: AttackState, seat: int, typed: str) -> list[Choice]:
    board = board_of(state)
    found = [a for a in _legal(state, seat) if isinstance(a, Burn) and a.oil_marker]
    return _unique(
        (f"{board.region_names[board.index[a.oil_marker]]} (its oil marker)", a.oil_marker)
        for a in found
        if a.oil_marker and _matches(typed, a.oil_marker)
    )


def deploy_lines(state: AttackState, seat: int, typed: str) -> list[Choice]:
    found = [a for a in _legal(state, seat) if isinstance(a, Deploy)]
    return [
        p
        for p in _unique((troops_value(a.army), troops_value(a.army)) for a in found)
        if _matches(typed, p[0])
    ]


def lineups(state: AttackState, seat: int, typed: str) -> list[Choice]:
    found = [a for a in _legal(state, seat) if isinstance(a, LineUp)]
    return [
        p for p in _unique((", ".join(a.ships), ", ".join(a.ships)) for a in found) if _matches(typed, p[0])
    ]


def _region_id(board: Layout, text: str) -> str | None:
    if not text:
        return None
    try:
        kind, i = find_place(board, text)
    except IllegalAction:
        return None
    return board.region_ids[i] if kind == "region" else board.zone_ids[i]


def _continent(board: Layout, region: str) -> str:
    return board.continent_names[board.continent_of[board.index[region]]]

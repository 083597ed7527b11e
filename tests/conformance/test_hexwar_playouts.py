"""Hex war conformance: seeded playouts for 2 to 5 players, AI and random agents, checked at every step
(every listed move applies, JSON round trips, replay equals the game, no view or event shows a seat's
orders to anyone else before the reveal)."""

from __future__ import annotations

import random

import pytest

from rules.core.agents import RandomAgent
from rules.core.codec import from_json, to_json
from rules.core.conformance import check_roundtrip, play, replay
from rules.core.dice import verify_rolls
from rules.hexwar import RULES
from rules.hexwar.actions import Resign
from rules.hexwar.ai import HexWarAI
from rules.hexwar.common import merge
from rules.hexwar.events import (
    CityAbandoned,
    CityProjectBegun,
    OrderCancelled,
    OrderWritten,
    PlanesLost,
    UnitPlaced,
    UnitsDestroyed,
    UnitsPlaced,
)
from rules.hexwar.state import HexState, Phase
from rules.hexwar.units import GROUND, PLANE, SHIPS

SECRET = (OrderWritten, OrderCancelled, CityProjectBegun, CityAbandoned)


def units(state: HexState) -> int:
    return sum(s.count * (1 + len(s.cargo)) for stacks in state.units for s in stacks)


def invariants(before: HexState, after: HexState, action, events) -> None:
    """What must hold after every action of every game."""
    water = [k == "water" for k in after.kinds]
    for h, stacks in enumerate(after.units):
        assert merge(stacks) == stacks, "units in a hex are merged and sorted"
        assert (after.owner[h] == -1) == water[h], "water belongs to nobody, land to a seat"
        for s in stacks:
            assert not after.out[s.seat] or after.resigned[s.seat], "a seat eliminated has no units"
            assert s.unit not in SHIPS or water[h], "ships stay on water"
            assert s.unit not in GROUND or not water[h], "land units at sea only as cargo"
            assert not s.cargo or (s.unit == "hov" and water[h]), "cargo only aboard hovercraft at sea"
            assert s.unit != PLANE or not water[h], "planes never end a round over water"
    assert min(after.money) >= 0 and after.rolls >= before.rolls
    placed = sum(1 for e in events if isinstance(e, UnitPlaced))
    placed += sum(e.count for e in events if isinstance(e, UnitsPlaced))
    lost = sum(
        s.count * (1 + len(s.cargo)) for e in events if isinstance(e, UnitsDestroyed) for s in e.losses
    )
    lost += sum(e.count for e in events if isinstance(e, PlanesLost))
    assert units(after) - units(before) == placed - lost, "units change only by placement and losses"
    if after.round != before.round:
        assert all(o == () for o in after.orders), "a new round starts with no orders"
    for event in events:
        if isinstance(event, SECRET):
            assert all(
                RULES.redact(event, v) is None for v in (None, *range(after.players)) if v != event.seat
            )
    if after.phase is Phase.ORDERS:
        secret = {s: [to_json(o) for o in after.orders[s]] for s in range(after.players)}
        for viewer in (None, *range(after.players)):
            seen = RULES.view(after, viewer)
            assert seen.orders == (None if viewer is None else after.orders[viewer])
            text = to_json(seen)
            own = set(secret.get(viewer, [])) if viewer is not None else set()
            for seat, orders in secret.items():
                if seat != viewer:
                    assert not any(o in text for o in orders if o not in own), f"seat {seat}'s orders leak"
            assert b'"rolls"' not in text and b"seed" not in text


def agents_for(seats: int, seed: int, randoms: bool) -> list:
    """AIs, with about half the seats random agents when ``randoms``."""
    chooser = random.Random(seed)
    return [
        RandomAgent(RULES, seed * 10 + s) if randoms and chooser.random() < 0.5 else HexWarAI(seed * 10 + s)
        for s in range(seats)
    ]


OPTION_SETS = [
    {},
    {"units_per_turn": 4, "rounds": 10},
    {"die": 8, "income_capital": 3},
    {"unsubmitted": "stand", "timer": "live", "defences_per_kind": 2},
]
CASES = [(seed, 2 + seed % 4, OPTION_SETS[seed % len(OPTION_SETS)], seed % 3 == 2) for seed in range(16)]


@pytest.mark.parametrize(
    ("seed", "seats", "options", "randoms"),
    CASES,
    ids=[f"game{c[0]}-{c[1]}p{'-random' if c[3] else ''}" for c in CASES],
)
def test_playout_to_the_end(seed, seats, options, randoms):
    if randoms:
        options = {**options, "rounds": 5}  # random agents never take a capital: keep the game short
    game = play(
        RULES,
        seats,
        agents_for(seats, seed, randoms),
        f"hex-{seed}",
        options,
        check=invariants,
        roundtrip_every=7,
    )
    result = RULES.result(game.state)
    assert result is not None, f"game {seed} did not finish in {len(game.log)} actions"
    assert result.winners and all(not game.state.out[w] for w in result.winners)
    replayed, events = replay(RULES, seats, f"hex-{seed}", options, [(s, a) for s, a, _ in game.log])
    assert replayed == game.state
    assert verify_rolls(f"hex-{seed}", events) == []
    assert from_json(to_json(game.state), HexState) == game.state


def test_every_action_and_event_kind_round_trips():
    kinds = set()
    for seed in range(3):
        game = play(RULES, 3, agents_for(3, seed + 100, True), f"kinds-{seed}", {"rounds": 5})
        for _, action, events in game.log:
            check_roundtrip(RULES, game.state, action, events)
            kinds |= {type(action).__name__} | {type(e).__name__ for e in events}
    expected = {"PlaceHex", "PlaceUnit", "PlaceCapital", "Move", "Buy", "SubmitOrders", "CancelOrder"}
    expected |= {
        "OrderWritten",
        "OrdersRevealed",
        "UnitsMoved",
        "BattleBegan",
        "UnitsDestroyed",
        "HexCaptured",
    }
    assert expected <= kinds, expected - kinds


class Absent:
    """A seat whose player never shows up: the deadline's move every time."""

    def choose(self, state, seat):
        return RULES.absent_move(state, seat)


class Quitter(HexWarAI):
    """An AI that resigns in round 3."""

    def choose(self, state, seat):
        return Resign() if state.round == 3 else super().choose(state, seat)


def test_a_game_with_absent_players_and_a_resignation_still_ends():
    agents = [HexWarAI(1), Absent(), Quitter(2), HexWarAI(3), Absent()]
    game = play(RULES, 5, agents, "absent", {"rounds": 8}, check=invariants)
    assert RULES.result(game.state) is not None and game.state.resigned == (False, False, True, False, False)

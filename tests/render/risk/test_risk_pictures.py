"""Risk's ``PICTURES``, the four entry points callers use, on views and events made by the rules engine."""

from __future__ import annotations

import io

from msgspec.structs import replace
from PIL import Image

from render.risk import PICTURES, base, render_battle, render_board, render_hand
from rules.core.dice import SeededRng
from rules.core.events import Event
from rules.risk import RULES
from rules.risk.actions import Attack
from rules.risk.events import BattleFought
from rules.risk.state import Phase, RiskState

NAMES = ("Alice", "Bob", "Chen")


def _new_game() -> tuple[RiskState, SeededRng]:
    rng = SeededRng("render pictures")
    state, _ = RULES.setup({"setup_batch": 40}, len(NAMES), rng)
    return state, rng


def _attacks(count: int) -> tuple[RiskState, list[Event]]:
    """From a new game, the first legal move each time until ``count`` attacks have been rolled; the
    events of every move since the attack phase began."""
    state, rng = _new_game()
    events: list[Event] = []
    while count:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal(state, seat)
        attack = next((a for a in legal if isinstance(a, Attack)), None)
        state, happened = RULES.apply(state, seat, attack or legal[0], rng)
        if state.phase is Phase.ATTACK:
            events += happened
        count -= attack is not None
    return state, events


def _png(data: bytes | None) -> Image.Image:
    assert data is not None
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_board_is_the_public_board_at_1600_on_the_world_map() -> None:
    state, _ = _new_game()
    public = RULES.view(state, None)
    drawn = PICTURES.board(public, NAMES, title="Risk · #table")
    assert drawn == render_board(public, NAMES, title="Risk · #table", layout="world_map", width=1600)
    assert _png(drawn).width == 1600


def test_board_draws_the_recent_attacks() -> None:
    state, events = _attacks(1)
    public = RULES.view(state, None)
    with_arrows = PICTURES.board(public, NAMES, title="Risk", recent=events)
    assert with_arrows == render_board(public, NAMES, title="Risk", recent=tuple(events))
    assert with_arrows != PICTURES.board(public, NAMES, title="Risk")


def test_battle_draws_the_last_roll_among_the_events() -> None:
    state, events = _attacks(2)
    battles = [e for e in events if isinstance(e, BattleFought)]
    assert len(battles) == 2 and battles[0] != battles[-1]
    public = RULES.view(state, None)
    drawn = PICTURES.battle(public, events, NAMES)
    assert drawn == render_battle(battles[-1], list(NAMES))
    assert drawn != render_battle(battles[0], list(NAMES))
    assert _png(drawn).width == 720


def test_no_battle_no_picture() -> None:
    state, _ = _new_game()
    public = RULES.view(state, None)
    assert PICTURES.battle(public, [], NAMES) is None
    setup_events = RULES.setup({}, 3, SeededRng("another"))[1]
    assert PICTURES.battle(public, setup_events, NAMES) is None


def test_private_is_the_viewers_own_hand() -> None:
    state, _ = _new_game()
    state = replace(state, hands=((0, 43), (5,), ()), deck=tuple(range(6, 43)) + (1, 2, 3, 4))
    mine = RULES.view(state, 0)
    assert PICTURES.private(mine, NAMES) == render_hand((0, 43), view=mine)
    assert PICTURES.private(mine, NAMES) != PICTURES.private(RULES.view(state, 1), NAMES)


def test_an_empty_hand_still_gets_its_picture_and_the_public_none() -> None:
    state, _ = _new_game()
    assert state.hands[0] == ()
    mine = RULES.view(state, 0)
    assert PICTURES.private(mine, NAMES) == render_hand((), view=mine)
    assert PICTURES.private(RULES.view(state, None), NAMES) is None


def test_warm_builds_the_layer_the_board_uses() -> None:
    base.clear_cache()
    PICTURES.warm()
    assert len(base._BASES) == 1  # a private cache: the test peeks
    state, _ = _new_game()
    PICTURES.board(RULES.view(state, None), NAMES, title="Risk")
    assert len(base._BASES) == 1  # the board found it built: nothing more was added

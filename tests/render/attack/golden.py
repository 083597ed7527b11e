"""Attack!'s golden pictures: the reference renders that ``tests/render/test_golden.py`` compares with their
PNGs in ``tests/render/golden/``. After an intended change, rewrite them with
``python tests/render/regenerate.py attack`` and look at each."""

from __future__ import annotations

from collections.abc import Callable

from render.attack import render_battle, render_board, render_private
from rules.attack import RULES
from tests.render.attack import samples


def _western() -> bytes:
    view = RULES.view(samples.western_state(), None)
    return render_board(view, samples.NAMES[:3], recent=samples.western_recent())


def _world() -> bytes:
    view = RULES.view(samples.world_state(), None)
    return render_board(view, samples.NAMES, recent=samples.world_recent())


def _army() -> bytes:
    view, events = samples.army_battle()
    picture = render_battle(view, events, samples.NAMES[:3])
    assert picture is not None
    return picture


def _navy() -> bytes:
    view, events = samples.navy_battle()
    picture = render_battle(view, events, samples.NAMES[:3])
    assert picture is not None
    return picture


def _hand() -> bytes:
    picture = render_private(samples.hand_view(), samples.NAMES[:3])
    assert picture is not None
    return picture


REFERENCES: dict[str, Callable[[], bytes]] = {
    "attack_western.png": _western,
    "attack_world.png": _world,
    "attack_army_battle.png": _army,
    "attack_navy_battle.png": _navy,
    "attack_hand.png": _hand,
}

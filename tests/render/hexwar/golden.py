"""Hex war's golden pictures: the reference renders that ``tests/render/test_golden.py`` compares with their
PNGs in ``tests/render/golden/``. After an intended change, rewrite them with
``python tests/render/regenerate.py hexwar`` and look at each."""

from __future__ import annotations

from collections.abc import Callable

from render.hexwar import PICTURES, render_board
from rules.hexwar import RULES
from tests.render.hexwar import samples


def _board_5p() -> bytes:
    view, events = samples.board_5p()
    return render_board(view, samples.NAMES, recent=events, deadline="due in 41 h")


def _round_2p() -> bytes:
    view, events = samples.round_2p()
    picture = PICTURES.battle(view, events, samples.NAMES[:2])
    assert picture is not None
    return picture


def _setup_3p() -> bytes:
    view, events = samples.setup_3p()
    return render_board(view, samples.NAMES[:3], recent=events)


def _orders_3p() -> bytes:
    picture = PICTURES.private(RULES.view(samples.with_orders(), 0), samples.NAMES[:3])
    assert picture is not None
    return picture


REFERENCES: dict[str, Callable[[], bytes]] = {
    "hexwar_board_5p.png": _board_5p,
    "hexwar_round_2p.png": _round_2p,
    "hexwar_setup_3p.png": _setup_3p,
    "hexwar_orders_3p.png": _orders_3p,
}

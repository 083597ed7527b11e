"""Axis & Allies' golden pictures: the reference renders that ``tests/render/test_golden.py`` compares with
their PNGs in ``tests/render/golden/``. After an intended change, rewrite them with
``python tests/render/regenerate.py axis_allies`` and look at each."""

from __future__ import annotations

from collections.abc import Callable

from render.axis_allies import render_battle, render_map, render_theatre
from tests.render.axis_allies import samples


def _aa_start() -> bytes:
    return render_map(samples.start())


def _aa_midgame() -> bytes:
    return render_map(samples.midgame(), width=1400)


def _aa_changes() -> bytes:
    return render_map(samples.midgame_changes())


def _aa_close_up() -> bytes:
    data = render_theatre(samples.midgame_changes())
    assert data is not None
    return data


def _aa_battle() -> bytes:
    return render_battle(samples.battle())


REFERENCES: dict[str, Callable[[], bytes]] = {
    "aa_map_start.png": _aa_start,
    "aa_map_midgame_1400.png": _aa_midgame,
    "aa_map_changes.png": _aa_changes,
    "aa_close_up_europe.png": _aa_close_up,
    "aa_battle.png": _aa_battle,
}

"""Pictures of an Axis & Allies Classic game, all made from views (``rules.axis_allies.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it are exported for tests and benches. Inside: ``picture`` (view and events -> plain
picture data), ``map`` (the world map) over ``base`` (its static layer), ``layout`` (where chips and
markers go), ``icons`` (unit icons, chips and tokens), ``legend`` (title bar and legend), and ``battle``
(the battle board).
"""

from __future__ import annotations

from collections.abc import Sequence

from render.axis_allies.base import map_base
from render.axis_allies.battle import BattlePicture, battle_image, render_battle
from render.axis_allies.map import (
    DEFAULT_WIDTH,
    MapPicture,
    Token,
    clear_cache,
    map_image,
    render_map,
    token_layout,
)
from render.axis_allies.picture import battle_picture, map_picture
from render.core.pictures import Pictures
from rules.axis_allies.views import AAView
from rules.core.events import Event

__all__ = [
    "DEFAULT_WIDTH",
    "PICTURES",
    "BattlePicture",
    "MapPicture",
    "Token",
    "battle_image",
    "battle_picture",
    "clear_cache",
    "map_image",
    "map_picture",
    "render_battle",
    "render_map",
    "token_layout",
]


def _board_png(view: AAView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
    """The map. ``recent`` is not drawn yet: pending battles are outlined from the view itself."""
    return render_map(map_picture(view, names, title), width=DEFAULT_WIDTH)


def _battle_png(view: AAView, events: Sequence[Event], names: Sequence[str]) -> bytes | None:
    """The battle board for the last round fought among ``events`` (powers are named on it, not seats)."""
    picture = battle_picture(events, view)
    return render_battle(picture) if picture is not None else None


def _private_png(view: AAView, names: Sequence[str]) -> bytes | None:
    """Nothing: Axis & Allies hides nothing from anyone."""
    return None


def _warm() -> None:
    map_base(DEFAULT_WIDTH)


PICTURES = Pictures(board=_board_png, battle=_battle_png, private=_private_png, warm=_warm)

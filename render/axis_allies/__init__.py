"""Pictures of an Axis & Allies Classic game, all made from views (``rules.axis_allies.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it are exported for tests and benches. ``close_up`` is a second picture with the
board's signature (the close-up of Europe when the action is there, else None), for a caller that sends
it beside the board. Inside: ``picture`` (view and events -> plain picture data), ``map`` (the world
map) over ``base`` (its static layer, the whole map or a window of it) with ``colours``, ``places``
(labels and chip places) and ``layout`` (where chips and markers go), ``diff`` and ``changes`` (what
changed, and how it is drawn), ``theatre`` (the close-up), ``icons`` (unit icons, chips and tokens),
``legend`` (title bar and legend), ``battle`` (the battle card) and ``replay`` (an animated replay's
frames).
"""

from __future__ import annotations

from collections.abc import Sequence

from render.axis_allies.base import map_base
from render.axis_allies.battle import BattlePicture, Fire, battle_image, render_battle
from render.axis_allies.map import (
    DEFAULT_WIDTH,
    MapPicture,
    Token,
    clear_cache,
    map_image,
    render_map,
    token_layout,
)
from render.axis_allies.picture import battle_picture, map_changes, map_picture
from render.axis_allies.theatre import THEATRES, action_in, close_up_base, render_theatre, theatre_image
from render.core.pictures import Pictures
from rules.axis_allies.views import AAView
from rules.core.events import Event

__all__ = [
    "DEFAULT_WIDTH",
    "PICTURES",
    "THEATRES",
    "BattlePicture",
    "Fire",
    "MapPicture",
    "Token",
    "action_in",
    "battle_image",
    "battle_picture",
    "clear_cache",
    "close_up",
    "map_changes",
    "map_image",
    "map_picture",
    "render_battle",
    "render_map",
    "render_theatre",
    "theatre_image",
    "token_layout",
]


def _board_png(view: AAView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
    """The map with what changed among ``recent`` drawn on it (``render.axis_allies.changes``)."""
    return render_map(map_picture(view, names, title, recent), width=DEFAULT_WIDTH)


def _battle_png(view: AAView, events: Sequence[Event], names: Sequence[str]) -> bytes | None:
    """The battle card for the last round fought among ``events``, each power with its player's name
    (the odds before the round are not in the events: ``battle_picture`` takes them from a caller that
    has them)."""
    picture = battle_picture(events, view, names)
    return render_battle(picture) if picture is not None else None


def close_up(view: AAView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes | None:
    """A second picture beside the board: the close-up of Europe, when the action among ``recent`` (or a
    battle waiting) is there; None otherwise. The board's signature, so it can sit beside ``board``."""
    return render_theatre(map_picture(view, names, title, recent))


def _private_png(view: AAView, names: Sequence[str]) -> bytes | None:
    """Nothing: Axis & Allies hides nothing from anyone."""
    return None


def _warm() -> None:
    map_base(DEFAULT_WIDTH)
    close_up_base()


PICTURES = Pictures(board=_board_png, battle=_battle_png, private=_private_png, warm=_warm)

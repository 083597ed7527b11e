"""Pictures of a Skirmish game, all made from views (``rules.skirmish.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it are exported for tests and benches. Inside: ``base`` (the elevation-shaded static
map, cached per width), ``badges`` (units by type), ``marks`` (what changed, from events), ``board`` (the
map), ``legend``, ``picture`` (a battle as plain data, from the view or the events), ``battle`` (the
battle board) and ``hand`` (the private picture: cards in hand and standing orders).
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core.pictures import Pictures
from render.skirmish.base import clear_cache, map_base
from render.skirmish.battle import battle_image, render_battle
from render.skirmish.board import DEFAULT_WIDTH, board_image, outlines_ahead, render_board
from render.skirmish.hand import private_image, render_private
from render.skirmish.marks import Changes, changes
from render.skirmish.picture import BattlePicture, battle_picture
from rules.core.events import Event
from rules.skirmish.views import SkirmishView

__all__ = [
    "DEFAULT_WIDTH",
    "PICTURES",
    "BattlePicture",
    "Changes",
    "battle_image",
    "battle_picture",
    "board_image",
    "changes",
    "clear_cache",
    "private_image",
    "render_battle",
    "render_board",
    "render_private",
]


def _board_png(
    view: SkirmishView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()
) -> bytes:
    """The map with what changed among ``recent`` marked on it."""
    return render_board(view, names, recent=tuple(recent), title=title)


def _battle_png(
    view: SkirmishView, events: Sequence[Event], names: Sequence[str], *, seat: int | None = None
) -> bytes | None:
    """The battle board: the battle being fought (at whatever step), else the last one among ``events``
    (``seat``'s last, where it fought one)."""
    picture = battle_picture(view, events, names, seat)
    return render_battle(picture, names) if picture is not None else None


def _private_png(view: SkirmishView, names: Sequence[str]) -> bytes | None:
    """The viewer's cards and standing orders; None for the public view."""
    return render_private(view, names)


def _warm() -> None:
    outlines_ahead(map_base(DEFAULT_WIDTH))


PICTURES = Pictures(board=_board_png, battle=_battle_png, private=_private_png, warm=_warm)

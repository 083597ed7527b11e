"""Pictures of a Risk game, all made from views (``rules.risk.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it, with their extra knobs (layouts, widths, deadlines), are exported for tests and
benches. Inside: ``board`` (the board), ``base`` (its static layer, cached per layout and width),
``cards`` (the battle card and the hand) and ``symbols`` (the three card symbols).
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core.pictures import Pictures
from render.risk.base import LAYOUTS, board_base, clear_cache
from render.risk.board import badge_layout, board_image, render_board
from render.risk.cards import render_battle, render_hand
from rules.core.events import Event
from rules.risk.events import BattleFought
from rules.risk.views import RiskView

__all__ = [
    "LAYOUTS",
    "PICTURES",
    "badge_layout",
    "board_image",
    "clear_cache",
    "render_battle",
    "render_board",
    "render_hand",
]

WIDTH = 1600  # what the bot sends: Discord shows it about 1:1 on most screens
LAYOUT = "world_map"


def _board_png(view: RiskView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
    """The board with the attacks and conquests among ``recent`` drawn on it."""
    return render_board(view, names, recent=tuple(recent), layout=LAYOUT, width=WIDTH, title=title)


def _battle_png(view: RiskView, events: Sequence[Event], names: Sequence[str]) -> bytes | None:
    """The last roll of the dice among ``events`` (a Risk battle is one roll: the view adds nothing)."""
    battles = [e for e in events if isinstance(e, BattleFought)]
    return render_battle(battles[-1], list(names)) if battles else None


def _private_png(view: RiskView, names: Sequence[str]) -> bytes | None:
    """The viewer's hand; an empty hand still gets its picture ("No cards yet"), the public none."""
    return render_hand(view.hand, view=view) if view.hand is not None else None


def _warm() -> None:
    board_base(LAYOUT, WIDTH)


PICTURES = Pictures(board=_board_png, battle=_battle_png, private=_private_png, warm=_warm)

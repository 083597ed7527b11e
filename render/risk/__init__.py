"""Pictures of a Risk game, all made from views (``rules.risk.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it, with their extra knobs (layouts, widths, deadlines), are exported for tests and
benches. Inside: ``board`` (the board) with ``changes`` (what changed, from the recent events) over
``base`` (its static layer, cached per layout and width, with ``names``: where each territory's name
goes), ``battle`` (the battle card) with ``fight``
(one attack's rolls and armies, from the events and the view), ``cards`` (the hand) and ``symbols``
(the three card symbols), and ``replay`` (the frames of an animated replay).
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core.pictures import Pictures
from render.risk.base import LAYOUTS, board_base, clear_cache
from render.risk.battle import battle_image, render_battle
from render.risk.board import badge_layout, board_image, outlines_ahead, render_board
from render.risk.cards import render_hand
from render.risk.changes import RiskChanges, changes
from render.risk.fight import Fight, Roll, last_fight
from render.risk.replay import replay
from rules.core.events import Event
from rules.risk.views import RiskView

__all__ = [
    "LAYOUTS",
    "PICTURES",
    "Fight",
    "RiskChanges",
    "Roll",
    "badge_layout",
    "battle_image",
    "board_image",
    "changes",
    "clear_cache",
    "last_fight",
    "render_battle",
    "render_board",
    "render_hand",
]

WIDTH = 1600  # what the bot sends: Discord shows it about 1:1 on most screens
LAYOUT = "world_map"


def _board_png(view: RiskView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
    """The board with what changed among ``recent`` drawn on it (``render.risk.changes``)."""
    return render_board(view, names, recent=tuple(recent), layout=LAYOUT, width=WIDTH, title=title)


def _battle_png(
    view: RiskView, events: Sequence[Event], names: Sequence[str], *, seat: int | None = None
) -> bytes | None:
    """The last attack among ``events`` (``seat``'s last, attacking or defending, where it fought one),
    all its rolls (an ``until`` attack is one fight), with the armies before and after from the view."""
    fight = last_fight(view, events, seat)
    return render_battle(fight, names) if fight is not None else None


def _private_png(view: RiskView, names: Sequence[str]) -> bytes | None:
    """The viewer's hand; an empty hand still gets its picture ("No cards yet"), the public none."""
    return render_hand(view.hand, view=view) if view.hand is not None else None


def _warm() -> None:
    outlines_ahead(board_base(LAYOUT, WIDTH))


PICTURES = Pictures(board=_board_png, battle=_battle_png, private=_private_png, warm=_warm, replay=replay)

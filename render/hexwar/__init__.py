"""Pictures of a Hex war game, all made from views (``rules.hexwar.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it, with their extra knobs (width, deadline), are exported for tests and benches.
Inside: ``board`` (the board and what changed on it) over ``geometry`` (where hexes go) and ``frame``
(one picture's layout), ``look`` (palette and sizes), ``icons`` and ``chips`` (units and marks),
``changes`` (events to arrows, battles, outlines and deltas), ``arrows``, ``legend`` (title and
standings) and ``orders`` (a seat's own orders, private).

The ``battle`` picture is the round's resolution: the board after the last round resolved among the
events, with an arrow for every move and every battle marked with its outcome, so a player who was away
sees the whole round at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core.pictures import Pictures
from render.hexwar.board import board_image, render_board
from render.hexwar.changes import changes, last_resolution
from render.hexwar.look import REFERENCE_WIDTH, board_palette
from render.hexwar.orders import orders_image, render_orders
from rules.core.events import Event
from rules.hexwar.views import HexWarView

__all__ = [
    "PICTURES",
    "REFERENCE_WIDTH",
    "board_image",
    "changes",
    "last_resolution",
    "orders_image",
    "render_board",
    "render_orders",
    "render_round",
]

TITLE = "Hex war"


def _board_png(view: HexWarView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
    """The board with what changed among ``recent`` drawn on it (the last round resolved, or setup)."""
    return render_board(view, names, recent=recent, title=title)


def render_round(
    view: HexWarView, events: Sequence[Event], names: Sequence[str], *, seat: int | None = None
) -> bytes | None:
    """The resolution of the last round among ``events`` on the board after it, every battle of it
    (``seat`` aside); None if no round was resolved among them."""
    chosen, number = last_resolution(events)
    if number is None:
        return None
    status = f"Round {number or view.round} resolved: every move and battle"
    return render_board(view, names, recent=chosen, title=TITLE, status=status)


def _private_png(view: HexWarView, names: Sequence[str]) -> bytes | None:
    """The viewer's own orders this round on the board, numbered, with the list; None for the public
    view and outside a round."""
    return render_orders(view, names)


def _warm() -> None:
    board_palette()


PICTURES = Pictures(board=_board_png, battle=render_round, private=_private_png, warm=_warm)

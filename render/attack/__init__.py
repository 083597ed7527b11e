"""Pictures of an Attack! game, all made from views (``rules.attack.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it, with their extra knobs (widths, deadlines), are exported for tests and benches.
Inside: ``geometry`` (the map's outlines, worked out from ``data/attack/map.json`` and the world map's
shapes), ``base`` (the static layer of each layout, cached per width), ``board`` (the board with what
changed), ``sprites`` and ``place`` (its marks, nudged apart), ``keys`` (a sea name with no room, as a
numbered key), ``panel`` (the season bar and standings), ``battle`` (army and navy battle pictures),
``hand`` (the private picture), ``icons`` and ``pen`` (unit silhouettes and the full-colour canvas of
the small pictures).
"""

from __future__ import annotations

from collections.abc import Sequence

from render.attack.base import WIDTHS, board_base, clear_cache, zone_places
from render.attack.battle import render_battle
from render.attack.board import board_image, changes, outlines_ahead, render_board
from render.attack.hand import render_private
from render.attack.keys import key_places
from render.core.pictures import Pictures
from rules.attack.views import AttackView
from rules.core.events import Event

__all__ = [
    "PICTURES",
    "WIDTHS",
    "board_base",
    "board_image",
    "changes",
    "clear_cache",
    "render_battle",
    "render_board",
    "render_private",
]


def _board_png(view: AttackView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
    """The board of the game's layout, with the moves, captures, gains and losses among ``recent``."""
    return render_board(view, names, recent=tuple(recent), title=title)


def _battle_png(
    view: AttackView, events: Sequence[Event], names: Sequence[str], *, seat: int | None = None
) -> bytes | None:
    """The last battle among ``events``, whoever fought it (``seat`` aside): a turn's battles are
    the mover's, against any of its neighbours."""
    return render_battle(view, events, names)


def _private_png(view: AttackView, names: Sequence[str]) -> bytes | None:
    """The viewer's action cards (and navy line-up while it is secret); None for the public view."""
    return render_private(view, names)


def _warm() -> None:
    """Each layout's static layer, and where each sea name may go when a mark meets it (on its own
    water, or away with a leader) and where its key may go (``keys.key_places``): worked out once here,
    about 1.8 s for the three layouts, they would otherwise cost a player's first boards some 20 ms each
    (``bench/attack_render.py``, along a game)."""
    for layout, width in WIDTHS.items():
        base = board_base(layout)
        outlines_ahead(base)
        for zone in range(len(base.sea_names)):
            zone_places(layout, width, zone)
            zone_places(layout, width, zone, away=True)
            key_places(layout, width, zone)


PICTURES = Pictures(board=_board_png, battle=_battle_png, private=_private_png, warm=_warm)

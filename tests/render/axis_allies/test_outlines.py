"""Outlines of captured territories and pending battles are drawn on the map the first time, then drawn
on their own box and kept (``changes.outline``): pasted, they must be the very pixels drawing them on the
map gives, for every territory, whole or cut by the close-up's edge; and only a few are kept."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from render.axis_allies import DEFAULT_WIDTH
from render.axis_allies import changes as module
from render.axis_allies.base import MapBase, map_base, map_palette
from render.axis_allies.changes import OUTLINES_KEPT, draw_outlines, forget_outlines, outline
from render.axis_allies.theatre import close_up_base, theatre_image
from render.core import colours as C
from render.core.marks import dashed_path
from rules.axis_allies.board import classic_board
from tests.render.axis_allies import samples


def drawn_on_the_map(layer: Image.Image, base: MapBase, index: int, dashed: bool) -> None:
    """The outline drawn straight on the map, as it was before outlines were kept."""
    palette, ui, draw = map_palette(), base.ui, ImageDraw.Draw(layer)
    ink, white = palette[C.INK], palette[C.HIGHLIGHT]
    for ring in base.rings[index]:
        points = list(ring)
        if dashed:
            draw.line([*points, points[0]], fill=ink, width=max(1, round(8 * ui)))
            dashed_path(draw, points, white, max(1, round(4 * ui)), 14 * ui, 9 * ui)
        else:
            draw.line([*points, points[0]], fill=ink, width=max(1, round(9 * ui)))
            draw.line([*points, points[0]], fill=white, width=max(1, round(4.5 * ui)))


def test_a_kept_outline_is_the_same_pixels_as_one_drawn_on_the_map() -> None:
    board = classic_board()
    for base in (map_base(DEFAULT_WIDTH), close_up_base()):
        forget_outlines()
        for name in board.names:
            index = board.territories[name].index
            if not base.shown[index]:
                continue
            for dashed in (False, True):
                first, kept, drawn = base.image.copy(), base.image.copy(), base.image.copy()
                battles, captured = ((name,), ()) if dashed else ((), (name,))
                draw_outlines(first, base, battles, captured)  # drawn on the map
                draw_outlines(kept, base, battles, captured)  # made on its box, pasted
                drawn_on_the_map(drawn, base, index, dashed)
                assert first.tobytes() == drawn.tobytes(), (name, dashed, base.width)
                assert kept.tobytes() == drawn.tobytes(), (name, dashed, base.width)
                assert outline(base, index, dashed) is not None
                draw_outlines(kept, base, battles, captured)  # pasted again: no change
                assert kept.tobytes() == drawn.tobytes(), (name, dashed, base.width)
        assert len(module._OUTLINES) <= OUTLINES_KEPT


def test_a_close_up_draws_no_outline_of_a_territory_away_from_its_window() -> None:
    """A battle waiting in the East US Sea Zone, far left of Europe's window, on a close-up drawn twice
    (its outline's box would have been made the second time, of a negative width: ``ValueError`` on a
    /game map with action in Europe and that battle waiting); the pixels are those of the close-up
    without it, as the outline lies wholly off the picture."""
    forget_outlines()
    board = classic_board()
    base = close_up_base()
    index = board.territories["East US Sea Zone"].index
    assert base.bounds[index][2] + max(1, round(9 * base.ui)) + 2 < 0
    picture = samples.midgame_changes()
    far = replace(picture, battles=(*picture.battles, "East US Sea Zone"))
    without = theatre_image(picture).tobytes()
    assert theatre_image(far).tobytes() == without
    assert theatre_image(far).tobytes() == without

"""How the Axis & Allies map draws what changed since the viewer's last look (``MapChanges``, made
from the events by ``render.axis_allies.picture``):

- moves as arrows in the mover's colour along the spaces they passed through, cased in ink (in white for
  the dark colours, so Germany's arrows show over Germany), under the names and chips, which stay
  readable;
- territories captured (or liberated) outlined in white, like Risk's conquests; battles still to be
  fought outlined in white dashes;
- each battle fought (and bombing raid) as a white-edged dark burst whose core is the winner's colour
  (grey: nobody left);
- units lost as "−3" tags and units placed as "+2" tags in the power's colour, beside the space.

The bursts and tags go last, each in the free place nearest its space, clear of names, rows and chips.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import partial

from PIL import Image, ImageDraw

from render.axis_allies.base import Arrow, MapBase, map_palette, power_colour
from render.axis_allies.diff import MapChanges, Move
from render.axis_allies.layout import Marker, Token, rows_taken
from render.axis_allies.places import Nearby
from render.axis_allies.reach import own_land
from render.core import colours as C
from render.core.badges import Sprite, paste_sprite
from render.core.boxes import box_at
from render.core.cache import forget_oldest
from render.core.marks import (
    arrow_passes,
    burst_sprite,
    change_tag,
    dashed_path,
    draw_arrow,
    draw_arrow_passes,
    tag_style,
    trim,
)
from render.core.shapes import Point
from render.core.stamp import stamp
from rules.axis_allies.board import classic_board


class Room:
    """What a render has put on the map so far (names, marker rows, chips) and, for each further mark
    (a battle burst, a change tag), the free place nearest where it belongs."""

    def __init__(self, base: MapBase, rows: Mapping[int, Sequence[Marker]], tokens: Sequence[Token]) -> None:
        self.base = base
        self.taken = rows_taken(base, rows)[0].copy()
        for token in tokens:
            self.taken.add(token.box)

    def place(self, anchor: Point, w: float, h: float) -> Point:
        """The centre of the free w×h place nearest ``anchor``, now taken (``anchor`` if none is free):
        of ``nearby``'s places, those on the map and clear of the names are kept per base and size (a
        mark's anchor is its space's middle, the same on every position)."""
        grid = partial(Nearby, anchor, max(2.0, h / 2), 3000)  # (made only for a new list)
        near = own_land(self.base, -1, ("near", anchor), grid, w + 2, h + 2, 0.0)
        centre = near.first_free(self.taken, self.base) or anchor
        self.taken.add(box_at(centre, w, h))
        return centre


def draw_outlines(layer: Image.Image, base: MapBase, battles: Sequence[str], captured: Sequence[str]) -> None:
    """Captured territories in solid white, battles to fight in white dashes, each on a dark line: drawn
    on the map the first time a territory's is asked for, pasted from a kept one after (``outline``)."""
    board = classic_board()
    for names, dashed in ((captured, False), (battles, True)):
        for name in dict.fromkeys(names):
            index = board.territories[name].index
            if not _touches(base, index):  # (a close-up: a territory away from its window)
                continue
            kept = outline(base, index, dashed)
            if kept is None:
                _draw_outline(ImageDraw.Draw(layer), base, index, dashed, (0, 0))
            else:
                stamp(layer, kept[0].image, kept[1], kept[0].mask)


_OUTLINES: dict[tuple[int, int, bool], tuple[MapBase, tuple[Sprite, tuple[int, int]] | None]] = {}
# The start-up warm-up keeps every territory's on the bot's two bases (``outlines_ahead``): 264 of them,
# some 18 MB; the rest are other widths' (a replay's frames).
OUTLINES_KEPT = 400
_SET = [0] + [255] * 255  # no colour an outline draws is index 0: its mask is where its box is not 0


def outline(base: MapBase, index: int, dashed: bool) -> tuple[Sprite, tuple[int, int]] | None:
    """Territory ``index``'s outline (``dashed`` for a battle to fight) drawn on its own box, and where
    that box goes; None the first time it is asked for (a bot's first position draws it on the map: a
    box and its mask cost twice that), made and kept the second (a capture or a pending battle is drawn
    on every picture of its position, and the front's territories come back). Drawn by whole pixels off
    the map's, so the same pixels; the mask is every pixel either line covers (both are solid). Never
    drawn on."""
    key = (id(base), index, dashed)
    found = _OUTLINES.get(key)
    if found is not None and found[0] is base and found[1] is not None:  # (ids are reused once dropped)
        return found[1]
    made = _made(base, index, dashed) if found is not None and found[0] is base else None
    forget_oldest(_OUTLINES, OUTLINES_KEPT - 1)
    _OUTLINES[key] = (base, made)
    return made


def _touches(base: MapBase, index: int) -> bool:
    """Whether territory ``index``'s outline may change a pixel of ``base``'s picture: its box, grown by
    the widest line's half and more, meets the picture."""
    margin = max(1, round(9 * base.ui)) + 2
    x0, y0, x1, y1 = base.bounds[index]
    return x0 - margin < base.width and x1 + margin > 0 and y0 - margin < base.height and y1 + margin > 0


def _made(base: MapBase, index: int, dashed: bool) -> tuple[Sprite, tuple[int, int]]:
    """Territory ``index``'s outline drawn on its own box, and where that box goes."""
    margin = max(1, round(9 * base.ui)) + 2
    x0, y0, x1, y1 = base.bounds[index]
    # Moved only towards the origin, by whole pixels, and never past it: Pillow rounds a negative
    # coordinate the other way (a territory cut by a close-up's edge keeps its own coordinates there).
    left, top = max(0, math.floor(x0) - margin), max(0, math.floor(y0) - margin)
    image = Image.new("L", (math.ceil(x1) + margin - left, math.ceil(y1) + margin - top), 0)
    _draw_outline(ImageDraw.Draw(image), base, index, dashed, (left, top))
    return Sprite(image, image.point(_SET)), (left, top)


def outlines_ahead(base: MapBase) -> None:
    """Every outline a position on ``base`` may show made and kept (a bot's start-up warm-up): each
    territory's captured and battle outlines, each sea zone's battle outline. A first position that
    outlines a capture or a battle then pastes it (drawing one on the map took a tenth of a millisecond
    to a millisecond, a dashed one on a big territory the most; some 2-5 ms a first position)."""
    board = classic_board()
    for territory in board.territories.values():
        index = territory.index
        if not _touches(base, index):
            continue
        for dashed in (True,) if territory.is_sea else (False, True):
            key = (id(base), index, dashed)
            found = _OUTLINES.get(key)
            if found is None or found[0] is not base or found[1] is None:
                forget_oldest(_OUTLINES, OUTLINES_KEPT - 1)
                _OUTLINES[key] = (base, _made(base, index, dashed))


def _draw_outline(
    draw: ImageDraw.ImageDraw, base: MapBase, index: int, dashed: bool, offset: tuple[int, int]
) -> None:
    palette, ui, (left, top) = map_palette(), base.ui, offset
    ink, white = palette[C.INK], palette[C.HIGHLIGHT]
    for ring in base.rings[index]:
        points = [(x - left, y - top) for x, y in ring]
        if dashed:
            draw.line([*points, points[0]], fill=ink, width=max(1, round(8 * ui)))
            width = max(1, round(4 * ui))
            dashed_path(draw, list(ring), white, width, 14 * ui, 9 * ui, offset=offset)
        else:
            draw.line([*points, points[0]], fill=ink, width=max(1, round(9 * ui)))
            draw.line([*points, points[0]], fill=white, width=max(1, round(4.5 * ui)))


def forget_outlines() -> None:
    """Forget every kept outline (the bench's bot just started)."""
    _OUTLINES.clear()


def draw_moves(draw: ImageDraw.ImageDraw, base: MapBase, moves: Sequence[Move]) -> None:
    """Each move as an arrow through the middles of the spaces on its path."""
    palette = map_palette()
    ui = base.ui
    for move in moves:
        colour = power_colour(move.power)
        fill = palette[colour]
        # Cased in white where the fill is dark (Germany's arrows over Germany), else in ink.
        casing = palette[C.HIGHLIGHT] if C.ink_on(colour) == C.WHITE else palette[C.INK]
        kept = arrow(base, move.path)
        if kept is None:  # a path's first arrow on this base: drawn through ImageDraw
            for points in _arrow_points(base, move.path):
                draw_arrow(draw, points, fill, casing, shaft=5 * ui, head=20 * ui, edge=2 * ui)
        else:
            for passes in kept:
                draw_arrow_passes(draw, passes, fill, casing)


ARROWS_KEPT = 512  # paths' arrows kept per base: a three-space path's 3.6 KB on the map, 6.5 on the close-up


def arrow(base: MapBase, path: tuple[str, ...]) -> Arrow | None:
    """The arrow of a move along ``path`` on ``base`` (twice where it runs off one edge of the map onto
    the other), as Pillow's core calls (``render.core.marks.arrow_passes``), kept with the base: where
    it runs depends only on the path, and a game's moves come back on every board until the mover's
    next turn (each seat's ping and /game map mark them). None the first time a path is asked for (the
    caller draws it through ``ImageDraw``: noting the calls costs more than that); noted the second."""
    try:
        found = base.arrows[path]
    except KeyError:  # (not seen, or forgotten)
        seen = False
    else:
        if found is not None:
            return found
        seen = True
    ui = base.ui
    made = (
        None
        if not seen
        else tuple(
            arrow_passes(points, shaft=5 * ui, head=20 * ui, edge=2 * ui)
            for points in _arrow_points(base, path)
        )
    )
    forget_oldest(base.arrows, ARROWS_KEPT - 1)  # a race at worst notes one twice
    base.arrows[path] = made
    return made


def _arrow_points(base: MapBase, path: tuple[str, ...]) -> list[list[Point]]:
    """The arrow's points along ``path``, trimmed at both ends, on each side of the map's edge it shows."""
    board, ui = classic_board(), base.ui
    points = _unwrapped([base.centres[board.territories[s].index] for s in path], base.wrap)
    points = trim(points, 14 * ui, 18 * ui)
    xs = [x for x, _ in points]
    # A move across the edge of the map leaves it on one side and comes back on the other.
    shifts = [0.0] + ([base.wrap] if min(xs) < 0 else []) + ([-base.wrap] if max(xs) > base.width else [])
    return [[(x + dx, y) for x, y in points] for dx in shifts]


def _unwrapped(points: list[Point], wrap: float) -> list[Point]:
    """The path with each step taken the short way round the world (x shifted by ``wrap`` where a step
    would otherwise cross more than half the map)."""
    out = points[:1]
    for x, y in points[1:]:
        px = out[-1][0]
        while x - px > wrap / 2:
            x -= wrap
        while px - x > wrap / 2:
            x += wrap
        out.append((x, y))
    return out


def draw_marks(layer: Image.Image, base: MapBase, changes: MapChanges, room: Room) -> None:
    """The bursts of battles fought, then the tags of units lost and placed, each near its space."""
    board = classic_board()
    palette = map_palette()
    ui = base.ui
    radius = max(6, round(17 * ui))
    for where, winner in dict.fromkeys(changes.battles):
        i = board.territories[where].index
        if not base.shown[i]:
            continue
        core = palette[power_colour(winner)] if winner else palette[C.MUTED]
        sprite = burst_sprite(radius, palette[C.INK], core, palette[C.HIGHLIGHT], max(1, round(2 * ui)))
        centre = room.place(base.centres[i], *sprite.size)
        paste_sprite(layer, sprite, centre)
    style = tag_style(ui * 1.1)
    for counts, sign in ((changes.lost, -1), (changes.placed, 1)):
        for (where, power), n in counts.items():
            i = board.territories[where].index
            if not n or not base.shown[i]:
                continue
            colour = power_colour(power)
            ramp = palette.ramp(C.ink_on(colour), colour)
            sprite = change_tag(sign * n, style, palette[colour], palette[C.INK], ramp)
            centre = room.place(base.centres[i], *sprite.size)
            paste_sprite(layer, sprite, centre)

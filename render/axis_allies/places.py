"""Where things go on the static map, worked out once per map base: each land territory's name and
marker row (``land_label``), each sea zone's name (``sea_name``), and the places to try for unit chips
(``spots``: TripleA's placement points first, then free ground nearest the label). Sizes of the text and
badges at scale ``ui`` (1.0 on the 2000 px map) are here too.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, overload

from PIL import Image

from render.axis_allies.colours import SEA, SEA_TEXT
from render.core.badges import BadgeStyle
from render.core.boxes import overlaps
from render.core.fonts import Font, font, text_width, wrap
from render.core.palette import Palette
from render.core.shapes import Point
from render.core.text import draw_text, text_box
from rules.axis_allies.board import classic_board

MOSTLY = 0.7  # a token this much on its territory counts as on it (small ones have room for no more)
Box = tuple[float, float, float, float]
_REAL_SEAS = {f"{sea} Sea Zone" for sea in ("North", "Baltic", "Black", "Red", "Caspian", "Carribean")}


@dataclass(frozen=True, slots=True)
class Label:
    """A land territory's name (static) and where its row of markers goes beneath it: the capital star,
    the IPC badge and the factory and AA gun, which a render lays out (they change during the game)."""

    lines: tuple[str, ...]
    name_at: Point  # centre of the first line
    name_box: Box
    row_at: Point  # centre of the marker row
    on_land: bool  # False where the name does not fit on the land (islands): white with a dark halo


def name_font(ui: float) -> Font:
    """Territory names: 13 px bold at ``ui`` 1, and never under 12 px on a map shown at full size (the
    1600 px map the bot sends: 10 px before, too small to read); small maps (replay frames) scale down."""
    size = round(13 * ui)
    return font(max(12, size) if ui >= 0.75 else max(7, size), bold=True)


def sea_font(ui: float) -> Font:
    return font(max(7, round(13 * ui)))


def ipc_style(ui: float) -> BadgeStyle:
    return BadgeStyle(
        font_size=max(8, round(21 * ui)),
        height=max(11, round(28 * ui)),
        padding=max(2, round(3 * ui)),
        outline=max(1, round(2 * ui)),
    )


def ring_bounds(rings: tuple[tuple[Point, ...], ...]) -> Box:
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def sea_name(
    image: Image.Image,
    palette: Palette,
    index: int,
    name: str,
    centre: Point,
    territory_at: Image.Image,
    avoid: list[Box],
    ui: float,
) -> Box:
    """The sea zone's name without "Sea Zone" ("North Sea" keeps its "Sea" where it fits), in quiet
    text: TripleA's spelling, since it is the identifier players type (both spellings are read where
    TripleA's is a misspelling, and the map shows the right one). At TripleA's label point if that
    is clear, else the nearest place wholly in the zone and off every land label."""
    shown = classic_board().shown(name)  # as players read it: "Mediterranean", not TripleA's key
    short = shown.removesuffix(" Sea Zone")
    texts = [shown.removesuffix(" Zone"), short] if name in _REAL_SEAS else [short]
    f = sea_font(ui)
    pad = 2 * ui
    rx, ry = 290 * ui, 160 * ui  # how far the search below reaches, plus half a long name
    reach = (centre[0] - rx, centre[1] - ry, centre[0] + rx, centre[1] + ry)
    near = [a for a in avoid if overlaps(a, reach)]
    for text in texts:
        b = text_box(text, f, (0, 0), "mm")
        for candidate in nearby(centre, max(2.0, 5 * ui), 3000):
            x, y = round(candidate[0]), round(candidate[1])
            box = (x + b[0] - pad, y + b[1] - pad, x + b[2] + pad, y + b[3] + pad)
            if any(overlaps(box, a) for a in near) or not corners_inside(territory_at, index, box):
                continue
            if share_inside(territory_at, index, box) > 0.9:
                b = draw_text(image, candidate, text, f, palette.ramp(SEA_TEXT, SEA), "mm")
                return (b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)
    b = draw_text(image, centre, texts[-1], f, palette.ramp(SEA_TEXT, SEA), "mm")
    return (b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)


def corners_inside(territory_at: Image.Image, index: int, box: Box) -> bool:
    """A quick first test: all four corners of ``box`` lie on territory ``index``."""
    w, h = territory_at.size
    for x, y in ((box[0], box[1]), (box[2] - 1, box[1]), (box[0], box[3] - 1), (box[2] - 1, box[3] - 1)):
        if not (0 <= x < w and 0 <= y < h) or territory_at.getpixel((int(x), int(y))) != index + 1:
            return False
    return True


def land_label(name: str, centre: Point, index: int, territory_at: Image.Image, ui: float) -> Label:
    f = name_font(ui)
    line_h = f.size * 1.15
    longest_word = max(text_width(word, f) for word in name.split())  # a word is never cut
    limit = max(round(96 * ui), text_width(name, f) // 2 + round(8 * ui), longest_word)
    lines: tuple[str, ...]
    if "-" in name and text_width(name, f) > limit:  # "Kenya-Rhodesia": break after the hyphen
        head, tail = name.split("-", 1)
        lines = (f"{head}-", tail)
    else:
        lines = tuple(wrap(name, f, limit, max_lines=3))
    row_h = ipc_style(ui).height + 2 * ui
    text_w = max(text_width(line, f) for line in lines) + 4 * ui
    top = centre[1] - (line_h * len(lines) + row_h) / 2
    name_box = (centre[0] - text_w / 2, top - 1 * ui, centre[0] + text_w / 2, top + line_h * len(lines))
    inside = share_inside(territory_at, index, name_box)
    row_at = (centre[0], name_box[3] + row_h / 2)
    return Label(lines, (centre[0], top + line_h / 2), name_box, row_at, inside >= 0.5)


def share_inside(territory_at: Image.Image, index: int, box: Box) -> float:
    crop = territory_at.crop((round(box[0]), round(box[1]), round(box[2]), round(box[3])))
    pixels = crop.width * crop.height
    return crop.histogram()[index + 1] / pixels if pixels else 0.0


def spots(
    shape: dict[str, Any],
    index: int,
    px: Any,
    territory_at: Image.Image,
    label: Label | None,
    ui: float,
    rings: tuple[tuple[Point, ...], ...],
) -> tuple[tuple[Point, ...], int]:
    """Token centres to try, and how many of the first ones hold a token mostly on the territory.

    Candidates are TripleA's placement points (the top left of a 48 px unit there), then a grid over the
    territory nearest its label. Those where a token lies mostly (``MOSTLY``) inside come first, in that
    order; then the rest, the most inside first (islands and narrow coasts: TripleA's points in the sea
    beside them come in here).
    """
    half = 24
    places = [px([x + half, y + half]) for x, y in shape["places"]]
    anchor = label.row_at if label else px(shape["center"])
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    step = max(4, round(8 * ui))
    x0, y0 = max(0, round(min(xs))), max(0, round(min(ys)))
    x1, y1 = min(territory_at.width - 1, round(max(xs))), min(territory_at.height - 1, round(max(ys)))
    crop = territory_at.crop((x0, y0, x1 + 1, y1 + 1))
    pixels, row = crop.tobytes(), crop.width
    grid = [
        (float(x), float(y))
        for x in range(x0, x1 + 1, step)
        for y in range(y0, y1 + 1, step)
        if pixels[(y - y0) * row + (x - x0)] == index + 1
    ]
    grid.sort(key=lambda p: ((p[0] - anchor[0]) ** 2 + (p[1] - anchor[1]) ** 2, p))
    checked = 200  # enough for a dozen stacks anywhere; the rest of a big territory is rarely needed
    candidates = list(dict.fromkeys(places + grid[:checked]))
    w, h = 64 * ui, 38 * ui  # a chip of one kind and a two-digit count
    inside = [
        share_inside(territory_at, index, (x - w / 2, y - h / 2, x + w / 2, y + h / 2)) for x, y in candidates
    ]
    good = [p for p, share in zip(candidates, inside, strict=True) if share >= MOSTLY]
    rest = sorted((-share, k) for k, share in enumerate(inside) if share < MOSTLY)
    return tuple(good) + tuple(candidates[k] for _, k in rest) + tuple(grid[checked:]), len(good)


def nearby(centre: Point, step: float, count: int) -> Iterator[Point]:
    """Up to ``count`` points on a ``step`` grid round ``centre``, nearest first (lazily)."""
    for dx, dy in itertools.islice(grid_offsets(), count):
        yield (centre[0] + dx * step, centre[1] + dy * step)


class Nearby(Sequence[Point]):
    """``nearby``'s points as a sequence, each made when asked for (the same sums): a list of places
    kept per map base (``reach.OwnLand``) reads it a few dozen at a time."""

    def __init__(self, centre: Point, step: float, count: int) -> None:
        self.centre, self.step, self.size = centre, step, min(count, len(grid_offsets()))

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, k: int) -> Point: ...
    @overload
    def __getitem__(self, k: slice) -> list[Point]: ...
    def __getitem__(self, k: int | slice) -> Point | list[Point]:
        (x, y), step = self.centre, self.step
        if isinstance(k, slice):
            start, stop, stride = k.indices(self.size)
            return [(x + dx * step, y + dy * step) for dx, dy in grid_offsets()[start:stop:stride]]
        if not -self.size <= k < self.size:
            raise IndexError(k)
        dx, dy = grid_offsets()[k % self.size]
        return (x + dx * step, y + dy * step)


@cache
def grid_offsets() -> tuple[tuple[int, int], ...]:
    """Grid steps round a point, nearest first: what ``nearby`` scales (a hot loop may scale them
    itself)."""
    r = 60
    return tuple(
        sorted(
            ((dx, dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)),
            key=lambda d: (d[0] ** 2 + d[1] ** 2, d),
        )
    )


def visible_centre(territory_at: Image.Image, index: int, centre: Point, margin: float) -> Point:
    """Where a territory's name goes in a picture that shows only part of the map: ``centre`` if it is
    at least ``margin`` inside the picture, else the middle of the part of the territory that shows (or
    the nearest of its pixels to that middle)."""
    w, h = territory_at.size
    if margin <= centre[0] <= w - margin and margin <= centre[1] <= h - margin:
        return centre
    inside = territory_at.point([255 if v == index + 1 else 0 for v in range(256)])
    box = inside.getbbox()
    if box is None:
        return centre
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    for x, y in nearby(middle, 2.0, 14000):
        if 0 <= x < w and 0 <= y < h and territory_at.getpixel((int(x), int(y))) == index + 1:
            return (x, y)
    return middle

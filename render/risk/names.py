"""Where each territory's name goes on the board: placed once per (layout, width) with the static layer.

Players type territory names (``/risk attack north africa egypt``), so the board names every territory,
small, inside it where a box of text fits, else in the sea beside it with a thin leader line (Japan,
Iceland, Madagascar on a crowded coast). A name keeps clear of the badge places (at their widest, with a
change tag), the continent labels, the other names and, where it can, the lines arrows take between
neighbouring badges. Long names are tried whole, then on two lines, then in their short form.

Names inside a territory are drawn by each render in the owner's ink (``render.risk.board``): the colour
behind them changes with the owner. Names in the sea are drawn here, into the static layer, at no cost
per render. Below ``NAMES_FROM`` pixels wide no name is drawn (see there why).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw

from render.core import masks
from render.core.boxes import Box, overlaps
from render.core.fonts import Font, font, text_width
from render.core.shapes import Point
from render.core.text import draw_text
from rules.risk.board import RiskMap

NAME_SIZE = 13  # px at 1600 wide: bold, so it reads on every owner colour at full size
SMALLEST = 9  # px: below this DejaVu's small letters blur together
# Names are drawn from 1100 px wide up: there the 13 px names scale to 9 px (13 × 1100/1600), and every
# width from there to 4096 px finds all 42 a place on both layouts. At 1000 px, held at 9 px, the world
# map's Southern Europe finds none; at 800 px half the names would be in the sea and one missing, at
# 550 px eight or nine missing, and smaller names could not be read. So narrower boards (the 1000 px
# trace and the 960 px replay frames among them) have none rather than unreadable or missing ones.
NAMES_FROM = 1100

# Short forms, as the printed board abbreviates, for names too long to sit whole in their territory.
# Commands take the full names (and the map's aliases), not these.
SHORT: dict[str, str] = {
    "northwest_territory": "N.W. Territory",
    "western_united_states": "W. United States",
    "eastern_united_states": "E. United States",
    "central_america": "C. America",
    "northern_europe": "N. Europe",
    "western_europe": "W. Europe",
    "southern_europe": "S. Europe",
    "great_britain": "Gt. Britain",
    "western_australia": "W. Australia",
    "eastern_australia": "E. Australia",
    "middle_east": "Mid. East",
    "south_africa": "S. Africa",
    "north_africa": "N. Africa",
    "east_africa": "E. Africa",
}


@dataclass(frozen=True, slots=True)
class NameLabel:
    territory: int
    lines: tuple[str, ...]
    centre: Point  # of the text block, in map pixels
    box: Box  # the text block, in map pixels
    inside: bool  # inside its territory (drawn by each render) or in the sea (drawn in the static layer)
    size: int  # of the bold font
    leader: tuple[Point, Point] | None = None  # in the sea: from the text to the territory's coast


def name_font(ui: float) -> Font | None:
    """The names' font at this scale, or None where names are left off."""
    size = round(NAME_SIZE * ui)
    return font(max(size, SMALLEST), bold=True) if round(ui * 1600) >= NAMES_FROM else None


def line_height(f: Font) -> int:
    return round(f.size) + max(1, round(f.size * 0.1))


def forms(board: RiskMap, territory: int) -> list[tuple[str, ...]]:
    """The ways to write a name, in order of preference: whole, whole on two lines, short, short on two
    lines."""
    out: list[tuple[str, ...]] = []
    for name in (board.names[territory], SHORT.get(board.ids[territory])):
        if name:
            out.append((name,))
            words = name.split()
            if len(words) > 1:  # the split that leaves the longer line shortest
                splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
                out.append(min(splits, key=lambda s: max(len(s[0]), len(s[1]))))
    return out


def block_size(lines: Sequence[str], f: Font) -> tuple[int, int]:
    return max(text_width(line, f) for line in lines), line_height(f) * len(lines)


def draw_name(canvas: Image.Image, label: NameLabel, ramp: tuple[int, ...], dy: int = 0) -> None:
    """The name's lines, centred on the label's centre, ``dy`` lower (the title bar above the map)."""
    f = font(label.size, bold=True)
    step = line_height(f)
    x, y = label.centre
    top = y - step * (len(label.lines) - 1) / 2 + dy
    for k, line in enumerate(label.lines):
        draw_text(canvas, (x, top + k * step), line, f, ramp, "mm")


class Room(NamedTuple):
    """A territory's free interior: 255 in ``mask`` (its bounds, whole pixels, from ``origin``)."""

    mask: Image.Image
    area: int
    origin: tuple[int, int]

    @property
    def bounds(self) -> Box:
        x, y = self.origin
        return (x, y, x + self.mask.width, y + self.mask.height)


def place_names(
    board: RiskMap,
    image: Image.Image,
    territories: Image.Image,
    slots: Sequence[int],
    sea: int,
    bounds: Sequence[Box],
    anchors: Sequence[Point],
    badges: tuple[Sequence[Box], Sequence[Box], Sequence[Box]],
    avoid: Iterable[Box],
    f: Font,
    ui: float,
) -> list[NameLabel]:
    """Every territory's name: inside it where it fits, else in the open sea nearest it.

    ``badges`` are where each badge may be drawn: three digits with a change tag, three digits, two
    digits. ``image`` is the static layer so far: each territory's free interior holds ``slots[t]``, the
    open sea ``sea``; borders, sea lines and continent labels anything else. ``territories`` holds each
    territory's index + 1 over all its land, 0 over the sea. Smallest territories go first, so the places
    only they could use are still free.
    """
    tagged, wide, narrow = badges
    taken = list(avoid)
    margin = max(1, round(2 * ui))
    apart = round(5 * ui)  # between two names: more than between a name's own lines
    arrows = _arrow_free(board, anchors, image.size, 12 * ui)
    heads = _arrow_free(board, anchors, image.size, 16 * ui, ends=75 * ui)
    rooms = [room(image, slots[t], bounds[t]) for t in range(board.size)]
    small = font(max(SMALLEST, round(f.size) - max(1, round(2 * ui))), bold=True)
    # In order of preference: inside, clear of every arrow's line and of the widest badge with a change
    # tag; over a tag's corner; across an arrow's line but clear of its ends; across it (arrows are seen
    # only after an attack); clear of a two-digit badge only; smaller; in the sea; smaller, over the
    # badge's place; farther out in the sea; touching its borders. A badge that would cover a name is
    # pushed off it when drawn (the names' boxes are fixed boxes of ``badge_layout``).
    near, far = round(110 * ui), round(250 * ui)
    tries: list[tuple[bool, Image.Image | None, Sequence[Box], Font, int, int]] = [
        (True, arrows, tagged, f, margin, 0),
        (True, arrows, wide, f, margin, 0),
        (True, heads, wide, f, margin, 0),
        (True, None, wide, f, margin, 0),
        (True, None, narrow, f, margin, 0),
        (True, None, narrow, small, margin, 0),  # a crowded small territory (the world map's Southern Europe)
        (False, None, wide, f, margin, near),
        (True, None, (), small, margin, 0),
        (False, None, wide, f, margin, far),
        (True, None, (), small, 0, 0),  # touching its borders
    ]
    placed: dict[int, NameLabel] = {}
    for t in sorted(range(board.size), key=lambda t: (rooms[t].area, t)):
        label = None
        for inside, lines_free, boxes, face, edge, reach in tries:
            if inside:
                free = _blocked(rooms[t], (*taken, *boxes), lines_free)
                label = next(
                    (
                        found
                        for lines in forms(board, t)
                        if (found := _inside(t, lines, face, free, wide[t], edge)) is not None
                    ),
                    None,
                )
            else:
                label = _offshore(
                    board,
                    t,
                    image,
                    sea,
                    territories,
                    rooms[t],
                    anchors[t],
                    face,
                    (*taken, *boxes),
                    edge,
                    ui,
                    reach,
                )
            if label is not None:
                break
        if label is not None:
            placed[t] = label
            x0, y0, x1, y1 = label.box
            taken.append((x0 - apart, y0 - apart, x1 + apart, y1 + apart))
    return [placed[t] for t in sorted(placed)]


def room(image: Image.Image, value: int, bounds: Box) -> Room:
    """The territory's free interior within its bounds."""
    box = (math.floor(bounds[0]), math.floor(bounds[1]), math.ceil(bounds[2]) + 1, math.ceil(bounds[3]) + 1)
    mask = image.crop(box).point(lambda v: 255 if v == value else 0)
    return Room(mask, mask.histogram()[255], (box[0], box[1]))


def _blocked(free: Room, boxes: Iterable[Box], arrows: Image.Image | None) -> Room:
    """``free`` less the boxes (and, given, the arrows' lines) over it."""
    mask = free.mask.copy()
    if arrows is not None:
        mask = ImageChops.darker(mask, arrows.crop(tuple(round(v) for v in free.bounds)))  # type: ignore[arg-type]
    ox, oy = free.origin
    draw = ImageDraw.Draw(mask)
    for b in boxes:
        if overlaps(b, free.bounds):
            draw.rectangle(
                (
                    math.floor(b[0]) - ox,
                    math.floor(b[1]) - oy,
                    math.ceil(b[2]) - ox - 1,
                    math.ceil(b[3]) - oy - 1,
                ),
                fill=0,
            )
    return Room(mask, free.area, free.origin)


def _arrow_free(
    board: RiskMap, anchors: Sequence[Point], size: tuple[int, int], radius: float, ends: float = 0
) -> Image.Image:
    """0 within ``radius`` of the straight line between two neighbouring badges (where attack and fortify
    arrows run), or given ``ends`` only of its first and last ``ends`` pixels (the arrows' heads and
    tails beside the badges); 255 elsewhere."""
    out = Image.new("L", size, 255)
    draw = ImageDraw.Draw(out)
    for a in range(board.size):
        for b in sorted(board.neighbours[a]):
            (ax, ay), (bx, by) = anchors[a], anchors[b]
            if a > b or abs(ax - bx) > size[0] / 2:
                continue
            length = math.dist((ax, ay), (bx, by))
            k = min(1.0, ends / length) if ends and length else 1.0
            for (px, py), (qx, qy) in (((ax, ay), (bx, by)), ((bx, by), (ax, ay))):
                draw.line(
                    [(px, py), (px + (qx - px) * k, py + (qy - py) * k)], fill=0, width=round(2 * radius)
                )
    return out


def _corners(fits: Image.Image, step: int) -> list[tuple[int, int]]:
    """The 255 pixels of ``fits`` on every ``step``-th row and column."""
    data, w = fits.tobytes(), fits.width
    out = []
    for y in range(0, fits.height, step):
        row = data[y * w : (y + 1) * w]
        x = row.find(255)
        while x >= 0:
            if x % step == 0:
                out.append((x, y))
            x = row.find(255, x + 1)
    return out


def _inside(t: int, lines: tuple[str, ...], f: Font, free: Room, badge: Box, margin: int) -> NameLabel | None:
    """The place nearest just under the badge where the whole block (and a margin) is free."""
    bw, bh = block_size(lines, f)
    fits = fit_map(free.mask, bw + 2 * margin, bh + 2 * margin)
    if fits is None:
        return None
    ox, oy = free.origin
    want = ((badge[0] + badge[2]) / 2 - bw / 2 - ox - margin, badge[3] - oy)  # the block's top left corner
    corners = _corners(fits, 2)
    if not corners:
        return None
    x, y = min(corners, key=lambda c: ((c[0] - want[0]) ** 2 + (c[1] - want[1]) ** 2, c))
    box = (ox + x + margin, oy + y + margin, ox + x + margin + bw, oy + y + margin + bh)
    return NameLabel(t, lines, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), box, True, round(f.size))


def fit_map(mask: Image.Image, w: int, h: int) -> Image.Image | None:
    """255 at each (x, y) where a w×h box with its top left corner there lies all on 255 in ``mask``."""
    if w > mask.width or h > mask.height:
        return None
    return _run_min(_run_min(mask, w, horizontal=True), h, horizontal=False)


def _run_min(mask: Image.Image, n: int, *, horizontal: bool) -> Image.Image:
    """Each pixel the least of the ``n`` pixels from it rightwards (or downwards), by doubling runs:
    a handful of whole-image passes instead of a pass per pixel of the run."""

    def ahead(image: Image.Image, d: int) -> Image.Image:
        return masks.shift(image, -d, 0) if horizontal else masks.shift(image, 0, -d)

    out: Image.Image | None = None
    run, length, done = mask, 1, 0
    while n:
        if n & 1:
            part = ahead(run, done)
            out = part if out is None else ImageChops.darker(out, part)
            done += length
        n >>= 1
        if n:
            run = ImageChops.darker(run, ahead(run, length))
            length *= 2
    assert out is not None
    return out


def _offshore(
    board: RiskMap,
    t: int,
    image: Image.Image,
    sea: int,
    territories: Image.Image,
    land: Room,
    anchor: Point,
    f: Font,
    taken: Sequence[Box],
    margin: int,
    ui: float,
    reach: int,
) -> NameLabel | None:
    """The open sea within ``reach`` of the territory that holds its name on one line: the whole name
    unless the short one sits clearly nearer the coast."""
    found = []
    for lines in forms(board, t):
        if len(lines) == 1:  # the sea has room for a name on one line
            label = _in_sea(t, lines, image, sea, territories, land, anchor, f, taken, margin, ui, reach)
            if label is not None and label.leader is not None:
                found.append((math.dist(*label.leader), label))
    if not found:
        return None
    whole, *short = found
    nearer = [s for s in short if s[0] < whole[0] - 15 * ui]
    return (nearer[0] if nearer else whole)[1]


def _in_sea(
    t: int,
    lines: tuple[str, ...],
    image: Image.Image,
    sea: int,
    territories: Image.Image,
    land: Room,
    anchor: Point,
    f: Font,
    taken: Sequence[Box],
    margin: int,
    ui: float,
    reach: int,
) -> NameLabel | None:
    """The open sea (within ``reach`` of it) nearest the territory's coast that holds ``lines``, clear
    of ``taken``, with a leader line to the coast over no other land."""
    bw, bh = block_size(lines, f)
    step = max(2, round(4 * ui))
    coast = coast_points(land)
    coast = coast[:: max(1, len(coast) // 40)]
    x0, y0, x1, y1 = land.bounds
    rx, ry = max(0, round(x0) - reach - bw), max(0, round(y0) - reach - bh)
    region = (rx, ry, min(image.width, round(x1) + reach + bw), min(image.height, round(y1) + reach + bh))
    water = Room(image.crop(region).point(lambda v: 255 if v == sea else 0), 0, (rx, ry))
    fits = fit_map(_blocked(water, taken, None).mask, bw + 2 * margin, bh + 2 * margin)
    if fits is None:
        return None
    data, fw, fh = fits.tobytes(), fits.width, fits.height
    # Boxes beside a coast point (on each of its eight sides), nearest the coast first, with a pull
    # towards the badge so the name sits by the territory's main land rather than a far islet.
    sides = [(sx, sy) for sx in (-1, 0, 1) for sy in (-1, 0, 1) if sx or sy]
    seen: dict[tuple[int, int], float] = {}
    for d in range(step, reach, step):
        for px, py in coast:
            for sx, sy in sides:
                left = round(px + sx * (d + bw / 2) - bw / 2)
                top = round(py + sy * (d + bh / 2) - bh / 2)
                lx, ly = left - margin - rx, top - margin - ry
                if (left, top) in seen or not (0 <= lx < fw and 0 <= ly < fh and data[ly * fw + lx]):
                    continue
                seen[left, top] = d + 0.3 * math.dist((left + bw / 2, top + bh / 2), anchor)
    for _, left, top in sorted((score, left, top) for (left, top), score in seen.items()):
        box = (float(left), float(top), float(left + bw), float(top + bh))
        line = _leader(territories, t, coast, box, ui)
        if line is not None:
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            return NameLabel(t, lines, centre, box, False, round(f.size), line)
    return None


def _leader(
    territories: Image.Image, t: int, coast: list[Point], box: Box, ui: float
) -> tuple[Point, Point] | None:
    """The shortest line from just off the box to the territory's coast over the sea and its own land
    only (``territories``: territory index + 1 per pixel, 0 for the sea)."""
    gap = 2 * ui
    x0, y0, x1, y1 = box
    pixels = territories.load()
    assert pixels is not None
    allowed = (0, t + 1)
    for _, p in sorted((_box_distance(c, box), c) for c in coast)[:8]:
        q = (min(max(p[0], x0 - gap), x1 + gap), min(max(p[1], y0 - gap), y1 + gap))
        steps = max(1, int(math.dist(q, p)))
        for k in range(steps + 1):
            x = round(q[0] + (p[0] - q[0]) * k / steps)
            y = round(q[1] + (p[1] - q[1]) * k / steps)
            if (
                not (0 <= x < territories.width and 0 <= y < territories.height)
                or pixels[x, y] not in allowed
            ):
                break
        else:
            # Ending a little short of the coast point, on the border round the territory: the line is
            # drawn in the static layer and must not paint the territory's own interior.
            back = min(math.dist(q, p), 2 * ui + 1)
            length = math.dist(q, p) or 1.0
            return q, (p[0] + (q[0] - p[0]) * back / length, p[1] + (q[1] - p[1]) * back / length)
    return None


def draw_offshore(image: Image.Image, label: NameLabel, ramp: tuple[int, ...], ui: float) -> None:
    """A name in the sea, into the static layer, with its thin line to the territory's coast."""
    if label.leader is not None and math.dist(*label.leader) > 3 * ui:
        ImageDraw.Draw(image).line(label.leader, fill=ramp[-1], width=max(1, round(1.5 * ui)))
    draw_name(image, label, ramp)


def coast_points(land: Room) -> list[Point]:
    """The first and last interior pixel of every other row and column: the territory's outline, in
    picture pixels."""
    mask, (x0, y0) = land.mask, land.origin
    w, h = mask.size
    data = mask.tobytes()
    points: list[Point] = []
    for y in range(0, h, 2):
        row = data[y * w : (y + 1) * w]
        first, last = row.find(255), row.rfind(255)
        if first >= 0:
            points += [(x0 + first, y0 + y), (x0 + last, y0 + y)]
    columns = mask.transpose(Image.Transpose.TRANSPOSE).tobytes()
    for x in range(0, w, 2):
        column = columns[x * h : (x + 1) * h]
        first, last = column.find(255), column.rfind(255)
        if first >= 0:
            points += [(x0 + x, y0 + first), (x0 + x, y0 + last)]
    return points


def _box_distance(p: Point, box: Box) -> float:
    return math.hypot(max(box[0] - p[0], 0, p[0] - box[2]), max(box[1] - p[1], 0, p[1] - box[3]))

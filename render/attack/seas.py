"""Where each sea name goes on a render, and its letters.

The board base picks every sea name's place together with the regions' labels (``render.attack.base``,
kept in ``data/attack/labels.json``), for labels of the usual size. A render's labels are often bigger
(a capital's star, an army's count, ships in port) and its ships' badges and gains and losses come on
top; on the joined world's Europe, where the seas are smaller than their names, they would cover the
names. So the names are drawn by the render, after its marks are placed: a name that meets a mark
takes, among its places on its own water (``render.attack.labels.name_choices``: one line or two, or its
short name), the one that costs least with the marks and the other names where they are, the way the
base's search does. The places are worked out once per zone that ever needs them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image

from render.attack.labels import OVER_LABEL, line_height, name_choices
from render.attack.settle import Choice, covered
from render.attack.style import SEA, ZONE_TEXT, palette
from render.core.fonts import Font, font
from render.core.text import draw_text, text_box

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Place = tuple[Point, tuple[str, ...]]  # the middle of the last line's baseline, and the lines


def name_box(place: Place, f: Font) -> Box:
    """The box the letters of a name placed so cover."""
    (x, y), lines = place
    step = line_height(f)
    boxes = [text_box(line, f, (x, y + (i - len(lines) + 1) * step), "ms") for i, line in enumerate(lines)]
    return (
        float(min(b[0] for b in boxes)),
        float(min(b[1] for b in boxes)),
        float(max(b[2] for b in boxes)),
        float(max(b[3] for b in boxes)),
    )


def draw_names(canvas: Image.Image, places: Sequence[Place], f: Font, top: float) -> None:
    pal = palette()
    ramp = pal.ramp(ZONE_TEXT, SEA)
    step = line_height(f)
    for (x, y), lines in places:
        for i, line in enumerate(lines):
            draw_text(canvas, (x, y + top + (i - len(lines) + 1) * step), line, f, ramp, "ms")


def place_names(
    defaults: Sequence[Place],
    marks: Sequence[Box],
    choices: Callable[[int], Sequence[Choice]],
    f: Font,
) -> list[Place]:
    """Each name's place: where the base put it, or, if a mark meets it there, the place among
    ``choices(z)`` (its places, cheapest first) whose own cost plus the share of it under the marks and
    the other names is least. Pure given ``choices``."""
    places = list(defaults)
    boxes = [name_box(p, f) for p in places]
    for z, box in enumerate(boxes):
        if not covered(box, marks):
            continue
        others = [*marks, *(b for k, b in enumerate(boxes) if k != z)]
        best: Choice | None = None
        best_fault = float("inf")
        for c in choices(z):
            if c.cost >= best_fault:
                break
            area = (c.box[2] - c.box[0]) * (c.box[3] - c.box[1])
            score = c.cost + OVER_LABEL * covered(c.box, others) / area
            if score < best_fault:
                best, best_fault = c, score
        if best is not None:
            places[z] = (best.point, best.lines)
            boxes[z] = name_box(places[z], f)
    return places


@lru_cache(maxsize=256)
def zone_choices(layout: str, width: int, zone: int) -> tuple[Choice, ...]:
    """A zone's name's places on the board of ``layout`` at ``width`` (``labels.name_choices``)."""
    from render.attack.base import board_base, zone_font_size

    base = board_base(layout, width)
    name, short = base.sea_names[zone]
    f = font(zone_font_size(base.ui))
    return tuple(name_choices(name, short, base.zone_points[zone], base.water, 100 + zone, f, base.ui))

"""Geometric drawing helpers: per-seat badge shapes, dashed lines and arrows.

Each seat's badge has its own outline shape: the second cue, beside hue, that tells seats apart for
colour-blind players (and in greyscale prints). The shapes differ at their ends, so they stay
recognisable whatever number is written inside.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

Point = tuple[float, float]

# Seats whose colours converge for red-green colour blindness get clearly different shapes: blue/sky
# blue (pill/slant), orange/yellow/vermillion (square/ribbon/tag), green/purple (hexagon/trapezoid).
SEAT_SHAPES = ("pill", "square", "hexagon", "trapezoid", "ribbon", "slant", "tag", "octagon")
NEUTRAL_SHAPE = "rounded"


def seat_shape(seat: int) -> str:
    return NEUTRAL_SHAPE if seat < 0 else SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def end_room(shape: str, height: float) -> float:
    """Extra width each end of a badge needs so its text clears the slanted or pointed ends."""
    return {"hexagon": 0.42, "ribbon": 0.3, "slant": 0.3, "tag": 0.3, "trapezoid": 0.25, "octagon": 0.12}.get(
        shape, 0.0
    ) * height


def shape_polygon(shape: str, box: tuple[float, float, float, float]) -> list[Point] | None:
    """The outline of ``shape`` filling ``box``; None for the shapes drawn with rounded corners."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    ym = (y0 + y1) / 2
    if shape == "square":
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if shape == "hexagon":
        d = h * 0.45
        return [(x0 + d, y0), (x1 - d, y0), (x1, ym), (x1 - d, y1), (x0 + d, y1), (x0, ym)]
    if shape == "octagon":
        d = h * 0.3
        return [
            (x0 + d, y0),
            (x1 - d, y0),
            (x1, y0 + d),
            (x1, y1 - d),
            (x1 - d, y1),
            (x0 + d, y1),
            (x0, y1 - d),
            (x0, y0 + d),
        ]
    if shape == "ribbon":  # notched inwards at both ends
        d = h * 0.3
        return [(x0, y0), (x1, y0), (x1 - d, ym), (x1, y1), (x0, y1), (x0 + d, ym)]
    if shape == "slant":
        d = h * 0.32
        return [(x0 + d, y0), (x1, y0), (x1 - d, y1), (x0, y1)]
    if shape == "tag":  # square left end, pointed right end
        d = h * 0.5
        return [(x0, y0), (x1 - d, y0), (x1, ym), (x1 - d, y1), (x0, y1)]
    if shape == "trapezoid":
        d = h * 0.28
        return [(x0 + d, y0), (x1 - d, y0), (x1, y1), (x0, y1)]
    return None


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    box: tuple[float, float, float, float],
    fill: int | tuple[int, ...],
    outline: int | tuple[int, ...],
    width: int,
) -> None:
    """Fill ``shape`` in ``box`` with an outline ``width`` pixels wide, drawn inside the box."""
    polygon = shape_polygon(shape, box)
    h = box[3] - box[1]
    if polygon is None:
        radius = h / 2 if shape == "pill" else h / 4
        draw.rounded_rectangle(box, radius=round(radius), fill=fill, outline=outline, width=width)
        return
    draw.polygon(polygon, fill=outline)
    draw.polygon(_inset(polygon, width), fill=fill)


def _inset(polygon: Sequence[Point], distance: float) -> list[Point]:
    """Move each edge of a convex-ish polygon inwards by ``distance`` (mitred corners)."""
    n = len(polygon)
    area = sum(
        polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1] for i in range(n)
    )
    sign = 1.0 if area > 0 else -1.0
    lines = []
    for i in range(n):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay) or 1.0
        # Inward normal: left of the edge for a counter-clockwise polygon in y-down coordinates.
        nx, ny = sign * -(by - ay) / length, sign * (bx - ax) / length
        lines.append(((ax + nx * distance, ay + ny * distance), (bx - ax, by - ay)))
    out = []
    for i in range(n):
        (p, r), (q, s) = lines[i - 1], lines[i]
        cross = r[0] * s[1] - r[1] * s[0]
        if abs(cross) < 1e-9:
            out.append(q)
            continue
        t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross
        out.append((p[0] + r[0] * t, p[1] + r[1] * t))
    return out


def dashed_line(
    draw: ImageDraw.ImageDraw,
    a: Point,
    b: Point,
    fill: int | tuple[int, ...],
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A dashed segment from ``a`` to ``b``, starting and ending on a dash."""
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    count = max(1, round((length + gap) / (dash + gap)))
    step = (length + gap) / count  # stretch the pattern so both ends are dashes
    for i in range(count):
        s, e = i * step, min(length, i * step + step - gap)
        draw.line([(a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e)], fill=fill, width=width)


def arrow_polygon(a: Point, b: Point, shaft: float, head_length: float, head_width: float) -> list[Point]:
    """A straight arrow from ``a`` to ``b`` (the tip), as one polygon."""
    length = math.dist(a, b)
    if length < 1:
        return []
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    px, py = -uy, ux
    head_length = min(head_length, length * 0.6)
    neck = (b[0] - ux * head_length, b[1] - uy * head_length)
    hs, hh = shaft / 2, head_width / 2
    return [
        (a[0] + px * hs, a[1] + py * hs),
        (neck[0] + px * hs, neck[1] + py * hs),
        (neck[0] + px * hh, neck[1] + py * hh),
        b,
        (neck[0] - px * hh, neck[1] - py * hh),
        (neck[0] - px * hs, neck[1] - py * hs),
        (a[0] - px * hs, a[1] - py * hs),
    ]

"""Arrows on the board: a move, jump, strike or bombardment from one hex to another, in the mover's
colour with a dark edge (dashed for all but plain moves), from the edge of the source's chips to the edge
of the target's, across the wrap the short way. An arrow that does not fit between the chips of two
neighbouring hexes is drawn over them instead, so that no move goes unseen."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.core import colours as C
from render.core.shapes import Point, arrow_polygon, dashed_line
from render.hexwar import look
from render.hexwar.changes import Arrow
from render.hexwar.frame import Frame


def ends(frame: Frame, source: str, target: str) -> list[tuple[Point, Point]]:
    """The segments an arrow from ``source`` to ``target`` is drawn as: one, or two across the wrap (out
    of one edge onto the ghost, and in from the other edge), whichever way is shorter."""
    a, b = frame.centres[source], frame.centres[target]
    shift = frame.layout.wrap_offset()
    if abs(b[0] - a[0]) <= shift / 2:
        return [(a, b)]
    step = shift if b[0] < a[0] else -shift
    return [(a, (b[0] + step, b[1])), ((a[0] - step, a[1]), b)]


def _exit(extent: tuple[float, float], ux: float, uy: float) -> float:
    """Where a ray from a hex's centre leaves the box its chips fill."""
    across, down = extent
    if across == 0:
        return 0.0
    tx = across / abs(ux) if abs(ux) > 1e-9 else math.inf
    ty = down / abs(uy) if abs(uy) > 1e-9 else math.inf
    return min(tx, ty)


def _span(
    frame: Frame, arrow: Arrow, a: Point, b: Point, reach: dict[str, tuple[float, float]]
) -> tuple[float, float, bool]:
    """Where a segment's arrow starts and stops (distances from its ends), and whether it fits between
    the two hexes' chips. One that does not (wide chips on neighbouring hexes) is drawn over the chips
    instead, from inside the source's chip to the edge of the target's, so that no move goes unseen."""
    px = frame.sizes
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = max(frame.layout.size * 0.3, _exit(reach[arrow.source], ux, uy) + px(2))
    stop = max(frame.layout.size * 0.3, _exit(reach[arrow.target], ux, uy) + px(3))
    if length - start - stop >= px(20) * 1.3:
        return start, stop, True
    start = frame.layout.size * 0.2
    stop = min(stop, length - start - px(20) * 1.3)
    return start, max(stop, frame.layout.size * 0.15), False


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    frame: Frame,
    arrow: Arrow,
    reach: dict[str, tuple[float, float]],
    *,
    over_chips: bool,
) -> list[Point]:
    """Draw the segments of the arrow that belong to this pass (under the chips, or over them when they
    do not fit between); returns where its label goes (a third of the way along its first segment)."""
    if arrow.source not in frame.centres or arrow.target not in frame.centres:
        return []
    labels: list[Point] = []
    palette = look.board_palette()
    px = frame.sizes
    colour = palette[C.seat_colour(arrow.seat)]
    ink = palette[C.INK]
    shaft, head = px(7), px(20)
    dashed = arrow.how != "move"
    for a, b in ends(frame, arrow.source, arrow.target):
        length = math.dist(a, b)
        if length < 1:
            continue
        start, stop, fits = _span(frame, arrow, a, b, reach)
        if fits == over_chips:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        p = (a[0] + ux * start, a[1] + uy * start)
        q = (b[0] - ux * stop, b[1] - uy * stop)
        if math.dist(p, q) < head:
            continue
        neck = (q[0] - ux * head * 0.9, q[1] - uy * head * 0.9)
        edge = max(1, px(2))
        if dashed:
            dashed_line(draw, p, neck, ink, shaft + 2 * edge, px(12), px(7))
            dashed_line(draw, p, neck, colour, shaft, px(12), px(7))
            tail = (neck[0] - ux * 2, neck[1] - uy * 2)
            draw.polygon(arrow_polygon(tail, q, shaft, head, head), fill=ink)
            inner_q = (q[0] - ux * edge * 1.6, q[1] - uy * edge * 1.6)
            draw.polygon(arrow_polygon(tail, inner_q, 0, head - 2 * edge, head - 3 * edge), fill=colour)
        else:
            back = (p[0] - ux * edge, p[1] - uy * edge)
            tip = (q[0] + ux * edge * 1.6, q[1] + uy * edge * 1.6)
            outer = arrow_polygon(back, tip, shaft + 2 * edge, head + 3 * edge, head + 4 * edge)
            draw.polygon(outer, fill=ink)
            draw.polygon(arrow_polygon(p, q, shaft, head, head), fill=colour)
        if arrow.label and not labels:
            labels.append((p[0] + (q[0] - p[0]) * 0.35, p[1] + (q[1] - p[1]) * 0.35))
    return labels

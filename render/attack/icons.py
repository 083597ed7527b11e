"""Unit silhouettes for the battle and hand pictures (and the dice, whose faces are unit types): infantry,
artillery, tank and plane; submarine, destroyer, battleship and carrier. Each is drawn from a few
polygons into a box, in one colour, so it reads at small sizes; the pictures using them are drawn at twice
their size and scaled down, which smooths the edges."""

from __future__ import annotations

from PIL import ImageDraw

Box = tuple[float, float, float, float]
Fill = tuple[int, int, int]


def _at(box: Box, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points given in a 0-1 square, placed in ``box``."""
    x0, y0, x1, y1 = box
    return [(x0 + px * (x1 - x0), y0 + py * (y1 - y0)) for px, py in points]


def _ellipse(draw: ImageDraw.ImageDraw, box: Box, rel: tuple[float, float, float, float], fill: Fill) -> None:
    (ax, ay), (bx, by) = _at(box, [(rel[0], rel[1]), (rel[2], rel[3])])
    draw.ellipse((ax, ay, bx, by), fill=fill)


def draw_unit(draw: ImageDraw.ImageDraw, kind: str, box: Box, fill: Fill) -> None:
    """``kind`` is an army or navy unit type name (``rules.attack.tables``); unknown kinds draw nothing."""
    poly = {
        "infantry": [(0.34, 0.42), (0.66, 0.42), (0.74, 0.95), (0.26, 0.95)],
        "artillery": [(0.12, 0.58), (0.88, 0.3), (0.92, 0.42), (0.2, 0.72)],
        "tank": [(0.06, 0.55), (0.94, 0.55), (0.84, 0.82), (0.16, 0.82)],
        "plane": [
            (0.47, 0.06),
            (0.53, 0.06),
            (0.57, 0.38),
            (0.96, 0.56),
            (0.96, 0.64),
            (0.57, 0.56),
            (0.55, 0.8),
            (0.68, 0.9),
            (0.68, 0.96),
            (0.32, 0.96),
            (0.32, 0.9),
            (0.45, 0.8),
            (0.43, 0.56),
            (0.04, 0.64),
            (0.04, 0.56),
            (0.43, 0.38),
        ],
        "submarine": [(0.06, 0.62), (0.84, 0.62), (0.96, 0.7), (0.84, 0.8), (0.1, 0.8)],
        "destroyer": [(0.04, 0.6), (0.96, 0.6), (0.86, 0.8), (0.12, 0.8)],
        "battleship": [(0.02, 0.56), (0.98, 0.56), (0.88, 0.82), (0.1, 0.82)],
        "carrier": [(0.02, 0.56), (0.98, 0.56), (0.92, 0.7), (0.06, 0.7)],
    }.get(kind)
    if poly is None:
        return
    draw.polygon(_at(box, poly), fill=fill)
    if kind == "infantry":
        _ellipse(draw, box, (0.36, 0.08, 0.64, 0.36), fill)
    elif kind == "artillery":
        _ellipse(draw, box, (0.12, 0.56, 0.44, 0.88), fill)
        draw.polygon(_at(box, [(0.2, 0.72), (0.05, 0.92), (0.12, 0.95), (0.3, 0.74)]), fill=fill)
    elif kind == "tank":
        draw.polygon(_at(box, [(0.28, 0.34), (0.64, 0.34), (0.7, 0.55), (0.22, 0.55)]), fill=fill)
        draw.polygon(_at(box, [(0.6, 0.4), (0.98, 0.36), (0.98, 0.44), (0.62, 0.48)]), fill=fill)
    elif kind == "submarine":
        draw.polygon(_at(box, [(0.42, 0.46), (0.6, 0.46), (0.62, 0.62), (0.4, 0.62)]), fill=fill)
        draw.line(
            _at(box, [(0.5, 0.46), (0.5, 0.34)]), fill=fill, width=max(1, round((box[2] - box[0]) * 0.04))
        )
    elif kind == "destroyer":
        draw.polygon(_at(box, [(0.36, 0.44), (0.62, 0.44), (0.66, 0.6), (0.32, 0.6)]), fill=fill)
        draw.polygon(_at(box, [(0.46, 0.3), (0.54, 0.3), (0.54, 0.44), (0.46, 0.44)]), fill=fill)
    elif kind == "battleship":
        draw.polygon(_at(box, [(0.34, 0.36), (0.66, 0.36), (0.7, 0.56), (0.3, 0.56)]), fill=fill)
        draw.polygon(_at(box, [(0.46, 0.18), (0.54, 0.18), (0.54, 0.36), (0.46, 0.36)]), fill=fill)
        for x in (0.12, 0.74):
            draw.polygon(_at(box, [(x, 0.46), (x + 0.14, 0.46), (x + 0.14, 0.56), (x, 0.56)]), fill=fill)
    elif kind == "carrier":
        draw.polygon(_at(box, [(0.1, 0.7), (0.9, 0.7), (0.82, 0.84), (0.16, 0.84)]), fill=fill)
        draw.polygon(_at(box, [(0.66, 0.36), (0.78, 0.36), (0.8, 0.56), (0.64, 0.56)]), fill=fill)

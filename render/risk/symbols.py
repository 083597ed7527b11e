"""The three card symbols, drawn from simple shapes in a unit box (our own drawings, no copied art)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.core.colours import Rgb

Box = tuple[float, float, float, float]

# A horse's head and neck facing left, in a 100×100 box (y down).
_HORSE = (
    (30, 98), (78, 98), (76, 82), (70, 70), (72, 52), (80, 38), (82, 24), (74, 14), (64, 9), (62, 0),
    (55, 8), (46, 10), (34, 18), (22, 30), (12, 40), (10, 48), (16, 54), (26, 52), (36, 46), (44, 50),
    (40, 62), (32, 74), (30, 86),
)  # fmt: skip


def draw_symbol(draw: ImageDraw.ImageDraw, symbol: str, box: Box, colour: Rgb) -> None:
    x0, y0, x1, y1 = box
    s = min(x1 - x0, y1 - y0) / 100
    ox = x0 + (x1 - x0 - 100 * s) / 2
    oy = y0 + (y1 - y0 - 100 * s) / 2

    def p(x: float, y: float) -> tuple[float, float]:
        return (ox + x * s, oy + y * s)

    def circle(x: float, y: float, r: float, **kw: object) -> None:
        draw.ellipse((*p(x - r, y - r), *p(x + r, y + r)), **kw)  # type: ignore[arg-type]

    if symbol == "infantry":  # a soldier with a rifle on the shoulder
        circle(50, 16, 11, fill=colour)
        draw.polygon([p(34, 30), p(66, 30), p(70, 62), p(30, 62)], fill=colour)
        draw.polygon([p(34, 60), p(48, 60), p(46, 98), p(34, 98)], fill=colour)
        draw.polygon([p(52, 60), p(66, 60), p(66, 98), p(54, 98)], fill=colour)
        draw.line([p(70, 66), p(84, 4)], fill=colour, width=max(1, round(5 * s)))
        draw.line([p(66, 36), p(78, 40)], fill=colour, width=max(1, round(7 * s)))
    elif symbol == "cavalry":
        draw.polygon([p(x, y) for x, y in _HORSE], fill=colour)
        circle(52, 26, 3.2, fill=(255, 255, 255))
    elif symbol == "artillery":  # a field gun: barrel, wheel with spokes, trail
        angle = math.radians(-22)
        ux, uy = math.cos(angle), math.sin(angle)
        nx, ny = -uy, ux
        ax, ay, length = 18, 64, 82
        half_back, half_front = 8, 5
        draw.polygon(
            [
                p(ax + nx * half_back, ay + ny * half_back),
                p(ax + ux * length + nx * half_front, ay + uy * length + ny * half_front),
                p(ax + ux * length - nx * half_front, ay + uy * length - ny * half_front),
                p(ax - nx * half_back, ay - ny * half_back),
            ],
            fill=colour,
        )
        draw.line([p(40, 66), p(6, 92)], fill=colour, width=max(1, round(7 * s)))
        circle(44, 70, 22, outline=colour, width=max(1, round(6 * s)))
        for k in range(6):
            a = math.radians(k * 60 + 15)
            draw.line(
                [p(44, 70), p(44 + math.cos(a) * 20, 70 + math.sin(a) * 20)],
                fill=colour,
                width=max(1, round(3 * s)),
            )
        circle(44, 70, 5, fill=colour)

"""Unit silhouettes two games draw alike, white on black in their icons' 100×64 box (y down, facing
right): each game's ``icons`` module draws its own table with these among its own shapes. ``p`` maps the
box's coordinates to the supersampled canvas and ``s`` is its scale (for line widths)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

Pen = Callable[[float, float], tuple[float, float]]


def soldier(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:
    """A soldier, helmeted, rifle at the shoulder."""
    d.ellipse((*p(40, 2), *p(56, 18)), fill=255)
    d.polygon([p(36, 9), p(60, 9), p(62, 13), p(34, 13)], fill=255)
    d.polygon([p(37, 20), p(59, 20), p(62, 42), p(34, 42)], fill=255)
    d.polygon([p(35, 40), p(47, 40), p(44, 63), p(33, 63)], fill=255)
    d.polygon([p(50, 40), p(61, 40), p(65, 63), p(54, 63)], fill=255)
    d.line([p(66, 0), p(58, 46)], fill=255, width=round(6 * s))


def tank(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:
    """A tank: tracks on the ground, the hull, the turret and its gun forward."""
    d.rounded_rectangle((*p(6, 42), *p(94, 63)), radius=round(10 * s), fill=255)
    for x in (20, 35, 50, 65, 80):
        d.ellipse((*p(x - 5, 48), *p(x + 5, 58)), fill=0)
    d.polygon([p(10, 30), p(90, 30), p(96, 41), p(4, 41)], fill=255)
    d.rounded_rectangle((*p(30, 14), *p(64, 31)), radius=round(5 * s), fill=255)
    d.rectangle((*p(62, 19), *p(99, 25)), fill=255)

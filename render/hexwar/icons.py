"""Icons for Hex war, drawn by Warboard from Pillow primitives: the seven units of the table and the
marks of a hex (city, port, capital star, defences, a battle's crossed swords).

Each icon is drawn white on black in a 100×64 box (y down, facing right) at four times the size it is
shown, then shrunk to an antialiased coverage mask; ``paint`` turns coverage into a palette ramp.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.core.silhouettes import Pen, soldier, tank

BOX = (100, 64)
SUPERSAMPLE = 4


def _jump_troop(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # a canopy and its rider
    d.pieslice((*p(18, 0), *p(82, 44)), 180, 360, fill=255)
    for x in (22, 50, 78):
        d.line([p(x, 22), p(50, 46)], fill=255, width=round(3 * s))
    d.ellipse((*p(44, 38), *p(56, 50)), fill=255)
    d.polygon([p(43, 50), p(57, 50), p(55, 63), p(45, 63)], fill=255)


def _hovercraft(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:
    # Unlike the tank (tracks on the ground, a gun forward), it rides a round air cushion, with a pointed
    # bow forward and a tall ducted fan at the stern, so the two read apart even at chip size.
    d.ellipse((*p(2, 42), *p(98, 64)), fill=255)  # the air cushion
    d.polygon([p(6, 46), p(6, 28), p(70, 28), p(97, 46)], fill=255)  # the deck, bow forward
    d.line([p(10, 50), p(90, 50)], fill=0, width=round(3 * s))  # where the skirt meets the hull
    d.ellipse((*p(4, 0), *p(38, 34)), fill=0)  # the fan's duct stands clear of the deck...
    d.ellipse((*p(4, 0), *p(38, 34)), outline=255, width=round(6 * s))  # ...at the stern
    d.line([p(21, 3), p(21, 31)], fill=255, width=round(5 * s))  # its blade
    d.rectangle((*p(48, 18), *p(64, 28)), fill=255)  # the cabin


def _plane(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # seen from above, nose right
    d.ellipse((*p(6, 26), *p(98, 38)), fill=255)
    d.polygon([p(62, 30), p(46, 2), p(36, 2), p(44, 30)], fill=255)
    d.polygon([p(62, 34), p(46, 62), p(36, 62), p(44, 34)], fill=255)
    d.polygon([p(18, 30), p(8, 14), p(3, 14), p(6, 32), p(3, 50), p(8, 50), p(18, 34)], fill=255)


def _hull(d: ImageDraw.ImageDraw, p: Pen, top: float, bottom: float, bow: float = 10) -> None:
    d.polygon([p(2, top), p(99, top), p(99 - bow, bottom), p(12, bottom)], fill=255)


def _frigate(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # a small hull, one mast and a gun
    _hull(d, p, 42, 60, bow=16)
    d.rectangle((*p(36, 28), *p(62, 42)), fill=255)
    d.rectangle((*p(46, 10), *p(52, 28)), fill=255)
    d.rectangle((*p(70, 34), *p(94, 39)), fill=255)


def _battleship(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # stepped superstructure, two turrets
    _hull(d, p, 40, 60, bow=14)
    d.rectangle((*p(34, 26), *p(66, 40)), fill=255)
    d.rectangle((*p(42, 14), *p(58, 26)), fill=255)
    d.rectangle((*p(48, 2), *p(52, 14)), fill=255)
    for x0, x1, b0, b1 in ((70, 82, 80, 99), (18, 30, 1, 20)):
        d.rounded_rectangle((*p(x0, 30), *p(x1, 40)), radius=round(3 * s), fill=255)
        d.rectangle((*p(b0, 31), *p(b1, 36)), fill=255)


def _city(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # a skyline of three towers
    d.rectangle((*p(14, 26), *p(38, 63)), fill=255)
    d.rectangle((*p(40, 4), *p(62, 63)), fill=255)
    d.rectangle((*p(64, 20), *p(86, 63)), fill=255)
    for x, y in ((20, 34), (46, 14), (46, 30), (70, 30)):
        d.rectangle((*p(x, y), *p(x + 8, y + 8)), fill=0)


def _port(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # an anchor
    d.ellipse((*p(42, 0), *p(58, 16)), outline=255, width=round(5 * s))
    d.line([p(50, 14), p(50, 60)], fill=255, width=round(7 * s))
    d.line([p(34, 24), p(66, 24)], fill=255, width=round(6 * s))
    d.arc((*p(22, 26), *p(78, 64)), 20, 160, fill=255, width=round(7 * s))
    d.polygon([p(16, 40), p(30, 38), p(24, 52)], fill=255)
    d.polygon([p(84, 40), p(70, 38), p(76, 52)], fill=255)


def _star(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # a five-pointed star (a capital)
    points = []
    for k in range(10):
        r = 31 if k % 2 == 0 else 13
        a = math.radians(-90 + 36 * k)
        points.append(p(50 + r * math.cos(a), 33 + r * math.sin(a)))
    d.polygon(points, fill=255)


def _swords(d: ImageDraw.ImageDraw, p: Pen, s: float) -> None:  # two crossed blades (a battle)
    for (x0, y0, x1, y1), (g0, g1) in (
        ((24, 58, 78, 4), ((20, 44), (38, 62))),
        ((76, 58, 22, 4), ((62, 62), (80, 44))),
    ):
        d.line([p(x0, y0), p(x1, y1)], fill=255, width=round(8 * s))
        d.line([p(*g0), p(*g1)], fill=255, width=round(7 * s))


_DRAW: dict[str, Callable[[ImageDraw.ImageDraw, Pen, float], None]] = {
    "inf": soldier,
    "jt": _jump_troop,
    "hov": _hovercraft,
    "tank": tank,
    "plane": _plane,
    "frig": _frigate,
    "batt": _battleship,
    "city": _city,
    "port": _port,
    "star": _star,
    "swords": _swords,
}
NAMES = frozenset(_DRAW)


@lru_cache(maxsize=512)
def icon_mask(name: str, height: int) -> Image.Image:
    """The icon's coverage (0-255), ``height`` pixels tall and 100:64 wide."""
    if name not in _DRAW:
        raise ValueError(f"no icon {name!r}; known: {', '.join(sorted(_DRAW))}")
    w, h = max(1, round(height * BOX[0] / BOX[1])), max(1, height)
    big = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE), 0)
    s = big.height / BOX[1]

    def pen(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)

    _DRAW[name](ImageDraw.Draw(big), pen, s)
    return big.resize((w, h), Image.Resampling.BOX)


def icon_width(height: int) -> int:
    return max(1, round(height * BOX[0] / BOX[1]))


@lru_cache(maxsize=64)
def _luts(ramp: tuple[int, ...]) -> tuple[list[int], list[int]]:
    steps = len(ramp) - 1
    levels = [round(a * steps / 255) for a in range(256)]
    return [ramp[v] for v in levels], [255 if v else 0 for v in levels]


def paint(canvas: Image.Image, coverage: Image.Image, xy: tuple[int, int], ramp: tuple[int, ...]) -> None:
    """Paste a coverage mask onto an indexed canvas, coverage mapped along ``ramp`` (background to ink)."""
    colours, cover = _luts(ramp)
    canvas.paste(coverage.point(colours), xy, coverage.point(cover))

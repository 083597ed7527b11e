"""A small full-colour canvas for the pictures beside the board (cards, hands, battles): drawn at twice the
size in design units (the final pixels at ``ui`` 1) and scaled down when done, which antialiases every
shape; encoded as an ordinary RGB PNG. These pictures are small, so that costs little. A game's pen adds
its own pieces (units, dice faces) by deriving from this one."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.dice import PIPS
from render.core.fonts import fit, font, text_width
from render.core.png import encode_png
from render.core.shapes import draw_shape, seat_shape

SUPERSAMPLE = 2


class Pen:
    """Draws in design units (the picture's final pixels at ``ui`` 1) onto an image ``SUPERSAMPLE`` times
    larger, scaled down by ``done``."""

    def __init__(self, size: tuple[float, float], ui: float = 1.0) -> None:
        self.k = ui * SUPERSAMPLE
        self.size = (round(size[0] * ui), round(size[1] * ui))
        self.image = Image.new("RGB", (self.size[0] * SUPERSAMPLE, self.size[1] * SUPERSAMPLE), C.PANEL)
        self.draw = ImageDraw.Draw(self.image)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (x0 * self.k, y0 * self.k, x1 * self.k, y1 * self.k)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: C.Rgb,
        *,
        bold: bool = False,
        anchor: str = "la",
    ) -> None:
        f = font(round(size * self.k), bold=bold)
        self.draw.text((xy[0] * self.k, xy[1] * self.k), text, font=f, fill=fill, anchor=anchor)

    def fit(self, text: str, size: int, width: float, *, bold: bool = False) -> str:
        return fit(text, font(round(size * self.k), bold=bold), round(width * self.k))

    def width(self, text: str, size: int, *, bold: bool = False) -> float:
        return text_width(text, font(round(size * self.k), bold=bold)) / self.k

    def rounded(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: C.Rgb,
        outline: C.Rgb | None = None,
        width: float = 0,
    ) -> None:
        self.draw.rounded_rectangle(
            self.box(*box),
            radius=round(radius * self.k),
            fill=fill,
            outline=outline,
            width=round(width * self.k),
        )

    def swatch(self, seat: int, x: float, y: float, h: float) -> float:
        """The seat's badge shape in its colour; returns its width."""
        w = h * 1.7
        draw_shape(
            self.draw,
            seat_shape(seat),
            self.box(x, y, x + w, y + h),
            C.seat_colour(seat),
            C.INK,
            round(2 * self.k),
        )
        return w

    def pips(self, x: float, y: float, size: float, value: int, colour: C.Rgb) -> None:
        """A plain six-sided die with ``value`` pips (the order dice)."""
        self.rounded((x, y, x + size, y + size), size * 0.18, colour, C.INK, 1.5)
        r = size * 0.09
        for px, py in PIPS.get(value, ()):
            cx, cy = x + px * size, y + py * size
            self.draw.ellipse(self.box(cx - r, cy - r, cx + r, cy + r), fill=C.ink_on(colour))

    def done(self) -> bytes:
        return encode_png(self.image.resize(self.size, Image.Resampling.LANCZOS))

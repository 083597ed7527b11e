"""Colours shared by every picture: seat colours, the neutral grey, the dark theme, and colour maths.

Seat colours are the Okabe–Ito set (designed to stay apart under the common colour-vision
deficiencies), ordered so the seats of a small game get the most distinct ones first. Hue is never the
only cue: each seat also has its own badge shape (``render.core.shapes``), drawn on every territory and
in the legend, so the map still reads in greyscale.
"""

from __future__ import annotations

from functools import cache

Rgb = tuple[int, int, int]


def hex_rgb(code: str) -> Rgb:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


SEAT_COLOURS: tuple[Rgb, ...] = tuple(
    hex_rgb(c)
    for c in (
        "#0072B2",  # blue
        "#E69F00",  # orange
        "#009E73",  # bluish green
        "#CC79A7",  # reddish purple
        "#F0E442",  # yellow
        "#56B4E9",  # sky blue
        "#D55E00",  # vermillion
        "#EDE4D0",  # ivory: apart from every hue above by saturation, and lighter than neutral grey
    )
)
MAX_SEATS = len(SEAT_COLOURS)
NEUTRAL = hex_rgb("#8E8E8E")
UNCLAIMED = hex_rgb("#3F4C5A")  # the claiming draft: land nobody holds yet, between sea and neutral grey

# The dark theme: Discord is mostly viewed in dark mode, and saturated seat colours stand out on it.
SEA = hex_rgb("#1B2632")
PANEL = hex_rgb("#111820")
PANEL_HIGHLIGHT = hex_rgb("#27384A")
INK = hex_rgb("#0B0F14")  # borders, badge outlines
TEXT = hex_rgb("#F2F5F8")
MUTED = hex_rgb("#A3B2C2")
SEA_LINE = hex_rgb("#9DB0C4")
HIGHLIGHT = hex_rgb("#FFFFFF")
BLACK = hex_rgb("#000000")
WHITE = hex_rgb("#FFFFFF")


def seat_colour(seat: int) -> Rgb:
    """A seat's colour; any negative seat is neutral."""
    if seat < 0:
        return NEUTRAL
    return SEAT_COLOURS[seat % MAX_SEATS]


def mix(a: Rgb, b: Rgb, t: float) -> Rgb:
    """``a`` moved a fraction ``t`` towards ``b`` (sRGB, like Pillow's own blending)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: Rgb) -> float:
    """WCAG relative luminance."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(a: Rgb, b: Rgb) -> float:
    """WCAG contrast ratio, 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


@cache  # asked for every name and badge of every render, of a few dozen colours
def ink_on(background: Rgb) -> Rgb:
    """Black or white, whichever reads better on ``background``."""
    return BLACK if contrast(BLACK, background) >= contrast(WHITE, background) else WHITE

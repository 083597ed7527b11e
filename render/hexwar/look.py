"""The Hex war board's colours and sizes, fixed once: a palette drawn straight in indices (see
``render.core.palette``) and the sizes of everything at the reference width, scaled from it.

Land takes its owner's colour, a shade deeper than the seat's own so that the unit chips (the seat's
full colour with a dark outline) stand out on it; water is a dark slate, darker and greyer than every
seat's land (the first seat's is blue), with a wave mark so it reads without colour too; the void
around the board is the panel colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from render.core import colours as C
from render.core import panels
from render.core.palette import Palette

SEATS = 5  # Hex war is for 2 to 5 players
REFERENCE_WIDTH = 1200  # every size here is designed at this width and scaled from it

WATER = C.hex_rgb("#24313D")
WAVE = C.hex_rgb("#6E8BA3")
VOID = C.PANEL
FREE = VOID  # an empty cell where the next hex may go (setup): only its dashed outline
GAIN = C.hex_rgb("#7EE081")  # +N placed
LOSS = C.hex_rgb("#FF7B72")  # -N lost
STAR = C.hex_rgb("#FFD54A")
DEFENCE = C.hex_rgb("#E8EDF2")
STALEMATE = C.hex_rgb("#9AA5B1")


def land(seat: int) -> C.Rgb:
    """A seat's land: its colour a shade deeper (chips in the full colour stand out on it)."""
    return C.mix(C.seat_colour(seat), C.INK, 0.25)


def ghost(colour: C.Rgb) -> C.Rgb:
    """A hex drawn again beyond the edge (the wrap): faded towards the void."""
    return C.mix(colour, VOID, 0.55)


def hex_fills() -> list[C.Rgb]:
    return [WATER, FREE, *(land(s) for s in range(SEATS))]


@cache
def board_palette() -> Palette:
    """Every colour and text ramp the pictures use (chips, names on each fill, panels, marks)."""
    palette = Palette()
    palette.add_all((VOID, C.INK, C.TEXT, C.MUTED, C.HIGHLIGHT, C.BLACK, C.WHITE, WAVE, GAIN, LOSS, STAR))
    panels.register(palette)
    for fill in hex_fills():
        palette.add(fill)
        palette.add(ghost(fill))
        palette.add_ramp(C.ink_on(fill), fill)
        palette.add_ramp(C.MUTED, ghost(fill))
    palette.add_ramp(C.MUTED, FREE)
    palette.add_ramp(C.HIGHLIGHT, FREE)
    for seat in range(SEATS):
        colour = C.seat_colour(seat)
        palette.add(colour)
        palette.add_ramp(C.ink_on(colour), colour)
    for colour in (STALEMATE, C.INK):
        palette.add(colour)
        palette.add_ramp(C.ink_on(colour), colour)
    palette.add_ramp(GAIN, C.INK)
    palette.add_ramp(LOSS, C.INK)
    palette.add_ramp(C.INK, DEFENCE)
    palette.add_ramp(C.INK, C.WHITE)
    return palette.freeze()


@dataclass(frozen=True, slots=True)
class Sizes:
    """Pixel sizes at one scale (1.0 at ``REFERENCE_WIDTH``), chosen so a hex's name and counts still
    read when Discord shows the picture 550 px wide (about 9 and 10 px tall there)."""

    ui: float  # the width's scale: titles, legend, margins
    hex_scale: float  # the hexes' own scale: bigger hexes (fewer columns) get bigger marks

    def __call__(self, px: float) -> int:
        return max(1, round(px * self.hex_scale))

    def ui_px(self, px: float) -> int:
        return max(1, round(px * self.ui))


REFERENCE_HEX = 88.9  # a hex's width at the reference width on the widest grid (12 columns)


MAX_HEX_SCALE = 1.5  # early in setup, a few big hexes: their marks grow only so far


def sizes(width: int, hex_width: float) -> Sizes:
    return Sizes(width / REFERENCE_WIDTH, min(MAX_HEX_SCALE, hex_width / REFERENCE_HEX))

"""The Axis & Allies map's colours: the five powers, neutral land, the sea, and the fixed palette every
A&A picture (map, close-up, battle board) is drawn in.

The power colours keep the printed game's families (a deep red USSR, a field-grey Germany, a khaki
United Kingdom, an amber Japan, a green USA) and were chosen by search within those families for the
largest smallest difference between any two of the five and neutral grey, for normal vision and under
simulated deuteranopia, protanopia and tritanopia (``render.core.vision``; the render tests hold it at
CIEDE2000 ≥ 20 for every pair, every pair being a neighbour somewhere on the map as the game goes on).
The old Okabe–Ito vermillion USSR and orange Japan were 12.5 apart for a deuteranope, and met along
Siberia. Lightness carries much of the difference (the USSR and Germany dark, Japan and neutral middle,
the UK light), which every colour vision keeps; each power also has its own badge shape.
"""

from __future__ import annotations

from functools import cache

from render.core import colours as C
from render.core import panels
from render.core.palette import Palette

POWER_COLOURS: dict[str, C.Rgb] = {
    "russia": C.hex_rgb("#8E1B10"),
    "germany": C.hex_rgb("#4B4F58"),
    "uk": C.hex_rgb("#EFE0BF"),
    "japan": C.hex_rgb("#F09A00"),
    "usa": C.hex_rgb("#3A8A6A"),
}
NEUTRAL = C.hex_rgb("#A9B0B8")
SEA = C.hex_rgb("#24507A")
SEA_ZONE_LINE = C.hex_rgb("#3B6A96")
SEA_TEXT = C.hex_rgb("#A7C3DE")
GOLD = C.hex_rgb("#FFD23F")
# Change tags on the battle board and the map: units lost on a dark red tag, placed on a light one.
GAIN = C.hex_rgb("#9BE8B5")
LOSS = C.hex_rgb("#A3231B")
LAND_SLOTS = 70  # palette indices from 256 − 70 up are the land territories' slots


def power_colour(power: str | None) -> C.Rgb:
    return NEUTRAL if power is None else POWER_COLOURS[power]


def slot(land_index: int) -> int:
    return 255 - land_index


@cache
def map_palette() -> Palette:
    """Every colour the map, the close-up and the battle board use; the land slots come after."""
    palette = Palette(limit=256 - LAND_SLOTS)
    palette.add_all((SEA, SEA_ZONE_LINE, C.INK, C.HIGHLIGHT, GOLD, NEUTRAL, *POWER_COLOURS.values()))
    panels.register(palette)
    for colour in (NEUTRAL, *POWER_COLOURS.values(), GAIN, LOSS):
        palette.add_ramp(C.ink_on(colour), colour)
    palette.add_ramp(SEA_TEXT, SEA)
    palette.add_ramp(C.TEXT, C.INK)  # names too big for their island: white on a dark halo
    return palette.freeze()

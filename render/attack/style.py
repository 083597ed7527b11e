"""The colours and sizes of the Attack! pictures, and the one palette the board is drawn in.

The board is an 8-bit image of palette indices, as the other world boards are: the top 63 indices
are region slots and the 40 below them sea-zone slots, which a render turns into owners' colours with
one lookup table; everything else is a fixed colour or a text ramp added here once.

Seat colours are the shared Okabe–Ito set with a badge shape per seat; reviewers of the boxed game found
its brown, tan and grey pieces hard to tell apart, so neutral land is a plain mid grey and no seat colour
is near it.
"""

from __future__ import annotations

from functools import cache

from render.core import colours as C
from render.core import panels
from render.core.palette import Palette

MAX_REGIONS = 63  # the joined world; a theatre uses the first slots only
MAX_ZONES = 40
SEATS = 6  # Attack! seats at most six players
REFERENCE_WIDTH = 1100  # sizes are designed at this width (the Western board's)
# Region and sea-zone names, in pixels at the reference width: on a phone the board is shown about
# 550 px wide, where these come out at 9 px (tests/render/attack/test_attack_pictures.py measures it).
NAME_PX = 18
ZONE_PX = 18

SEA = C.SEA
OFF_SEA = C.hex_rgb("#131B24")  # water of the other theatre: out of play
OFF_LAND = C.hex_rgb("#3A424C")  # land of the other theatre
ZONE_LINE = C.hex_rgb("#33475C")
ZONE_TEXT = C.hex_rgb("#8FA6BD")
LANE = C.SEA_LINE
ARCTIC = C.hex_rgb("#7FA7C9")
GOLD = C.hex_rgb("#FFD23F")
OIL_BLACK = C.hex_rgb("#16181B")
ATTACK = C.hex_rgb("#FF6B5B")  # arrows into a battle
SAIL = C.hex_rgb("#8EDCFF")  # ships' arrows
GAIN = C.hex_rgb("#2FB86A")
LOSS = C.hex_rgb("#D8453B")
MARKER = C.hex_rgb("#3B3F46")  # a neutral's government marker: "?" face down, else its initial


def seat_colour(seat: int) -> C.Rgb:
    return C.seat_colour(seat)


def tint(seat: int) -> C.Rgb:
    """A sea zone held by ``seat``'s ships: the sea, leaning towards the seat's colour."""
    return C.mix(SEA, seat_colour(seat), 0.3)


def region_slot(region: int) -> int:
    return 255 - region


def zone_slot(zone: int) -> int:
    return 255 - MAX_REGIONS - zone


@cache
def palette() -> Palette:
    """Every colour the board uses (indices below the slots)."""
    p = Palette(limit=256 - MAX_REGIONS - MAX_ZONES)
    p.add_all((SEA, OFF_SEA, OFF_LAND, C.INK, ZONE_LINE, LANE, ARCTIC, C.HIGHLIGHT, GOLD, OIL_BLACK))
    p.add_all((ATTACK, SAIL, GAIN, LOSS, MARKER))
    panels.register(p)
    for seat in range(-1, SEATS):
        colour = seat_colour(seat)
        p.add_ramp(C.ink_on(colour), colour)
        if seat >= 0:
            p.add(tint(seat))
    p.add_ramp(ZONE_TEXT, SEA)
    p.add_ramp(C.TEXT, C.INK)  # navy badges: light digits on a dark badge
    p.add_ramp(C.TEXT, OFF_LAND)
    for colour in (GAIN, LOSS, MARKER):
        p.add_ramp(C.WHITE, colour)
    return p.freeze()

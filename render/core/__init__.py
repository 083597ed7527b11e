"""Shared drawing pieces: the ``Pictures`` contract every game meets (``pictures``), colours and the
fixed palette, bundled fonts, text on indexed images, badge shapes and sprites, die faces, the title bar
and legend, cached static layers and PNG encoding. Nothing here imports a game's package.

Pictures are drawn in palette indices (see ``palette``): exact colours, one byte a pixel, fast to encode.
"""

from render.core.colours import MAX_SEATS, NEUTRAL, SEAT_COLOURS, seat_colour
from render.core.fonts import font
from render.core.png import encode_png
from render.core.shapes import seat_shape

__all__ = ["MAX_SEATS", "NEUTRAL", "SEAT_COLOURS", "encode_png", "font", "seat_colour", "seat_shape"]

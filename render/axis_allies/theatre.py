"""A close-up of the crowded theatre (Europe and the Eastern Front), a second picture beside the world
map when that is where the action is.

On the world map shown 550 px wide (a phone), Europe is a pile of chips whose make-up cannot be read.
The close-up shows Europe alone, 1200 px wide with text and chips 1.2 times the 2000 px map's: names
about 7 px tall, IPC values about 9 and chip counts about 17 at 550 px (the render tests measure them),
with the same changes drawn as on the world map. It is its own static layer (``window_base``), not a
crop of the world map, so it costs one render of a map of its size.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from render.axis_allies.base import MapBase, Window, land_palette, map_palette, window_base
from render.axis_allies.diff import MapChanges
from render.axis_allies.layout import MapPicture, check_picture
from render.axis_allies.legend import title_info
from render.axis_allies.map import map_layer
from render.core import colours as C
from render.core.panels import draw_title, title_height
from render.core.png import encode_png
from rules.axis_allies.board import classic_board

# The window in TripleA's map pixels: from Eire and the Western Mediterranean to Russia and the
# Caucasus, from the Arctic to Libya and Egypt.
THEATRES: dict[str, Window] = {"Europe": (650.0, 60.0, 1690.0, 1010.0)}
WIDTH = 1200
UI = 1.4  # text and chip scale (the 2000 px world map's is 1.0; the 1600 px map's 0.8)
TITLE_UI = 1.0  # the title bar as on the 1600 px map: 10 px text at 550


def close_up_base(theatre: str = "Europe") -> MapBase:
    return window_base(WIDTH, THEATRES[theatre], UI)


def action_in(picture: MapPicture, theatre: str = "Europe") -> bool:
    """Whether anything changed or a battle waits in the theatre (a space whose middle lies in it)."""
    board = classic_board()
    base = close_up_base(theatre)
    spaces = picture.changes.spaces() | set(picture.battles)
    for name in spaces:
        if name in board.territories:
            x, y = base.centres[board.territories[name].index]
            if 0 <= x < base.width and 0 <= y < base.height:
                return True
    return False


def theatre_image(picture: MapPicture, theatre: str = "Europe") -> Image.Image:
    """The close-up of ``theatre`` with its title bar: a palette ("P") image."""
    check_picture(picture)
    base = close_up_base(theatre)
    board = classic_board()
    shown = {name for name, t in board.territories.items() if base.shown[t.index]}
    moves = tuple(m for m in picture.changes.moves if shown.intersection(m.path))
    local = replace(
        picture,
        title=f"{theatre} close-up",
        units={name: by_power for name, by_power in picture.units.items() if name in shown},
        changes=MapChanges(
            moves=moves,
            captured=picture.changes.captured,
            battles=picture.changes.battles,
            lost=picture.changes.lost,
            placed=picture.changes.placed,
        ),
    )
    palette = map_palette()
    top = title_height(TITLE_UI)
    canvas = Image.new("L", (base.width, top + base.height), palette[C.PANEL])
    canvas.paste(map_layer(local, base), (0, top))
    draw_title(canvas, palette, title_info(local), TITLE_UI)
    canvas.putpalette(land_palette(local.owners))
    return canvas


def render_theatre(picture: MapPicture, theatre: str = "Europe", *, always: bool = False) -> bytes | None:
    """The close-up as PNG bytes when the action is in ``theatre`` (or ``always``); else None."""
    if not always and not action_in(picture, theatre):
        return None
    return encode_png(theatre_image(picture, theatre))

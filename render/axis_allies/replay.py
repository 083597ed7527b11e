"""The frames of an Axis & Allies replay: the world map at the end of each power's turn, with that
turn's changes drawn, smaller than the posted map so a whole game fits Discord's upload limit;
``render.core.replay.animate`` makes them one animated GIF.

The caller replays the game's log and hands over, for each turn, the public view at its end and the
public events of that turn, oldest first (A&A hides nothing, but the view is still what is drawn).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.axis_allies.base import land_lut, map_palette
from render.axis_allies.layout import MapPicture
from render.axis_allies.map import map_image
from render.axis_allies.picture import map_picture
from render.core.png import encode_png
from render.core.replay import MAX_BYTES, Replay, animate, pick
from rules.axis_allies.views import AAView
from rules.core.events import Event

FRAME_WIDTH = 1100  # chip counts 9 px, IPC values 7: the map still reads, at half the 1600 px pixels
MOST_FRAMES = 100

Turn = tuple[AAView, Sequence[Event]]


def replay_frames(
    turns: Sequence[Turn], names: Sequence[str], *, title: str = "Axis & Allies", width: int = FRAME_WIDTH
) -> list[bytes]:
    """One map PNG per turn, each with that turn's changes."""
    return [encode_png(map_image(map_picture(v, names, title, events), width=width)) for v, events in turns]


def replay(
    turns: Sequence[Turn],
    names: Sequence[str],
    *,
    title: str = "Axis & Allies",
    width: int = FRAME_WIDTH,
    frame_ms: int = 1000,
    max_bytes: int = MAX_BYTES,
    most_frames: int = MOST_FRAMES,
) -> Replay:
    """The animated GIF of ``turns`` (at most ``most_frames`` of them, spread over the game, the first
    and last kept), under ``max_bytes``."""
    chosen = [turns[i] for i in pick(len(turns), most_frames)]
    pictures = [map_picture(v, names, title, events) for v, events in chosen]
    frames = [_on_map_palette(map_image(picture, width=width), picture) for picture in pictures]
    return animate(frames, frame_ms=frame_ms, max_bytes=max_bytes)


def _on_map_palette(frame: Image.Image, picture: MapPicture) -> Image.Image:
    """``frame`` (a map, its land coloured through its palette by its owners: ``base.land_palette``) on
    the map's own palette, which every frame then shares (``animate`` takes frames of one palette as
    they are)."""
    fixed = frame.point(land_lut(picture.owners))
    fixed.putpalette(map_palette().as_bytes())
    return fixed

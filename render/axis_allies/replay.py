"""The frames of an Axis & Allies replay: the world map at the end of each power's turn, with that
turn's changes drawn, smaller than the posted map so a whole game fits Discord's upload limit;
``render.core.replay.animate`` makes them one animated GIF.

The caller replays the game's log and hands over, for each turn, the public view at its end and the
public events of that turn, oldest first (A&A hides nothing, but the view is still what is drawn).
"""

from __future__ import annotations

from collections.abc import Sequence

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
    frames = [map_image(map_picture(v, names, title, events), width=width) for v, events in chosen]
    return animate(frames, frame_ms=frame_ms, max_bytes=max_bytes)

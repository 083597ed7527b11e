"""The frames of a Risk replay: the board at the end of each turn, with that turn's changes drawn
(attacks, conquests, armies gained and lost), made smaller than the posted board so a whole game fits
Discord's upload limit; ``render.core.replay.animate`` makes them one animated GIF.

The caller replays the game's log and hands over, for each turn, the public view at its end and the
public events of that turn (``RULES.view(state, None)`` and the redacted events), oldest first; the first
entry may be the position after setup with its events. Never the state: nothing hidden can show.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core.png import encode_png
from render.core.replay import MAX_BYTES, Replay, animate, pick
from render.risk.board import board_image
from rules.core.events import Event
from rules.risk.views import RiskView

FRAME_WIDTH = 960  # badge digits 13 px: still readable, a third of the 1600 px board's pixels
MOST_FRAMES = 120  # a long game is sampled before drawing: more would not fit the limit anyway

Turn = tuple[RiskView, Sequence[Event]]


def replay_frames(
    turns: Sequence[Turn], names: Sequence[str], *, title: str = "Risk", width: int = FRAME_WIDTH
) -> list[bytes]:
    """One board PNG per turn, each with that turn's changes."""
    return [
        encode_png(board_image(v, names, recent=tuple(events), width=width, title=title))
        for v, events in turns
    ]


def replay(
    turns: Sequence[Turn],
    names: Sequence[str],
    *,
    title: str = "Risk",
    width: int = FRAME_WIDTH,
    frame_ms: int = 800,
    max_bytes: int = MAX_BYTES,
    most_frames: int = MOST_FRAMES,
) -> Replay:
    """The animated GIF of ``turns`` (at most ``most_frames`` of them, spread over the game, the first
    and last kept), under ``max_bytes``."""
    chosen = [turns[i] for i in pick(len(turns), most_frames)]
    frames = [board_image(v, names, recent=tuple(events), width=width, title=title) for v, events in chosen]
    return animate(frames, frame_ms=frame_ms, max_bytes=max_bytes)

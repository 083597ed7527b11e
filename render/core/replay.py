"""An animated replay: board pictures, one a turn, as one animated GIF under Discord's upload limit.

GIF because every Discord client plays it inline (animated PNGs show as a still picture in many). Our
boards are palette pictures with one fixed palette per game, so the frames go in as they are: exact
colours, and each frame after the first stores only the pixels that changed (the rest transparent, which
compresses to almost nothing), so a whole game of mostly unchanged map costs little more than its first
frame. Frames of mixed palettes (PNGs from ``Pictures.board`` of any game) are put on one shared palette.

If the GIF comes out over ``max_bytes`` (8 MiB: Discord's limit for a bot without boosts), it is made
again with fewer turns (every other one, the first and last always kept), then smaller, until it fits.
Pure and thread-safe; slow enough (hundreds of milliseconds to seconds) to belong in a worker thread.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

MAX_BYTES = 8 * 1024 * 1024
MIN_WIDTH = 480  # below this a board is no longer worth watching: give up shrinking


@dataclass(frozen=True, slots=True)
class Replay:
    """The GIF and what went into it (how many of the frames given, at what size)."""

    data: bytes
    frames: int
    width: int
    height: int


def pick(count: int, most: int) -> list[int]:
    """Up to ``most`` indices of ``count`` frames, evenly spread, the first and the last always in."""
    if count <= most:
        return list(range(count))
    if most < 2:
        return [count - 1]
    return sorted({round(k * (count - 1) / (most - 1)) for k in range(most)})


def animate(
    frames: Sequence[bytes | Image.Image],
    *,
    frame_ms: int = 800,
    last_ms: int = 4000,
    max_bytes: int = MAX_BYTES,
    max_frames: int | None = None,
) -> Replay:
    """Frames (PNG bytes or Pillow images; smaller ones are centred on the largest) as an animated GIF
    that loops, each frame shown ``frame_ms`` and the last ``last_ms`` milliseconds, at most
    ``max_bytes`` long if that can be done with two frames at least ``MIN_WIDTH`` wide (else the
    smallest it could make)."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    images = [Image.open(io.BytesIO(f)) if isinstance(f, bytes) else f for f in frames]
    # A board may grow during a game (a map the players build): every frame takes the largest size,
    # smaller ones centred on their own background colour.
    size = (max(im.width for im in images), max(im.height for im in images))
    images = [_padded(im, size) for im in images]
    chosen = pick(len(images), max_frames or len(images))
    scale = 1.0
    while True:
        shown = [images[i] for i in chosen]
        data = _gif(_on_one_palette(shown, scale), frame_ms, last_ms)
        width = max(1, round(size[0] * scale))
        if len(data) <= max_bytes:
            break
        if len(chosen) > 2 and (len(chosen) > 24 or width * 0.8 < MIN_WIDTH):
            chosen = [i for k, i in enumerate(chosen) if k % 2 == 0 or i == chosen[-1]]
        elif width * 0.8 >= MIN_WIDTH:
            scale *= 0.8
        else:
            break  # two frames at the smallest width: the best that can be done
    return Replay(data, len(chosen), width, max(1, round(size[1] * scale)))


def _padded(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    if image.size == size:
        return image
    rgb = image.convert("RGB")
    canvas = Image.new("RGB", size, rgb.getpixel((0, 0)))
    canvas.paste(rgb, ((size[0] - image.width) // 2, (size[1] - image.height) // 2))
    return canvas


def _on_one_palette(images: list[Image.Image], scale: float) -> list[Image.Image]:
    """The frames as "P" images sharing one palette, ``scale`` times their size."""
    palettes = {bytes(im.getpalette() or b"") if im.mode == "P" else None for im in images}
    if scale == 1.0 and len(palettes) == 1 and None not in palettes:
        return [im if im.mode == "P" else im.convert("P") for im in images]
    w, h = images[0].size
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    rgb = [im.convert("RGB").resize(size, Image.Resampling.LANCZOS) if scale != 1.0 else im.convert("RGB")
           for im in images]  # fmt: skip
    # One palette for all: quantised from a strip of up to eight frames spread over the game.
    sample = [rgb[i] for i in pick(len(rgb), 8)]
    strip = Image.new("RGB", (size[0], size[1] * len(sample)))
    for k, im in enumerate(sample):
        strip.paste(im, (0, k * size[1]))
    shared = strip.quantize(255, method=Image.Quantize.MEDIANCUT)
    return [im.quantize(palette=shared, dither=Image.Dither.NONE) for im in rgb]


def _gif(frames: list[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    buffer = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    frames[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations if len(frames) > 1 else last_ms,
        loop=0,
        optimize=True,  # unchanged pixels of each later frame become transparent
        disposal=1,  # each frame is drawn over the one before
    )
    return buffer.getvalue()

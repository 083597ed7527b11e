"""Light text with a dark rim, for names that lie on land of any owner's colour (and sometimes over the
sea): the rim is pasted in one index, the letters over it through a light-on-dark ramp. Cached, as the
same names recur on every render."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.core.fonts import Font

Layers = tuple[Image.Image, Image.Image, Image.Image, int, int]


@lru_cache(maxsize=1024)
def rimmed_layers(text: str, f: Font, ramp: tuple[int, ...], rim: int) -> Layers:
    """(letters in ramp indices, their paste mask, the rim's mask, dx, dy) for ``text`` anchored at its
    top centre ("ma"); the rim is about a tenth of the font size."""
    width = max(1, round(f.size / 10))
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor="ma", stroke_width=width))
    size = (max(1, right - left), max(1, bottom - top))
    rim_mask = Image.new("L", size, 0)
    ImageDraw.Draw(rim_mask).text(
        (-left, -top), text, font=f, fill=255, anchor="ma", stroke_width=width, stroke_fill=255
    )
    cover = Image.new("L", size, 0)
    ImageDraw.Draw(cover).text((-left, -top), text, font=f, fill=255, anchor="ma")
    steps = len(ramp) - 1
    levels = [round(a * steps / 255) for a in range(256)]
    letters = cover.point([ramp[v] for v in levels])
    mask = cover.point([255 if v else 0 for v in levels])
    rim_mask = rim_mask.point(lambda v: 255 if v > 96 else 0)
    return letters, mask, rim_mask, left, top


def paste_rimmed(
    canvas: Image.Image, xy: tuple[float, float], text: str, f: Font, ramp: tuple[int, ...], rim: int
) -> None:
    """``text`` centred on ``xy[0]`` with its top at ``xy[1]``."""
    letters, mask, rim_mask, dx, dy = rimmed_layers(text, f, ramp, rim)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    canvas.paste(rim, (x, y, x + rim_mask.width, y + rim_mask.height), rim_mask)
    canvas.paste(letters, (x, y), mask)

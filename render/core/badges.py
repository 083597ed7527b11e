"""Number badges: a seat-shaped token with a number in it, drawn once per (shape, number, size) and cached.

Badges are small indexed sprites with a binary mask, so pasting one is a plain copy. ``separate`` nudges
overlapping badges apart, deterministically, so neighbouring counts never hide each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.core.fonts import font, text_width
from render.core.shapes import draw_shape, end_room
from render.core.stamp import stamp
from render.core.text import draw_text

Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class BadgeStyle:
    """Sizes in pixels; ``for_scale`` keeps the proportions of the 1600 px board."""

    font_size: int
    height: int
    padding: int
    outline: int

    @classmethod
    def for_scale(cls, scale: float) -> BadgeStyle:
        # 22 px bold digits at 1600 px: still 11 px, readable, when Discord shows the picture at half size.
        return cls(
            font_size=max(9, round(22 * scale)),
            height=max(12, round(30 * scale)),
            padding=max(3, round(7 * scale)),
            outline=max(1, round(2 * scale)),
        )


@dataclass(frozen=True, slots=True)
class Sprite:
    image: Image.Image  # "L": palette indices
    mask: Image.Image  # "L": 0 or 255

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size


def badge_width(shape: str, text: str, style: BadgeStyle) -> int:
    inner = text_width(text, font(style.font_size, bold=True)) + 2 * style.padding
    return max(style.height, round(inner + 2 * end_room(shape, style.height)))


@lru_cache(maxsize=4096)
def badge_sprite(
    shape: str, text: str, style: BadgeStyle, fill: int, outline: int, ramp: tuple[int, ...], width: int = 0
) -> Sprite:
    """A badge with ``text`` centred, ``ramp`` running from ``fill`` to the text colour.

    Sprites are shared between renders and threads: never draw on one.
    """
    w = max(width, badge_width(shape, text, style))
    h = style.height
    image = Image.new("L", (w, h), fill)
    mask = Image.new("L", (w, h), 0)
    box = (0.0, 0.0, float(w - 1), float(h - 1))
    draw_shape(ImageDraw.Draw(image), shape, box, fill, outline, style.outline)
    draw_shape(ImageDraw.Draw(mask), shape, box, 255, 255, style.outline)
    if text:
        draw_text(image, (w / 2, h / 2), text, font(style.font_size, bold=True), ramp, anchor="mm")
    return Sprite(image, mask)


def paste_sprite(
    canvas: Image.Image, sprite: Sprite, centre: tuple[float, float]
) -> tuple[int, int, int, int]:
    w, h = sprite.size
    x, y = round(centre[0] - w / 2), round(centre[1] - h / 2)
    stamp(canvas, sprite.image, (x, y), sprite.mask)
    return (x, y, x + w, y + h)


def paste_sprites(canvas: Image.Image, placed: Iterable[tuple[Sprite, tuple[float, float]]]) -> None:
    """``paste_sprite`` of each (sprite, centre), in order, on ``canvas``: a writable image (a render's
    own layer) in the sprites' mode. One call each into Pillow's core (``render.core.stamp``)."""
    assert not canvas.readonly, "pasted on a shared image"
    paste = canvas.im.paste
    for sprite, (cx, cy) in placed:
        image = sprite.image
        w, h = image.size
        x, y = round(cx - w / 2), round(cy - h / 2)
        paste(image.im, (x, y, x + w, y + h), sprite.mask.im)


def separate(
    centres: Sequence[tuple[float, float]],
    sizes: Sequence[tuple[int, int]],
    *,
    fixed: Sequence[Box] = (),
    bounds: Box,
    gap: float = 2.0,
    rounds: int = 80,
) -> list[tuple[float, float]]:
    """Move boxes (given by centre and size) apart until none overlap each other or ``fixed`` boxes.

    Each overlap is resolved along the axis where it is smaller, half by each badge, so badges move as
    little as possible and stay near their territory. Pure and order-stable: same input, same output.
    """
    # Plain lists and locals rather than pairs and helpers: this loop is most of a crowded board's
    # drawing time; the arithmetic, and so every result, is the same.
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    hws = [w / 2 + gap / 2 for w, _ in sizes]
    hhs = [h / 2 + gap / 2 for _, h in sizes]
    walls = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2, (b[3] - b[1]) / 2) for b in fixed]
    left, top, right, bottom = bounds
    count = len(xs)
    for _ in range(rounds):
        moved = False
        for i in range(count):
            xi, yi, hwi, hhi = xs[i], ys[i], hws[i], hhs[i]
            for j in range(i + 1, count):
                dx = xs[j] - xi
                dy = ys[j] - yi
                ox = hwi + hws[j] - (dx if dx >= 0 else -dx)
                if ox <= 0:
                    continue
                oy = hhi + hhs[j] - (dy if dy >= 0 else -dy)
                if oy <= 0:
                    continue
                moved = True
                if ox < oy:
                    step = (ox / 2 + 0.5) * (1 if dx >= 0 else -1)
                    xi -= step
                    xs[j] += step
                else:
                    step = (oy / 2 + 0.5) * (1 if dy >= 0 else -1)
                    yi -= step
                    ys[j] += step
            for cx, cy, bw, bh in walls:
                dx, dy = xi - cx, yi - cy
                ox = hwi + bw - (dx if dx >= 0 else -dx)
                oy = hhi + bh - (dy if dy >= 0 else -dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if ox < oy:
                    xi += (ox + 0.5) * (1 if dx >= 0 else -1)
                else:
                    yi += (oy + 0.5) * (1 if dy >= 0 else -1)
            # Kept in bounds: min(max(x, low), high), without the calls.
            if xi < left + hwi:
                xi = left + hwi
            if xi > right - hwi:
                xi = right - hwi
            if yi < top + hhi:
                yi = top + hhi
            if yi > bottom - hhi:
                yi = bottom - hhi
            xs[i], ys[i] = xi, yi
        if not moved:
            break
    return list(zip(xs, ys, strict=True))

"""Die faces as small antialiased sprites, for every game's battle card: a face of any colour and size,
marked as a hit (a bright ring round it), a miss (faded and struck through) or left plain.

Drawn at four times the size and shrunk, so corners and pips are smooth; cached, since a card shows the
same few faces many times. The pips' places are ``render.core.dice.PIPS``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from render.core.colours import Rgb, ink_on, mix
from render.core.dice import PIPS

Mark = Literal["plain", "hit", "miss"]
SUPERSAMPLE = 4
RING = (255, 255, 255)
STRIKE = (163, 178, 194)


def ring_width(size: int) -> int:
    """How far the hit ring reaches outside the face (every sprite keeps this margin, marked or not, so
    faces line up whatever their mark)."""
    return max(2, round(size * 0.09))


@lru_cache(maxsize=1024)
def die_face(value: int, size: int, colour: Rgb, background: Rgb, mark: Mark = "plain") -> Image.Image:
    """An RGBA sprite ``size`` + 2 × ``ring_width`` pixels square: the face in ``colour`` (faded towards
    ``background`` for a miss) with ``value``'s pips in black or white, whichever reads."""
    ring = ring_width(size)
    k = SUPERSAMPLE
    full = (size + 2 * ring) * k
    image = Image.new("RGBA", (full, full), (*background, 0))
    draw = ImageDraw.Draw(image)
    face = mix(colour, background, 0.62) if mark == "miss" else colour
    pip = mix(ink_on(colour), background, 0.55) if mark == "miss" else ink_on(colour)
    x0, x1 = ring * k, (ring + size) * k
    if mark == "hit":
        draw.rounded_rectangle((0, 0, full - 1, full - 1), radius=round(size * 0.26 * k), fill=(*RING, 255))
    draw.rounded_rectangle(
        (x0, x0, x1 - 1, x1 - 1),
        radius=round(size * 0.18 * k),
        fill=(*face, 255),
        outline=(11, 15, 20, 255),
        width=max(1, round(size * 0.04 * k)),
    )
    r = size * 0.095 * k
    for px, py in PIPS.get(value, ()):
        cx, cy = x0 + px * size * k, x0 + py * size * k
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*pip, 255))
    if mark == "miss":  # struck through, so a lost die does not rest on its faded colour alone
        draw.line([(x0, x1), (x1, x0)], fill=(*STRIKE, 255), width=max(1, round(size * 0.07 * k)))
    return image.resize((size + 2 * ring, size + 2 * ring), Image.Resampling.LANCZOS)


def paste_die(canvas: Image.Image, xy: tuple[float, float], sprite: Image.Image, size: int) -> None:
    """Paste a face so that the face itself (not its ring margin) has its top left corner at ``xy``."""
    ring = ring_width(size)
    canvas.paste(sprite, (round(xy[0]) - ring, round(xy[1]) - ring), sprite)

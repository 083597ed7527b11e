"""The bundled DejaVu Sans fonts (see ``render/fonts/LICENSE``), never the system's.

Fonts are read from the package itself, so a picture looks the same on every host; the basic layout
engine is forced for the same reason (raqm, when installed, shapes text slightly differently).
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from importlib import resources

from PIL import ImageFont

Font = ImageFont.FreeTypeFont

_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"


@cache
def _font_bytes(bold: bool) -> bytes:
    return resources.files("render").joinpath("fonts", _FILES[bold]).read_bytes()


@cache
def font(size: int, *, bold: bool = False) -> Font:
    """A cached font; FreeType faces are only used under the GIL, so sharing them between threads is safe."""
    return ImageFont.truetype(
        io.BytesIO(_font_bytes(bold)), max(6, size), layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=16384)
def text_width(text: str, f: Font) -> int:
    """``text``'s advance in ``f``, in whole pixels. Kept: pictures measure the same names, labels and
    card texts render after render (wrapping a card's text measured each growing line), and fonts are
    cached objects, so a face and its size are one key."""
    return round(f.getlength(text))


def fit(text: str, f: Font, max_width: int) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width`` pixels (names can be any length)."""
    if text_width(text, f) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, f) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def fit_words(text: str, f: Font, max_width: int) -> str:
    """``text`` cut at a word with an ellipsis so it fits ``max_width`` pixels ("Bartholomew the…", not
    "Bartholomew the Unre…", which a phone's reader takes for a typo); cut within its first word
    (``fit``) when not even that fits."""
    if text_width(text, f) <= max_width:
        return text
    words = text.split()
    for end in range(len(words) - 1, 0, -1):
        cut = " ".join(words[:end]).rstrip(",;:-") + ELLIPSIS
        if text_width(cut, f) <= max_width:
            return cut
    return fit(text, f, max_width)


def wrap(text: str, f: Font, max_width: int, max_lines: int = 2) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines, the last one cut with an ellipsis if needed."""
    lines: list[str] = []
    words = text.split()
    current = ""
    for i, word in enumerate(words):
        candidate = f"{current} {word}".strip()
        if text_width(candidate, f) <= max_width or not current:
            current = candidate
            continue
        lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            current = " ".join(words[i:])
            break
    lines.append(current)
    return [fit(line, f, max_width) for line in lines[:max_lines]]

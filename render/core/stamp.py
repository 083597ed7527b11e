"""Pasting a small image through its mask with none of ``Image.paste``'s per-call checks.

A new position of a large map pastes some three hundred names, numbers, markers and chips; Pillow's
``paste`` spends four or five times as long checking its arguments (modes, box forms, load state) as
the copy itself takes. These images are all made here, in memory, in the canvas's mode, so the checks
can be made once, cheaply, and the copy handed to Pillow's core directly. The same pixels either way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image

# ``stamp``'s arguments as Pillow's core takes them: the image's core (or one palette index), the box
# it covers and the mask's core. For what a caller pastes at the same place on every render.
Paste = tuple[Any, tuple[int, int, int, int], Any]


def stamp(canvas: Image.Image, image: Image.Image | int, xy: tuple[int, int], mask: Image.Image) -> None:
    """``canvas.paste(image, xy, mask)``: ``image`` (or one palette index) where ``mask`` is set, its
    top-left corner at ``xy``; parts off the canvas are clipped, as ``paste`` does."""
    source = image.im if isinstance(image, Image.Image) else image
    if canvas.readonly or (isinstance(image, Image.Image) and image.mode != canvas.mode):
        canvas.paste(image, xy, mask)  # (a shared or other-mode image: Pillow copies or converts it)
        return
    x, y = xy
    w, h = mask.size
    canvas.im.paste(source, (x, y, x + w, y + h), mask.im)


def paste_of(image: Image.Image | int, xy: tuple[int, int], mask: Image.Image) -> Paste:
    """``stamp(canvas, image, xy, mask)`` made ready for ``stamp_all``: ``image`` must be in the mode of
    the canvases it goes on (the images are held by their cores: never draw on them)."""
    source = image.im if isinstance(image, Image.Image) else image
    x, y = xy
    w, h = mask.size
    return source, (x, y, x + w, y + h), mask.im


def stamp_all(canvas: Image.Image, pastes: Iterable[Paste]) -> None:
    """``stamp`` of each of ``pastes`` (``paste_of``), in order, on ``canvas``: a writable image (a
    render's own layer), of the mode they were made for. One call each into Pillow's core."""
    assert not canvas.readonly, "stamped on a shared image"
    paste = canvas.im.paste
    for source, box, mask in pastes:
        paste(source, box, mask)

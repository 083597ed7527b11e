"""Pasting a small image through its mask with none of ``Image.paste``'s per-call checks.

A new position of a large map pastes some three hundred names, numbers, markers and chips; Pillow's
``paste`` spends four or five times as long checking its arguments (modes, box forms, load state) as
the copy itself takes. These images are all made here, in memory, in the canvas's mode, so the checks
can be made once, cheaply, and the copy handed to Pillow's core directly. The same pixels either way.
"""

from __future__ import annotations

from PIL import Image


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

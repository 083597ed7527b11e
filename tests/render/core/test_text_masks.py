"""Text coverage kept across colours (``render.core.text._coverage``, ``masks_ahead``): a text drawn in a
new colour maps the kept mask, with the pixels a fresh draw gives."""

from __future__ import annotations

import pytest
from PIL import Image

from render.core import text as T
from render.core.fonts import font


def _drawn(text: str, ramp: tuple[int, ...]) -> bytes:
    canvas = Image.new("L", (80, 40), 3)
    T.draw_text(canvas, (40, 20), text, font(22, bold=True), ramp, "mm")
    return canvas.tobytes()


def test_a_kept_mask_draws_the_same_pixels_in_any_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    T._coverage.cache_clear()
    T._text_layers.cache_clear()
    fresh = {ramp: _drawn("+47", ramp) for ramp in ((3, 9, 12, 20), (3, 40, 41))}
    T._coverage.cache_clear()
    T._text_layers.cache_clear()
    T.masks_ahead(["+47"], font(22, bold=True), "mm")
    drawn: list[str] = []
    real = T.text_mask
    monkeypatch.setattr(
        T, "text_mask", lambda text, f, anchor="la": drawn.append(text) or real(text, f, anchor)
    )
    for ramp, pixels in fresh.items():
        assert _drawn("+47", ramp) == pixels
    assert drawn == []  # both colours mapped the mask made ahead
    assert _drawn("+48", (3, 9, 12, 20)) != fresh[(3, 9, 12, 20)]
    assert drawn == ["+48"]

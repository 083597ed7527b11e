"""A bot's start-up warm-up makes the numbers a first position shows (``render.axis_allies._warm``):
drawing a position never seen then draws no number's text, only map the kept masks in its colours."""

from __future__ import annotations

import pytest

from render.axis_allies import PICTURES, map_image
from render.core import text as T
from tests.render.axis_allies import samples


def test_after_the_warm_up_a_first_position_draws_no_number(monkeypatch: pytest.MonkeyPatch) -> None:
    T._coverage.cache_clear()
    T._text_layers.cache_clear()
    PICTURES.warm()
    drawn: list[str] = []
    real = T.text_mask
    monkeypatch.setattr(
        T, "text_mask", lambda text, f, anchor="la": drawn.append(text) or real(text, f, anchor)
    )
    map_image(samples.midgame_changes())
    assert drawn  # the title, the round and the seats' names are new
    numbers = [t for t in drawn if t.strip().lstrip("+−").removeprefix("income ").isdigit()]
    assert numbers == []

"""Kept outlines (``render.core.outlines``): a territory's outline pasted from its kept drawing is the
outline Pillow draws on the picture itself, pixel for pixel, on every board that outlines conquests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from PIL import Image, ImageDraw

from render.attack.base import board_base as attack_base
from render.core.outlines import Point, Strokes, draw_outline, forget_outlines, kept_outline, paste_outline
from render.risk.base import board_base as risk_base
from render.skirmish.base import map_base as skirmish_base

STROKES: Strokes = ((3, 9), (0, 4))  # a dark line, then a white one on it (index 0 too: the mask must hold)
TOP = 57  # a title bar's height: the outline drawn that much lower


def _bases() -> list[tuple[str, object, Sequence[Sequence[Sequence[Point]]]]]:
    risk = [risk_base("world_map", 1600), risk_base("board_trace", 900)]
    attack = [attack_base(layout) for layout in ("western", "pacific", "world")]
    skirmish = skirmish_base(1100)
    return [
        *((f"risk {b.layout} {b.width}", b, b.rings) for b in risk),
        *((f"attack {b.layout}", b, b.rings) for b in attack),
        ("skirmish 1100", skirmish, [(ring,) for ring in skirmish.rings]),
    ]


@pytest.mark.parametrize("name, base, rings", _bases(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_pasted_outline_is_the_outline_drawn_on_the_picture(
    name: str, base: object, rings: Sequence[Sequence[Sequence[Point]]]
) -> None:
    forget_outlines()
    width = max(x for territory in rings for ring in territory for x, _ in ring)
    height = max(y for territory in rings for ring in territory for _, y in ring)
    size = (int(width) + 20, int(height) + TOP + 20)
    for index, territory in enumerate(rings):
        drawn = Image.new("L", size, 7)
        shifted = [[(x, y + TOP) for x, y in ring] for ring in territory]
        draw_outline(ImageDraw.Draw(drawn), shifted, STROKES)
        pasted = Image.new("L", size, 7)
        paste_outline(pasted, base, index, territory, STROKES, TOP)
        assert pasted.tobytes() == drawn.tobytes(), f"{name}: territory {index}"


def test_an_outline_kept_for_one_board_is_not_pasted_for_another() -> None:
    forget_outlines()
    small, large = risk_base("world_map", 900), risk_base("world_map", 1600)
    first = kept_outline(small, 5, small.rings[5], STROKES, TOP)
    assert kept_outline(large, 5, large.rings[5], STROKES, TOP) != first
    assert kept_outline(small, 5, small.rings[5], STROKES, TOP) is first

"""Territory names on the Risk board: every one placed, readable, and clear of everything else."""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.boxes import overlaps
from render.core.panels import title_height
from render.risk import badge_layout, board_image
from render.risk.base import LAYOUTS, board_base, board_palette, continent_colour, label_colour, slot
from render.risk.names import NAMES_FROM, SHORT, SMALLEST, NameLabel
from rules.risk.board import classic_map
from tests.render.risk import samples

BOARD = classic_map()


def _on_its_ground(label: NameLabel, image: Image.Image) -> bool:
    """Inside: every pixel under the name is its territory's free interior. In the sea (where names are
    drawn into the static layer): only the sea and the name's own text colours."""
    box = tuple(round(v) for v in label.box)
    counts = image.crop(box).histogram()  # type: ignore[arg-type]
    if label.inside:
        return counts[slot(label.territory)] == (box[2] - box[0]) * (box[3] - box[1])
    palette = board_palette()
    halo = continent_colour(BOARD, BOARD.continent_of[label.territory])
    allowed = set(palette.ramp(label_colour(halo), C.SEA))
    return all(index in allowed for index, n in enumerate(counts) if n)


@pytest.mark.parametrize("width", [NAMES_FROM, 1280, 1600, 2400, 4096])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_name_lies_on_the_map_apart_from_the_others_and_the_continent_labels(
    layout: str, width: int
) -> None:
    base = board_base(layout, width)
    assert sorted(n.territory for n in base.names) == list(range(BOARD.size))
    for label in base.names:
        x0, y0, x1, y1 = label.box
        assert 0 <= x0 < x1 <= base.width and 0 <= y0 < y1 <= base.height, label
        assert _on_its_ground(label, base.image), label
        assert not any(overlaps(label.box, continent) for continent in base.labels), label
        assert label.size >= SMALLEST
    for a, b in combinations(base.names, 2):
        assert not overlaps(a.box, b.box), (a, b)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_name_in_the_sea_has_a_line_to_its_own_coast(layout: str) -> None:
    base = board_base(layout, 1600)
    at_sea = [n for n in base.names if not n.inside]
    land = Image.new("L", (base.width, base.height), 0)  # territory index + 1, drawn afresh from the shapes
    for t, rings in enumerate(base.rings):
        for ring in rings:
            ImageDraw.Draw(land).polygon(ring, fill=t + 1)
    assert at_sea, "the small islands (Japan, Iceland, Madagascar) are named off-shore"
    for label in at_sea:
        assert label.leader is not None
        (qx, qy), (px, py) = label.leader
        x0, y0, x1, y1 = label.box
        assert x0 - 3 <= qx <= x1 + 3 and y0 - 3 <= qy <= y1 + 3, label
        x, y = round(px), round(py)
        near = base.image.crop((x - 3, y - 3, x + 4, y + 4)).histogram()
        assert near[slot(label.territory)] > 0, label  # it ends on the territory's coast
        steps = round(math.dist((qx, qy), (px, py)))
        for k in range(steps + 1):  # and crosses no other territory's land
            at = (round(qx + (px - qx) * k / steps), round(qy + (py - qy) * k / steps))
            assert land.getpixel(at) in (0, label.territory + 1), (label, at)


@pytest.mark.parametrize("width", [550, 800, 1000, NAMES_FROM - 1])
def test_no_names_where_they_would_be_too_small_to_read(width: int) -> None:
    for layout in LAYOUTS:
        assert board_base(layout, width).names == ()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_badges_keep_off_the_names(layout: str) -> None:
    """Six seats with three-digit counts and change tags: no badge covers a name."""
    base = board_base(layout, 1600)
    deltas = {tid: (-3 if k % 2 else 12) for k, tid in enumerate(BOARD.ids)}
    for v in (samples.six_player_view(big=True), samples.eight_player_view()):
        sprites, centres = badge_layout(v, base, deltas)
        for sprite, (x, y) in zip(sprites, centres, strict=True):
            assert sprite is not None
            w, h = sprite.size
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            assert not any(overlaps(box, n.box) for n in base.names), (box, sprite.size)


def test_names_inside_are_in_the_owners_badge_ink() -> None:
    """White on the dark blue seat, black on the yellow one: the ink each badge's digits use."""
    view = samples.six_player_view()
    base = board_base("world_map", 1600)
    image = board_image(view, samples.NAMES[:6]).convert("RGB")
    top = title_height(base.ui)
    seen = set()
    for label in base.names:
        if not label.inside:
            continue
        owner = view.territories[label.territory].owner
        ink = C.ink_on(C.seat_colour(owner))
        x0, y0, x1, y1 = (round(v) for v in label.box)
        colours = {c for _, c in image.crop((x0, y0 + top, x1, y1 + top)).getcolors(4096) or []}
        assert ink in colours, (BOARD.names[label.territory], owner)
        seen.add(ink)
    assert seen == {C.BLACK, C.WHITE}


def test_short_forms_are_of_real_territories_and_shorter() -> None:
    for tid, short in SHORT.items():
        assert len(short) < len(BOARD.names[BOARD.index(tid)])

"""Properties of the Axis & Allies pictures: pure, complete, uncluttered, small, and safe from threads.

The golden pictures themselves are compared in ``test_golden.py`` (``aa_*.png`` in ``REFERENCES``).
"""

from __future__ import annotations

import io
import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from itertools import combinations

import pytest
from PIL import Image

from render.axis_allies import (
    BattlePicture,
    MapPicture,
    battle_image,
    clear_cache,
    map_image,
    render_battle,
    render_map,
    token_layout,
)
from render.axis_allies_base import map_base
from render.axis_allies_battle import columns
from render.axis_allies_icons import UNIT_ORDER, icon_mask, token_sprite
from render.axis_allies_layout import Token, marker_rows, row_box
from rules.axis_allies.board import classic_board
from tests.render import aa_samples

MiB = 1024 * 1024
Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _shown(picture: MapPicture, width: int) -> tuple[list[Token], list[Box], list[tuple[int, str, str]]]:
    """Tokens, the boxes of names and marker rows, and which (territory, power, unit) sit in a row."""
    base = map_base(width)
    rows = marker_rows(picture, base)
    tokens = token_layout(picture, base, rows)
    fixed = [*base.reserved, *(b for b in (row_box(r) for r in rows.values()) if b is not None)]
    owners = picture.owners
    in_rows = [
        (i, owners[classic_board().names[i]] or "", m.kind)
        for i, row in rows.items()
        for m in row
        if m.kind not in ("star", "ipc")
    ]
    return tokens, fixed, in_rows


def test_same_picture_same_bytes() -> None:
    assert render_map(aa_samples.start()) == render_map(aa_samples.start())
    assert render_battle(aa_samples.battle()) == render_battle(aa_samples.battle())


def test_same_bytes_from_cold_caches_and_concurrent_threads() -> None:
    expected = render_map(aa_samples.midgame(), width=1200)
    clear_cache()
    token_sprite.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: render_map(aa_samples.midgame(), width=1200), range(6)))
    assert all(r == expected for r in results)


@pytest.mark.parametrize("make", [aa_samples.start, aa_samples.midgame], ids=["start", "midgame"])
def test_no_unit_stacks_overlap_at_2000(make) -> None:
    """Every token clear of every other token, every name and every marker row, and on the map."""
    base = map_base(2000)
    tokens, fixed, _ = _shown(make(), 2000)
    boxes = [t.box for t in tokens]
    for a, b in combinations(boxes, 2):
        assert not _overlap(a, b), (a, b)
    for token in tokens:
        assert not any(_overlap(token.box, f) for f in fixed), token
        x0, y0, x1, y1 = token.box
        assert x0 >= 0 and y0 >= 0 and x1 <= base.width and y1 <= base.height


def test_tokens_stay_near_their_territory_at_the_start() -> None:
    """Most stacks sit on their territory; those pushed off (islands, crowded Europe) stay close."""
    base = map_base(2000)
    board = classic_board()
    tokens, _, _ = _shown(aa_samples.start(), 2000)
    on_own = 0
    for token in tokens:
        index = board.territories[token.territory].index
        x, y = round(token.centre[0]), round(token.centre[1])
        if base.territory_at.getpixel((x, y)) == index + 1:
            on_own += 1
            continue
        near = min(math.dist(token.centre, p) for ring in base.rings[index] for p in ring)
        assert near < 120, f"{token.territory} {token.unit} is {near:.0f} px from its territory"
        if board.territories[token.territory].is_sea:
            assert base.sea_lut[base.territory_at.getpixel((x, y))], f"{token.territory} ships on land"
    assert on_own >= 0.8 * len(tokens)


def test_every_stack_is_shown_once() -> None:
    picture = aa_samples.midgame()
    tokens, _, in_rows = _shown(picture, 2000)
    board = classic_board()
    shown = [(t.territory, t.power, t.unit, t.count) for t in tokens]
    shown += [
        (board.names[i], power, unit, picture.units[board.names[i]][power][unit])
        for i, power, unit in in_rows
    ]
    expected = [
        (name, power, unit, count)
        for name, by_power in picture.units.items()
        for power, units in by_power.items()
        for unit, count in units.items()
        if count > 0
    ]
    assert sorted(shown) == sorted(expected)


def test_structures_sit_in_the_owners_marker_row() -> None:
    _, _, in_rows = _shown(aa_samples.start(), 2000)
    board = classic_board()
    factories = {board.names[i] for i, _, unit in in_rows if unit == "factory"}
    assert factories == {t.name for t in board.territories.values() if t.original_factory}


def test_empty_and_crowded_maps_render() -> None:
    empty = Image.open(io.BytesIO(render_map(aa_samples.empty(), width=800)))
    assert empty.size[0] == 800 and empty.mode == "P"
    crowded = aa_samples.crowded()
    tokens, _, _ = _shown(crowded, 2000)
    assert len(tokens) > 60
    for a, b in combinations([t.box for t in tokens], 2):
        assert not _overlap(a, b)
    render_map(crowded, width=1000)


def test_map_is_a_small_palette_png() -> None:
    data = render_map(aa_samples.midgame())
    assert len(data) < MiB
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P" and image.width == 2000


def test_palette_image_uses_only_palette_colours() -> None:
    """No land slot may survive into the picture (it would show as a stray colour)."""
    image = map_image(aa_samples.midgame())
    used = [i for i, n in enumerate(image.histogram()) if n]
    assert max(used) < len(image.getpalette() or []) // 3


@pytest.mark.parametrize("width", [480, 1000, 3000])
def test_other_widths(width: int) -> None:
    assert Image.open(io.BytesIO(render_map(aa_samples.midgame(), width=width))).width == width


@pytest.mark.parametrize(
    "damage",
    [
        {"owners": {"Atlantis": "germany"}},
        {"owners": {"North Sea Zone": "uk"}},
        {"owners": {"Germany": "italy"}},
        {"units": {"Germany": {"germany": {"zeppelin": 1}}}},
        {"units": {"Germany": {"italy": {"infantry": 1}}}},
        {"battles": ("Mordor",)},
    ],
)
def test_unknown_names_are_refused(damage) -> None:
    with pytest.raises(ValueError):
        render_map(replace(aa_samples.start(), **damage), width=600)
    with pytest.raises(ValueError):
        render_map(aa_samples.start(), width=100)


def test_every_unit_has_its_own_icon() -> None:
    masks = {unit: icon_mask(unit, 32).tobytes() for unit in UNIT_ORDER}
    assert len(set(masks.values())) == len(UNIT_ORDER)
    assert all(sum(m) > 0 for m in masks.values())


def test_battle_columns_follow_the_printed_board() -> None:
    picture = aa_samples.battle()
    attack = columns(picture.attacking, "attack")
    defence = columns(picture.defending, "defense")
    assert list(attack) == ["1", "2", "3", "4"]
    assert [u for _, u, _ in attack["1"]] == ["infantry"] and [u for _, u, _ in attack["2"]] == ["artillery"]
    assert [u for _, u, _ in attack["4"]] == ["bomber", "battleship"]
    assert [(p, u) for p, u, _ in defence["4"]] == [("russia", "fighter"), ("uk", "fighter")]
    assert [u for _, u, _ in defence["AA"]] == ["aa_gun"]
    assert all(u != "factory" for stacks in defence.values() for _, u, _ in stacks)
    transport = columns({"uk": {"transport": 1}}, "attack")
    assert [u for _, u, _ in transport["–"]] == ["transport"]


def test_battle_board_without_dice_and_with_many() -> None:
    quiet = BattlePicture("Egypt", "germany", ("uk",), {"germany": {"tank": 1}}, {"uk": {"infantry": 1}})
    assert battle_image(quiet).height < battle_image(aa_samples.battle()).height
    many = replace(aa_samples.battle(), attacker_dice=tuple(1 + k % 6 for k in range(60)))
    assert battle_image(many).width == 1000
    with pytest.raises(ValueError):
        render_battle(replace(quiet, attacker="italy"))

"""Properties of the Axis & Allies pictures: pure, complete, uncluttered, readable when Discord shrinks
them, small, and safe from threads.

The golden pictures themselves are compared in ``tests/render/test_golden.py`` (``aa_*.png`` in
``REFERENCES``).
"""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest
from PIL import Image

from render.axis_allies import (
    DEFAULT_WIDTH,
    BattlePicture,
    Fire,
    MapPicture,
    battle_image,
    clear_cache,
    map_image,
    render_battle,
    render_map,
    token_layout,
)
from render.axis_allies import battle as battle_card
from render.axis_allies.base import MapBase, map_base, map_palette, power_colour, slot
from render.axis_allies.diff import MapChanges
from render.axis_allies.icons import (
    UNIT_ORDER,
    chip_for,
    chip_sprite,
    chip_style,
    count_span,
    icon_mask,
    token_sprite,
)
from render.axis_allies.layout import Token, laid_out, marker_rows, row_box
from render.core import colours as C
from rules.axis_allies.board import classic_board
from tests.render.axis_allies import samples

MiB = 1024 * 1024
Box = tuple[float, float, float, float]
PREVIEWS = (800, 550)  # how wide Discord shows a picture in the channel, roughly


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _shown(picture: MapPicture, width: int) -> tuple[list[Token], list[Box], list[tuple[int, str, str]]]:
    """Chips, the boxes of names and marker rows, and which (territory, power, unit) sit in a row."""
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


def _on_territory(base: MapBase, token: Token, margin: float = 0) -> float:
    """The share of the chip's box (grown by ``margin`` px) that lies on its own territory."""
    index = classic_board().territories[token.territory].index
    x0, y0, x1, y1 = token.box
    crop = base.territory_at.crop(
        (round(x0 - margin), round(y0 - margin), round(x1 + margin), round(y1 + margin))
    )
    return crop.histogram()[index + 1] / (crop.width * crop.height)


def _ink_height(token: Token, width: int) -> int:
    """How many pixel rows the chip's big number covers in the chip the map pastes."""
    span = count_span(token.units, chip_style(map_base(width).ui))
    assert span is not None
    palette = map_palette()
    ink = palette.ramp(C.ink_on(power_colour(token.power)), power_colour(token.power))[-1]
    digits = token.sprite.image.crop((span[0], 0, span[1], token.sprite.size[1]))
    rows = [
        y for y in range(digits.height) if any(digits.getpixel((x, y)) == ink for x in range(digits.width))
    ]
    return max(rows) - min(rows) + 1 if rows else 0


def test_same_picture_same_bytes() -> None:
    assert render_map(samples.start()) == render_map(samples.start())
    assert render_battle(samples.battle()) == render_battle(samples.battle())


def test_same_bytes_from_cold_caches_and_concurrent_threads() -> None:
    expected = render_map(samples.midgame(), width=1200)
    clear_cache()
    token_sprite.cache_clear()
    chip_sprite.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: render_map(samples.midgame(), width=1200), range(6)))
    assert all(r == expected for r in results)


@pytest.mark.parametrize("width", [DEFAULT_WIDTH, 2000])
@pytest.mark.parametrize("make", [samples.start, samples.midgame], ids=["start", "midgame"])
def test_no_chips_overlap(make, width: int) -> None:
    """Every chip clear of every other chip, every name and every marker row, and on the map."""
    base = map_base(width)
    tokens, fixed, _ = _shown(make(), width)
    boxes = [t.box for t in tokens]
    for a, b in combinations(boxes, 2):
        assert not _overlap(a, b), (a, b)
    for token in tokens:
        assert not any(_overlap(token.box, f) for f in fixed), token
        x0, y0, x1, y1 = token.box
        assert x0 >= 0 and y0 >= 0 and x1 <= base.width and y1 <= base.height


@pytest.mark.parametrize("make", [samples.start, samples.midgame], ids=["start", "midgame"])
def test_chips_sit_on_their_territory_or_point_at_it(make) -> None:
    """A chip mostly off its territory (an island's, a crowded coast's) stays near it and has a tail
    that ends on it; one mostly on it has none. Most chips sit on their own territory."""
    picture = make()
    base = map_base(DEFAULT_WIDTH)
    board = classic_board()
    tokens, _, _ = _shown(picture, DEFAULT_WIDTH)
    near = 130 * base.ui  # px: about three chip heights
    at_home = 0
    for token in tokens:
        index = board.territories[token.territory].index
        if token.tail is None:
            assert _on_territory(base, token) > 0, f"{token.territory} {token.power} has no tail"
            at_home += 1
            continue
        assert base.territory_at.getpixel(token.tail) == index + 1, f"{token.territory}: tail off it"
        assert _on_territory(base, token, near) > 0, f"{token.territory} {token.power} is far away"
        if board.territories[token.territory].is_sea:
            x, y = round(token.centre[0]), round(token.centre[1])
            assert base.sea_lut[base.territory_at.getpixel((x, y))], f"{token.territory} ships on land"
    assert at_home >= 0.7 * len(tokens)


@pytest.mark.parametrize("width", [DEFAULT_WIDTH, 2000])
def test_at_the_start_each_owners_units_stay_at_home(width: int) -> None:
    """The opening picture, the one every game shows first: no owner's chip is pushed away from its
    land, not even in Europe; at most beside its coast (islands too small for a chip aside: theirs
    sit beside them, with a tail)."""
    picture = samples.start()
    base = map_base(width)
    board = classic_board()
    tokens, _, _ = _shown(picture, width)
    for token in tokens:
        roomy = base.good[board.territories[token.territory].index] > 0
        if picture.owners.get(token.territory) == token.power and roomy:
            assert _on_territory(base, token, 20 * base.ui) > 0, f"{token.territory} {token.power}"


@pytest.mark.parametrize("make", [samples.start, samples.midgame], ids=["start", "midgame"])
def test_big_counts_read_in_a_discord_preview(make) -> None:
    """Discord shows the map 550–800 px wide in the channel: a stack's count must still be there about
    8 px tall at 800 and 5.5 at 550 (the old per-unit tokens' counts were under 5 px at 800), and the
    IPC values about 6 px at 800. Measured on the pixels of the chips the map pastes."""
    width = DEFAULT_WIDTH
    tokens, _, _ = _shown(make(), width)
    big = [t for t in tokens if t.count >= 5]
    assert big
    for token in big:
        height = _ink_height(token, width)
        for preview, least in zip(PREVIEWS, (8.0, 5.5), strict=True):
            assert height * preview / width >= least, (token.territory, token.power, height)
    ipc = [m for row in marker_rows(make(), map_base(width)).values() for m in row if m.kind == "ipc"]
    assert ipc and all(m.sprite is not None for m in ipc)
    ink = {map_palette()[C.BLACK], map_palette()[C.WHITE]}
    for m in ipc:
        assert m.sprite is not None
        image = m.sprite.image
        rows = [
            y for y in range(image.height) if any(image.getpixel((x, y)) in ink for x in range(image.width))
        ]
        assert (max(rows) - min(rows) + 1) * PREVIEWS[0] / width >= 6.0


def test_a_chip_shows_one_kind_big_and_a_mix_as_a_total() -> None:
    """One kind: its icon and count. A mix: the total first, then each kind (so one chip per power and
    space, however many kinds, stays narrow enough for Europe)."""
    style = chip_style(1.0)
    one = chip_for("germany", (("infantry", 12),), style)
    single = chip_for("germany", (("infantry", 1),), style)
    mix = tuple((u, 3) for u in ("infantry", "artillery", "tank", "fighter", "bomber"))
    assert single.size[0] < one.size[0] < chip_for("germany", mix, style).size[0]
    assert all(chip_for(p, mix, style).size[1] == style.height for p in ("russia", "uk", "usa"))
    with pytest.raises(ValueError):
        chip_sprite((), style, "square", 1, 2, (3, 4))


def test_every_stack_is_shown_once() -> None:
    picture = samples.midgame()
    tokens, _, in_rows = _shown(picture, DEFAULT_WIDTH)
    board = classic_board()
    shown = [(t.territory, t.power, unit, count) for t in tokens for unit, count in t.units]
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
    assert len({(t.territory, t.power) for t in tokens}) == len(tokens)  # one chip per power and space


def test_structures_sit_in_the_owners_marker_row() -> None:
    _, _, in_rows = _shown(samples.start(), DEFAULT_WIDTH)
    board = classic_board()
    factories = {board.names[i] for i, _, unit in in_rows if unit == "factory"}
    assert factories == {t.name for t in board.territories.values() if t.original_factory}


def test_empty_and_crowded_maps_render() -> None:
    empty = Image.open(io.BytesIO(render_map(samples.empty(), width=800)))
    assert empty.size[0] == 800 and empty.mode == "P"
    crowded = samples.crowded()
    tokens, _, _ = _shown(crowded, 2000)
    assert len(tokens) > 60 and max(t.count for t in tokens) == 6 * 99
    for a, b in combinations([t.box for t in tokens], 2):
        assert not _overlap(a, b)
    render_map(crowded, width=1000)


def test_map_is_a_small_palette_png() -> None:
    data = render_map(samples.midgame())
    assert len(data) < MiB
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P" and image.width == DEFAULT_WIDTH


def test_palette_image_uses_only_palette_colours() -> None:
    """Every index the picture uses is one of the map's colours or a land slot, and the palette gives
    each slot it uses its territory's owner's colour (a stray index would show as a stray colour)."""
    picture = samples.midgame()
    image = map_image(picture)
    colours = image.getpalette() or []
    land = [name for name in classic_board().names if not classic_board().territories[name].is_sea]
    for i in (i for i, n in enumerate(image.histogram()) if n):
        if i >= len(map_palette()):
            k = next(k for k in range(len(land)) if slot(k) == i)  # (StopIteration: a stray index)
            name = land[k]
            assert tuple(colours[3 * i : 3 * i + 3]) == power_colour(picture.owners.get(name)), name


@pytest.mark.parametrize("width", [480, 1000, 3000])
def test_other_widths(width: int) -> None:
    assert Image.open(io.BytesIO(render_map(samples.midgame(), width=width))).width == width


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
        render_map(replace(samples.start(), **damage), width=600)
    with pytest.raises(ValueError):
        render_map(samples.start(), width=100)


def test_every_unit_has_its_own_icon() -> None:
    masks = {unit: icon_mask(unit, 32).tobytes() for unit in UNIT_ORDER}
    assert len(set(masks.values())) == len(UNIT_ORDER)
    assert all(sum(m) > 0 for m in masks.values())


def test_battle_card_rows_pair_each_kind_of_unit_with_its_dice() -> None:
    picture = samples.battle()
    rows = battle_card._rows(picture.attacking, picture.attacker_lost, picture.attacker_fire)
    assert [(p, u, n, lost) for p, u, n, _, _, lost in rows] == [
        ("germany", "infantry", 3, 2),
        ("germany", "artillery", 2, 0),
        ("germany", "tank", 4, 1),
        ("germany", "fighter", 2, 0),
        ("germany", "bomber", 1, 0),
        ("germany", "battleship", 1, 0),  # bombarding: it fired, so it has a row
    ]
    assert rows[2][3:5] == ((4, 3, 2, 1), 3)
    defence = battle_card._rows(picture.defending, picture.defender_lost, picture.defender_fire)
    assert ("russia", "aa_gun", 1, (), 0, 1) in defence
    assert all(u != "factory" for _, u, *_ in defence)


def test_battle_card_without_dice_and_with_many() -> None:
    quiet = BattlePicture("Egypt", "germany", ("uk",), {"germany": {"tank": 1}}, {"uk": {"infantry": 1}})
    assert battle_image(quiet).height < battle_image(samples.battle()).height
    many = replace(samples.battle(), attacker_fire=(Fire("germany", "infantry", 1, (1, 2, 3, 4, 5, 6) * 10),))
    assert battle_image(many).width == 1000
    assert battle_image(many).height > battle_image(samples.battle()).height  # the dice wrap
    with pytest.raises(ValueError):
        render_battle(replace(quiet, attacker="italy"))
    with pytest.raises(ValueError):
        render_battle(replace(quiet, defender_fire=(Fire("uk", "zeppelin", 2, (1,)),)))


def test_the_battle_card_reads_at_550_px(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card is an embed's image about 550 px wide: every text at least 13 px there, dice 20."""
    sizes: list[int] = []
    real = battle_card.font

    def spy(size: int, *, bold: bool = False) -> Any:
        sizes.append(size)
        return real(size, bold=bold)

    monkeypatch.setattr(battle_card, "font", spy)
    image = battle_image(samples.battle())
    shrink = 550 / image.width
    assert sizes and min(sizes) * shrink >= 13
    assert battle_card.DIE * shrink >= 19.5


def test_the_odds_bar_shows_only_when_given() -> None:
    with_odds = battle_image(samples.battle())
    without = battle_image(replace(samples.battle(), odds=None))
    assert with_odds.height == without.height + 70


def test_a_position_is_laid_out_once_and_a_changed_one_afresh() -> None:
    base = map_base(DEFAULT_WIDTH)
    marked = samples.midgame_changes()
    plain = replace(marked, changes=MapChanges())
    assert laid_out(plain, base) is laid_out(marked, base)  # only the marks differ: the same chips
    units = {name: dict(by_power) for name, by_power in plain.units.items()}
    units["Germany"] = {**units["Germany"], "germany": {"infantry": 9, "factory": 1}}
    moved = replace(plain, units=units)
    _, tokens = laid_out(moved, base)
    assert tokens == token_layout(moved, base, marker_rows(moved, base))
    assert tokens != laid_out(plain, base)[1]
    assert next(t for t in tokens if t.territory == "Germany" and t.power == "germany").count == 9

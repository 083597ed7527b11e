"""The places a chip layout reads once per territory and chip size (``render.axis_allies.reach``) give
exactly what searching every place each time gives: ``nearest_fit`` against a plain search of the whole
grid in distance order, and ``OwnLand.first_free`` against trying its whole list, on seeded random crowds
of boxes round random territories."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from render.axis_allies.base import MOSTLY, MapBase, map_base
from render.axis_allies.changes import Room
from render.axis_allies.layout import free_spot
from render.axis_allies.places import Nearby, grid_offsets, nearby
from render.axis_allies.reach import (
    FREE,
    SAME,
    SAMPLES,
    SEARCHED,
    Costs,
    Reach,
    cover,
    fits,
    nearest_fit,
    own_land,
)
from render.axis_allies.theatre import close_up_base
from render.core.boxes import Box, BoxIndex, box_at
from render.core.shapes import Point

WIDTH = 1100  # a small map: the plain search below is slow
HIGH_ON_A_THIRD: Costs = tuple(0.0 if v % 3 else 2.0 for v in range(256))


def plain_nearest_fit(
    index: int, anchor: Point, w: float, h: float, taken: BoxIndex, base: MapBase, sea: bool, costs: Costs,
    weight: float,
) -> tuple[float, Point] | None:  # fmt: skip
    """Every place of the grid in distance order, scored in full; of equal scores the nearest."""
    best: tuple[float, Point] | None = None
    step = max(2.0, h / 3)
    for dx, dy in grid_offsets()[:SEARCHED]:
        centre = (anchor[0] + dx * step, anchor[1] + dy * step)
        x0, y0, x1, y1 = box = box_at(centre, w, h)
        if x0 < 0 or y0 < 0 or x1 > base.width or y1 > base.height or taken.hits(box):
            continue
        if sea and not base.sea_lut[base.territory_value(*centre)]:
            continue
        own, cost = cover(base, index, box, costs)
        score = math.dist(centre, anchor) / h - weight * own + cost
        if best is None or score < best[0] - SAME:
            best = (score, centre)
    return best


def crowd(base: MapBase, anchor: Point, boxes: Sequence[tuple[float, float, float, float]]) -> BoxIndex:
    """The base's names and ``boxes`` (offsets and sizes in chip heights round ``anchor``)."""
    taken = base.names.copy()
    for dx, dy, bw, bh in boxes:
        taken.add(box_at((anchor[0] + dx * 33, anchor[1] + dy * 33), bw * 33, bh * 33))
    return taken


def cases(seed: int, count: int) -> list[tuple[int, list[tuple[float, float, float, float]], float, Costs]]:
    """``count`` random territories, crowds of up to 25 boxes round them, chip widths and costs (half of
    them high on a third of the map, so what a place covers matters)."""
    rng = random.Random(seed)
    return [
        (
            rng.randrange(len(map_base(WIDTH).reserved)),
            [(rng.uniform(-4, 4), rng.uniform(-4, 4), rng.uniform(0.5, 3), rng.uniform(0.5, 2))
             for _ in range(rng.randrange(26))],
            rng.choice([30.0, 41.0, 62.5, 90.0]),
            rng.choice([FREE, HIGH_ON_A_THIRD]),
        )
        for _ in range(count)
    ]  # fmt: skip


@pytest.mark.parametrize("weight", [0.0, 2.0])
def test_nearest_fit_finds_what_a_search_of_every_place_finds(weight: float) -> None:
    """300 random crowds (a search that stopped a little early differs on about one in twenty)."""
    base = map_base(WIDTH)
    h = 33.0 * base.ui
    for index, boxes, width, costs in cases(int(weight), 300):
        box = base.reserved[index]
        anchor = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        sea = bool(base.sea_lut[index + 1])
        taken = crowd(base, anchor, boxes)
        expected = plain_nearest_fit(index, anchor, width, h, taken, base, sea, costs, weight)
        found = nearest_fit(index, anchor, width, h, taken, base, sea, costs, weight)
        if expected is None:
            assert found is None
        else:
            assert found is not None and found[1] == expected[1] and abs(found[0] - expected[0]) <= SAME


def plain_first_free(
    places: Sequence[Point], w: float, h: float, taken: BoxIndex, base: MapBase, index: int, share: float,
    costs: Costs | None,
) -> Point | None:  # fmt: skip
    for centre in places:
        x0, y0, x1, y1 = box = box_at(centre, w, h)
        if x0 < 0 or y0 < 0 or x1 > base.width or y1 > base.height or taken.hits(box):
            continue
        if fits(base, index, box, FREE, share) and (costs is None or fits(base, index, box, costs, share)):
            return centre
    return None


@pytest.mark.parametrize("share", [0.5, MOSTLY])
def test_own_land_finds_what_trying_its_whole_list_finds(share: float) -> None:
    """300 random crowds, each searched up to three times with more in the way (a search after the
    first walks what the first learnt, then goes on down the list)."""
    base = map_base(WIDTH)
    h = 33.0 * base.ui
    for k, (index, boxes, width, costs) in enumerate(cases(7, 300)):
        places = base.spots[index]
        land = own_land(base, index, ("test", k), places, width, h, share)
        taken = crowd(base, places[0], boxes)
        for _ in range(3):
            expected = plain_first_free(places, width, h, taken, base, index, share, costs if k % 3 else None)
            assert land.first_free(taken, base, costs if k % 3 else None) == expected
            if expected is None:
                break
            taken.add(box_at(expected, width, h))
    base.fitting.clear()


def test_a_reach_read_in_parts_orders_its_places_as_a_whole_reading_would() -> None:
    """Every place the grid has, once read to the end, best fixed part first, ties nearest first."""
    base = map_base(WIDTH)
    found = nearest_fit(5, base.centres[5], 41.0, 33.0 * base.ui, BoxIndex(64), base, False, FREE, 2.0)
    assert found is not None
    reach = next(iter(r for key, r in base.reaches.items() if key[0] == 5))
    while reach.read_more(len(reach.fixed)):
        pass
    rows = list(zip(reach.fixed, reach.numbers, strict=True))
    assert rows == sorted(rows)
    assert len(set(reach.numbers)) == len(rows) and reach.read == SEARCHED and not reach.pending


@pytest.mark.parametrize("weight", [0.0, 2.0])
def test_a_reach_read_in_parts_finds_places_final_as_a_whole_reading_would(weight: float) -> None:
    """A part's places are final once no place not read yet can come before them: past the box round
    its territory (``Reach.beyond``) a place has none of it on its territory, so it ends the reading
    sooner there. Every reach of 60 random territories, chip sizes and anchors, read in parts: each
    part's final places are, in order, the first of the whole grid's best fixed part first."""
    base = map_base(WIDTH)
    rng = random.Random(int(weight) + 11)
    for _ in range(60):
        index = rng.randrange(len(base.reserved))
        w, h = rng.choice([30.0, 41.0, 62.5, 90.0]), 33.0 * base.ui * rng.uniform(0.6, 1.4)
        box = base.reserved[index]
        anchor = ((box[0] + box[2]) / 2 + rng.uniform(-40, 40), (box[1] + box[3]) / 2 + rng.uniform(-40, 40))
        sea = bool(base.sea_lut[index + 1])
        reach = Reach(
            base.territory_bytes, base.width, base.height, base.sea_lut, base.bounds[index], base.names,
            index, anchor, w, h, sea, weight,
        )  # fmt: skip
        parts = []
        while reach.read_more(len(reach.fixed)):
            parts.append(list(zip(reach.fixed, reach.numbers, strict=True)))
        whole = sorted(zip(reach.fixed, reach.numbers, strict=True))
        assert reach.read == SEARCHED and not reach.pending
        for part in parts:
            assert part == whole[: len(part)]


@pytest.mark.parametrize("world", [True, False], ids=["world map", "close-up"])
def test_a_reach_leaves_out_exactly_the_places_on_a_name(world: bool) -> None:
    """A reach works out which of its places cover a name per name, not per place
    (``Reach._names_in_the_way``): read to the end, it holds exactly the places on the map (on the water
    for ships) that ``BoxIndex.first_hit`` on the names says are clear of every name, for every
    territory shown and chips of three widths, seas and land, on the world map and on the close-up."""
    base = map_base(WIDTH) if world else close_up_base()
    h = 33.0 * base.ui
    checked = 0
    for index, shown in enumerate(base.shown):
        if not shown:
            continue
        sea = bool(base.sea_lut[index + 1])
        for w in (30.0, 62.5, 118.0):
            reach = Reach(
                base.territory_bytes, base.width, base.height, base.sea_lut, base.bounds[index], base.names,
                index, base.centres[index], w, h, sea, 2.0,
            )  # fmt: skip
            while reach.read_more(len(reach.fixed)):
                pass
            step = max(2.0, h / 3)
            expected = set()
            for n, (dx, dy) in enumerate(grid_offsets()[:SEARCHED]):
                x, y = base.centres[index][0] + dx * step, base.centres[index][1] + dy * step
                box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
                if box[0] < 0 or box[1] < 0 or box[2] > base.width or box[3] > base.height:
                    continue
                if sea and not base.sea_lut[base.territory_value(x, y)]:
                    continue
                if base.names.first_hit(box) is None:
                    expected.add(n)
            assert set(reach.numbers) == expected, (index, w)
            checked += len(expected)
    assert checked > 10_000


def test_a_marks_place_is_the_first_free_place_nearby() -> None:
    """``changes.Room.place`` walks a kept list of ``nearby``'s places on the map and clear of the names:
    on 300 random crowds, each mark placed where the first free one of every ``nearby`` place is."""
    base = map_base(WIDTH)
    for k, (index, boxes, width, _) in enumerate(cases(11, 300)):
        anchor = base.centres[index]
        room = Room(base, {}, [])
        room.taken = crowd(base, anchor, boxes)
        taken = room.taken.copy()
        for w, h in ((width, 24.0), (30.0 + k % 3, 30.0)):
            step = max(2.0, h / 2)
            expected = free_spot(nearby(anchor, step, 3000), w + 2, h + 2, taken, base) or anchor
            assert room.place(anchor, w, h) == expected
            taken.add(box_at(expected, w, h))
    base.fitting.clear()


def stopping_fits(base: MapBase, index: int, box: Box, costs: Costs, share: float) -> bool:
    """``fits`` as it was: sample by sample, stopping at the first that settles it."""
    value, pixels, width, height = index + 1, base.territory_bytes, base.width, base.height
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    own, cost, left = 0, 0.0, 15
    for fx, fy in SAMPLES:
        x, y = int(x0 + fx * bw), int(y0 + fy * bh)
        v = pixels[y * width + x] if 0 <= x < width and 0 <= y < height else 0
        left -= 1
        if v == value:
            own += 1
        else:
            cost += costs[v]
            if cost / 15 > 0.1 or (own + left) / 15 < share:
                return False
    return own / 15 >= share


@pytest.mark.parametrize("width", [1600, 900])
def test_fits_reads_all_samples_and_says_what_stopping_at_the_first_that_settles_it_said(width: int) -> None:
    """``fits`` sums every sample's cost (the same sum, in the same order): at 3,000 random boxes, on
    the map and over its edges, with random costs (some of them at the 0.1 bound) and shares."""
    base, rng = map_base(width), random.Random(width)
    land = [i for i, label in enumerate(base.labels) if label is not None]
    for _ in range(3000):
        index = rng.choice(land)
        x0, y0, x1, y1 = base.bounds[index]
        centre = (rng.uniform(x0 - 30, x1 + 30), rng.uniform(y0 - 30, y1 + 30))
        box = box_at(centre, rng.uniform(10, 120), rng.uniform(10, 40))
        costs = tuple(rng.choice((0.0, 0.25, 1.5 / 15, 2.0)) for _ in range(256))
        share = rng.choice((0.0, 0.5, MOSTLY, 1.0))
        assert fits(base, index, box, costs, share) == stopping_fits(base, index, box, costs, share)


@pytest.mark.parametrize("base", [map_base(1600), close_up_base()], ids=["map", "close-up"])
def test_a_grid_s_places_clear_of_the_names_are_those_each_place_s_test_keeps(base: MapBase) -> None:
    """A list of a ``Nearby`` grid's places (a mark's, ``changes.Room``) tells which are on a name per
    name (``OwnLand._on_the_grid``): read 400 places deep round every space's middle in two sizes, it
    holds exactly the places on the map whose box ``BoxIndex.first_hit`` finds clear of the names."""
    for i, centre in enumerate(base.centres):
        if not base.shown[i]:
            continue
        for w, h in ((30.0, 20.0), (52.5, 27.25)):
            grid = Nearby(centre, max(2.0, h / 2), 3000)
            places = own_land(base, -1, ("test", centre, w), grid, w, h, 0.0)
            while places.tried < 400 and places._look_further(len(places.on_land)):
                pass
            hw, hh = w / 2, h / 2
            expected = [
                (x, y)
                for x, y in grid[: places.tried]
                if x - hw >= 0 and y - hh >= 0 and x + hw <= base.width and y + hh <= base.height
                and base.names.first_hit((x - hw, y - hh, x + hw, y + hh)) is None
            ]  # fmt: skip
            assert places.on_land == expected

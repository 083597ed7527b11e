"""The Attack! map: its boards and connections hold the facts the rules rely on, its regions are built
from the world map's shapes, and the loader refuses broken data."""

from __future__ import annotations

import copy

import pytest

from data import load_json
from rules.attack.board import MapError, board, find_place, find_region, is_connected, parse_world
from rules.core.errors import IllegalAction

RAW = load_json("attack/map.json")
SHAPES = load_json("risk/shapes.json")["layouts"]["world_map"]["territories"]


def test_two_theatres_of_four_continents_join_into_the_world():
    west, pacific, world = board("western"), board("pacific"), board("world")
    assert (west.regions, west.zones) == (37, 22)
    assert (pacific.regions, pacific.zones) == (26, 18)
    assert (world.regions, world.zones) == (63, 40)
    assert set(west.continent_of) == {"north_america", "south_america", "europe", "africa"}
    assert set(pacific.continent_of) == {"north_asia", "east_asia", "south_asia", "oceania"}


@pytest.mark.parametrize("name", ["western", "pacific", "world"])
def test_connections_are_symmetric_and_every_board_is_connected(name):
    layout = board(name)
    for r, near in enumerate(layout.land):
        assert all(r in layout.land[n] for n in near)
    for z, near in enumerate(layout.seas):
        assert all(z in layout.seas[n] for n in near)
    for r, zones in enumerate(layout.coasts):
        assert all(r in layout.shores[z] for z in zones)
    assert is_connected(layout)


@pytest.mark.parametrize("name", ["western", "pacific", "world"])
def test_capital_regions_lie_on_a_sea_zone_outside_the_arctic_circle_on_enough_continents(name):
    layout = board(name)
    eligible = [r for r in range(layout.regions) if layout.eligible[r]]
    assert all(layout.coasts[r] and not layout.arctic[r] for r in eligible)
    assert len({layout.continent_of[r] for r in eligible}) >= (8 if name == "world" else 4)


def test_the_arctic_circle_marks_the_far_north():
    west = board("western")
    arctic = {west.region_ids[r] for r in range(west.regions) if west.arctic[r]}
    assert arctic == {"northern_canada", "greenland", "lapland", "arctic_russia"}
    labels = {r["id"]: r["label"] for r in RAW["regions"]}
    assert all(labels[r][1] < RAW["geometry"]["arctic_circle_y"] for r in arctic)


def test_anchored_zones_let_armies_cross_between_regions_on_their_coast():
    west = board("western")
    germany, britain = west.index["germany"], west.index["britain"]
    assert west.crossings[(germany, britain)] == (west.zone_index["north_sea"],)
    assert west.index["west_africa"] not in west.army_neighbours(west.index["brazil"])  # no anchor
    for z in range(west.zones):
        if west.anchor[z]:
            assert len(west.shores[z]) >= 2


def test_sea_lanes_cross_water_between_two_regions():
    west = board("western")
    coasts = {r: set() for r in (x["id"] for x in RAW["regions"])}
    for r, z in RAW["coasts"]:
        coasts[r].add(z)
    wraps = {frozenset(w) for w in RAW["wrap"]}
    for a, b in RAW["sea_lanes"]:
        assert coasts[a] & coasts[b] or frozenset((a, b)) in wraps
    assert west.index["maghreb"] in west.land[west.index["iberia"]]  # Gibraltar


def test_the_joined_world_wraps_east_to_west():
    world, west = board("world"), board("western")
    alaska, chukotka = world.index["alaska"], world.index["chukotka"]
    assert chukotka in world.land[alaska] and "chukotka" not in west.index
    assert world.zone_index["north_pacific"] in world.seas[world.zone_index["gulf_of_alaska"]]
    assert world.zone_index["bering_sea"] in world.coasts[alaska]
    assert world.index["turkey"] in world.land[world.index["ukraine"]]  # the theatres also meet in the middle


def test_regions_are_found_by_id_name_or_alias():
    west = board("western")
    assert find_region(west, "Great Britain") == find_region(west, "britain") == west.index["britain"]
    assert find_place(west, "North Sea") == ("zone", west.zone_index["north_sea"])
    with pytest.raises(IllegalAction) as unknown:
        find_region(west, "Atlantis")
    assert unknown.value.code == "unknown_region"


def _clip(polygon, line, keep):
    (x1, y1), (x2, y2) = line

    def side(p):
        return (x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1)

    sign = 1 if side(keep) > 0 else -1
    out = []
    for i, a in enumerate(polygon):
        b = polygon[(i + 1) % len(polygon)]
        sa, sb = side(a) * sign, side(b) * sign
        if sa >= 0:
            out.append(a)
        if (sa >= 0) != (sb >= 0):
            t = sa / (sa - sb)
            out.append([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])])
    return out


def _area(polygon):
    n = len(polygon)
    return (
        abs(
            sum(
                polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
                for i in range(n)
            )
        )
        / 2
    )


def _region_area(region, shape):
    total = 0.0
    for source in region["sources"]:
        if source["shape"] != shape:
            continue
        for polygon in SHAPES[shape]["polygons"]:
            for cut in source["cuts"]:
                polygon = _clip(polygon, cut["line"], cut["keep"]) if len(polygon) >= 3 else polygon
            total += _area(polygon) if len(polygon) >= 3 else 0.0
    return total


def test_regions_are_cut_from_the_world_map_shapes_each_shape_used_exactly_once():
    used: dict[str, list[dict]] = {}
    for region in RAW["regions"]:
        for source in region["sources"]:
            assert source["shape"] in SHAPES, f"{region['id']} names no shape of the world map"
            used.setdefault(source["shape"], []).append(region)
    assert set(used) == set(SHAPES)  # every territory of the layout is drawn
    for shape, regions in used.items():
        whole = sum(_area(p) for p in SHAPES[shape]["polygons"])
        parts = [_region_area(r, shape) for r in regions]
        assert all(part > 0.05 * whole for part in parts), f"a cut of {shape} leaves a sliver"
        assert sum(parts) == pytest.approx(whole, rel=0.01), f"the cuts of {shape} do not share it out"


def _inside(point, polygon):
    x, y = point
    crossing = False
    for i, (x0, y0) in enumerate(polygon):
        x1, y1 = polygon[i - 1]
        if (y0 > y) != (y1 > y) and x < (x1 - x0) * (y - y0) / (y1 - y0) + x0:
            crossing = not crossing
    return crossing


def test_sea_zone_seeds_lie_in_the_water_and_region_labels_on_their_land():
    land = [p for shape in SHAPES.values() for p in shape["polygons"]]
    for zone in [*RAW["sea_zones"], *RAW["lakes"]]:
        for seed in zone["seeds"]:
            assert not any(_inside(seed, p) for p in land), f"{zone['id']} has a seed on land at {seed}"
    for region in RAW["regions"]:
        polygons = [p for s in region["sources"] for p in SHAPES[s["shape"]]["polygons"]]
        assert any(_inside(region["label"], p) for p in polygons), region["id"]


def _broken(change):
    raw = copy.deepcopy(RAW)
    change(raw)
    return raw


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda raw: raw["regions"].append(dict(raw["regions"][0])), "used twice"),
        (lambda raw: raw["land_borders"].append(["alaska", "alaska"]), "joins a place to itself"),
        (lambda raw: raw["land_borders"].append(["western_canada", "alaska"]), "listed twice"),
        (lambda raw: raw["land_borders"].append(["alaska", "atlantis"]), "does not join a region"),
        (lambda raw: raw["coasts"].append(["north_sea", "britain"]), "does not join a region to a zone"),
        (lambda raw: raw["sea_lanes"].append(["brazil", "madagascar"]), "crosses no sea zone"),
        (lambda raw: raw["wrap"].append(["alaska", "kamchatka"]), "not a listed connection"),
        (lambda raw: raw["wrap"].append(["britain", "france"]), "stays inside one theatre"),
        (lambda raw: raw["wrap"].append(["ukraine", "turkey"]), "east-west edge"),
        (lambda raw: raw["regions"][1].update(label=[200, 400]), "south of the Arctic Circle"),
        (lambda raw: raw["regions"][0].update(continent="atlantis"), "unknown continent"),
        (
            lambda raw: raw.update(
                sea_lanes=[lane for lane in raw["sea_lanes"] if "madagascar" not in lane],
                coasts=[c for c in raw["coasts"] if c[0] != "madagascar"],
            ),
            "not connected",
        ),
    ],
)
def test_the_loader_refuses_broken_data(change, complaint):
    with pytest.raises(MapError, match=complaint):
        parse_world(_broken(change))

"""The drawable shapes of the Attack! map, worked out once from ``data/attack/map.json``.

The map data holds no outlines of its own (see ``data/README.md``): a region is the union of its
sources, each one territory of the world map's shapes (the file and layout ``geometry`` names)
cut by straight lines, keeping the side of each line that holds the source's ``keep`` point; a sea zone
is the water nearer to one of its seeds than to any other seed of a zone or lake. So the outlines here
are exact polygons in the map's frame (its ``view_box`` units): a region's rings are clipped territory
polygons, and a seed's water is its Voronoi cell (the frame cut by the bisector with every other seed),
which the land drawn over it turns into the zone's own water. Nothing here depends on a picture's size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from data import load_json

Point = tuple[float, float]
LAKE = 32.0  # map units round a lake's seed that its water may reach
Ring = tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Geometry:
    view_box: tuple[float, float, float, float]  # x, y, width, height
    arctic_y: float
    region_rings: dict[str, tuple[Ring, ...]]
    region_labels: dict[str, Point]
    region_theatre: dict[str, str]
    zone_cells: dict[str, tuple[Ring, ...]]  # each seed's Voronoi cell (land not removed)
    zone_labels: dict[str, Point]
    zone_short: dict[str, str]  # a short name for a sea smaller than its name on the world (the map only)
    zone_theatre: dict[str, str]
    lake_cells: tuple[Ring, ...]
    land: tuple[Ring, ...]  # every territory polygon of the world map: what is not water
    lanes: tuple[tuple[str, str], ...]  # sea lanes: drawn crossings between two regions
    wraps: tuple[tuple[str, str], ...]  # connections across the joined world's east-west edge


def clip(ring: Sequence[Point], a: float, b: float, c: float) -> Ring:
    """The part of ``ring`` where ``a·x + b·y + c >= 0`` (Sutherland–Hodgman against one half-plane)."""
    out: list[Point] = []
    n = len(ring)
    for i in range(n):
        p, q = ring[i], ring[(i + 1) % n]
        fp, fq = a * p[0] + b * p[1] + c, a * q[0] + b * q[1] + c
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return tuple(out)


def cut(ring: Sequence[Point], line: Sequence[Sequence[float]], keep: Sequence[float]) -> Ring:
    """``ring`` cut by the straight line through ``line[0]`` and ``line[1]``, keeping ``keep``'s side."""
    (x1, y1), (x2, y2) = line
    a, b = -(y2 - y1), x2 - x1
    c = -(a * x1 + b * y1)
    if a * keep[0] + b * keep[1] + c < 0:
        a, b, c = -a, -b, -c
    return clip(ring, a, b, c)


def voronoi_cell(seed: Point, others: Sequence[Point], frame: tuple[float, float, float, float]) -> Ring:
    """The points of ``frame`` nearer to ``seed`` than to any of ``others``: a convex polygon."""
    x0, y0, x1, y1 = frame
    cell: Ring = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    sx, sy = seed
    for ox, oy in others:
        if (ox, oy) == (sx, sy):
            continue
        # nearer to the seed: (p - m)·(s - o) >= 0, m the midpoint
        a, b = sx - ox, sy - oy
        mx, my = (sx + ox) / 2, (sy + oy) / 2
        cell = clip(cell, a, b, -(a * mx + b * my))
        if len(cell) < 3:
            break
    return cell


def _point(p: Sequence[float]) -> Point:
    return (float(p[0]), float(p[1]))


@cache
def geometry() -> Geometry:
    raw: dict[str, Any] = load_json("attack/map.json")
    # The map names the shapes file it is drawn on (relative to the project root): read it from there.
    shapes_file = raw["geometry"]["shapes"].removeprefix("data/")
    shapes: dict[str, Any] = load_json(shapes_file)["layouts"][raw["geometry"]["layout"]]["territories"]
    x, y, w, h = (float(v) for v in raw["geometry"]["view_box"])
    theatre_of = {c["id"]: c["theatre"] for c in raw["continents"]}
    rings: dict[str, tuple[Ring, ...]] = {}
    for region in raw["regions"]:
        parts: list[Ring] = []
        for source in region["sources"]:
            for polygon in shapes[source["shape"]]["polygons"]:
                ring: Ring = tuple(_point(p) for p in polygon)
                for c in source.get("cuts", ()):
                    ring = cut(ring, c["line"], c["keep"]) if len(ring) >= 3 else ring
                if len(ring) >= 3:
                    parts.append(ring)
        rings[region["id"]] = tuple(parts)
    seeds = [(z["id"], _point(s)) for z in raw["sea_zones"] for s in z["seeds"]]
    lake_seeds = [_point(s) for lake in raw["lakes"] for s in lake["seeds"]]
    frame = (x - 50, y - 50, x + w + 50, y + h + 50)
    cells: dict[str, list[Ring]] = {}
    for zid, seed in seeds:
        cells.setdefault(zid, []).append(voronoi_cell(seed, [p for _, p in seeds], frame))
    # A lake's Voronoi cell reaches out into the open sea (off New England, for the Great Lakes): it is
    # kept to its own basin, and the sea zones' cells (drawn first) own the rest of the water.
    every = [p for _, p in seeds] + lake_seeds
    lakes = tuple(
        voronoi_cell(seed, every, (seed[0] - LAKE, seed[1] - LAKE, seed[0] + LAKE, seed[1] + LAKE))
        for seed in lake_seeds
    )
    land = tuple(
        tuple(_point(p) for p in polygon) for shape in shapes.values() for polygon in shape["polygons"]
    )
    return Geometry(
        view_box=(x, y, w, h),
        arctic_y=float(raw["geometry"]["arctic_circle_y"]),
        region_rings=rings,
        region_labels={r["id"]: _point(r["label"]) for r in raw["regions"]},
        region_theatre={r["id"]: theatre_of[r["continent"]] for r in raw["regions"]},
        zone_cells={zid: tuple(c) for zid, c in cells.items()},
        zone_labels={z["id"]: _point(z["label"]) for z in raw["sea_zones"]},
        zone_short={z["id"]: z["short"] for z in raw["sea_zones"] if "short" in z},
        zone_theatre={z["id"]: z["theatre"] for z in raw["sea_zones"]},
        lake_cells=lakes,
        land=land,
        lanes=tuple((a, b) for a, b in raw["sea_lanes"]),
        wraps=tuple((a, b) for a, b in raw["wrap"]),
    )

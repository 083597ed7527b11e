"""Generate ``data/skirmish/map.json``, the original Skirmish map, deterministically.

    .venv/bin/python data/skirmish/make_map.py            # writes data/skirmish/map.json

Not used at run time (the game reads only the JSON). The map is a Voronoi diagram of 36 jittered sites
relaxed twice (Lloyd) inside an oval island, cut by half-planes so every territory is a convex polygon;
a few cells become lakes, which no border crosses. Elevation (0 lowland to 3 mountain) falls off from two
ridges; the coast is never above 1. Names follow the elevation (Fens low, Peaks high). The same seed
always gives the same file, so the map can be regenerated and reviewed.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

WIDTH, HEIGHT = 1000, 700
SEED = 2366
COLUMNS, ROWS = 7, 5
LAKE_COUNT = 3
RIDGES = ((330.0, 260.0), (690.0, 470.0))

LOW = [
    "Ashford",
    "Brackenmere",
    "Dunmarsh",
    "Elder Fen",
    "Greywater",
    "Lowmarsh",
    "Millbrook",
    "Saltings",
    "Sable Ford",
    "Reedwick",
    "Otterbank",
    "Willowmere",
    "Mudlark Flats",
    "Kingsferry",
]
MIDDLE = [
    "Thornfield",
    "Oakhollow",
    "Juniper Vale",
    "Yarrow Downs",
    "Briar Glen",
    "Mistwood",
    "Harrow Hill",
    "Westmarch",
    "Stonegate",
    "Quarry Down",
    "Foxley",
    "Hazelgrove",
    "Barrowby",
]
HIGH = [
    "Falcon Crag",
    "Kestrel Heights",
    "Copper Tor",
    "Redcliff",
    "Ironmoor",
    "Zephyr Bluff",
    "Northwatch",
    "Pike Pass",
    "Upper Wold",
]
TOP = ["Vesper Peak", "Cinder Ridge", "Raven Spire", "Greyhorn", "Eagle's Rest"]

Point = tuple[float, float]


def oval(points: int = 40) -> list[Point]:
    cx, cy, rx, ry = WIDTH / 2, HEIGHT / 2, WIDTH / 2 - 20, HEIGHT / 2 - 20
    return [
        (cx + rx * math.cos(2 * math.pi * k / points), cy + ry * math.sin(2 * math.pi * k / points))
        for k in range(points)
    ]


def inside(polygon: list[Point], p: Point) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def clip(polygon: list[Point], a: float, b: float, c: float) -> list[Point]:
    """Keep the part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman, one edge)."""
    out: list[Point] = []
    for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def cell(sites: list[Point], i: int, outline: list[Point]) -> list[Point]:
    poly = outline
    px, py = sites[i]
    for j, (qx, qy) in enumerate(sites):
        if j != i:
            poly = clip(poly, qx - px, qy - py, (qx * qx + qy * qy - px * px - py * py) / 2)
    return poly


def centroid(poly: list[Point]) -> Point:
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (3 * area), cy / (3 * area))


def shared_edge(a: list[Point], b: list[Point]) -> float:
    """Length of the border two cells share (0 if they only touch at a corner or not at all)."""
    close = [p for p in a if any(math.dist(p, q) < 0.5 for q in b)]
    return max((math.dist(p, q) for p in close for q in close), default=0.0)


def on_coast(poly: list[Point], outline: list[Point]) -> bool:
    cx, cy, rx, ry = WIDTH / 2, HEIGHT / 2, WIDTH / 2 - 20, HEIGHT / 2 - 20
    return any(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 0.97 for x, y in poly)


def elevations(cells: list[list[Point]], land: list[int], outline: list[Point]) -> dict[int, int]:
    """Rank land by distance to the nearest ridge: the 4 nearest inland cells are mountains (3), the next
    8 inland hills (2), the next 10 uplands (1), the rest lowland (0); the coast never rises above 1."""

    def distance(i: int) -> float:
        return min(math.dist(centroid(cells[i]), r) for r in RIDGES)

    ranked = sorted(land, key=distance)
    inland = [i for i in ranked if not on_coast(cells[i], outline)]
    level = dict.fromkeys(land, 0)
    for i in inland[:4]:
        level[i] = 3
    for i in inland[4:12]:
        level[i] = 2
    uplands = [i for i in ranked if level[i] == 0][:10]
    for i in uplands:
        level[i] = 1
    return level


def connected(count: int, near: dict[int, set[int]]) -> bool:
    seen, todo = {0}, [0]
    while todo:
        for n in near[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == count


def generate() -> dict[str, object]:
    rng = random.Random(SEED)
    outline = oval()
    sites: list[Point] = []
    for r in range(ROWS + 1):
        for c in range(COLUMNS + 1):
            x = (c + 0.5 + rng.uniform(-0.35, 0.35) + (0.5 if r % 2 else 0)) * WIDTH / (COLUMNS + 1)
            y = (r + 0.5 + rng.uniform(-0.3, 0.3)) * HEIGHT / (ROWS + 1)
            if inside(outline, (x, y)):
                sites.append((x, y))
    for _ in range(2):  # Lloyd relaxation: evener cells
        sites = [centroid(cell(sites, i, outline)) for i in range(len(sites))]
    cells = [cell(sites, i, outline) for i in range(len(sites))]
    near = {
        i: {j for j in range(len(cells)) if j != i and shared_edge(cells[i], cells[j]) > 12}
        for i in range(len(cells))
    }
    interior = [i for i in range(len(cells)) if not on_coast(cells[i], outline)]
    lakes: list[int] = []
    for i in rng.sample(interior, len(interior)):
        if len(lakes) < LAKE_COUNT and not near[i] & set(lakes):
            rest = [j for j in range(len(cells)) if j not in (*lakes, i)]
            index = {j: k for k, j in enumerate(rest)}
            graph = {index[j]: {index[n] for n in near[j] if n in index} for j in rest}
            if connected(len(rest), graph):
                lakes.append(i)
    land = [i for i in range(len(cells)) if i not in lakes]

    elevation = elevations(cells, land, outline)
    pools = {0: list(LOW), 1: list(MIDDLE), 2: list(HIGH), 3: list(TOP)}
    for pool in pools.values():
        rng.shuffle(pool)
    territories = []
    ids: dict[int, str] = {}
    names: dict[int, str] = {}
    order = sorted(land, key=lambda i: (round(centroid(cells[i])[1] / 60), centroid(cells[i])[0]))
    for i in order:
        level = elevation[i]
        names[i] = pools[level].pop()
        ids[i] = names[i].lower().replace("'", "").replace(" ", "_")
    for i in order:
        x, y = centroid(cells[i])
        territories.append(
            {
                "id": ids[i],
                "name": names[i],
                "elevation": elevation[i],
                "label": [round(x, 1), round(y, 1)],
                "polygon": [[round(px, 1), round(py, 1)] for px, py in cells[i]],
                "neighbours": sorted(ids[n] for n in near[i] if n in ids),
            }
        )
    return {
        "schema": "warboard.skirmish-map/1",
        "name": "The Skirmish Isle",
        "width": WIDTH,
        "height": HEIGHT,
        "territories": territories,
        "lakes": [[[round(px, 1), round(py, 1)] for px, py in cells[i]] for i in lakes],
        "outline": [[round(px, 1), round(py, 1)] for px, py in outline],
    }


def main() -> None:
    data = generate()
    target = Path(__file__).with_name("map.json")
    target.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    terr = data["territories"]
    assert isinstance(terr, list)
    print(f"{len(terr)} territories, {sum(len(t['neighbours']) for t in terr) // 2} borders -> {target}")
    for t in terr:
        print(f"  {t['elevation']} {t['name']:<16} {len(t['neighbours'])} neighbours")


if __name__ == "__main__":
    main()

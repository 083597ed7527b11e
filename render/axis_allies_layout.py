"""What goes where on the Axis & Allies map: the input picture, each territory's marker row and every
unit token's place.

Under each land territory's name sits a row of markers: a gold star on a capital, the IPC value in the
owner's badge shape, and the owner's factory and AA gun (structures, so they live with the territory,
not among the troops). Every other stack is a token placed clear of names, marker rows and other
tokens: first where it lies mostly on its own territory (TripleA's placement points first), then, for
what did not fit, the nearest free place, one stack per territory per round so no crowded territory
takes all the coast its neighbours need.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from render.axis_allies_base import MapBase, ipc_style, map_palette, nearby, power_colour
from render.axis_allies_icons import UNIT_ORDER, UNITS, token_for, token_style
from render.core import colours as C
from render.core.badges import Sprite, badge_sprite
from render.core.shapes import Point, seat_shape
from rules.axis_allies.board import POWERS, classic_board

Box = tuple[float, float, float, float]
STRUCTURES = ("factory", "aa_gun")  # shown in the owner's marker row, not as loose tokens


@dataclass(frozen=True)
class MapPicture:
    owners: Mapping[str, str | None]  # land territory -> power id (None: neutral or uncontrolled)
    units: Mapping[str, Mapping[str, Mapping[str, int]]]  # territory or sea zone -> power -> unit -> count
    ipcs: Mapping[str, int]
    income: Mapping[str, int]
    to_move: str | None
    phase: str | None
    round: int
    title: str
    battles: tuple[str, ...] = ()  # territories and sea zones with a battle pending
    seat_names: Mapping[str, str] = field(default_factory=dict)  # power -> player name


@dataclass(frozen=True, slots=True)
class Token:
    territory: str
    power: str
    unit: str
    count: int
    sprite: Sprite
    centre: Point

    @property
    def box(self) -> Box:
        w, h = self.sprite.size
        return (
            self.centre[0] - w / 2,
            self.centre[1] - h / 2,
            self.centre[0] + w / 2,
            self.centre[1] + h / 2,
        )


@dataclass(frozen=True, slots=True)
class Marker:
    kind: str  # "star", "ipc" or a structure's unit id
    sprite: Sprite | None  # None for the star (drawn as a polygon)
    centre: Point
    size: tuple[int, int]


def check_picture(picture: MapPicture) -> None:
    """``ValueError`` naming the first unknown territory, power or unit."""
    board = classic_board()
    for name, owner in picture.owners.items():
        if name not in board.territories or board.territories[name].is_sea:
            raise ValueError(f"owners: {name!r} is not a land territory")
        if owner is not None and owner not in POWERS:
            raise ValueError(f"owners: {name} is held by an unknown power {owner!r}")
    for name, by_power in picture.units.items():
        if name not in board.territories:
            raise ValueError(f"units: unknown territory or sea zone {name!r}")
        for power, units in by_power.items():
            unknown = set(units) - UNITS
            if power not in POWERS or unknown:
                raise ValueError(f"units in {name}: unknown power {power!r} or units {sorted(unknown)}")
    for name in picture.battles:
        if name not in board.territories:
            raise ValueError(f"battles: unknown territory or sea zone {name!r}")


def marker_rows(picture: MapPicture, base: MapBase) -> dict[int, list[Marker]]:
    """Per land territory (board index), its markers centred under its name."""
    board = classic_board()
    palette = map_palette()
    style, tokens = ipc_style(base.ui), token_style(base.ui * 0.8)
    gap = round(3 * base.ui)
    rows: dict[int, list[Marker]] = {}
    taken = _BoxIndex(round(64 * base.ui))
    for box in base.reserved:
        taken.add(box)
    for i, name in enumerate(board.names):
        label = base.labels[i]
        if label is None:
            continue
        t = board.territories[name]
        owner = picture.owners.get(name)
        items: list[tuple[str, Sprite | None, tuple[int, int]]] = []
        if t.capital_of:
            star = round(20 * base.ui)
            items.append(("star", None, (star, star)))
        if t.production:
            colour = power_colour(owner)
            shape = seat_shape(POWERS.index(owner)) if owner else "rounded"
            ink = palette.ramp(C.ink_on(colour), colour)
            sprite = badge_sprite(shape, str(t.production), style, palette[colour], palette[C.INK], ink)
            items.append(("ipc", sprite, sprite.size))
        if owner is not None:
            mine = picture.units.get(name, {}).get(owner, {})
            for unit in STRUCTURES:
                if mine.get(unit, 0) > 0:
                    sprite = token_for(owner, unit, mine[unit], tokens)
                    items.append((unit, sprite, sprite.size))
        width = sum(size[0] for _, _, size in items) + gap * max(0, len(items) - 1)
        height = max((size[1] for _, _, size in items), default=0)
        centre = _row_place(base, i, label.row_at, width, height, taken)
        x = centre[0] - width / 2
        row = []
        for kind, image, size in items:
            row.append(Marker(kind, image, (x + size[0] / 2, centre[1]), size))
            x += size[0] + gap
        rows[i] = row
        if row:
            taken.add(_box(centre, width, height))
    return rows


def _row_place(base: MapBase, index: int, at: Point, width: float, height: float, taken: _BoxIndex) -> Point:
    """Under the name, unless that covers another territory's name or row: then above or beside it."""
    name = base.reserved[index]
    above = (at[0], name[1] - height / 2 - 1)
    step = 6 * base.ui
    for candidate in (at, above, *((at[0] + dx * step, at[1]) for dx in (1, -1, 2, -2, 3, -3, 4, -4))):
        if not taken.hits(_box(candidate, width, height), ignore=name):
            return candidate
    return at


def row_box(markers: Sequence[Marker]) -> Box | None:
    if not markers:
        return None
    return (
        min(m.centre[0] - m.size[0] / 2 for m in markers),
        min(m.centre[1] - m.size[1] / 2 for m in markers),
        max(m.centre[0] + m.size[0] / 2 for m in markers),
        max(m.centre[1] + m.size[1] / 2 for m in markers),
    )


def token_layout(
    picture: MapPicture, base: MapBase, rows: Mapping[int, Sequence[Marker]] | None = None
) -> list[Token]:
    """Every stack outside the marker rows as a token, with its centre in map pixels."""
    board = classic_board()
    rows = marker_rows(picture, base) if rows is None else rows
    style = token_style(base.ui)
    gap = 1.5 * base.ui
    taken = _BoxIndex(round(64 * base.ui))
    for box in (*base.reserved, *(row_box(r) for r in rows.values())):
        if box is not None:
            taken.add(box)
    stacks: list[tuple[int, str, str, int, Sprite]] = []
    for i, name in enumerate(board.names):
        by_power = picture.units.get(name, {})
        owner = picture.owners.get(name)
        in_row = {m.kind for m in rows.get(i, ())}
        for power in sorted(by_power, key=lambda p: (p != owner, POWERS.index(p))):
            for unit in UNIT_ORDER:
                count = by_power[power].get(unit, 0)
                if count > 0 and not (power == owner and unit in in_row):
                    stacks.append((i, power, unit, count, token_for(power, unit, count, style)))
    placed: dict[tuple[int, str, str], Point] = {}
    left: dict[int, list[tuple[str, str, Sprite]]] = {}
    for i, power, unit, _, sprite in stacks:
        w, h = sprite.size[0] + gap, sprite.size[1] + gap
        centre = _free_spot(base.spots[i][: base.good[i]], w, h, taken, base)
        if centre is None:
            left.setdefault(i, []).append((power, unit, sprite))
        else:
            taken.add(_box(centre, w, h))
            placed[i, power, unit] = centre
    while left:
        for i in sorted(left):
            power, unit, sprite = left[i].pop(0)
            if not left[i]:
                del left[i]
            w, h = sprite.size[0] + gap, sprite.size[1] + gap
            label = base.labels[i]
            box = base.reserved[i]
            anchor = label.row_at if label else ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            sea = board.territories[board.names[i]].is_sea  # ships stay on the water if they can
            near, far = max(2.0, h / 6), h / 2
            centre = (
                _free_spot(base.spots[i][base.good[i] :], w, h, taken, base)
                or _free_spot(nearby(anchor, near, 4000), w, h, taken, base, sea)
                or _free_spot(nearby(anchor, far, 14000), w, h, taken, base, sea)
                or _free_spot(nearby(anchor, far, 14000), w, h, taken, base)
                or anchor  # a map covered in tokens: give up keeping them apart
            )
            taken.add(_box(centre, w, h))
            placed[i, power, unit] = centre
    return [
        Token(board.names[i], power, unit, count, sprite, placed[i, power, unit])
        for i, power, unit, count, sprite in stacks
    ]


def _free_spot(
    spots: Iterable[Point], w: float, h: float, taken: _BoxIndex, base: MapBase, sea: bool = False
) -> Point | None:
    """The first spot where a w×h box fits on the map clear of ``taken`` (with ``sea``: centred on sea)."""
    for centre in spots:
        box = _box(centre, w, h)
        if box[0] < 0 or box[1] < 0 or box[2] > base.width or box[3] > base.height:
            continue
        if sea and not base.sea_lut[base.territory_value(*centre)]:
            continue
        if not taken.hits(box):
            return centre
    return None


def _box(centre: Point, w: float, h: float) -> Box:
    return (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _BoxIndex:
    """Boxes bucketed on a coarse grid, so "does this box touch any placed one" stays cheap."""

    def __init__(self, cell: int) -> None:
        self.cell = max(8, cell)
        self.buckets: dict[tuple[int, int], list[Box]] = {}

    def _cells(self, box: Box) -> list[tuple[int, int]]:
        c = self.cell
        return [
            (x, y)
            for x in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1)
            for y in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1)
        ]

    def add(self, box: Box) -> None:
        for cell in self._cells(box):
            self.buckets.setdefault(cell, []).append(box)

    def hits(self, box: Box, ignore: Box | None = None) -> bool:
        """Whether ``box`` overlaps any box added (``ignore`` aside)."""
        x0, y0, x1, y1 = box
        for cell in self._cells(box):
            for b in self.buckets.get(cell, ()):
                if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 and b is not ignore:
                    return True
        return False

"""What goes where on the Axis & Allies map: the input picture, each territory's marker row and every
unit chip's place.

Under each land territory's name sits a row of markers: a gold star on a capital, the IPC value in the
owner's badge shape and the owner's factory (a structure, so it lives with the territory). Each power's
units in a space are one chip (``render.axis_allies.icons.chip_sprite``), placed clear of names, marker
rows and other chips: the owner's own against its name and marker row where there is room, else on its
territory (TripleA's placement points first), else at the best free place near it; visitors' and fleets'
chips on their territory where they fit, else near it. A chip that ends up off its territory carries a
tail pointing at it.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial

from render.axis_allies.base import (
    MOSTLY,
    MapBase,
    ipc_style,
    map_palette,
    nearby,
    power_colour,
)
from render.axis_allies.diff import MapChanges, check_changes
from render.axis_allies.icons import (
    UNIT_ORDER,
    UNITS,
    Units,
    chip_for,
    chip_style,
    chip_widths,
    token_for,
    token_style,
)
from render.axis_allies.reach import KEPT_TAILS, Costs, cover, nearest_fit, own_land
from render.core import colours as C
from render.core.badges import Sprite, badge_sprite
from render.core.boxes import Box, BoxIndex, box_at
from render.core.cache import forget_oldest, kept
from render.core.shapes import Point, seat_shape
from rules.axis_allies.board import POWERS, classic_board

STRUCTURES = ("factory",)  # shown in the owner's marker row, not in the owner's chip


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
    changes: MapChanges = field(default_factory=MapChanges)  # since the viewer's last look


@dataclass(frozen=True, slots=True)
class Token:
    """One power's units in one space, drawn as a single chip."""

    territory: str
    power: str
    units: Units
    sprite: Sprite
    centre: Point
    tail: Point | None = None  # for a chip mostly off its territory: the point of it the chip points at

    @property
    def count(self) -> int:
        return sum(n for _, n in self.units)

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
    kind: str  # "star", "ipc" or "factory"
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
    check_changes(picture.changes)


def marker_rows(picture: MapPicture, base: MapBase) -> dict[int, list[Marker]]:
    """Per land territory (board index), its markers centred under its name."""
    board = classic_board()
    rows: dict[int, list[Marker]] = {}
    taken = names_index(base)
    units = picture.units
    for i, name in enumerate(board.names):
        label = base.labels[i]
        if label is None:
            continue
        owner = picture.owners.get(name)
        mine = units.get(name, {}).get(owner, {}) if owner is not None else {}
        parts = _row_parts(base, i, owner, tuple([mine.get(unit, 0) for unit in STRUCTURES]))
        if not parts.markers:
            rows[i] = []
            continue
        if not taken.hits(parts.box, ignore=base.reserved[i]):  # (most rows: under the name)
            rows[i] = list(parts.markers)
            taken.add(parts.box)
            continue
        width, height = parts.width, parts.height
        centre = _row_place(base, i, label.row_at, width, height, taken)
        rows[i] = _in_row([(m.kind, m.sprite, m.size) for m in parts.markers], centre, width, parts.gap)
        taken.add(box_at(centre, width, height))
    return rows


@dataclass(frozen=True, slots=True)
class _RowParts:
    """A territory's marker row for one owner and count of structures: its markers placed under the
    name (``label.row_at``), their width, height and gap, and the box they take there."""

    markers: tuple[Marker, ...]
    width: float
    height: int
    gap: int
    box: Box


_ROW_PARTS: dict[tuple[int, int, str | None, tuple[int, ...]], tuple[MapBase, _RowParts]] = {}
_ROW_PARTS_KEPT = 4096  # a base's rows under each owner: a few hundred, some 300 bytes each


def _row_parts(base: MapBase, index: int, owner: str | None, structures: tuple[int, ...]) -> _RowParts:
    """Territory ``index``'s markers held by ``owner`` with ``structures`` (counts, as ``STRUCTURES``),
    placed under its name: the same on every position (``marker_rows`` moves a row that meets another
    territory's name or row), so kept per base."""
    key = (id(base), index, owner, structures)
    found = _ROW_PARTS.get(key)
    if found is not None and found[0] is base:  # (an id can be reused once a base is dropped)
        return found[1]
    palette = map_palette()
    style, tokens = ipc_style(base.ui), token_style(base.ui * 1.12)
    gap = round(3 * base.ui)
    t = classic_board().territories[classic_board().names[index]]
    items: list[tuple[str, Sprite | None, tuple[int, int]]] = []
    if t.capital_of:
        star = round(30 * base.ui)
        items.append(("star", None, (star, star)))
    if t.production:
        colour = power_colour(owner)
        shape = seat_shape(POWERS.index(owner)) if owner else "rounded"
        ink = palette.ramp(C.ink_on(colour), colour)
        sprite = badge_sprite(shape, str(t.production), style, palette[colour], palette[C.INK], ink)
        items.append(("ipc", sprite, sprite.size))
    if owner is not None:
        for unit, n in zip(STRUCTURES, structures, strict=True):
            if n > 0:
                sprite = token_for(owner, unit, n, tokens)
                items.append((unit, sprite, sprite.size))
    width = sum(size[0] for _, _, size in items) + gap * max(0, len(items) - 1)
    height = max((size[1] for _, _, size in items), default=0)
    label = base.labels[index]
    assert label is not None, "a sea zone has no marker row"
    row = _in_row(items, label.row_at, width, gap)
    parts = _RowParts(tuple(row), width, height, gap, box_at(label.row_at, width, height))
    forget_oldest(_ROW_PARTS, _ROW_PARTS_KEPT - 1)  # a race at worst works one out twice
    _ROW_PARTS[key] = (base, parts)
    return parts


def markers_ahead(base: MapBase) -> None:
    """Every marker a row may hold, made (a bot's start-up warm-up): each IPC badge in each owner's
    colour and shape, each power's factory, and each territory's row under each owner."""
    board = classic_board()
    palette = map_palette()
    style, tokens = ipc_style(base.ui), token_style(base.ui * 1.12)
    for owner in (None, *POWERS):
        colour = power_colour(owner)
        shape = seat_shape(POWERS.index(owner)) if owner else "rounded"
        ink = palette.ramp(C.ink_on(colour), colour)
        for production in sorted({t.production for t in board.territories.values() if t.production}):
            badge_sprite(shape, str(production), style, palette[colour], palette[C.INK], ink)
        if owner is not None:
            for unit in STRUCTURES:
                token_for(owner, unit, 1, tokens)
    for i, label in enumerate(base.labels):  # and each row under each owner, with and without a factory
        if label is not None:
            for owner in (None, *POWERS):
                for structures in ((0,), (1,)) if owner is not None else ((0,),):
                    _row_parts(base, i, owner, structures)


def _in_row(
    items: Sequence[tuple[str, Sprite | None, tuple[int, int]]], centre: Point, width: float, gap: int
) -> list[Marker]:
    """``items`` (kind, sprite, size) as markers left to right, ``gap`` apart, their row ``width`` wide
    centred on ``centre``."""
    x = centre[0] - width / 2
    row = []
    for kind, image, size in items:
        row.append(Marker(kind, image, (x + size[0] / 2, centre[1]), size))
        x += size[0] + gap
    return row


def forget_rows() -> None:
    """Forget every territory's kept marker row (a bench's bot just started)."""
    _ROW_PARTS.clear()


def places_ahead(picture: MapPicture, base: MapBase) -> None:
    """Each territory's first places for the chips of one or two kinds (their few widths) read, on its
    land and, for its owner's chip in ``picture``, against its marker row (a bot's start-up warm-up,
    with the starting position: owners and factories change little over a game). About 1,500 short
    lists on the world map, some 3 MB."""
    style, gap = chip_style(base.ui), 4 * base.ui
    kinds = [unit for unit in UNIT_ORDER if unit not in STRUCTURES][:2]
    widths = chip_widths(kinds, style)
    rows = marker_rows(picture, base)
    h = style.height + gap
    for i, shown in enumerate(base.shown):
        if not shown:
            continue
        row = row_box(rows[i]) if i in rows else None
        for width in widths:
            w = width + gap
            if i in rows:
                own_land(base, i, row, partial(_beside_row, base, i, row, w, h), w, h, 0.5).look_ahead()
            own_land(base, i, "spots", base.spots[i][: base.good[i]], w, h, MOSTLY).look_ahead()


def _row_place(base: MapBase, index: int, at: Point, width: float, height: float, taken: BoxIndex) -> Point:
    """Under the name, unless that covers another territory's name or row: then above or beside it."""
    name = base.reserved[index]
    if not taken.hits(box_at(at, width, height), ignore=name):  # (most rows: the rest made only if not)
        return at
    above = (at[0], name[1] - height / 2 - 1)
    step = 6 * base.ui
    for candidate in (above, *((at[0] + dx * step, at[1]) for dx in (1, -1, 2, -2, 3, -3, 4, -4))):
        if not taken.hits(box_at(candidate, width, height), ignore=name):
            return candidate
    return at


def row_box(markers: Sequence[Marker]) -> Box | None:
    """The box round ``markers`` (None for none): in one pass, each side the first of its extremes, as
    ``min`` and ``max`` give it (a set of rows' boxes is made for each new set of rows)."""
    if not markers:
        return None
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for m in markers:
        (cx, cy), (w, h) = m.centre, m.size
        if (v := cx - w / 2) < x0:
            x0 = v
        if (v := cy - h / 2) < y0:
            y0 = v
        if (v := cx + w / 2) > x1:
            x1 = v
        if (v := cy + h / 2) > y1:
            y1 = v
    return x0, y0, x1, y1


def token_layout(
    picture: MapPicture, base: MapBase, rows: Mapping[int, Sequence[Marker]] | None = None
) -> list[Token]:
    """Each power's units in each space (its structures in the marker row aside) as one chip, with its
    centre in map pixels."""
    board = classic_board()
    rows = marker_rows(picture, base) if rows is None else rows
    style = chip_style(base.ui)
    gap = 4 * base.ui
    shared, row_boxes = rows_taken(base, rows)
    taken = shared.copy()
    stacks: list[tuple[int, str, Units, Sprite]] = []
    placed: dict[tuple[int, str], Point] = {}
    territories = board.territories
    # Only the spaces with units, in board order (most of the board's spaces hold none of a power's).
    for name in sorted((n for n, by in picture.units.items() if by), key=lambda n: territories[n].index):
        i, by_power = territories[name].index, picture.units[name]
        owner = picture.owners.get(name)
        in_row = {m.kind for m in rows.get(i, ())} if owner in by_power else set()
        powers = (
            sorted(by_power, key=lambda p: (p != owner, POWERS.index(p))) if len(by_power) > 1 else by_power
        )
        for power in powers:
            counts, skip = by_power[power], in_row if power == owner else ()
            units = tuple(
                (unit, counts[unit]) for unit in UNIT_ORDER if counts.get(unit, 0) > 0 and unit not in skip
            )
            if units:
                stacks.append((i, power, units, chip_for(power, units, style)))
    owners = picture.owners
    costs = _costs(picture)
    # The owners' own stacks first, each against its name and marker row where there is room, else on
    # its land, else at the best place near it; those with the least room per unit go first (a big stack
    # in a small territory is the hardest to place and the worst to see displaced). Then the visitors and
    # fleets where they fit on their territory, and last, best place first, those that did not.
    left: list[tuple[int, str, float, float]] = []

    def urgency(stack: tuple[int, str, Units, Sprite]) -> tuple[bool, float, int]:
        i, power, units, _ = stack
        return owners.get(board.names[i]) != power, base.area[i] / sum(n for _, n in units), i

    for i, power, _, sprite in sorted(stacks, key=urgency):
        w, h = sprite.size[0] + gap, sprite.size[1] + gap
        home = owners.get(board.names[i]) == power
        centre = None
        if home:  # (its places depend on the row's box: the same box, the same places, made once)
            row = row_boxes.get(i)
            beside = own_land(base, i, row, partial(_beside_row, base, i, row, w, h), w, h, 0.5)
            centre = beside.first_free(taken, base, costs[power])
        if centre is None:
            spots = own_land(base, i, "spots", base.spots[i][: base.good[i]], w, h, MOSTLY)
            centre = spots.first_free(taken, base)
        if centre is None and home:
            centre = _best_place(i, w, h, taken, base, costs[power])[1]
        if centre is None:
            left.append((i, power, w, h))
        else:
            taken.add(box_at(centre, w, h))
            placed[i, power] = centre
    # The rest, best place first: a chip whose best place is near its territory goes before one that
    # would have to travel.
    queue = [(*_best_place(i, w, h, taken, base, costs[p]), k) for k, (i, p, w, h) in enumerate(left)]
    heapq.heapify(queue)
    while queue:
        score, centre, k = heapq.heappop(queue)
        i, power, w, h = left[k]
        if score != math.inf and taken.hits(box_at(centre, w, h)):  # its place went to a better claim
            heapq.heappush(queue, (*_best_place(i, w, h, taken, base, costs[power]), k))
            continue
        taken.add(box_at(centre, w, h))
        placed[i, power] = centre
    tokens = []
    for i, power, units, sprite in stacks:
        centre = placed[i, power]
        tokens.append(
            Token(board.names[i], power, units, sprite, centre, _tail(base, i, centre, sprite.size))
        )
    return tokens


Layout = tuple[dict[int, list[Marker]], list[Token]]
_LAID_OUT: dict[tuple[int, Hashable], tuple[MapBase, Layout]] = {}
_LAID_OUT_MAX = 16


def laid_out(picture: MapPicture, base: MapBase) -> Layout:
    """``marker_rows`` and ``token_layout`` of ``picture`` on ``base``, remembered for the last few
    positions: one position is drawn several times (the status board and the turn ping, each with other
    changes marked, the close-up, a player's /game map) and the chips' places, the costliest part of a
    map, depend only on who holds what. Callers must not change what they get."""
    key = (id(base), _position_key(picture))
    found = _LAID_OUT.get(key)
    if found is not None and found[0] is base:  # (an id can be reused once a base is dropped)
        return found[1]
    rows = rows_of(picture, base)
    layout = rows, token_layout(picture, base, rows)
    forget_oldest(_LAID_OUT, _LAID_OUT_MAX - 1)  # a race at worst lays one out twice
    _LAID_OUT[key] = (base, layout)
    return layout


_ROWS: dict[tuple[int, Hashable], tuple[MapBase, dict[int, list[Marker]]]] = {}
_ROWS_MAX = 64


def rows_of(picture: MapPicture, base: MapBase) -> dict[int, list[Marker]]:
    """``marker_rows`` of ``picture`` on ``base``, remembered by what they depend on: who holds each
    territory and which owners' factories stand where. A game's next position almost always keeps
    both, so its rows are found; a new position's layout is then only its chips. Callers must not
    change what they get."""
    owners = tuple(sorted(picture.owners.items(), key=lambda item: item[0]))
    structures = tuple(
        (name, unit, n)
        for name, owner in owners
        if owner is not None
        for unit in STRUCTURES
        if (n := picture.units.get(name, {}).get(owner, {}).get(unit, 0)) > 0
    )
    key = (id(base), (owners, structures))
    found = _ROWS.get(key)
    if found is not None and found[0] is base:
        return found[1]
    rows = marker_rows(picture, base)
    forget_oldest(_ROWS, _ROWS_MAX - 1)
    _ROWS[key] = (base, rows)
    return rows


def _position_key(picture: MapPicture) -> Hashable:
    units = tuple(
        (name, tuple((power, tuple(sorted(units.items()))) for power, units in sorted(by_power.items())))
        for name, by_power in sorted(picture.units.items())
    )
    return tuple(sorted(picture.owners.items(), key=lambda item: item[0])), units


_ROWS_TAKEN: dict[int, tuple[Mapping[int, Sequence[Marker]], tuple[BoxIndex, dict[int, Box | None]]]] = {}


def rows_taken(base: MapBase, rows: Mapping[int, Sequence[Marker]]) -> tuple[BoxIndex, dict[int, Box | None]]:
    """The boxes of ``base``'s names and of ``rows`` indexed, and each row's box: what the chips' layout
    and then the change marks start from, made once for a set of rows (kept rows come back from one
    position to the next). Shared: copy the index to add to it."""
    found = _ROWS_TAKEN.get(id(rows))
    if found is not None and found[0] is rows:  # (held here, so its id is not reused meanwhile)
        return found[1]
    boxes = {i: row_box(r) for i, r in rows.items()}
    taken = names_index(base)
    for box in boxes.values():
        if box is not None:
            taken.add(box)
    forget_oldest(_ROWS_TAKEN, _ROWS_MAX - 1)
    _ROWS_TAKEN[id(rows)] = (rows, (taken, boxes))
    return taken, boxes


def clear_layouts() -> None:
    """Forget every remembered layout and marker row (the bench times new positions with this)."""
    _LAID_OUT.clear()
    _ROWS.clear()
    _ROWS_TAKEN.clear()


def _tail(base: MapBase, index: int, centre: Point, size: tuple[int, int]) -> Point | None:
    """Where the tail of a chip of ``size`` at ``centre`` points, if it is mostly off territory
    ``index``: kept per base (chips' places recur from one position to the next)."""
    key = (index, centre, size)
    found = base.tails.get(key, _UNKNOWN)  # (most calls: no function made for ``kept``)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]

    def work_out() -> Point | None:
        box = box_at(centre, *size)
        return _tail_target(base, index, centre, box) if _share(base, index, box) < 0.5 else None

    return kept(base.tails, key, work_out, KEPT_TAILS)


_UNKNOWN = object()  # (a tail kept as None: the chip is on its territory)


def _tail_target(base: MapBase, index: int, centre: Point, box: Box) -> Point | None:
    """The point of territory ``index`` nearest the chip at ``centre`` (None if the chip covers it)."""
    target = min((math.dist(p, centre), p) for p in base.tail_points[index])[1]
    if box[0] <= target[0] <= box[2] and box[1] <= target[1] <= box[3]:
        return None
    return target


def free_spot(spots: Iterable[Point], w: float, h: float, taken: BoxIndex, base: MapBase) -> Point | None:
    """The first spot where a w×h box fits on the map clear of ``taken``."""
    width, height = base.width, base.height
    for centre, (x0, y0, x1, y1) in taken.clear(spots, w, h):
        if x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height:
            return centre
    return None


def _beside_row(base: MapBase, index: int, row: Box | None, w: float, h: float) -> list[Point]:
    """Places for the owner's w×h chip against its territory's name and marker row (``row``, its box):
    under the row, after it, before it, above the name, then under the row or above the name a little to
    either side."""
    name = base.reserved[index]
    box = row or name
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    under, above = box[3] + h / 2, name[1] - h / 2
    step = 8 * base.ui
    shifts = [dx * step for k in range(1, 9) for dx in (k, -k)]
    return [
        (x, under),
        (box[2] + w / 2, y),
        (box[0] - w / 2, y),
        (x, above),
        *((x + dx, under) for dx in shifts),
        *((x + dx, above) for dx in shifts),
    ]


def _best_place(
    index: int, w: float, h: float, taken: BoxIndex, base: MapBase, costs: Costs
) -> tuple[float, Point]:
    """Where a w×h chip of territory ``index`` that found no room on its land goes, and how good that
    place is (lower is better; ``math.inf``: nowhere free, it overlaps)."""
    label = base.labels[index]
    box = base.reserved[index]
    anchor = label.row_at if label else ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    sea = base.sea_lut[index + 1] > 0  # ships stay on the water if they can
    island = base.good[index] == 0  # no room on it at all: TripleA's places beside it first
    if island and (centre := free_spot(base.spots[index], w, h, taken, base)) is not None:
        return math.dist(centre, anchor) / h + cover(base, index, box_at(centre, w, h), costs)[1], centre
    found = nearest_fit(index, anchor, w, h, taken, base, sea, costs, 0.0 if island else 2.0)
    if found is not None:
        return found
    centre = free_spot(nearby(anchor, h / 2, 14000), w, h, taken, base)
    return (math.inf, anchor) if centre is None else (math.inf, centre)  # a map covered in chips


def _share(base: MapBase, index: int, box: Box) -> float:
    """Roughly how much of ``box`` lies on territory ``index``."""
    return cover(base, index, box)[0]


def _costs(picture: MapPicture) -> dict[str, Costs]:
    """Per power, what covering each territory (by ``territory_at`` value) costs its chip where the chip
    cannot stay on its own: other powers' land a lot (the chip would read as theirs), land its power
    holds a little (a tail says where it belongs), the sea nothing."""
    others, land = _land_costs()
    owned: dict[str | None, list[int]] = {}
    for value, name in land:
        owned.setdefault(picture.owners.get(name), []).append(value)
    costs = {}
    for power in POWERS:
        mine = list(others)
        for value in owned.get(power, ()):
            mine[value] = 0.25
        costs[power] = tuple(mine)
    return costs


@cache
def _land_costs() -> tuple[Costs, tuple[tuple[int, str], ...]]:
    """Every land territory costing 2 (the sea nothing), and the land territories' ``territory_at``
    values with their names."""
    board = classic_board()
    land = tuple((k + 1, name) for k, name in enumerate(board.names) if not board.territories[name].is_sea)
    costs = [0.0] * 256
    for value, _ in land:
        costs[value] = 2.0
    return tuple(costs), land


def names_index(base: MapBase) -> BoxIndex:
    """A new index holding the boxes of ``base``'s names, to add a render's own boxes to: a copy of the
    one the static base built once."""
    return base.names.copy()

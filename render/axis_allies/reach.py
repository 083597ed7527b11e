"""What the chip layout (``layout.token_layout``) reads from the map once per territory and chip size,
and keeps with the map base: where a chip that found no room on its own territory may go (``Reach``,
searched by ``nearest_fit``), and which of a territory's places hold a chip on it (``OwnLand``);
with how a chip's box is sampled to tell what it covers (``cover``, ``fits``).

A displaced chip goes to the free place round its territory's anchor with the lowest score: how far it
is (in chip heights), less ``weight`` times the share of it on its own territory, plus the mean cost of
what else it covers. The first two terms depend only on the map and the chip's size, not on the
position: so a ``Reach`` keeps, for one territory and one chip size, the places tried (the first
``SEARCHED`` of the ``nearby`` grid) ordered by that fixed part, and the territories under each place's
sample points. A search then walks the places best first and stops at the first whose fixed part
alone is worse than the best found (the cost is never negative): a few dozen places, where walking
them by distance took hundreds, each costing a look for boxes in the way.

Both leave out, as they read, the places where a chip would cover a territory's name: the names are
the same on every position and every layout's taken boxes hold them, so such a place is never free.
They were five in six of the places a layout tried (2,367 of 2,805 on the bench's midgame). The marks
drawn after the chips (``changes.Room``) search an ``OwnLand`` of ``nearby``'s places the same way.
A reach tells which of its places are on a name per name, not per place (``Reach._names_in_the_way``:
the grid's columns and rows that meet a name's box are each a run, found by bisection), which took a
third of reading a reach.

Reading a place costs more than trying it, so a reach reads the grid lazily, nearest first, ``READ``
places at a time: a place's fixed part is at least its distance less ``weight``, so once the grid is read
out to distance ``r``, every place whose fixed part is under ``r - weight`` is final. The reaches of a
map base are kept with it (the last ``KEPT``); renders on several threads share them safely: a reach's
final places only ever grow at the end.
"""

from __future__ import annotations

import bisect
import math
import threading
from array import array
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from typing import Protocol

from render.axis_allies.places import Nearby, grid_offsets
from render.core.boxes import Box, BoxIndex, no_blockers
from render.core.cache import kept
from render.core.shapes import Point

Costs = tuple[float, ...]  # per ``territory_at`` value
FREE: Costs = (0.0,) * 256


class Geometry(Protocol):
    """What this module reads of a map base (``base.MapBase``, which keeps what it works out here, so
    this module names the base's parts instead of importing it)."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def territory_bytes(self) -> bytes: ...  # territory index + 1 under each pixel, row by row
    @property
    def sea_lut(self) -> tuple[int, ...]: ...
    @property
    def bounds(self) -> tuple[Box, ...]: ...
    @property
    def names(self) -> BoxIndex: ...  # the names' boxes: in every layout's taken boxes
    @property
    def reaches(self) -> dict[Hashable, Reach]: ...
    @property
    def fitting(self) -> dict[Hashable, OwnLand]: ...


SEARCHED = 2000  # grid places tried round the anchor
KEPT = 256  # reaches kept per map base: at most about 50 KB each, mostly 5-10
KEPT_LISTS = 4096  # lists of own places kept per map base: a few KB each (tuples of shared points)
KEPT_TAILS = 4096  # displaced chips' tails kept per map base (``layout._tail``)
READ = 128  # places read at a time: searches mostly end within the first few hundred
SAME = 1e-9  # scores this close are equal: two places equally far may differ in the last digit
# Where a chip's territory is sampled, as fractions of its box: 15 points (``cover``).
SAMPLE_XS, SAMPLE_YS = (0.1, 0.3, 0.5, 0.7, 0.9), (0.17, 0.5, 0.83)
SAMPLES = tuple((fx, fy) for fx in SAMPLE_XS for fy in SAMPLE_YS)


class Reach:
    """The places round one territory's anchor for one chip size, best fixed part first."""

    def __init__(
        self, territory_bytes: bytes, width: int, height: int, sea_lut: tuple[int, ...], bounds: Box,
        names: BoxIndex, index: int, anchor: Point, w: float, h: float, sea: bool, weight: float,
    ) -> None:  # fmt: skip
        self.pixels, self.width, self.height, self.sea_lut = territory_bytes, width, height, sea_lut
        self.names = names
        self.bounds, self.value, self.anchor = bounds, index + 1, anchor
        self.hw, self.hh, self.h, self.step = w / 2, h / 2, h, max(2.0, h / 3)
        self.sea, self.weight = sea, weight
        # Past this distance (in chip heights) a place's box cannot meet its territory's box, so none
        # of it is on its territory and its fixed part is its distance (a margin for the rounding).
        tx0, ty0, tx1, ty1 = bounds
        corners = [(x, y) for x in (tx0 - w / 2, tx1 + w / 2) for y in (ty0 - h / 2, ty1 + h / 2)]
        self.beyond = max(math.dist(anchor, corner) for corner in corners) / h + 1e-6
        # Per grid number: the territories under its samples, once ``sampled`` says they are there (a
        # place off the box round its territory has nothing on it, so it is sampled only if tried).
        # Grown as places are read (most reaches read a few hundred of their 2,000; a bot keeps hundreds).
        self.samples = bytearray()
        self.sampled = bytearray()
        self.read = 0  # grid numbers read so far
        # The places read whose order is final, best fixed part first (ties nearest first): they only
        # ever grow at the end, so a search walking them while another thread reads on goes on
        # correctly. The rest read (``pending``) could still have an unread place come before them.
        self.fixed: array[float] = array("d")
        self.numbers: array[int] = array("H")
        self.centres: list[Point] = []  # their centres, as ``nearest_fit`` tests them
        self.pending: list[tuple[float, int]] = []
        self.on_names: list[int] | None = None  # ``_names_in_the_way``, made on the first read
        self.lock = threading.Lock()

    def read_more(self, known: int) -> bool:
        """Make more than ``known`` places final (another thread may have meanwhile); False once every
        place is final and there are no more than ``known``."""
        with self.lock:
            while len(self.fixed) <= known and self.read < SEARCHED:
                self._read(min(SEARCHED, self.read + READ))
            return len(self.fixed) > known

    def _read(self, upto: int) -> None:
        offsets, pixels, width, height = grid_offsets(), self.pixels, self.width, self.height
        hw, hh, h, weight = self.hw, self.hh, self.h, self.weight
        tx0, ty0, tx1, ty1 = self.bounds
        ax, ay = self.anchor
        if self.on_names is None:
            self.on_names = self._names_in_the_way()
        on_names, r = self.on_names, searched_span()
        self.samples.extend(bytes(len(SAMPLES) * (upto - self.read)))  # (numbers read only: never shrunk)
        self.sampled.extend(bytes(upto - self.read))
        rows = self.pending
        far = 0.0
        for n in range(self.read, upto):
            dx, dy = offsets[n]
            x, y = ax + dx * self.step, ay + dy * self.step
            far = math.dist((x, y), self.anchor) / h
            x0, y0, x1, y1 = x - hw, y - hh, x + hw, y + hh
            if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
                continue
            if self.sea and not self.sea_lut[pixels[int(y) * width + int(x)]]:
                continue  # ships stay on the water
            if on_names[dx + r] >> (dy + r) & 1:
                continue  # never free: every layout's taken boxes hold the names
            own = 0
            if x0 < tx1 and tx0 < x1 and y0 < ty1 and ty0 < y1:  # else none of it is on its territory
                own = self._sample(n, (x0, y0, x1, y1)).count(self.value)
            rows.append((far - weight * (own / len(SAMPLES)), n))
        rows.sort()
        self.read = upto
        # A place not read yet is at least as far as the last read: its fixed part is no less than that
        # distance less ``weight``, or than that distance once past ``beyond`` (none of it can be on its
        # territory there), so every place read with a smaller one is final.
        settled = math.inf if upto == SEARCHED else far - (weight if far <= self.beyond else 0.0) - SAME
        final = bisect.bisect_right(rows, (settled, SEARCHED))
        # Numbers before fixed parts, each in one step (an array extended by an array, under the GIL): a
        # search on another thread walks while ``k < len(fixed)`` and then reads ``numbers[k]``.
        self.numbers.extend(array("H", [row[1] for row in rows[:final]]))
        step = self.step
        self.centres.extend([(ax + offsets[n][0] * step, ay + offsets[n][1] * step) for _, n in rows[:final]])
        self.fixed.extend(array("d", [row[0] for row in rows[:final]]))
        self.pending = rows[final:]

    def _names_in_the_way(self) -> list[int]:
        """``names_in_the_way`` of this reach's grid."""
        return names_in_the_way(self.names, self.anchor, self.step, self.hw, self.hh, searched_span())

    def _sample(self, number: int, box: Box) -> bytes:
        seen = sampled(self.pixels, self.width, box)
        self.samples[number * len(SAMPLES) : (number + 1) * len(SAMPLES)] = seen
        self.sampled[number] = 1  # (after the samples: another thread reading the flag finds them)
        return seen

    def cost(self, number: int, box: Box, costs: Costs) -> float:
        """The mean of ``costs`` over the samples of place ``number`` (its box ``box``) off its own
        territory."""
        at = number * len(SAMPLES)
        seen = self.samples[at : at + len(SAMPLES)] if self.sampled[number] else self._sample(number, box)
        total, value = 0.0, self.value
        for v in seen:
            if v != value:
                total += costs[v]
        return total / len(SAMPLES)


@cache
def searched_span() -> int:
    """How many grid steps the ``SEARCHED`` places round an anchor reach out, across or down."""
    return span(SEARCHED)


@cache
def span(count: int) -> int:
    """How many grid steps the first ``count`` of ``grid_offsets`` reach out, across or down."""
    return max(max(abs(dx), abs(dy)) for dx, dy in grid_offsets()[:count])


def names_in_the_way(names: BoxIndex, anchor: Point, step: float, hw: float, hh: float, r: int) -> list[int]:
    """Per column of the grid of ``step`` round ``anchor`` (``dx`` from ``-r`` to ``r``), a bit per row
    (``dy`` likewise) set where a 2hw×2hh box centred there would overlap one of ``names``: what
    ``BoxIndex.first_hit`` on the names would say of each place, the same boxes compared the same way,
    worked out per name instead of per place. A box overlaps a name's where its column's span and its
    row's span each overlap the name's, and the columns (rows) that do are a run: the spans' ends only
    grow along the grid."""
    ax, ay = anchor
    xs = [ax + dx * step for dx in range(-r, r + 1)]  # the same sums as a place's (``Nearby``, ``_read``)
    ys = [ay + dy * step for dy in range(-r, r + 1)]
    lefts, rights = [x - hw for x in xs], [x + hw for x in xs]
    tops, bottoms = [y - hh for y in ys], [y + hh for y in ys]
    columns = [0] * len(xs)
    for b in names.overlapping((lefts[0], tops[0], rights[-1], bottoms[-1])):
        # Columns whose span overlaps the name's (left < b[2] and b[0] < right), rows likewise.
        first, end = bisect.bisect_right(rights, b[0]), bisect.bisect_left(lefts, b[2])
        top, bottom = bisect.bisect_right(bottoms, b[1]), bisect.bisect_left(tops, b[3])
        if first < end and top < bottom:
            bits = ((1 << (bottom - top)) - 1) << top
            for k in range(first, end):
                columns[k] |= bits
    return columns


def nearest_fit(
    index: int,
    anchor: Point,
    w: float,
    h: float,
    taken: BoxIndex,
    base: Geometry,
    sea: bool,
    costs: Costs,
    weight: float,
) -> tuple[float, Point] | None:
    """The best free place for a w×h chip round ``anchor``, and its score: near it, as much as can be on
    its own territory (with ``weight`` 2, a chip two of its heights away but wholly on its land beats
    one beside the name but on the sea), and over little that ``costs`` much. With ``sea``, only places
    centred on water. Of places that score the same (to within ``SAME``: two places equally far may
    differ in the last digit), the nearest in ``nearby``'s order. ``taken`` must hold ``base``'s names
    (``layout.names_index``), as every layout's does: places on them are not even looked at."""
    reach = reach_of(base, index, anchor, w, h, sea, weight)
    best: tuple[float, Point] | None = None
    best_number = 0
    fixeds, numbers, centres = reach.fixed, reach.numbers, reach.centres
    hw, hh = w / 2, h / 2
    memo = no_blockers()
    k = 0  # The reach's places best first, until the rest score worse even where they cost nothing:
    while True:  # those within the bound in one call, which narrows it after each place found free
        end = len(fixeds) if best is None else bisect.bisect_right(fixeds, best[0] + SAME, k)
        if k >= end:
            if end < len(fixeds) or not reach.read_more(k):
                return best
            continue
        k = taken.first_clear(centres, k, end, w, h, memo)
        if k < 0:
            k = end
            continue
        number, (x, y) = numbers[k], centres[k]
        score = fixeds[k] + reach.cost(number, (x - hw, y - hh, x + hw, y + hh), costs)
        if best is None or score < best[0] - SAME or (score <= best[0] + SAME and number < best_number):
            best, best_number = (score, (x, y)), number
        k += 1


class OwnLand:
    """A list of places the layout tries in order for a chip of one size on its own territory, and of
    those tried so far, the ones where the chip lies on the map, at least ``share`` on the territory and
    clear of the map's names (every layout's taken boxes hold them: a place on a name is never free).
    That depends only on the map, so it is worked out once, for the places as far down the list as a
    search has gone, and kept: a search walks those first, then goes on down the list."""

    def __init__(
        self, base: Geometry, index: int, places: Sequence[Point], w: float, h: float, share: float
    ) -> None:
        self.pixels, self.width, self.height = base.territory_bytes, base.width, base.height
        self.names = base.names
        self.index, self.hw, self.hh, self.share = index, w / 2, h / 2, share
        self.places = places if isinstance(places, Nearby) else tuple(places)  # (a ``Nearby``: made lazily)
        self.tried = 0  # how many of the places have been looked at
        self.on_land: list[Point] = []  # those of them on the map and on the land, in order
        # Per place of ``on_land``, the territories under its samples (``sampled``; None in a list of
        # share 0, which is not sampled): what ``fits`` reads of it again, kept as it was read.
        self.seen: list[bytes | None] = []
        self.on_names: list[int] | None = None  # for a grid's places (``_on_the_grid``)
        self.lock = threading.Lock()

    def first_free(self, taken: BoxIndex, base: Geometry, costs: Costs | None = None) -> Point | None:
        """The first place where the chip is clear of ``taken`` and on its land (with ``costs``: and over
        little that costs much, as ``fits`` says), or None. ``taken`` must hold the base's names."""
        hw, hh, memo = self.hw, self.hh, no_blockers()
        k = 0
        while True:
            on_land = self.on_land
            k = taken.first_clear(on_land, k, len(on_land), 2 * hw, 2 * hh, memo)
            if k >= 0:
                if costs is None:
                    return on_land[k]
                seen = self.seen[k]  # (made before ``on_land`` grew: at least as long)
                if seen is not None:  # (its share is at least ``share``: so it was kept)
                    if costs_little(seen, self.index + 1, costs):
                        return on_land[k]
                else:
                    x, y = on_land[k]
                    if fits(base, self.index, (x - hw, y - hh, x + hw, y + hh), costs, self.share):
                        return on_land[k]
                k += 1
                continue
            k = len(on_land)
            if not self._look_further(k):
                return None

    def look_ahead(self) -> None:
        """Look at the first places now (a bot's start-up warm-up), so a first search finds them read."""
        self._look_further(len(self.on_land))

    def _look_further(self, known: int) -> bool:
        """Look at the next places unless another thread has meanwhile (``on_land`` grew past ``known``);
        False once there is nothing more to look at."""
        with self.lock:
            if len(self.on_land) > known:
                return True
            if self.tried == len(self.places):
                return False
            start, end = self.tried, min(len(self.places), self.tried + 32)
            seen: list[bytes | None]
            if isinstance(self.places, Nearby) and self.share <= 0:
                new = self._on_the_grid(self.places, start, end)
                seen = [None] * len(new)
            else:
                new, seen = self._on_land(self.places[start:end])
            self.seen = self.seen + seen  # (first: a search reads ``seen`` for a place of ``on_land``)
            self.on_land = self.on_land + new  # a new list: a search walking the old one goes on
            self.tried = end
            return True

    def _on_land(self, places: Sequence[Point]) -> tuple[list[Point], list[bytes | None]]:
        """Of ``places``, those on the map, clear of the names and at least ``share`` on the territory,
        each with its samples (None with a share of 0: not sampled). The names first: two in three of a
        territory's places (TripleA's, beside its row) are on one, and that test costs about half of
        sampling the place."""
        hw, hh, width, height, names = self.hw, self.hh, self.width, self.height, self.names
        pixels, value, share = self.pixels, self.index + 1, self.share
        new: list[Point] = []
        seen: list[bytes | None] = []
        for x, y in places:
            box = (x - hw, y - hh, x + hw, y + hh)
            if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
                continue
            if names.first_hit(box) is not None:
                continue
            samples = sampled(pixels, width, box) if share > 0 else None
            if samples is None or samples.count(value) / len(SAMPLES) >= share:
                new.append((x, y))
                seen.append(samples)
        return new, seen

    def _on_the_grid(self, places: Nearby, start: int, end: int) -> list[Point]:
        """Of ``places[start:end]``, those on the map and clear of the names, told per name for the
        part of the grid read so far (``names_in_the_way``, made again as the reading goes further out)
        instead of per place: the same."""
        r = span(end)
        if self.on_names is None or len(self.on_names) < 2 * r + 1:
            self.on_names = names_in_the_way(self.names, places.centre, places.step, self.hw, self.hh, r)
        on_names, (cx, cy), step = self.on_names, places.centre, places.step
        r = len(on_names) // 2
        hw, hh, width, height = self.hw, self.hh, self.width, self.height
        new = []
        for dx, dy in grid_offsets()[start:end]:
            x, y = cx + dx * step, cy + dy * step  # (``Nearby``'s sums)
            on_map = x - hw >= 0 and y - hh >= 0 and x + hw <= width and y + hh <= height
            if on_map and not on_names[dx + r] >> (dy + r) & 1:
                new.append((x, y))
        return new


def own_land(
    base: Geometry,
    index: int,
    known_as: Hashable,
    places: Sequence[Point] | Callable[[], Sequence[Point]],
    w: float,
    h: float,
    share: float,
) -> OwnLand:
    """``base``'s kept ``OwnLand`` of ``places`` (which ``known_as`` names among territory ``index``'s
    lists of places for this chip size), made if new (the oldest forgotten past ``KEPT_LISTS``).
    ``places`` may be a function making them: called only for a new list."""
    found = base.fitting.get((index, known_as, w, h, share))  # (most calls: no function made for ``kept``)
    if found is not None:
        return found

    def make() -> OwnLand:
        return OwnLand(base, index, places() if callable(places) else places, w, h, share)

    return kept(base.fitting, (index, known_as, w, h, share), make, KEPT_LISTS)


def reach_of(
    base: Geometry, index: int, anchor: Point, w: float, h: float, sea: bool, weight: float
) -> Reach:
    """``base``'s kept ``Reach`` for these, made if new (the oldest forgotten past ``KEPT``)."""
    key = (index, anchor, w, h, sea, weight)
    found = base.reaches.get(key)  # (most calls: no function made for ``kept``)
    if found is not None:
        return found

    def make() -> Reach:
        return Reach(
            base.territory_bytes, base.width, base.height, base.sea_lut, base.bounds[index], base.names,
            index, anchor, w, h, sea, weight,
        )  # fmt: skip

    return kept(base.reaches, key, make, KEPT)


_X1, _X2, _X3, _X4, _X5 = SAMPLE_XS
_Y1, _Y2, _Y3 = SAMPLE_YS


def sampled(pixels: bytes, width: int, box: Box) -> bytes:
    """The territories under ``cover``'s samples of ``box``, in ``SAMPLES`` order, for a box on the map
    (so its samples are too). Written out point by point: it is most of what reading a map's places costs
    (a bot's first positions), and a comprehension over the samples took twice as long for the same
    bytes (the same sums, in the same order)."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    a, b, c = int(y0 + _Y1 * bh) * width, int(y0 + _Y2 * bh) * width, int(y0 + _Y3 * bh) * width
    x = int(x0 + _X1 * bw)
    p1, p2, p3 = pixels[a + x], pixels[b + x], pixels[c + x]
    x = int(x0 + _X2 * bw)
    p4, p5, p6 = pixels[a + x], pixels[b + x], pixels[c + x]
    x = int(x0 + _X3 * bw)
    p7, p8, p9 = pixels[a + x], pixels[b + x], pixels[c + x]
    x = int(x0 + _X4 * bw)
    p10, p11, p12 = pixels[a + x], pixels[b + x], pixels[c + x]
    x = int(x0 + _X5 * bw)
    return bytes(
        (p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, pixels[a + x], pixels[b + x], pixels[c + x])
    )


def cover(base: Geometry, index: int, box: Box, costs: Costs = FREE) -> tuple[float, float]:
    """Roughly how much of ``box`` lies on territory ``index``, and the mean of ``costs`` (per
    ``territory_at`` value) over the rest: 15 points sampled over it."""
    value, pixels, width, height = index + 1, base.territory_bytes, base.width, base.height
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    own, cost = 0, 0.0
    for fx, fy in SAMPLES:
        x, y = int(x0 + fx * bw), int(y0 + fy * bh)
        v = pixels[y * width + x] if 0 <= x < width and 0 <= y < height else 0
        if v == value:
            own += 1
        else:
            cost += costs[v]
    return own / 15, cost / 15


def fits(base: Geometry, index: int, box: Box, costs: Costs, share: float) -> bool:
    """``cover``'s own share at least ``share`` and mean cost at most 0.1, from the same samples (summed
    in the same order: the same float). A box on the map (every place a list keeps) is sampled by
    ``sampled``, which reads its 15 points in a few lines."""
    value, pixels, width, height = index + 1, base.territory_bytes, base.width, base.height
    x0, y0, x1, y1 = box
    if x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height:
        seen: Sequence[int] = sampled(pixels, width, box)
    else:
        bw, bh = x1 - x0, y1 - y0
        seen = [
            pixels[y * width + x] if 0 <= x < width and 0 <= y < height else 0
            for x, y in ((int(x0 + fx * bw), int(y0 + fy * bh)) for fx, fy in SAMPLES)
        ]
    return seen.count(value) / 15 >= share and costs_little(seen, value, costs)


def costs_little(seen: Sequence[int], value: int, costs: Costs) -> bool:
    """Whether the mean of ``costs`` over the samples ``seen`` off territory ``value`` is at most 0.1."""
    cost = 0.0
    for v in seen:
        if v != value:
            cost += costs[v]
    return cost / 15 <= 0.1

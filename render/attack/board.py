"""The Attack! board, made from a view only (``rules.attack.views``), so nothing hidden can leak.

``render_board`` draws the title bar (whose action, and which), the year and season bar, the theatre map
or the joined world (regions in their owners' colours; neutrals grey with their government markers;
capitals, oil markers, armies and navies with counts; sea zones tinted by the navy holding them) and the
standings. What changed since the viewer's last look (``recent`` events) is drawn on it: moves, attacks
and sailings as arrows, captured or won-over regions outlined, units gained and lost as small deltas.
Pure: the same arguments give the same bytes.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from render.attack.base import BoardBase, board_base, zone_font_size, zone_places
from render.attack.keys import Key, draw_keys, key_line, key_places, numbered, place_keys
from render.attack.panel import (
    draw_key_line,
    draw_season_bar,
    draw_standings,
    key_line_height,
    season_height,
    seat_name,
    standings_height,
)
from render.attack.place import spread
from render.attack.seas import CLEAR, Place, draw_names, name_box, place_names, share_under, step_aside
from render.attack.settle import covered, settle
from render.attack.sprites import MARK_ROW, delta, navy_badge, region_mark, short_name
from render.attack.style import ATTACK, SAIL, palette, region_slot, seat_colour, tint, zone_slot
from render.core import colours as C
from render.core.badges import Sprite, paste_sprite
from render.core.fonts import Font, font
from render.core.outlines import Strokes, conquest_strokes, kept_outline, paste_outline
from render.core.panels import TitleInfo, draw_title, title_height
from render.core.png import encode_png
from render.core.shapes import Point, arrow_polygon
from rules.attack.events import (
    ArmyMoved,
    AssaultGathered,
    NavyRetreated,
    Negotiated,
    RegionConquered,
    Researched,
    ShipsEngaged,
    ShipsSailed,
    UnitsBuilt,
    Volley,
)
from rules.attack.state import Stage
from rules.attack.views import AttackView, RegionView, ZoneView
from rules.core.events import Event

Box = tuple[float, float, float, float]
NEARBY = 60  # how far a render moves a label from where the base put it, in pixels at ``ui`` 1
MOVE, STRIKE, SAILING = "move", "attack", "sail"
ARROW_COLOURS = {MOVE: C.HIGHLIGHT, STRIKE: ATTACK, SAILING: SAIL}


@dataclass(frozen=True, slots=True)
class Changes:
    """What ``recent`` events did to the board, by place id."""

    arrows: tuple[tuple[str, tuple[str, ...], str], ...]  # (kind, places along the way, seat colour key)
    outlined: tuple[str, ...]  # regions taken or won over
    gained: dict[str, int]
    lost: dict[str, int]


def changes(recent: Sequence[Event]) -> Changes:
    arrows: list[tuple[str, tuple[str, ...], str]] = []
    outlined: list[str] = []
    gained: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for event in recent:
        if isinstance(event, ArmyMoved):
            arrows.append((MOVE, (event.source, event.target), MOVE))
        elif isinstance(event, AssaultGathered):
            arrows.append((STRIKE, (event.source, event.target), STRIKE))
        elif isinstance(event, ShipsSailed):
            way = (event.source, *event.path, event.target)
            arrows.append((SAILING, tuple(dict.fromkeys(way)), SAILING))
        elif isinstance(event, NavyRetreated):
            arrows.append((SAILING, (event.zone, event.to), SAILING))
        elif isinstance(event, RegionConquered) or (isinstance(event, Negotiated) and event.success):
            outlined.append(event.region)
        elif isinstance(event, UnitsBuilt):
            gained[event.region] += sum(event.army.counts()) + sum(event.navy.counts())
        elif isinstance(event, Volley):
            lost[event.region] += sum(event.destroyed.counts())
        elif isinstance(event, Researched):
            lost[event.region] += sum(event.army.counts()) + sum(event.navy.counts())
        elif isinstance(event, ShipsEngaged):
            lost[event.zone] += sum(1 for _, _, fate in event.hits if fate == "sunk")
    unique = list(dict.fromkeys(arrows))
    return Changes(
        tuple(unique), tuple(dict.fromkeys(outlined)), dict(gained), {k: v for k, v in lost.items() if v}
    )


def render_board(
    view: AttackView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    title: str = "Attack!",
    width: int | None = None,
    deadline: str | None = None,
) -> bytes:
    """The board as PNG bytes; ``names[i]`` is seat i's display name."""
    return encode_png(board_image(view, names, recent=recent, title=title, width=width, deadline=deadline))


def board_image(
    view: AttackView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    title: str = "Attack!",
    width: int | None = None,
    deadline: str | None = None,
) -> Image.Image:
    base = board_base(view.layout, width)
    pal = palette()
    ui = base.ui
    lut = list(base.lut)
    for r, region in enumerate(view.regions):
        lut[region_slot(r)] = pal[seat_colour(region.owner)]
    for z, zone in enumerate(view.zones):
        lut[zone_slot(z)] = pal[tint(zone.owner) if zone.owner >= 0 else C.SEA]
    top = title_height(ui) + season_height(ui)
    map_bottom = top + base.height
    found = changes(recent)
    sprites, centres, names_at, keys = laid_out(view, base, found)
    legend = key_line(keys, base.sea_names)
    below = standings_height(len(view.seats), ui) + (key_line_height(ui) if legend else 0)
    canvas = Image.new("L", (base.width, map_bottom + below), pal[C.PANEL])
    canvas.paste(base.image.point(lut), (0, top))
    draw = ImageDraw.Draw(canvas)
    draw_names(canvas, [p for p in names_at if p is not None], font(zone_font_size(ui)), top, ui)
    draw_keys(canvas, keys, top, ui)
    region_index = {r.id: i for i, r in enumerate(view.regions)}
    for rid in found.outlined:
        if rid in region_index:
            _outline(canvas, base, region_index[rid], top)
    places = {**{z.id: centres[len(view.regions) + k] for k, z in enumerate(view.zones)}}
    places.update({r.id: centres[i] for i, r in enumerate(view.regions)})
    sizes = {r.id: _size(sprites[i]) for i, r in enumerate(view.regions)}
    sizes.update({z.id: _size(sprites[len(view.regions) + k]) for k, z in enumerate(view.zones)})
    for kind, way, _ in found.arrows:
        points = [places[p] for p in way if p in places]
        if len(points) >= 2:
            ends = (sizes.get(way[0], (0, 0)), sizes.get(way[-1], (0, 0)))
            _arrow_path(draw, base, [(x, y + top) for x, y in points], ends, ARROW_COLOURS[kind])
    for sprite, (x, y) in zip(sprites, centres, strict=True):
        if sprite is not None:
            paste_sprite(canvas, sprite, (x, y + top))
    draw_title(canvas, pal, _title_info(view, names, title, deadline), ui)
    draw_season_bar(canvas, pal, view, title_height(ui), ui)
    draw_standings(canvas, pal, view, names, map_bottom, ui)
    if legend:
        draw_key_line(canvas, pal, legend, map_bottom + standings_height(len(view.seats), ui), ui)
    canvas.putpalette(pal.as_bytes())
    return canvas


def _size(sprite: Sprite | None) -> tuple[int, int]:
    return sprite.size if sprite is not None else (0, 0)


def _ships(zone_or_region: ZoneView | RegionView) -> str:
    count = sum(zone_or_region.navy.counts())
    if not count:
        return ""
    cargo = sum(zone_or_region.cargo.counts()) if isinstance(zone_or_region, ZoneView) else 0
    return f"{count}+{cargo}" if cargo else str(count)


def _marks(view: AttackView, base: BoardBase, found: Changes) -> tuple[list[Sprite | None], list[Point]]:
    """Each region's marks, then each zone's ships, then the deltas: sprites and centres (map pixels),
    nudged apart so no count hides another."""
    ui = base.ui
    marks = [_region_mark(region, ui) for region in view.regions]
    ships = [navy_badge(zone.owner, _ships(zone), ui) if _ships(zone) else None for zone in view.zones]
    # A label whose marks came out bigger than the base allowed for (a capital's star, ships in port)
    # first looks for room on its own land, and a zone's ships' badge on its own water, clear of the sea
    # names and of each other (settle.py).
    row = MARK_ROW * ui / 2
    offsets = [(-m.size[0] / 2, -row, m.size[0] / 2, m.size[1] - row) for m in marks]
    afloat = tuple(z for z, s in enumerate(ships) if s is not None)
    for z in afloat:
        w, h = ships[z].size  # type: ignore[union-attr]
        offsets.append((-w / 2, -h / 2, w / 2, h / 2))
    points = _settled(base.layout, base.width, tuple(offsets), afloat)
    sprites: list[Sprite | None] = [*marks, *ships]
    # The marks (the sprite's top row) sit on the region's label point, the name under them.
    anchors = [
        _inside((x, y + m.size[1] / 2 - row), m.size, base) for m, (x, y) in zip(marks, points, strict=False)
    ]
    badges = dict(zip(afloat, points[len(marks) :], strict=True))
    anchors += [badges.get(z, c) for z, c in enumerate(base.zone_anchors)]
    at = {r.id: base.anchors[i] for i, r in enumerate(view.regions)}
    at.update({z.id: base.zone_anchors[k] for k, z in enumerate(view.zones)})
    lift = 30 * ui
    for place, amount in [*found.gained.items(), *((p, -n) for p, n in found.lost.items())]:
        if place in at:
            x, y = at[place]
            sprites.append(delta(amount, ui))
            anchors.append((x + lift * (0.6 if amount > 0 else -0.6), y - lift))
    shown = [i for i, s in enumerate(sprites) if s is not None]
    moved = spread(
        [anchors[i] for i in shown],
        [s.size for s in sprites if s is not None],
        fixed=(),  # not the names: where no spot was clear, no count may hide another, a name may be covered
        bounds=(0, 0, base.width, base.height),
        gap=2 * ui,
    )
    centres = list(anchors)
    for i, centre in zip(shown, moved, strict=True):
        centres[i] = centre
    return sprites, centres


@lru_cache(maxsize=256)
def _settled(layout: str, width: int, offsets: tuple[Box, ...], afloat: tuple[int, ...]) -> tuple[Point, ...]:
    """``settle`` for a board's label sizes and the badges of the zones ``afloat`` (ships at sea),
    kept: the sizes change far less often than the counts (a badge of 12 is as wide as one of 13), so
    most boards of a game reuse the last one's. The labels, then those badges. Keyed by layout and
    width, not by the base, so that no base outlives the bases' cache."""
    base = board_base(layout, width)
    bounds = (0, 0, base.width, base.height)
    start = [*base.anchors, *(base.zone_anchors[z] for z in afloat)]
    places = [*_nearby(layout, width), *(base.zone_spots[z] for z in afloat)]
    return tuple(settle(start, offsets, places, base.zone_names, bounds, base.ui))


@lru_cache(maxsize=8)
def _nearby(layout: str, width: int) -> tuple[tuple[Point, ...], ...]:
    """Each region's spots a render may move its label to: its label point (which the distances are
    measured from), then those within ``NEARBY`` of where the base put it (a bigger label moves a
    little; the base did the long moves), so that a render's search stays short."""
    base = board_base(layout, width)
    reach = NEARBY * base.ui
    return tuple(
        (home[0], *(p for p in home[1:] if math.dist(p, anchor) <= reach))
        for home, anchor in zip(base.spots, base.anchors, strict=True)
    )


def laid_out(
    view: AttackView, base: BoardBase, found: Changes
) -> tuple[list[Sprite | None], list[Point], list[Place | None], list[Key]]:
    """The marks (``_marks``), then the sea names clear of them (``sea_names``; a region's label may step
    aside for one: ``seas.step_aside``), then a ships' badge a
    name still meets moved to a point of its water clear of the names and the other marks, if it has
    one, then a key for each name still more than a tenth under marks (``render.attack.keys``; a label
    may step aside for a key too): each sprite, its centre, each name's place (None: keyed), the keys."""
    sprites, centres = _marks(view, base, found)
    places = sea_names(base, sprites, centres)
    f = font(zone_font_size(base.ui))
    # A name still under marks: the labels or gains and losses over one of its places may step aside.
    first = len(view.regions)
    shown = [i for i, s in enumerate(sprites) if s is not None]
    places, aside = step_aside(
        places,
        [_box(sprites[i], centres[i]) for i in shown],  # type: ignore[arg-type]
        [i < len(view.regions) or i >= first + len(view.zones) for i in shown],  # not a navy's badge
        partial(zone_places, base.layout, base.width),
        f,
        (0, 0, base.width, base.height),
        base.ui,
    )
    for k, (dx, dy) in aside.items():
        x, y = centres[shown[k]]
        centres[shown[k]] = (x + dx, y + dy)
    names = [name_box(p, f) for p in places]
    for z in range(len(view.zones)):
        sprite = sprites[first + z]
        if sprite is None or not covered(_box(sprite, centres[first + z]), names):
            continue
        others = [
            _box(s, c)
            for i, (s, c) in enumerate(zip(sprites, centres, strict=True))
            if s is not None and i != first + z
        ]
        for p in base.zone_spots[z]:
            box = _box(sprite, p)
            inside = box[0] >= 0 and box[1] >= 0 and box[2] <= base.width and box[3] <= base.height
            if inside and not covered(box, names) and not covered(box, others):
                centres[first + z] = p
                break
    return (sprites, centres, *_keyed(view, base, sprites, centres, places, f))


def _keyed(
    view: AttackView,
    base: BoardBase,
    sprites: Sequence[Sprite | None],
    centres: list[Point],
    places: Sequence[Place],
    f: Font,
) -> tuple[list[Place | None], list[Key]]:
    """The names more than ``seas.CLEAR`` under the marks where they finally are, as keys (numbered west
    to east), the marks that step aside for a key moved in ``centres``; the names left, None where
    keyed."""
    shown = [i for i, s in enumerate(sprites) if s is not None]
    marks = [_box(sprites[i], centres[i]) for i in shown]  # type: ignore[arg-type]
    names = [name_box(p, f) for p in places]
    keyed = [z for z, box in enumerate(names) if share_under(box, marks) > CLEAR]
    if not keyed:
        return list(places), []
    first = len(view.regions)
    keys, aside = place_keys(
        numbered(keyed, base.zone_points),
        marks,
        [sprites[i].mask for i in shown],  # type: ignore[union-attr]
        [i < first or i >= first + len(view.zones) for i in shown],
        [b for z, b in enumerate(names) if z not in keyed],
        partial(key_places, base.layout, base.width),
        base.water,
        (0, 0, base.width, base.height),
        base.ui,
    )
    for k, (dx, dy) in aside.items():
        x, y = centres[shown[k]]
        centres[shown[k]] = (x + dx, y + dy)
    return [None if z in keyed else p for z, p in enumerate(places)], keys


def sea_names(base: BoardBase, sprites: Sequence[Sprite | None], centres: Sequence[Point]) -> list[Place]:
    """Where the render writes each sea name: clear of its marks where the name has room
    (``render.attack.seas``)."""
    marks = [_box(s, c) for s, c in zip(sprites, centres, strict=True) if s is not None]
    f = font(zone_font_size(base.ui))
    key = (base.layout, base.width)
    return place_names(
        base.name_places, marks, partial(zone_places, *key), partial(zone_places, *key, away=True), f
    )


def _region_mark(region: RegionView, ui: float) -> Sprite:
    return region_mark(
        region.owner,
        sum(region.army.counts()),
        _ships(region),
        region.marker if region.owner < 0 else None,
        region.capital_of is not None,
        region.oil,
        short_name(region.name),
        ui,
    )


def _box(sprite: Sprite, centre: Point) -> Box:
    x, y = centre
    return (x - sprite.size[0] / 2, y - sprite.size[1] / 2, x + sprite.size[0] / 2, y + sprite.size[1] / 2)


def _inside(centre: Point, size: tuple[int, int], base: BoardBase) -> Point:
    """``centre`` moved in just enough that a sprite of ``size`` is whole in the picture: a region at the
    map's edge ("Arctic Russia") keeps its name readable instead of clipped."""
    margin = 2 * base.ui
    half_w, half_h = size[0] / 2 + margin, size[1] / 2 + margin
    x = min(max(centre[0], half_w), base.width - half_w)
    y = min(max(centre[1], half_h), base.height - half_h)
    return (x, y)


def _outline(canvas: Image.Image, base: BoardBase, region: int, top: int) -> None:
    """A region taken or won over: a white line round it, on a dark one so it shows on every colour
    (kept once drawn: ``render.core.outlines``)."""
    paste_outline(canvas, base, region, base.rings[region], _outline_strokes(base), top)


def outlines_ahead(base: BoardBase) -> None:
    """Every region's outline drawn and kept (the bot's start-up warm-up, some 50 ms a layout)."""
    strokes, top = _outline_strokes(base), title_height(base.ui) + season_height(base.ui)
    for region, rings in enumerate(base.rings):
        kept_outline(base, region, rings, strokes, top)


def _outline_strokes(base: BoardBase) -> Strokes:
    return conquest_strokes(palette(), base.ui)


def _arrow_path(
    draw: ImageDraw.ImageDraw,
    base: BoardBase,
    points: list[Point],
    ends: tuple[tuple[int, int], tuple[int, int]],
    colour: C.Rgb,
) -> None:
    """An arrow along ``points`` (a sailing's zones), from the first mark's edge to the last's; a leg
    longer than half the world goes round the back (out of one edge, in at the other)."""
    pal = palette()
    u = base.ui
    legs = list(itertools.pairwise(points))
    for k, (a, b) in enumerate(legs):
        if base.wraps and abs(b[0] - a[0]) > base.width / 2:
            shift = base.width if b[0] < a[0] else -base.width
            _leg(draw, a, (b[0] + shift, b[1]), ends[0] if k == 0 else (0, 0), (0, 0), colour, u, False)
            _leg(draw, (a[0] - shift, a[1]), b, (0, 0), ends[1], colour, u, k == len(legs) - 1)
            continue
        start = ends[0] if k == 0 else (0, 0)
        stop = ends[1] if k == len(legs) - 1 else (0, 0)
        _leg(draw, a, b, start, stop, colour, u, k == len(legs) - 1)
    del pal


def _leg(
    draw: ImageDraw.ImageDraw,
    a: Point,
    b: Point,
    a_size: tuple[int, int],
    b_size: tuple[int, int],
    colour: C.Rgb,
    u: float,
    head: bool,
) -> None:
    pal = palette()
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = _exit(a_size, ux, uy) + 2 * u
    stop = _exit(b_size, ux, uy) + 2 * u
    if length - start - stop < 10 * u:
        return
    p = (a[0] + ux * start, a[1] + uy * start)
    q = (b[0] - ux * stop, b[1] - uy * stop)
    edge = 2.5 * u
    if head:
        back = (p[0] - ux * edge, p[1] - uy * edge)
        tip = (q[0] + ux * edge * 1.6, q[1] + uy * edge * 1.6)
        draw.polygon(
            arrow_polygon(back, tip, 7 * u + 2 * edge, 22 * u + 3 * edge, 22 * u + 4 * edge), fill=pal[C.INK]
        )
        draw.polygon(arrow_polygon(p, q, 7 * u, 22 * u, 22 * u), fill=pal[colour])
        return
    draw.line([p, q], fill=pal[C.INK], width=round(7 * u + 2 * edge))
    draw.line([p, q], fill=pal[colour], width=round(7 * u))


def _exit(size: tuple[int, int], ux: float, uy: float) -> float:
    w, h = size
    if w == 0 or h == 0:
        return 0.0
    tx = (w / 2) / abs(ux) if abs(ux) > 1e-9 else math.inf
    ty = (h / 2) / abs(uy) if abs(uy) > 1e-9 else math.inf
    return min(tx, ty)


def _title_info(view: AttackView, names: Sequence[str], title: str, deadline: str | None) -> TitleInfo:
    where = {"western": "Western theatre", "pacific": "Pacific theatre", "world": "The world"}[view.layout]
    if view.stage is Stage.OVER:
        winners = view.winners
        if len(winners) == 1:
            return TitleInfo(title, where, seat_name(names, winners[0]), winners[0], "wins!", None)
        together = " and ".join(seat_name(names, s) for s in winners)
        return TitleInfo(title, f"{where} · {together} share the win", deadline=None)
    if not view.to_act:
        return TitleInfo(title, where, deadline=deadline)
    seat = view.to_act[0]
    if len(view.to_act) > 1:  # both sides of a navy battle line up at once
        together = " and ".join(seat_name(names, s) for s in view.to_act)
        return TitleInfo(title, where, together, None, _doing(view, seat), deadline)
    return TitleInfo(title, where, seat_name(names, seat), seat, _doing(view, seat), deadline)


def _doing(view: AttackView, seat: int) -> str:
    """What the seat to act must do, in a few words (the title bar has little room)."""
    army, navy = view.army_battle, view.navy_battle
    if navy is not None:
        return "to line up ships" if navy.awaiting == "lineup" else "to retreat or fight on"
    if army is not None:
        return "to set the battle line" if army.awaiting == "deploy" else f"to add {army.need} to the line"
    if view.stage is Stage.GOVERNMENT:
        return "to choose a government"
    if view.stage is Stage.CAPITAL:
        return "to place a capital"
    if view.stage is Stage.DIRECTION:
        return "to choose the direction"
    if view.action is not None and view.action.seat == seat:
        return f"in a {view.action.kind.title()}"
    if view.season == "winter" and not view.burned:
        return "to burn oil or pass"
    return "to take an action"

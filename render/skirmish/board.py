"""The Skirmish map, made from views only (``rules.skirmish.views``), so nothing hidden can leak.

``render_board`` draws owners' colours over the elevation-shaded static layer (``base``), a badge of units
by type on every held territory (``badges``), what changed since the viewer's last look (``marks``:
attacks and moves as arrows, territories taken outlined, net gains and losses as small +n / −n chips),
the battle being fought, a title bar (who acts, doing what) and the legend. Pure: the same arguments
always give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import Box, Sprite, paste_sprite
from render.core.fonts import font
from render.core.outlines import Strokes, conquest_strokes, kept_outline, paste_outline
from render.core.panels import TitleInfo, draw_title, title_height
from render.core.png import encode_png
from render.core.shapes import Point, arrow_polygon
from render.core.text import draw_text
from render.skirmish.badges import unit_badge
from render.skirmish.base import (
    GAIN,
    LOSS,
    MOVE,
    MapBase,
    badge_style,
    fill_slot,
    hatch_slot,
    map_base,
    map_palette,
    owner_colour,
    shade,
)
from render.skirmish.layout import badge_places
from render.skirmish.legend import Row, draw_legend, legend_height
from render.skirmish.marks import changes
from rules.core.events import Event
from rules.skirmish.board import skirmish_map
from rules.skirmish.state import Phase, SeatStatus
from rules.skirmish.views import SkirmishView

DEFAULT_WIDTH = 1100
STEP_WORDS = {
    "defend": "to defend",
    "losses": "to take losses",
    "assign": "to form the skirmishes",
    "extra": "to add extra dice",
    "cards": "to play counters and cards",
    "order": "to order the skirmishes",
    "occupy": "to share out the winners",
    "place": "to place troops",
    "reduce": "to discard cards",
}
# A turn's own steps, as a player would say them ("to standard" read as a verb the game does not have).
PHASE_WORDS = {
    Phase.STANDARD: "to take standard actions",
    Phase.EXCHANGE: "to exchange units",
    Phase.ATTACK: "to attack",
    Phase.MOVE: "to make the free move",
    Phase.REDUCE: "to discard cards",
}


def render_board(
    view: SkirmishView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    title: str = "Skirmish",
    deadline: str | None = None,
    width: int = DEFAULT_WIDTH,
) -> bytes:
    """The map as PNG bytes; ``names[i]`` is seat i's display name, ``recent`` the events to mark."""
    return encode_png(board_image(view, names, recent=recent, title=title, deadline=deadline, width=width))


def board_image(
    view: SkirmishView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    title: str = "Skirmish",
    deadline: str | None = None,
    width: int = DEFAULT_WIDTH,
) -> Image.Image:
    if not 500 <= width <= 3000:
        raise ValueError(f"width must be between 500 and 3000 pixels, not {width}")
    if tuple(t.id for t in view.territories) != skirmish_map().ids:
        raise ValueError("the view is not of the Skirmish map (territories missing or out of order)")
    base = map_base(width)
    palette = map_palette()
    ui = base.ui
    lut = list(base.lut)
    for i, t in enumerate(view.territories):
        colour = owner_colour(t.owner)
        lut[fill_slot(i)] = palette[colour]
        lut[hatch_slot(i)] = palette[shade(colour)]
    rows = legend_rows(view, names)
    top = title_height(ui)
    canvas = Image.new("L", (width, top + base.height + legend_height(len(rows), ui)), palette[C.PANEL])
    canvas.paste(base.image.point(lut), (0, top))
    draw = ImageDraw.Draw(canvas)
    index = {t.id: i for i, t in enumerate(view.territories)}

    marks = changes(recent)
    outlined = [index[tid] for tid in marks.taken if tid in index]
    for i in outlined:
        _outline(canvas, base, i, top)
    _plates_on_top(canvas, base, _plates_near(base, outlined), top)
    sprites, centres = badge_layout(view, base)
    centres = [(x, y + top) for x, y in centres]
    sizes = [s.size if s else (0, 0) for s in sprites]
    arrows = [(pair, HIGHLIGHT_ARROW) for pair in marks.attacks]
    if view.battle is not None:
        arrows.append(((view.battle.attacker.territory, view.battle.defender.territory), HIGHLIGHT_ARROW))
    arrows += [(pair, MOVE_ARROW) for pair in marks.moves]
    drawn: set[tuple[str, str]] = set()
    crossed: set[int] = set()
    for (source, target), style in arrows:
        if (source, target) in drawn or source not in index or target not in index:
            continue
        drawn.add((source, target))
        a, b = index[source], index[target]
        both_ways = (target, source) in drawn
        ends = (
            _label_box(base, a, centres[a], sizes[a], top),
            _label_box(base, b, centres[b], sizes[b], top),
        )
        _arrow(draw, centres[a], centres[b], ends, ui, style, both_ways)
        crossed |= _plates_under(base, centres[a], centres[b], top) - {a, b}
    _plates_on_top(canvas, base, crossed, top)
    for sprite, centre in zip(sprites, centres, strict=True):
        if sprite is not None:
            paste_sprite(canvas, sprite, centre)
    for tid, n in marks.deltas:
        if tid in index:
            i = index[tid]
            _delta(canvas, centres[i], sizes[i], n, ui)
    for i, t in enumerate(view.territories):
        if t.truce:
            _truce(canvas, centres[i], sizes[i], ui)
    draw_title(canvas, palette, title_info(view, names, title, deadline), ui)
    draw_legend(canvas, top + base.height, rows, ui)
    canvas.putpalette(palette.as_bytes())
    return canvas


HIGHLIGHT_ARROW = C.HIGHLIGHT
MOVE_ARROW = MOVE


def badge_layout(view: SkirmishView, base: MapBase) -> tuple[list[Sprite | None], list[Point]]:
    """Each territory's badge (None when empty) and its centre in map pixels: under its name plate,
    nudged off its neighbours' badges and the plates."""
    style = badge_style(base.ui)
    sprites: list[Sprite | None] = [
        unit_badge(t.owner, t.units.counts(), style) if t.units.total else None for t in view.territories
    ]
    placed = badge_places(base.width, tuple(s.size if s else (0, 0) for s in sprites))
    return sprites, list(placed)


def seat_name(names: Sequence[str], seat: int) -> str:
    if seat < 0:
        return "Nobody"
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def title_info(view: SkirmishView, names: Sequence[str], title: str, deadline: str | None) -> TitleInfo:
    if view.phase is Phase.OVER:
        status = f"Game over · Round {view.round}"
        if view.winners:
            who = " & ".join(seat_name(names, s) for s in view.winners)
            return TitleInfo(
                title, status, who, view.winners[0], "wins!" if len(view.winners) == 1 else "win!"
            )
        return TitleInfo(title, status)
    rounds = f"Round {view.round} of {view.options.round_limit}"
    status = f"{rounds} · Turn {view.turn} · {view.phase.value.capitalize()}"
    waiting = view.waiting
    if waiting is None:
        return TitleInfo(title, status, deadline=deadline)
    action = STEP_WORDS.get(waiting.step) or PHASE_WORDS.get(view.phase, f"to {view.phase.value}")
    if waiting.step == "defend" and view.battle is not None:
        where = {t.id: t.name for t in view.territories}
        action = f"to defend {where.get(view.battle.defender.territory, view.battle.defender.territory)}"
    elif waiting.step == "place":
        action = f"to place {view.placing} troops"
    return TitleInfo(title, status, seat_name(names, waiting.seat), waiting.seat, action, deadline)


def legend_rows(view: SkirmishView, names: Sequence[str]) -> list[Row]:
    acting = view.waiting.seat if view.waiting else None
    notes = {SeatStatus.ELIMINATED: "out", SeatStatus.RESIGNED: "resigned"}
    return [
        Row(
            seat=s.seat,
            name=seat_name(names, s.seat),
            values=(s.territories, s.on_map.total, s.map_value, s.cards, s.garrison.troop),
            note=notes.get(s.status, ""),
            current=s.seat == acting or s.seat in view.winners,
        )
        for s in view.seats
    ]


def _outline(canvas: Image.Image, base: MapBase, territory: int, top: int) -> None:
    """A territory taken: a white line round it on a dark one, so it shows on every colour (kept once
    drawn: ``render.core.outlines``)."""
    paste_outline(canvas, base, territory, (base.rings[territory],), _outline_strokes(base), top)


def outlines_ahead(base: MapBase) -> None:
    """Every territory's outline drawn and kept (the bot's start-up warm-up, some 15 ms)."""
    strokes, top = _outline_strokes(base), title_height(base.ui)
    for territory, ring in enumerate(base.rings):
        kept_outline(base, territory, (ring,), strokes, top)


def _outline_strokes(base: MapBase) -> Strokes:
    return conquest_strokes(map_palette(), base.ui)


def _label_box(base: MapBase, i: int, centre: Point, size: tuple[int, int], top: int) -> Box:
    """A territory's name plate and badge together: arrows start and end at its edge."""
    px0, py0, px1, py1 = base.plates[i]
    w, h = size
    return (
        min(px0, centre[0] - w / 2),
        py0 + top,
        max(px1, centre[0] + w / 2),
        max(py1 + top, centre[1] + h / 2),
    )


def _arrow(
    draw: ImageDraw.ImageDraw,
    a: Point,
    b: Point,
    ends: tuple[Box, Box],
    ui: float,
    colour: C.Rgb,
    offset_side: bool,
) -> None:
    """From label to label, edge to edge; the second of two opposite arrows runs beside the first."""
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    if offset_side:
        shift = 10 * ui
        a, b = (a[0] - uy * shift, a[1] + ux * shift), (b[0] - uy * shift, b[1] + ux * shift)
    start = _leave(ends[0], a, ux, uy) + 3 * ui
    stop = _leave(ends[1], b, -ux, -uy) + 3 * ui
    if length - start - stop < 24 * ui:  # close labels: a short arrow between the two badges
        start, stop = length * 0.3, length * 0.3
    p = (a[0] + ux * start, a[1] + uy * start)
    q = (b[0] - ux * stop, b[1] - uy * stop)
    palette = map_palette()
    edge = 2.5 * ui
    back, tip = (p[0] - ux * edge, p[1] - uy * edge), (q[0] + ux * edge * 1.6, q[1] + uy * edge * 1.6)
    outline = arrow_polygon(back, tip, 7 * ui + 2 * edge, 20 * ui + 3 * edge, 20 * ui + 4 * edge)
    draw.polygon(outline, fill=palette[C.INK])
    draw.polygon(arrow_polygon(p, q, 7 * ui, 20 * ui, 20 * ui), fill=palette[colour])


def _leave(box: Box, p: Point, ux: float, uy: float) -> float:
    """How far a ray from ``p`` (inside ``box``) travels along (ux, uy) before it leaves the box."""
    x0, y0, x1, y1 = box
    tx = ((x1 - p[0]) / ux if ux > 0 else (x0 - p[0]) / ux) if abs(ux) > 1e-9 else math.inf
    ty = ((y1 - p[1]) / uy if uy > 0 else (y0 - p[1]) / uy) if abs(uy) > 1e-9 else math.inf
    return max(0.0, min(tx, ty))


def _plates_on_top(canvas: Image.Image, base: MapBase, plates: set[int], top: int) -> None:
    """Names stay readable: the plates an outline or an arrow crossed go back on top of it."""
    for i in sorted(plates):
        box, sprite = base.plates[i], base.plate_sprites[i]
        canvas.paste(sprite.image, (round(box[0]), round(box[1]) + top), sprite.mask)


def _plates_near(base: MapBase, territories: list[int]) -> set[int]:
    """The plates inside the bounding boxes of these territories' outlines."""
    near: set[int] = set()
    for t in territories:
        xs, ys = [x for x, _ in base.rings[t]], [y for _, y in base.rings[t]]
        near |= {
            i
            for i, (px0, py0, px1, py1) in enumerate(base.plates)
            if px0 <= max(xs) and min(xs) <= px1 and py0 <= max(ys) and min(ys) <= py1
        }
    return near


def _plates_under(base: MapBase, a: Point, b: Point, top: int) -> set[int]:
    """The name plates the box spanned by an arrow from ``a`` to ``b`` touches."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1] - top, b[1] - top))
    return {
        i
        for i, (px0, py0, px1, py1) in enumerate(base.plates)
        if px0 <= x1 and x0 <= px1 and py0 <= y1 and y0 <= py1
    }


def _chip(canvas: Image.Image, left: float, mid: float, text: str, colour: C.Rgb, ui: float) -> None:
    palette = map_palette()
    f = font(round(16 * ui), bold=True)
    w = f.getlength(text) + 10 * ui
    h = 20 * ui
    ImageDraw.Draw(canvas).rounded_rectangle(
        (left, mid - h / 2, left + w, mid + h / 2), radius=round(6 * ui), fill=palette[C.INK]
    )
    draw_text(canvas, (left + w / 2, mid), text, f, palette.ramp(colour, C.INK), "mm")


def _delta(canvas: Image.Image, centre: Point, size: tuple[int, int], n: int, ui: float) -> None:
    """+n (green) or −n (red) just right of the badge (or the territory's label when it is empty)."""
    text = f"+{n}" if n > 0 else f"−{-n}"
    _chip(canvas, centre[0] + size[0] / 2 + 2 * ui, centre[1], text, GAIN if n > 0 else LOSS, ui)


def _truce(canvas: Image.Image, centre: Point, size: tuple[int, int], ui: float) -> None:
    _chip(canvas, centre[0] - size[0] / 2 - 2 * ui - 58 * ui, centre[1], "truce", C.TEXT, ui)

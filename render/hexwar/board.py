"""The Hex war board, drawn from a view only (``rules.hexwar.views``), so nothing hidden can leak.

Each placed hex is drawn where the grid puts it (``geometry``), filled with its owner's colour (water:
a dark slate with waves), its name as players type it on top (``C7``), a star on a capital, a skyline on
a city and an anchor on a port city, its defences as a small ``G A W`` label, and each seat's units as
one chip (``chips``). When the board uses every column, the wrap shows as faded copies of the edge
columns beyond each side; otherwise the picture is cut at an empty column, which nothing crosses. While
the board is being built, the empty cells where the next hex may go are outlined with their names.

Over that, ``overlay`` draws what changed (``changes``): arrows for every move (``arrows``), battles
marked with their outcome, captures outlined, and units lost and placed as small ``−N`` and ``+N``. A
seat's own orders are drawn the same way on its private picture (``render.hexwar.orders``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import Sprite, paste_sprite
from render.core.fonts import font
from render.core.panels import TitleInfo, draw_title, title_height
from render.core.png import encode_png
from render.core.shapes import Point, dashed_line
from render.core.text import draw_text
from render.hexwar import look
from render.hexwar.arrows import draw_arrow
from render.hexwar.changes import Changes, Fight, changes
from render.hexwar.chips import chip_sprite, chip_style, mark_sprite, pill_sprite, seat_units
from render.hexwar.frame import Frame, Placed
from render.hexwar.geometry import SQRT3, HexLayout, hex_layout, row_span, window
from render.hexwar.legend import draw_legend, legend_height, title_info
from rules.core.events import Event
from rules.hexwar.state import Phase
from rules.hexwar.views import HexView, HexWarView


def render_board(
    view: HexWarView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    title: str = "Hex war",
    width: int = look.REFERENCE_WIDTH,
    deadline: str | None = None,
    status: str | None = None,
) -> bytes:
    """The board as PNG bytes, with what changed among ``recent`` drawn over it."""
    image = board_image(
        view, names, recent=recent, title=title, width=width, deadline=deadline, status=status
    )
    return encode_png(image)


def board_image(
    view: HexWarView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    title: str = "Hex war",
    width: int = look.REFERENCE_WIDTH,
    deadline: str | None = None,
    status: str | None = None,
) -> Image.Image:
    """The board before encoding: a palette ("P") image. ``status`` replaces the title bar's account of
    the phase (the round picture says which round it shows)."""
    ui = width / look.REFERENCE_WIDTH
    info = title_info(view, names, title, deadline)
    if status is not None:  # a past round's picture: nobody is asked to act in it
        info = replace(info, status=status, actor=None, actor_seat=None, action="", deadline=None)
    canvas, frame = map_image(view, info, width, legend_height(len(view.seats), ui))
    overlay(canvas, frame, view, changes(recent))
    draw_legend(canvas, look.board_palette(), frame.bottom, view, names, ui, wrap_note(view, frame.layout))
    canvas.putpalette(look.board_palette().as_bytes())
    return canvas


def map_image(view: HexWarView, info: TitleInfo, width: int, below: int) -> tuple[Image.Image, Frame]:
    """A canvas with the title bar and the hexes' fills, and ``below`` pixels left free under the map for
    the caller's panel; names, marks and units are drawn by ``overlay``, over the arrows."""
    if not 400 <= width <= 4000:
        raise ValueError(f"width must be between 400 and 4000 pixels, not {width}")
    palette = look.board_palette()
    ui = width / look.REFERENCE_WIDTH
    top = title_height(ui)
    cells = [(h.col, h.row) for h in view.hexes] + [_cell_of(name) for name in view.free]
    columns = window(view.width, [c for c, _ in cells])
    rows = row_span(view.height, [r for _, r in cells])
    layout = hex_layout(view.width, view.height, width, top, *columns, *rows)
    sizes = look.sizes(width, layout.hex_width)
    canvas = Image.new("L", (width, top + layout.height + below), palette[look.VOID])
    frame = Frame(
        layout,
        sizes,
        chip_style(sizes.hex_scale),
        {h.name: layout.centre(h.col, h.row) for h in view.hexes},
        top + layout.height,
    )
    draw = ImageDraw.Draw(canvas)
    _free_cells(canvas, draw, frame, view)
    for h in view.hexes:
        ghost = layout.ghost_centre(h.col, h.row)
        if ghost is not None:
            _hex(canvas, draw, frame, h, ghost, faded=True)
    for h in view.hexes:
        _hex(canvas, draw, frame, h, frame.centres[h.name], faded=False)
    draw_title(canvas, palette, info, ui)
    return canvas, frame


def wrap_note(view: HexWarView, layout: HexLayout) -> str:
    last = chr(ord("A") + view.width - 1)
    if layout.ghosts:
        return (
            f"The board wraps left to right (column {last} borders column A): faded hexes are the other side."
        )
    return f"The board wraps left to right: column {last} borders column A."


# ---- hexes ------------------------------------------------------------------------------------------


def _fill(h: HexView) -> C.Rgb:
    return look.WATER if h.kind == "water" else look.land(h.owner)


def _hex(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, frame: Frame, h: HexView, centre: Point, *, faded: bool
) -> None:
    """A hex's fill and outline (and a water hex's waves); a ghost also gets its name, faded."""
    palette = look.board_palette()
    layout, px = frame.layout, frame.sizes
    fill = _fill(h)
    shown = look.ghost(fill) if faded else fill
    draw.polygon(layout.corners(centre), fill=palette[C.INK])
    draw.polygon(layout.corners(centre, inset=max(1.0, px(2.2))), fill=palette[shown])
    if faded:
        cx, cy = centre
        ramp = palette.ramp(C.MUTED, shown)
        draw_text(canvas, (cx, cy - layout.size * 0.55), h.name, font(px(19), bold=True), ramp, "mm")
    elif h.kind == "water":
        _waves(draw, frame, centre)


def _labels(canvas: Image.Image, frame: Frame, h: HexView) -> None:
    """A hex's name on top, a star on a capital and a skyline or an anchor for a city or a port city
    beside it, its defences as a small ``G A W`` label at the bottom. Drawn after the arrows, so an
    arrow never hides a name."""
    palette = look.board_palette()
    layout, px = frame.layout, frame.sizes
    fill = _fill(h)
    cx, cy = frame.centres[h.name]
    name_y = cy - layout.size * 0.55
    ramp = palette.ramp(C.ink_on(fill), fill)
    draw_text(canvas, (cx, name_y), h.name, font(px(19), bold=True), ramp, "mm")
    marks: list[Sprite] = []
    ink = palette[C.INK]
    if h.capital_of >= 0:  # in the colour of the seat whose capital it is, whoever holds it now
        star = palette[C.seat_colour(h.capital_of)]
        marks.append(mark_sprite("star", px(19), palette[fill], (star,), ink))
    if h.kind in ("city", "port"):
        marks.append(mark_sprite(h.kind, px(15), palette[fill], ramp, -1))
    half = layout.hex_width / 2
    for k, sprite in enumerate(marks):
        x = cx + (-1 if k == 0 else 1) * half * 0.56
        paste_sprite(canvas, sprite, (x, name_y + px(1)))
    if h.defences:
        letters = " ".join(d.kind[0].upper() for d in h.defences)
        pill = pill_sprite(letters, px(13), palette[look.DEFENCE], palette.ramp(C.INK, look.DEFENCE), ink)
        paste_sprite(canvas, pill, (cx, cy + layout.size * 0.74))


def _waves(draw: ImageDraw.ImageDraw, frame: Frame, centre: Point) -> None:
    """Two short waves low in a water hex: water reads as water without colour too."""
    palette = look.board_palette()
    px = frame.sizes
    cx, cy = centre
    for dy in (0.62, 0.78):
        y = cy + frame.layout.size * dy
        points = [(cx - px(14) + k * px(4), y + (px(2) if k % 2 else -px(2))) for k in range(8)]
        draw.line(points, fill=palette[look.WAVE], width=max(1, px(2)))


def _free_cells(canvas: Image.Image, draw: ImageDraw.ImageDraw, frame: Frame, view: HexWarView) -> None:
    """While the board is built: the empty cells where the next hex may go, outlined and named (the
    starting outline, before the first hex, in white)."""
    if view.phase is not Phase.HEXES or not view.free:
        return
    palette = look.board_palette()
    layout, px = frame.layout, frame.sizes
    first = not view.hexes
    for name in view.free:
        col, row = _cell_of(name)
        centre = layout.centre(col, row)
        line = C.HIGHLIGHT if first else C.MUTED
        corners = layout.corners(centre, inset=px(3))
        draw.polygon(corners, fill=palette[look.FREE])
        for a, b in zip(corners, [*corners[1:], corners[0]], strict=True):
            dashed_line(draw, a, b, palette[line], max(1, px(2)), px(6), px(4))
        ramp = palette.ramp(line, look.FREE)
        draw_text(canvas, centre, name, font(px(19), bold=True), ramp, "mm")


def _cell_of(name: str) -> tuple[int, int]:
    """(column, row) of a cell named like ``C7``."""
    return ord(name[0].upper()) - ord("A"), int(name[1:]) - 1


# ---- what changed, and the units over it ------------------------------------------------------------


def overlay(canvas: Image.Image, frame: Frame, view: HexWarView, marks: Changes) -> None:
    """Outlines, arrows (each from the edge of its source's chips to the edge of its target's), then the
    hexes' names and marks and the unit chips over them, then battles and deltas on top."""
    draw = ImageDraw.Draw(canvas)
    px = frame.sizes
    chips = {h.name: _chips(frame, h) for h in view.hexes}
    reach = {name: _half_extent(frame.centres[name], placed) for name, placed in chips.items()}
    for name in marks.placed:
        if name in frame.centres:
            _outline(draw, frame, frame.centres[name], C.HIGHLIGHT, px(3))
    for name in marks.captured:
        if name in frame.centres:
            _outline(draw, frame, frame.centres[name], C.HIGHLIGHT, px(5))
    numbers = [
        (arrow.label, at)
        for arrow in marks.arrows
        for at in draw_arrow(draw, frame, arrow, reach, over_chips=False)
    ]
    for h in view.hexes:
        _labels(canvas, frame, h)
    for placed in chips.values():
        for sprite, centre in placed:
            paste_sprite(canvas, sprite, centre)
    for arrow in marks.arrows:
        numbers += [(arrow.label, at) for at in draw_arrow(draw, frame, arrow, reach, over_chips=True)]
    for fight in marks.fights:
        if fight.at in frame.centres:
            _fight(canvas, frame, fight)
    deltas: dict[str, list[tuple[str, C.Rgb]]] = {}
    for name, n in marks.gains:
        deltas.setdefault(name, []).append((f"+{n}", look.GAIN))
    for name, n in marks.losses:
        deltas.setdefault(name, []).append((f"−{n}", look.LOSS))
    defended = {h.name for h in view.hexes if h.defences}
    for name, shown in deltas.items():
        if name in frame.centres:
            _deltas(canvas, frame, name, shown, name in defended)
    palette = look.board_palette()
    for label, at in numbers:  # last of all: an order's number always shows
        pill = pill_sprite(label, px(14), palette[C.WHITE], palette.ramp(C.INK, C.WHITE), palette[C.INK])
        paste_sprite(canvas, pill, at)


def _chips(frame: Frame, h: HexView) -> Placed:
    """Each seat's chip in the hex (the owner's first), stacked under the name."""
    seats = sorted({s.seat for s in h.units}, key=lambda s: (s != h.owner, s))
    sprites = [chip_sprite(seat, seat_units(h.units, seat), frame.chips) for seat in seats]
    cx, cy = frame.centres[h.name]
    size = frame.layout.size
    pitch = frame.chips.height + frame.sizes(2)
    first = cy + size * 0.12 if len(sprites) <= 1 else cy - size * 0.02 - pitch * (len(sprites) - 2) / 2
    return [(sprite, (cx, first + k * pitch)) for k, sprite in enumerate(sprites)]


def _half_extent(centre: Point, placed: Placed) -> tuple[float, float]:
    """How far a hex's chips reach from its centre, across and up or down (0, 0: no chips)."""
    if not placed:
        return (0.0, 0.0)
    across = max(sprite.size[0] / 2 for sprite, _ in placed)
    down = max(abs(c[1] - centre[1]) + sprite.size[1] / 2 for sprite, c in placed)
    return (across, down)


def _outline(draw: ImageDraw.ImageDraw, frame: Frame, centre: Point, colour: C.Rgb, width: int) -> None:
    palette = look.board_palette()
    corners = frame.layout.corners(centre, inset=width / 2)
    ring = [*corners, corners[0]]
    draw.line(ring, fill=palette[C.INK], width=width + 2 * max(1, frame.sizes(1.5)), joint="curve")
    draw.line(ring, fill=palette[colour], width=width, joint="curve")


def _fight(canvas: Image.Image, frame: Frame, fight: Fight) -> None:
    """Crossed swords in a disc of the winner's colour; grey for a stalemate, dark if nobody is left."""
    palette = look.board_palette()
    px = frame.sizes
    if len(fight.survivors) == 1:
        colour = C.seat_colour(fight.survivors[0])
    elif fight.survivors:
        colour = look.STALEMATE
    else:
        colour = C.INK
    cx, cy = frame.centres[fight.at]
    x, y = cx + frame.layout.hex_width * 0.43, cy - frame.layout.size * 0.3  # clear of the name
    r = px(13)
    draw = ImageDraw.Draw(canvas)
    draw.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=palette[C.WHITE])
    draw.ellipse((x - r, y - r, x + r, y + r), fill=palette[colour])
    swords = mark_sprite("swords", px(15), palette[colour], (palette[C.ink_on(colour)],), palette[colour])
    paste_sprite(canvas, swords, (x, y))


def _deltas(
    canvas: Image.Image, frame: Frame, name: str, shown: list[tuple[str, C.Rgb]], defended: bool
) -> None:
    for pill, at in delta_places(frame, name, shown, defended):
        paste_sprite(canvas, pill, at)


def delta_places(
    frame: Frame, name: str, shown: list[tuple[str, C.Rgb]], defended: bool
) -> list[tuple[Sprite, Point]]:
    """A hex's ``+N`` and ``−N`` side by side low in the hex, wholly inside its outline (a badge on a
    border reads as the neighbour's), left of the defence label when the hex has one: each pill and
    its centre."""
    palette = look.board_palette()
    px = frame.sizes
    cx, cy = frame.centres[name]
    pills = [
        pill_sprite(text, px(14), palette[C.INK], palette.ramp(colour, C.INK), palette[colour])
        for text, colour in shown
    ]
    gap, margin = px(2), px(3)
    width = sum(p.size[0] for p in pills) + gap * (len(pills) - 1)
    height = max(p.size[1] for p in pills)
    room = max(0.0, frame.layout.hex_width / 2 - margin - width / 2)  # how far the row may shift aside
    left = cx - width / 2 - (min(frame.layout.size * 0.3, room) if defended else 0)
    # The pills' lower corners stay above the hex's slanting bottom edges (a pointy-top hex's edge is
    # ``size - |x| / sqrt 3`` below its centre at ``x`` across).
    reach = max(abs(left - cx), abs(left + width - cx))
    y = cy + min(frame.layout.size * 0.62, frame.layout.size - reach / SQRT3 - margin - height / 2)
    placed = []
    for pill in pills:
        placed.append((pill, (left + pill.size[0] / 2, y)))
        left += pill.size[0] + gap
    return placed

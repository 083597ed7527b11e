"""The Risk board, made from views only (``rules.risk.views``), so nothing hidden can leak.

``render_board`` draws the whole table: owners' colours, territory names (from 1100 px wide), army
badges, continents with their bonus, what changed since the viewer's last look (attacks as white
arrows, fortify moves as arrows in the mover's colour, conquests outlined, armies gained or lost as a
small "+3" / "−2" tag on each badge, players knocked out named in the legend), a title bar and a
legend, over the static layer of
``render.risk.base``. It returns PNG bytes and is pure: the same arguments always give the same bytes,
so callers may cache or compare them. The battle card is in ``render.risk.battle``, the hand in
``render.risk.cards``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import BadgeStyle, Sprite, badge_sprite, paste_sprite, separate
from render.core.marks import attach, change_tag, draw_arrow, tag_style
from render.core.outlines import Strokes, conquest_strokes, kept_outline, paste_outline
from render.core.panels import LegendRow, TitleInfo, draw_legend, draw_title, legend_height, title_height
from render.core.png import encode_png
from render.core.shapes import Point, arrow_polygon, seat_shape
from render.risk.base import GAIN, LAYOUTS, LOSS, BoardBase, board_base, board_palette, slot
from render.risk.changes import RiskChanges, changes
from render.risk.names import draw_name
from rules.core.events import Event
from rules.risk.board import classic_map
from rules.risk.state import Phase, SeatStatus
from rules.risk.views import RiskView, TerritoryView

__all__ = ["LAYOUTS", "badge_layout", "board_image", "outlines_ahead", "render_board"]


def render_board(
    view: RiskView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    deadline: str | None = None,
    layout: str = "world_map",
    width: int = 1600,
    title: str = "Risk",
) -> bytes:
    """The board as PNG bytes. ``names[i]`` is seat i's display name; ``recent`` are the events since
    the last picture (attacks become arrows, conquests get outlined); ``deadline`` is shown as given."""
    return encode_png(
        board_image(view, names, recent=recent, deadline=deadline, layout=layout, width=width, title=title)
    )


def board_image(
    view: RiskView,
    names: Sequence[str],
    *,
    recent: Sequence[Event] = (),
    deadline: str | None = None,
    layout: str = "world_map",
    width: int = 1600,
    title: str = "Risk",
) -> Image.Image:
    """The board before encoding: a palette ("P") image."""
    if not 320 <= width <= 4096:
        raise ValueError(f"width must be between 320 and 4096 pixels, not {width}")
    if tuple(t.id for t in view.territories) != classic_map().ids:
        raise ValueError("the view is not of the classic map (territories missing or out of map order)")
    base = board_base(layout, width)
    palette = board_palette()
    index = {t.id: i for i, t in enumerate(view.territories)}
    lut = list(base.lut)
    for i, t in enumerate(view.territories):
        lut[slot(i)] = palette[C.UNCLAIMED if _unclaimed(t) else C.seat_colour(t.owner)]

    changed = changes(recent)
    rows = _legend_rows(view, names, changed)
    top = title_height(base.ui)
    canvas = Image.new("L", (width, top + base.height + legend_height(len(rows), base.ui)), palette[C.PANEL])
    canvas.paste(base.image.point(lut), (0, top))
    _draw_names(canvas, base, view.territories, top)
    draw = ImageDraw.Draw(canvas)

    for tid in changed.conquered:
        if tid in index:
            _outline(canvas, base, index[tid], top)

    sprites, centres = badge_layout(view, base, changed.deltas)
    centres = [(x, y + top) for x, y in centres]

    # Fortify moves first (under the attacks): an arrow in the mover's colour, thinner than an attack's.
    for seat, source, target, _ in changed.moves:
        if source in index and target in index:
            a, b = index[source], index[target]
            _move_arrow(draw, base, centres[a], centres[b], _size(sprites[a]), _size(sprites[b]), seat)
    # One arrow per attacked pair, oldest first; the attack waiting on a defence or occupation too.
    pairs = list(changed.attacks)
    if view.pending is not None:
        pairs.append((view.pending.source, view.pending.target))
    attacks = list(dict.fromkeys(pairs))
    reverse = {(b, a) for a, b in attacks}
    for source, target in attacks:
        if source in index and target in index:
            a, b = index[source], index[target]
            side = 1 if (source, target) in reverse else 0  # both ways: keep the two arrows apart
            _attack_arrow(draw, base, centres[a], centres[b], _size(sprites[a]), _size(sprites[b]), side)

    for sprite, centre in zip(sprites, centres, strict=True):
        if sprite is not None:
            paste_sprite(canvas, sprite, centre)

    draw_title(canvas, palette, _title_info(view, names, title, deadline), base.ui)
    draw_legend(canvas, palette, top + base.height, rows, base.ui)
    canvas.putpalette(palette.as_bytes())
    return canvas


def badge_layout(
    view: RiskView, base: BoardBase, deltas: Mapping[str, int] | None = None
) -> tuple[list[Sprite | None], list[Point]]:
    """Each territory's badge (None while unclaimed), with its "+3" / "−2" tag from ``deltas`` stuck to
    its corner, and where the sprite's centre goes, in map pixels: the badge at the territory's anchor,
    nudged off its neighbours' badges and the continent labels."""
    deltas = deltas or {}
    sprites: list[Sprite | None] = []
    wanted: list[Point] = []
    for t, anchor in zip(view.territories, base.anchors, strict=True):
        if _unclaimed(t):
            sprites.append(None)
            wanted.append(anchor)
            continue
        sprite, offset = _badge(t.owner, t.armies, deltas.get(t.id, 0), base.ui)
        sprites.append(sprite)
        wanted.append((anchor[0] - offset[0], anchor[1] - offset[1]))
    shown = [i for i, s in enumerate(sprites) if s is not None]
    moved = separate(
        [wanted[i] for i in shown],
        [s.size for s in sprites if s is not None],
        fixed=(*base.labels, *(n.box for n in base.names)),
        bounds=(0, 0, base.width, base.height),
        gap=3 * base.ui,
    )
    centres = list(base.anchors)
    for i, centre in zip(shown, moved, strict=True):
        centres[i] = centre
    return sprites, centres


@lru_cache(maxsize=4096)
def _badge(owner: int, armies: int, delta: int, ui: float) -> tuple[Sprite, tuple[float, float]]:
    """The owner's badge with the army count, and the tag of ``delta`` on it (none for 0); the offset of
    the badge's centre from the sprite's."""
    palette = board_palette()
    colour = C.seat_colour(owner)
    ramp = palette.ramp(C.ink_on(colour), colour)
    style = BadgeStyle.for_scale(ui)
    badge = badge_sprite(seat_shape(owner), str(armies), style, palette[colour], palette[C.INK], ramp)
    if not delta:
        return badge, (0.0, 0.0)
    fill = GAIN if delta > 0 else LOSS
    tag = change_tag(delta, tag_style(ui), palette[fill], palette[C.INK], palette.ramp(C.ink_on(fill), fill))
    tagged = attach(badge, tag)
    return tagged.sprite, tagged.badge_offset


def _draw_names(canvas: Image.Image, base: BoardBase, territories: Sequence[TerritoryView], top: int) -> None:
    """The names inside territories, in the ink the owner's badge uses (those in the sea are in the base)."""
    palette = board_palette()
    for label in base.names:
        if label.inside:
            t = territories[label.territory]
            colour = C.UNCLAIMED if _unclaimed(t) else C.seat_colour(t.owner)
            draw_name(canvas, label, palette.ramp(C.ink_on(colour), colour), top)


def _unclaimed(t: TerritoryView) -> bool:
    """Nobody's yet (the claiming draft): no owner and no armies, unlike a neutral territory."""
    return t.owner < 0 and t.armies == 0


def seat_name(names: Sequence[str], seat: int) -> str:
    if seat < 0:
        return "Neutral"
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def _acting_seat(view: RiskView) -> int | None:
    if view.winner is not None or view.phase is Phase.OVER:
        return None
    if view.pending is not None:
        return view.pending.seat
    return view.current


def _title_info(view: RiskView, names: Sequence[str], title: str, deadline: str | None) -> TitleInfo:
    phase = view.phase
    if phase is Phase.CLAIM:
        status = "Claiming territories"
    elif phase is Phase.SETUP:
        status = "Placing starting armies"
    elif phase is Phase.OVER:
        status = f"Game over · Round {view.round}"
    else:
        status = f"Round {view.round} · Turn {view.turn} · {phase.value.capitalize()}"
    if view.winner is not None:
        return TitleInfo(title, status, seat_name(names, view.winner), view.winner, "wins!", None)
    seat = _acting_seat(view)
    if seat is None:
        return TitleInfo(title, status, deadline=deadline)
    target = {t.id: t.name for t in view.territories}
    pending = view.pending
    if pending is not None and pending.kind == "defend":
        action = f"to defend {target.get(pending.target, pending.target)}"
    elif pending is not None:
        action = f"to move into {target.get(pending.target, pending.target)}"
    elif view.must_trade_down:
        action = "to trade cards"
    elif phase is Phase.CLAIM:
        action = "to claim a territory"
    elif phase is Phase.SETUP:
        left = view.setup_left[seat] if seat < len(view.setup_left) else 0
        action = f"to place armies ({left} left)"
    elif phase is Phase.REINFORCE:
        action = f"to reinforce ({view.reinforcements} left)"
    else:
        action = f"to {phase.value}"
    return TitleInfo(title, status, seat_name(names, seat), seat, action, deadline)


def _legend_rows(view: RiskView, names: Sequence[str], changed: RiskChanges | None = None) -> list[LegendRow]:
    """A row per seat; a seat knocked out since the viewer's last look says by whom."""
    acting = _acting_seat(view)
    notes = {SeatStatus.ELIMINATED: "out", SeatStatus.RESIGNED: "resigned"}
    knocked_out = changed.eliminated if changed else {}
    rows = [
        LegendRow(
            seat=s.seat,
            name=seat_name(names, s.seat),
            territories=s.territories,
            armies=s.armies,
            cards=s.cards,
            income=s.income if s.status is SeatStatus.PLAYING else None,
            note=(
                f"out, by {_short(seat_name(names, knocked_out[s.seat]))}"
                if s.seat in knocked_out
                else notes.get(s.status, "")
            ),
            current=s.seat in (acting, view.winner),
        )
        for s in view.seats
    ]
    neutral = [t for t in view.territories if t.owner < 0 and not _unclaimed(t)]
    if neutral:
        rows.append(LegendRow(-1, "Neutral", len(neutral), sum(t.armies for t in neutral), None, None))
    return rows


def _short(name: str, most: int = 14) -> str:
    """A name cut to ``most`` characters, so a note leaves room for the row's own name."""
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"


def _outline(canvas: Image.Image, base: BoardBase, territory: int, top: int) -> None:
    """A conquered territory: a white line round it, on a dark one so it shows on every colour."""
    paste_outline(canvas, base, territory, base.rings[territory], _outline_strokes(base), top)


def outlines_ahead(base: BoardBase) -> None:
    """Every territory's outline drawn and kept (the bot's start-up warm-up, some 80 ms): a first-seen
    position then pastes its conquests' (drawing them cost it 1-2 ms each)."""
    strokes, top = _outline_strokes(base), title_height(base.ui)
    for territory, rings in enumerate(base.rings):
        kept_outline(base, territory, rings, strokes, top)


def _outline_strokes(base: BoardBase) -> Strokes:
    return conquest_strokes(board_palette(), base.ui, dark=9)


def _move_arrow(
    draw: ImageDraw.ImageDraw,
    base: BoardBase,
    source: Point,
    target: Point,
    source_size: tuple[int, int],
    target_size: tuple[int, int],
    seat: int,
) -> None:
    """A fortify move: from badge edge to badge edge, in the mover's colour, cased in ink."""
    palette = board_palette()
    length = math.dist(source, target)
    if length < 1 or abs(target[0] - source[0]) > base.width / 2:
        return  # fortifying across the map's edge: too rare to be worth a split arrow
    ux, uy = (target[0] - source[0]) / length, (target[1] - source[1]) / length
    u = base.ui
    start = _exit_distance(source_size, ux, uy) + 3 * u
    stop = _exit_distance(target_size, ux, uy) + 4 * u
    if length - start - stop < 12 * u:
        return
    p = (source[0] + ux * start, source[1] + uy * start)
    q = (target[0] - ux * stop, target[1] - uy * stop)
    colour = palette[C.seat_colour(seat)]
    draw_arrow(draw, [p, q], colour, palette[C.INK], shaft=6 * u, head=20 * u, edge=2.5 * u)


def _attack_arrow(
    draw: ImageDraw.ImageDraw,
    base: BoardBase,
    source: Point,
    target: Point,
    source_size: tuple[int, int],
    target_size: tuple[int, int],
    side: int,
) -> None:
    """source → target between the two badges; across the map's edge if that way is shorter."""
    dx = target[0] - source[0]
    if abs(dx) > base.width / 2:  # Alaska–Kamchatka: leave one edge, come back in at the other
        shift = base.width if dx < 0 else -base.width
        _arrow(draw, base, source, (target[0] + shift, target[1]), source_size, (0, 0), side)
        _arrow(draw, base, (source[0] - shift, source[1]), target, (0, 0), target_size, side)
        return
    _arrow(draw, base, source, target, source_size, target_size, side)


def _arrow(
    draw: ImageDraw.ImageDraw,
    base: BoardBase,
    a: Point,
    b: Point,
    a_size: tuple[int, int],
    b_size: tuple[int, int],
    side: int,
) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    offset = side * 9 * base.ui
    a = (a[0] - uy * offset, a[1] + ux * offset)
    b = (b[0] - uy * offset, b[1] + ux * offset)
    # Start and stop at the badges' edges (the ray leaves a w×h box at this distance).
    start = _exit_distance(a_size, ux, uy) + 3 * base.ui
    stop = _exit_distance(b_size, ux, uy) + 3 * base.ui
    if length - start - stop < 12 * base.ui:
        return
    p = (a[0] + ux * start, a[1] + uy * start)
    q = (b[0] - ux * stop, b[1] - uy * stop)
    palette = board_palette()
    u = base.ui
    edge = 2.5 * u
    back = (p[0] - ux * edge, p[1] - uy * edge)
    tip = (q[0] + ux * edge * 1.6, q[1] + uy * edge * 1.6)
    draw.polygon(
        arrow_polygon(back, tip, 8 * u + 2 * edge, 26 * u + 3 * edge, 26 * u + 4 * edge), fill=palette[C.INK]
    )
    draw.polygon(arrow_polygon(p, q, 8 * u, 26 * u, 26 * u), fill=palette[C.HIGHLIGHT])


def _size(sprite: Sprite | None) -> tuple[int, int]:
    return sprite.size if sprite is not None else (0, 0)


def _exit_distance(size: tuple[int, int], ux: float, uy: float) -> float:
    w, h = size
    if w == 0 or h == 0:
        return 0.0
    tx = (w / 2) / abs(ux) if abs(ux) > 1e-9 else math.inf
    ty = (h / 2) / abs(uy) if abs(uy) > 1e-9 else math.inf
    return min(tx, ty)

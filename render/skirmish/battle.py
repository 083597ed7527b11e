"""The battle board: both sides (units by type, dice, counters, banners, the bonus every skirmish of the
side gets, cards played), then one row per skirmish (each side's dice in its colour, counters and cards,
the totals, who leads or who won), the attacker's extra dice still to add, the defender's order of
resolution, and the question waiting (or the battle's result).

Drawn in palette indices like the map (``render.skirmish.base.map_palette``): flat colours, exact text
ramps, so the PNG is small and quick. Designed at 1000 px wide; nothing smaller than 17 px, so it reads
at 550 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import BadgeStyle, paste_sprite
from render.core.dice import PIPS
from render.core.fonts import Font, fit, font, text_width, wrap
from render.core.panels import swatch
from render.core.png import encode_png
from render.core.text import draw_text
from render.skirmish.badges import unit_badge
from render.skirmish.base import map_palette, owner_colour
from render.skirmish.picture import BattlePicture, SidePicture, SkirmishPicture
from rules.core.words import counted

REFERENCE_WIDTH = 1000
MARGIN, HEAD_H = 20, 54
LINE_H = 26  # a second line of the footer, at ``ui`` 1
SIDE_H, SIDE_H_SHORT = 150, 116  # with and without a fourth line (the dice rolled, or cards played)


def _fit(text: str, f: Font, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels (widths here come out of scaled floats)."""
    return fit(text, f, int(width))


def render_battle(picture: BattlePicture, names: Sequence[str], *, width: int = REFERENCE_WIDTH) -> bytes:
    return encode_png(battle_image(picture, names, width=width))


def _name(names: Sequence[str], seat: int) -> str:
    if seat < 0:
        return "Nobody"
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def _row_height(s: SkirmishPicture, ui: float) -> int:
    return round((58 if s.attack_extra or s.defend_extra else 42) * ui)


def battle_image(
    picture: BattlePicture, names: Sequence[str], *, width: int = REFERENCE_WIDTH
) -> Image.Image:
    if not 500 <= width <= 3000:
        raise ValueError(f"width must be between 500 and 3000 pixels, not {width}")
    palette = map_palette()
    ui = width / REFERENCE_WIDTH
    rows_h = sum(_row_height(s, ui) for s in picture.skirmishes)
    table_h = round(34 * ui) + rows_h if picture.skirmishes else 0
    notes = _notes(picture)
    notes_h = round(30 * ui) * len(notes)
    side_h = _side_height(picture)
    footer_h = round(LINE_H * ui) * (len(footer_lines(picture, names, width, ui)) - 1)
    height = round((HEAD_H + side_h + 16) * ui) + table_h + notes_h + footer_h + round((52 + MARGIN) * ui)
    canvas = Image.new("L", (width, height), palette[C.PANEL])
    _header(canvas, picture, names, ui)
    half = (width - round(3 * MARGIN * ui)) // 2
    for k, (side, role) in enumerate(((picture.attacker, "Attacker"), (picture.defender, "Defender"))):
        x0 = round(MARGIN * ui) + k * (half + round(MARGIN * ui))
        higher = picture.higher == role.lower()
        box = (x0, round(HEAD_H * ui), half, round(side_h * ui))
        _side(canvas, side, role, names, box, higher, picture.skirmishes == (), ui)
    y = round((HEAD_H + side_h + 16) * ui)
    if picture.skirmishes:
        y = _table(canvas, picture, names, y, ui)
    small = font(round(18 * ui))
    for note in notes:
        draw_text(
            canvas,
            (MARGIN * ui, y + 15 * ui),
            _fit(note, small, width - 2 * MARGIN * ui),
            small,
            palette.ramp(C.MUTED, C.PANEL),
            "lm",
        )
        y += round(30 * ui)
    _footer(canvas, picture, names, y + round(8 * ui), ui)
    canvas.putpalette(palette.as_bytes())
    return canvas


def _side_height(picture: BattlePicture) -> int:
    sides = (picture.attacker, picture.defender)
    fourth = any(s.cards for s in sides) or (not picture.skirmishes and any(s.dice for s in sides))
    return SIDE_H if fourth else SIDE_H_SHORT


def _notes(picture: BattlePicture) -> list[str]:
    notes = []
    if picture.extra_dice:
        dice = " ".join(str(v) for v in picture.extra_dice)
        notes.append(f"Attacker's extra dice, still to add to skirmishes: {dice}")
    if picture.order:
        notes.append("Order of resolution: " + ", ".join(f"#{k}" for k in picture.order))
    return notes


def _header(canvas: Image.Image, picture: BattlePicture, names: Sequence[str], ui: float) -> None:
    palette = map_palette()
    big, small = font(round(26 * ui), bold=True), font(round(19 * ui))
    mid = HEAD_H * ui / 2
    title = _fit(f"Battle for {picture.defender.territory}", big, canvas.width * 0.6)
    draw_text(canvas, (MARGIN * ui, mid), title, big, palette.ramp(C.TEXT, C.PANEL), "lm")
    ground = {"attacker": "attacker on higher ground (+1)", "defender": "defender on higher ground (+1)"}.get(
        picture.higher, "level ground"
    )
    if picture.winner:
        ground = "battle over"
    draw_text(
        canvas,
        (canvas.width - MARGIN * ui, mid),
        _fit(ground, small, canvas.width * 0.38),
        small,
        palette.ramp(C.MUTED, C.PANEL),
        "rm",
    )


def no_units(side: SidePicture, role: str) -> str:
    """What a side with no units on the board shows: a defender who has not yet chosen its defenders is
    still choosing (a newcomer asked to defend read "no units left" over a territory of three troops)."""
    return "defenders not chosen yet" if role == "Defender" and not side.declared else "no units left"


def side_line(side: SidePicture, role: str) -> str:
    """A side's dice, counters and bonuses: "3 dice · +1 a die" ("1 die", not "1 dice"). The defender's
    +1 for each of its dice in a skirmish (the rules' modifier) is written, or its totals would be one a
    die more than its dice show, with nothing to say why."""
    parts = [counted(side.declared, "die", "dice") if side.declared else ""]
    if side.ones:
        parts.append(f"{counted(side.ones, 'one')} off")
    if role == "Defender":
        parts.append("+1 a die")
    if side.counters:
        parts.append(f"{counted(side.counters, 'counter')} to place")
    if side.bonus:
        parts.append(f"+{side.bonus} every skirmish")
    elif side.banners:
        parts.append(counted(side.banners, "banner"))
    return " · ".join(p for p in parts if p)


def _side(
    canvas: Image.Image,
    side: SidePicture,
    role: str,
    names: Sequence[str],
    box: tuple[int, int, int, int],
    higher: bool,
    show_dice: bool,
    ui: float,
) -> None:
    """One side's block: who, from where, units, dice and counters, bonus and cards."""
    palette = map_palette()
    x0, y0, w, h = box
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=round(10 * ui), fill=palette[C.PANEL_HIGHLIGHT])
    bg = C.PANEL_HIGHLIGHT
    bold, small = font(round(20 * ui), bold=True), font(round(18 * ui))
    pad = round(12 * ui)
    x, y = x0 + pad, y0 + round(20 * ui)
    if side.seat >= 0:
        sprite = swatch(palette, side.seat, ui * 0.8)
        paste_sprite(canvas, sprite, (x + sprite.size[0] / 2, y))
        x += sprite.size[0] + round(8 * ui)
    who = _fit(f"{role}: {_name(names, side.seat)}", bold, x0 + w - pad - x)
    draw_text(canvas, (x, y), who, bold, palette.ramp(C.TEXT, bg), "lm")
    y += round(28 * ui)
    where = (
        ("from " if role == "Attacker" else "in ") + side.territory + (" (higher ground)" if higher else "")
    )
    draw_text(canvas, (x0 + pad, y), _fit(where, small, w - 2 * pad), small, palette.ramp(C.MUTED, bg), "lm")
    y += round(32 * ui)
    x = x0 + pad
    if side.units.total:
        style = BadgeStyle(round(20 * ui), round(28 * ui), round(6 * ui), max(1, round(2 * ui)))
        badge = unit_badge(side.seat, side.units.counts(), style)
        paste_sprite(canvas, badge, (x + badge.size[0] / 2, y))
        x += badge.size[0] + round(10 * ui)
    else:
        empty = no_units(side, role)
        x = draw_text(canvas, (x, y), empty, small, palette.ramp(C.MUTED, bg), "lm")[2] + round(10 * ui)
    text = side_line(side, role)
    draw_text(canvas, (x, y), _fit(text, small, x0 + w - pad - x), small, palette.ramp(C.TEXT, bg), "lm")
    y += round(34 * ui)
    if show_dice and side.dice:
        _dice(canvas, side.dice, side.seat, (x0 + pad, y), w - 2 * pad, bg, ui)
    elif side.cards:
        cards = "Cards: " + ", ".join(side.cards)
        draw_text(
            canvas, (x0 + pad, y), _fit(cards, small, w - 2 * pad), small, palette.ramp(C.MUTED, bg), "lm"
        )


def _dice(
    canvas: Image.Image,
    values: Sequence[int],
    seat: int,
    left_mid: tuple[float, float],
    room: float,
    ground: C.Rgb,
    ui: float,
) -> float:
    """A line of dice in the seat's colour, as big as fits ``room``, on the ``ground`` colour behind them;
    returns the x after the last."""
    palette = map_palette()
    colour = owner_colour(seat)
    gap = 5 * ui
    size = round(min(28 * ui, (room + gap) / max(1, len(values)) - gap))
    x, mid = left_mid
    inks = palette[colour], palette[C.ink_on(colour)], palette[C.INK], palette[ground]
    for value in values:
        canvas.paste(_die(value, size, *inks), (round(x), round(mid - size / 2)))
        x += size + gap
    return x


@lru_cache(maxsize=512)
def _die(value: int, size: int, face: int, pip: int, ink: int, ground: int) -> Image.Image:
    """One die in palette indices on its ground, drawn once: a board shows the same few faces again and
    again, and drawing each die's corners and pips was half the board's drawing time."""
    sprite = Image.new("L", (size + 1, size + 1), ground)
    draw = ImageDraw.Draw(sprite)
    corner = max(2, round(size / 6))
    draw.rounded_rectangle((0, 0, size, size), radius=corner, fill=face, outline=ink, width=1)
    r = size * 0.09
    for px, py in PIPS.get(value, ()):
        cx, cy = px * size, py * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)
    return sprite


def _table(canvas: Image.Image, picture: BattlePicture, names: Sequence[str], y: int, ui: float) -> int:
    palette = map_palette()
    width = canvas.width
    head, small = font(round(17 * ui)), font(round(17 * ui))
    total_font = font(round(24 * ui), bold=True)
    m = MARGIN * ui
    number_w, total_w, vs_w, result_w = 44 * ui, 50 * ui, 26 * ui, 150 * ui
    side_w = (width - 2 * m - number_w - 2 * total_w - vs_w - result_w) / 2
    xs = {
        "number": m,
        "attack": m + number_w,
        "attack_total": m + number_w + side_w + total_w,
        "vs": m + number_w + side_w + total_w + vs_w / 2,
        "defend_total": m + number_w + side_w + total_w + vs_w,
        "defend": m + number_w + side_w + 2 * total_w + vs_w,
        "result": width - m - result_w,
    }
    muted = palette.ramp(C.MUTED, C.PANEL)
    hy = y + 16 * ui
    draw_text(canvas, (xs["number"], hy), "#", head, muted, "lm")
    draw_text(canvas, (xs["attack"], hy), "Attacker's dice", head, muted, "lm")
    draw_text(canvas, (xs["defend"] + 10 * ui, hy), "Defender's dice", head, muted, "lm")
    draw_text(canvas, (xs["result"] + 8 * ui, hy), "Won by", head, muted, "lm")
    y += round(34 * ui)
    draw = ImageDraw.Draw(canvas)
    for k, s in enumerate(picture.skirmishes):
        h = _row_height(s, ui)
        bg = C.PANEL_HIGHLIGHT if k % 2 == 0 else C.PANEL
        if bg != C.PANEL:
            draw.rounded_rectangle(
                (m - 6 * ui, y, width - m + 6 * ui, y + h - 2), radius=round(8 * ui), fill=palette[bg]
            )
        mid = y + 21 * ui
        text, muted_bg = palette.ramp(C.TEXT, bg), palette.ramp(C.MUTED, bg)
        draw_text(canvas, (xs["number"], mid), f"#{s.number}", font(round(19 * ui), bold=True), text, "lm")
        _dice(canvas, s.attack_dice, picture.attacker.seat, (xs["attack"], mid), side_w - 10 * ui, bg, ui)
        end = xs["defend"] + side_w
        if s.defend_dice:
            start = xs["defend"] + 10 * ui
            _dice(canvas, s.defend_dice, picture.defender.seat, (start, mid), end - start, bg, ui)
        if s.attack_total is not None and s.defend_total is not None:
            draw_text(canvas, (xs["attack_total"], mid), str(s.attack_total), total_font, text, "rm")
            draw_text(canvas, (xs["vs"], mid), "v", small, muted_bg, "mm")
            draw_text(canvas, (xs["defend_total"], mid), str(s.defend_total), total_font, text, "lm")
        if s.attack_extra:
            line = _fit(" · ".join(s.attack_extra), small, side_w)
            draw_text(canvas, (xs["attack"], y + 46 * ui), line, small, muted_bg, "lm")
        if s.defend_extra:
            line = _fit(" · ".join(s.defend_extra), small, side_w)
            draw_text(canvas, (xs["defend"] + 10 * ui, y + 46 * ui), line, small, muted_bg, "lm")
        _result(canvas, picture, s, names, (xs["result"], mid, result_w), bg, ui)
        y += h
    return y + round(8 * ui)


def _result(
    canvas: Image.Image,
    picture: BattlePicture,
    s: SkirmishPicture,
    names: Sequence[str],
    spot: tuple[float, float, float],
    bg: C.Rgb,
    ui: float,
) -> None:
    """Who won the skirmish (their name on a chip in their colour, with "rout" or "2x" when it was one),
    or, unresolved, who leads as it stands (in words)."""
    palette = map_palette()
    x, mid, w = spot
    side = s.winner or s.leader
    if not side:
        return
    seat = picture.attacker.seat if side == "attacker" else picture.defender.seat
    f = font(round(17 * ui), bold=bool(s.winner))
    if not s.winner:
        label = _fit(f"{_name(names, seat)} leads", f, w - 8 * ui)
        draw_text(canvas, (x + 8 * ui, mid), label, f, palette.ramp(C.MUTED, bg), "lm")
        return
    colour = owner_colour(seat)
    note = f" · {s.note}" if s.note else ""
    label = _fit(_name(names, seat), f, w - 16 * ui - text_width(note, f)) + note
    chip = (x + 2 * ui, mid - 13 * ui, x + 2 * ui + text_width(label, f) + 14 * ui, mid + 13 * ui)
    ImageDraw.Draw(canvas).rounded_rectangle(
        chip, radius=round(7 * ui), fill=palette[colour], outline=palette[C.INK]
    )
    draw_text(canvas, (chip[0] + 7 * ui, mid), label, f, palette.ramp(C.ink_on(colour), colour), "lm")


def footer_lines(picture: BattlePicture, names: Sequence[str], width: int, ui: float) -> list[str]:
    """The question waiting (who, and what), or how the battle ended, on one line or two: the longest
    prompt ("… set the defender's dice against the attacker's to form the skirmishes") was cut mid-word."""
    if picture.winner:
        seat = picture.attacker.seat if picture.winner == "attacker" else picture.defender.seat
        text = f"{_name(names, seat)} won the battle ({picture.ended_by})"
    elif picture.waiting:
        text = f"Waiting for {picture.waiting}"
    else:
        return [""]
    return wrap(text, font(round(20 * ui), bold=True), round(width - 2 * MARGIN * ui - 12 * ui))


def _footer(canvas: Image.Image, picture: BattlePicture, names: Sequence[str], y: int, ui: float) -> None:
    palette = map_palette()
    bold = font(round(20 * ui), bold=True)
    m = MARGIN * ui
    lines = footer_lines(picture, names, canvas.width, ui)
    if lines == [""]:
        return
    extra = round(LINE_H * ui) * (len(lines) - 1)
    box = (m - 6 * ui, y, canvas.width - m + 6 * ui, y + 40 * ui + extra)
    ImageDraw.Draw(canvas).rounded_rectangle(box, radius=round(8 * ui), fill=palette[C.INK])
    for k, line in enumerate(lines):
        at = (m + 6 * ui, y + 20 * ui + k * round(LINE_H * ui))
        draw_text(canvas, at, line, bold, palette.ramp(C.TEXT, C.INK), "lm")

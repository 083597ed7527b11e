"""The title bar's content and the legend of the Axis & Allies map: one table per alliance (Allies left,
Axis right) with each power's colour and shape, player, IPCs, income, territories and units."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.axis_allies.base import power_colour
from render.core import colours as C
from render.core.badges import BadgeStyle, Sprite, badge_sprite, paste_sprite
from render.core.fonts import fit, font, text_width
from render.core.palette import Palette
from render.core.panels import TitleInfo
from render.core.shapes import seat_shape
from render.core.text import draw_text
from rules.axis_allies.board import ALLIES, AXIS, POWER_NAMES, POWERS

if TYPE_CHECKING:
    from render.axis_allies.layout import MapPicture

COLUMNS = ("IPCs", "Income", "Terr.", "Units")
SIDES = (("Allies", tuple(p for p in POWERS if p in ALLIES)), ("Axis", tuple(p for p in POWERS if p in AXIS)))


def phase_text(phase: str | None) -> str:
    """``"combat_move"`` → ``"Combat move"``."""
    return phase.replace("_", " ").strip().capitalize() if phase else ""


def power_label(picture: MapPicture, power: str) -> str:
    seat = picture.seat_names.get(power)
    return f"{POWER_NAMES[power]} ({seat})" if seat else POWER_NAMES[power]


def title_info(picture: MapPicture) -> TitleInfo:
    status = " · ".join(s for s in (f"Round {picture.round}", phase_text(picture.phase)) if s)
    if picture.to_move is None:
        return TitleInfo(picture.title, status)
    return TitleInfo(picture.title, status, power_label(picture, picture.to_move), None, "to play")


def swatch(palette: Palette, power: str | None, scale: float) -> Sprite:
    """The power's badge shape in its colour, without a number: the legend's key to the map."""
    style = BadgeStyle.for_scale(scale * 0.85)
    shape = seat_shape(POWERS.index(power)) if power else "rounded"
    fill = palette[power_colour(power)]
    return badge_sprite(shape, "", style, fill, palette[C.INK], (), round(style.height * 1.7))


def legend_height(scale: float) -> int:
    rows = max(len(powers) for _, powers in SIDES)
    return round((14 + 32 + 40 * rows + 14) * scale)


def draw_map_legend(
    canvas: Image.Image, palette: Palette, top: int, picture: MapPicture, scale: float
) -> None:
    margin, col_gap = round(22 * scale), round(40 * scale)
    col_width = (canvas.width - 2 * margin - col_gap) // 2
    number_width = round(84 * scale)
    head, regular = font(round(18 * scale)), font(round(22 * scale))
    bold, head_bold = font(round(22 * scale), bold=True), font(round(18 * scale), bold=True)
    row_h = round(40 * scale)
    held = Counter(picture.owners.values())
    territories = {p: held[p] for p in POWERS}
    units = dict.fromkeys(POWERS, 0)
    for by_power in picture.units.values():
        for power, counts in by_power.items():
            units[power] += sum(counts.values()) - counts.get("factory", 0)
    for c, (side, powers) in enumerate(SIDES):
        x0 = margin + c * (col_width + col_gap)
        y = top + round(14 * scale)
        numbers_x = x0 + col_width - number_width * len(COLUMNS)
        income = sum(picture.income.get(p, 0) for p in powers)
        muted = palette.ramp(C.MUTED, C.PANEL)
        end = draw_text(canvas, (x0, y + round(16 * scale)), side, head_bold, muted, "lm")[2]
        draw_text(canvas, (end, y + round(16 * scale)), f"  income {income}", head, muted, "lm")
        for k, label in enumerate(COLUMNS):
            draw_text(
                canvas, (numbers_x + (k + 1) * number_width, y + round(16 * scale)), label, head, muted, "rm"
            )
        y += round(32 * scale)
        for power in powers:
            current = power == picture.to_move
            bg = C.PANEL_HIGHLIGHT if current else C.PANEL
            if current:
                ImageDraw.Draw(canvas).rounded_rectangle(
                    (x0 - round(8 * scale), y + 2, x0 + col_width + round(8 * scale), y + row_h - 2),
                    radius=round(8 * scale),
                    fill=palette[C.PANEL_HIGHLIGHT],
                )
            mid = y + row_h / 2
            sprite = swatch(palette, power, scale)
            paste_sprite(canvas, sprite, (x0 + sprite.size[0] / 2, mid))
            name_x = x0 + sprite.size[0] + round(12 * scale)
            room = numbers_x - name_x - round(12 * scale)
            name = POWER_NAMES[power]
            end = draw_text(
                canvas, (name_x, mid), fit(name, bold, room), bold, palette.ramp(C.TEXT, bg), "lm"
            )[2]
            seat = picture.seat_names.get(power)
            if seat and room - text_width(name, bold) > text_width(" ·  x…", regular):
                seat_text = fit(f"  {seat}", regular, room - text_width(name, bold))
                draw_text(canvas, (end, mid), seat_text, regular, palette.ramp(C.MUTED, bg), "lm")
            values = (picture.ipcs.get(power), picture.income.get(power), territories[power], units[power])
            for k, value in enumerate(values):
                text = "–" if value is None else str(value)
                right = numbers_x + (k + 1) * number_width
                draw_text(canvas, (right, mid), text, regular, palette.ramp(C.TEXT, bg), "rm")
            y += row_h

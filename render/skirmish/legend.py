"""The Skirmish legend under the map: one row per player (territories, units on the map, their exchange
value, cards held as a count, troops left in the garrison), then a key to the badges and the shading.

Core's legend has fixed columns (armies, income); Skirmish counts different things, so it draws its own
rows with core's swatches and text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import paste_sprite
from render.core.fonts import fit, font, text_width
from render.core.panels import swatch
from render.core.text import draw_text
from render.skirmish.badges import ICON_KINDS, KIND_NAMES, draw_icon
from render.skirmish.base import map_palette

COLUMNS = ("Terr.", "Units", "Value", "Cards", "Troops left")
# Text sizes at ``ui`` 1 (1100 px): Discord shows the board about 550 px wide on a phone, where these are
# 9, 10.5 and 9 px, as Attack!'s standings; at 16, 19 and 16 the key and the headings were 8 px there.
HEAD_PX, ROW_PX, KEY_PX = 18, 21, 18
ROW_H, KEY_H = 36, 26
KEY_SHADING = "Hatching and ▲ = higher ground · white arrows: attacks, blue: moves"


@dataclass(frozen=True, slots=True)
class Row:
    seat: int
    name: str
    values: tuple[int, int, int, int, int]  # in the order of COLUMNS
    note: str = ""  # "out", "resigned"
    current: bool = False


def legend_height(rows: int, ui: float) -> int:
    columns = 1 if rows <= 3 else 2
    per_column = -(-rows // columns)
    return round((12 + 28 + ROW_H * per_column + 10 + 2 * KEY_H + 8) * ui)


def column_widths(columns: int, ui: float) -> list[int]:
    """The number columns' widths: each heading right-aligned in its own, with room between it and the
    one before ("Troops left" once ran into "Cards" in the one-column legend)."""
    widths = (52, 56, 60, 62, 106) if columns == 2 else (96, 96, 96, 96, 124)
    return [round(w * ui) for w in widths]


def draw_legend(canvas: Image.Image, top: int, rows: Sequence[Row], ui: float) -> None:
    palette = map_palette()
    columns = 1 if len(rows) <= 3 else 2
    per_column = -(-len(rows) // columns)
    margin, col_gap = round(20 * ui), round(34 * ui)
    col_width = (canvas.width - 2 * margin - (columns - 1) * col_gap) // columns
    number_w = column_widths(columns, ui)
    head, regular = font(round(HEAD_PX * ui)), font(round(ROW_PX * ui))
    bold = font(round(ROW_PX * ui), bold=True)
    row_h = round(ROW_H * ui)
    draw = ImageDraw.Draw(canvas)
    for c in range(columns):
        x0 = margin + c * (col_width + col_gap)
        right_edge = x0 + col_width
        y = top + round(12 * ui)
        lefts = [right_edge - sum(number_w[k:]) for k in range(len(COLUMNS))]
        draw_text(canvas, (x0, y + 12 * ui), "Player", head, palette.ramp(C.MUTED, C.PANEL), "lm")
        for k, label in enumerate(COLUMNS):
            right = lefts[k] + number_w[k]
            draw_text(canvas, (right, y + 12 * ui), label, head, palette.ramp(C.MUTED, C.PANEL), "rm")
        y += round(28 * ui)
        for row in rows[c * per_column : (c + 1) * per_column]:
            bg = C.PANEL_HIGHLIGHT if row.current else C.PANEL
            if row.current:
                draw.rounded_rectangle(
                    (x0 - round(6 * ui), y + 2, right_edge + round(6 * ui), y + row_h - 2),
                    radius=round(7 * ui),
                    fill=palette[bg],
                )
            mid = y + row_h / 2
            sprite = swatch(palette, row.seat, ui * 0.8)
            paste_sprite(canvas, sprite, (x0 + sprite.size[0] / 2, mid))
            name_x = x0 + sprite.size[0] + round(10 * ui)
            colour = C.MUTED if row.note else C.TEXT
            note = f" ({row.note})" if row.note else ""
            room = lefts[0] - name_x - round(10 * ui) - text_width(note, regular)
            end = draw_text(
                canvas, (name_x, mid), fit(row.name, bold, room), bold, palette.ramp(colour, bg), "lm"
            )
            if note:
                draw_text(canvas, (end[2], mid), note, regular, palette.ramp(C.MUTED, bg), "lm")
            for k, value in enumerate(row.values):
                right = lefts[k] + number_w[k]
                draw_text(canvas, (right, mid), str(value), regular, palette.ramp(colour, bg), "rm")
            y += row_h
    _draw_key(canvas, top + legend_height(len(rows), ui) - round((2 * KEY_H - 6) * ui), ui)


def _draw_key(canvas: Image.Image, mid: float, ui: float) -> None:
    """How to read a badge, then the shading and the arrows, on two lines."""
    palette = map_palette()
    small = font(round(KEY_PX * ui))
    ramp = palette.ramp(C.MUTED, C.PANEL)
    draw = ImageDraw.Draw(canvas)
    x = round(20 * ui)
    x = draw_text(canvas, (x, mid), "Badges: troops first, then", small, ramp, "lm")[2] + round(8 * ui)
    icon = 16 * ui
    for kind in ICON_KINDS:
        draw_icon(draw, kind, (x + icon / 2, mid), icon, palette[C.MUTED])
        x = draw_text(canvas, (x + icon + 4 * ui, mid), KIND_NAMES[kind], small, ramp, "lm")[2] + round(
            12 * ui
        )
    line = (round(20 * ui), mid + round(KEY_H * ui))
    draw_text(canvas, line, fit(KEY_SHADING, small, canvas.width - round(40 * ui)), small, ramp, "lm")

"""The title bar and the legend, drawn on an indexed canvas on the ``PANEL`` background.

Sizes are those of the 1600 px board times ``scale``; the smallest text is 18 px there, so every name
and count still reads when Discord shows the picture at half size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.core.badges import BadgeStyle, Sprite, badge_sprite, paste_sprite
from render.core.colours import INK, MUTED, NEUTRAL, PANEL, PANEL_HIGHLIGHT, SEAT_COLOURS, TEXT, seat_colour
from render.core.fonts import fit, fit_words, font, text_width
from render.core.palette import Palette
from render.core.shapes import seat_shape
from render.core.text import draw_text

DASH = "–"


def register(palette: Palette) -> None:
    """Add the colours and text ramps the panels use."""
    palette.add_all((PANEL, PANEL_HIGHLIGHT, INK, NEUTRAL, *SEAT_COLOURS))
    for bg in (PANEL, PANEL_HIGHLIGHT):
        palette.add_ramp(TEXT, bg)
        palette.add_ramp(MUTED, bg)


def swatch(palette: Palette, seat: int, scale: float) -> Sprite:
    """The seat's badge shape in its colour, without a number: the legend's key to the map."""
    style = BadgeStyle.for_scale(scale * 0.85)
    return badge_sprite(
        seat_shape(seat), "", style, palette[seat_colour(seat)], palette[INK], (), round(style.height * 1.7)
    )


@dataclass(frozen=True, slots=True)
class TitleInfo:
    title: str
    status: str  # "Round 3 · Turn 14 · Attack"
    actor: str | None = None  # who acts now, by display name
    actor_seat: int | None = None
    action: str = ""  # "to attack"
    deadline: str | None = None


def title_height(scale: float) -> int:
    return round(56 * scale)


def draw_title(canvas: Image.Image, palette: Palette, info: TitleInfo, scale: float) -> None:
    """Title and status on the left; who acts, doing what, by when on the right.

    The right side is laid out first (the actor's name gives way first, down to a stub), then the
    status on the left is cut to whatever room is left, so the two never overlap.
    """
    width, height = canvas.width, title_height(scale)
    margin, gap = round(22 * scale), round(18 * scale)
    mid = height / 2
    big, small = font(round(27 * scale), bold=True), font(round(22 * scale))
    bold = font(round(22 * scale), bold=True)
    right = [(f" {info.action}", small, MUTED)] if info.action else []
    if info.deadline:
        right.append((f"  ·  {info.deadline}", small, MUTED))
    right = [(fit(t, f, width // 3), f, c) for t, f, c in right]
    tail = sum(text_width(t, f) for t, f, _ in right)
    sprite = swatch(palette, info.actor_seat, scale) if info.actor_seat is not None else None
    lead = sprite.size[0] + round(10 * scale) if sprite else 0
    title = fit(info.title, big, width // 4)
    title_end = margin + text_width(title, big)
    room = width - 2 * margin - tail - lead - (title_end - margin) - 2 * gap
    name = fit(info.actor, bold, max(room // 2, round(90 * scale))) if info.actor else ""
    x = width - margin - tail - text_width(name, bold) - lead
    status = fit(info.status, small, x - gap - title_end - gap)
    draw_text(canvas, (margin, mid), title, big, palette.ramp(TEXT, PANEL), "lm")
    if text_width(status, small) > text_width("…", small):
        draw_text(canvas, (title_end + gap, mid), status, small, palette.ramp(MUTED, PANEL), "lm")
    if sprite:
        paste_sprite(canvas, sprite, (x + sprite.size[0] / 2, mid))
        x += lead
    if name:
        x = draw_text(canvas, (x, mid), name, bold, palette.ramp(TEXT, PANEL), "lm")[2]
    for text, f, colour in right:
        x = draw_text(canvas, (x, mid), text, f, palette.ramp(colour, PANEL), "lm")[2]


@dataclass(frozen=True, slots=True)
class LegendRow:
    seat: int  # -1: neutral armies
    name: str
    territories: int
    armies: int
    cards: int | None
    income: int | None
    note: str = ""  # "out", "resigned"
    current: bool = False


COLUMNS = ("Terr.", "Armies", "Cards", "Income")


def legend_columns(rows: int) -> int:
    return 1 if rows <= 2 else 2


def legend_height(rows: int, scale: float) -> int:
    per_column = -(-rows // legend_columns(rows))
    return round((14 + 32 + 40 * per_column + 14) * scale)


def draw_legend(
    canvas: Image.Image, palette: Palette, top: int, rows: Sequence[LegendRow], scale: float
) -> None:
    """A table per column: swatch, name, territories, armies, cards held (a count), income."""
    columns = legend_columns(len(rows))
    per_column = -(-len(rows) // columns)
    margin = round(22 * scale)
    col_gap = round(40 * scale)
    col_width = (canvas.width - 2 * margin - (columns - 1) * col_gap) // columns
    number_width = round(96 * scale)
    head, regular, bold = font(round(18 * scale)), font(round(22 * scale)), font(round(22 * scale), bold=True)
    row_h = round(40 * scale)
    for c in range(columns):
        x0 = margin + c * (col_width + col_gap)
        y = top + round(14 * scale)
        numbers_x = x0 + col_width - number_width * len(COLUMNS)
        draw_text(canvas, (x0, y + round(16 * scale)), "Player", head, palette.ramp(MUTED, PANEL), "lm")
        for k, label in enumerate(COLUMNS):
            right = numbers_x + (k + 1) * number_width
            draw_text(canvas, (right, y + round(16 * scale)), label, head, palette.ramp(MUTED, PANEL), "rm")
        y += round(32 * scale)
        for row in rows[c * per_column : (c + 1) * per_column]:
            bg = PANEL_HIGHLIGHT if row.current else PANEL
            if row.current:
                ImageDraw.Draw(canvas).rounded_rectangle(
                    (x0 - round(8 * scale), y + 2, x0 + col_width + round(8 * scale), y + row_h - 2),
                    radius=round(8 * scale),
                    fill=palette[PANEL_HIGHLIGHT],
                )
            mid = y + row_h / 2
            sprite = swatch(palette, row.seat, scale)
            paste_sprite(canvas, sprite, (x0 + sprite.size[0] / 2, mid))
            name_x = x0 + sprite.size[0] + round(12 * scale)
            colour = MUTED if row.note else TEXT
            note = f" ({row.note})" if row.note else ""
            room = numbers_x - name_x - round(12 * scale) - text_width(note, regular)
            end = draw_text(
                canvas, (name_x, mid), fit_words(row.name, bold, room), bold, palette.ramp(colour, bg), "lm"
            )[2]
            if note:
                draw_text(canvas, (end, mid), note, regular, palette.ramp(MUTED, bg), "lm")
            values = (row.territories, row.armies, row.cards, row.income)
            for k, value in enumerate(values):
                right = numbers_x + (k + 1) * number_width
                text = DASH if value is None else str(value)
                draw_text(canvas, (right, mid), text, regular, palette.ramp(colour, bg), "rm")
            y += row_h

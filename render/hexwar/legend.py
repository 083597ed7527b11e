"""The title bar's words and the legend under the board, from a view.

The legend is a table a row per seat: the seat's badge (its colour and shape), its name with what it is
doing (writing orders, orders in, out) and numbers that fit the phase: the hexes left in hand while the
board is built, the starting units left while they are placed, then hexes, cities, units, money and
income, and the money earned over the game (the round limit's score; all public in Hex war).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import paste_sprite
from render.core.fonts import fit, font
from render.core.palette import Palette
from render.core.panels import TitleInfo, swatch
from render.core.text import draw_text
from rules.hexwar.state import Phase
from rules.hexwar.units import ORDER
from rules.hexwar.views import HexWarView

DASH = "–"
HAND_COLUMNS = ("Land", "City", "Port", "Water")
UNIT_COLUMNS = ("Inf", "Tank", "Hov", "Plane")
PLAY_COLUMNS = ("Hexes", "Cities", "Units", "Money", "Income", "Earned")


@dataclass(frozen=True, slots=True)
class Row:
    seat: int
    name: str
    note: str
    values: tuple[int | None, ...]
    current: bool
    muted: bool


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"Seat {seat + 1}"


def columns(view: HexWarView) -> tuple[str, ...]:
    if view.phase is Phase.HEXES:
        return HAND_COLUMNS
    if view.phase is Phase.UNITS:
        return UNIT_COLUMNS
    return PLAY_COLUMNS


def rows(view: HexWarView, names: Sequence[str]) -> list[Row]:
    found = []
    for s in view.seats:
        if view.phase is Phase.HEXES:
            values: tuple[int | None, ...] = tuple(s.hand)
        elif view.phase is Phase.UNITS:
            values = tuple(s.units_left[ORDER.index(u)] for u in ("inf", "tank", "hov", "plane"))
        else:
            # Earned: the money collected over the game, what a round limit is decided by.
            values = (s.hexes, s.cities, s.units, s.money, None if s.out else s.income, s.earned)
        if s.resigned:
            note = "resigned"
        elif s.out:
            note = "out"
        elif view.phase is Phase.ORDERS:
            note = "✓" if s.submitted else ""  # the title counts them; the tick says whose are in
        else:
            note = ""
        current = s.seat in view.winners or (
            view.phase in (Phase.HEXES, Phase.UNITS, Phase.CAPITALS) and s.seat == view.current
        )
        found.append(Row(s.seat, seat_name(names, s.seat), note, values, current, s.out))
    return found


def title_info(view: HexWarView, names: Sequence[str], title: str, deadline: str | None = None) -> TitleInfo:
    playing = [s for s in view.seats if not s.out]
    if view.phase is Phase.OVER:
        status = f"Game over · round {view.round}"
        if view.winners:
            winner = view.winners[0]
            who = " and ".join(seat_name(names, w) for w in view.winners)
            return TitleInfo(title, status, who, winner, "wins!" if len(view.winners) == 1 else "win!")
        return TitleInfo(title, status)
    if view.phase is Phase.ORDERS:
        done = sum(1 for s in playing if s.submitted)
        status = f"Round {view.round} · orders {done} of {len(playing)} in"
        return TitleInfo(title, status, action="every player writes orders", deadline=deadline)
    status, action = {
        Phase.HEXES: ("Setup · building the board", "to place a hex"),
        Phase.UNITS: ("Setup · starting units", "to place units"),
        Phase.CAPITALS: ("Setup · capitals", "to place a capital"),
    }[view.phase]
    return TitleInfo(title, status, seat_name(names, view.current), view.current, action, deadline)


# The table's type, in pixels at the reference width: read on a phone, where the board is shown about
# 550 px wide, the 21 px of two columns a side came out at about 7 px a capital. One column of every
# seat (five at most) leaves room for type a third larger and for whole names.
HEAD_PX, TEXT_PX, ROW_PX, HEAD_ROW_PX = 22, 28, 48, 36


def legend_height(count: int, scale: float) -> int:
    return round((12 + HEAD_ROW_PX + ROW_PX * count + 34 + 10) * scale)


def draw_legend(
    canvas: Image.Image,
    palette: Palette,
    top: int,
    view: HexWarView,
    names: Sequence[str],
    scale: float,
    footnote: str,
) -> None:
    table = rows(view, names)
    heads = columns(view)
    margin = round(22 * scale)
    x0, col_width = margin, canvas.width - 2 * margin
    # Each number column's right edge: short counts get less room than the money columns' longer heads.
    widths = [round((112 if len(heads) <= 4 else 80 if k < 3 else 104) * scale) for k in range(len(heads))]
    rights = [sum(widths[: k + 1]) for k in range(len(heads))]
    head, regular = font(round(HEAD_PX * scale)), font(round(TEXT_PX * scale))
    bold = font(round(TEXT_PX * scale), bold=True)
    row_h = round(ROW_PX * scale)
    y = top + round(12 * scale)
    numbers_x = x0 + col_width - rights[-1]
    head_mid = y + round(HEAD_ROW_PX / 2 * scale)
    draw_text(canvas, (x0, head_mid), "Player", head, palette.ramp(C.MUTED, C.PANEL), "lm")
    for k, label in enumerate(heads):
        right = numbers_x + rights[k]
        draw_text(canvas, (right, head_mid), label, head, palette.ramp(C.MUTED, C.PANEL), "rm")
    y += round(HEAD_ROW_PX * scale)
    for row in table:
        bg = C.PANEL_HIGHLIGHT if row.current else C.PANEL
        if row.current:
            ImageDraw.Draw(canvas).rounded_rectangle(
                (x0 - round(8 * scale), y + 2, x0 + col_width + round(8 * scale), y + row_h - 2),
                radius=round(8 * scale),
                fill=palette[C.PANEL_HIGHLIGHT],
            )
        mid = y + row_h / 2
        sprite = swatch(palette, row.seat, scale * 0.9)
        paste_sprite(canvas, sprite, (x0 + sprite.size[0] / 2, mid))
        name_x = x0 + sprite.size[0] + round(10 * scale)
        colour = C.MUTED if row.muted else C.TEXT
        room = numbers_x - name_x - round(10 * scale)
        note = f"  {row.note}" if row.note else ""
        name = fit(row.name, bold, max(room // 2, room - round(len(note) * 10 * scale)))
        end = draw_text(canvas, (name_x, mid), name, bold, palette.ramp(colour, bg), "lm")[2]
        if note:
            draw_text(canvas, (end, mid), fit(note, regular, numbers_x - end - 4), regular,
                      palette.ramp(C.MUTED, bg), "lm")  # fmt: skip
        for k, value in enumerate(row.values):
            right = numbers_x + rights[k]
            text = DASH if value is None else str(value)
            draw_text(canvas, (right, mid), text, regular, palette.ramp(colour, bg), "rm")
        y += row_h
    bottom = top + legend_height(len(table), scale) - round(22 * scale)
    draw_text(canvas, (margin, bottom), footnote, head, palette.ramp(C.MUTED, C.PANEL), "lm")

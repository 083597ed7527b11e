"""The title bar's content and the legend of the Axis & Allies map: one table per alliance (Allies left,
Axis right) with each power's colour and shape, player, IPCs, income, territories and units."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.axis_allies.base import power_colour
from render.core import colours as C
from render.core.badges import BadgeStyle, Sprite, badge_sprite
from render.core.cache import forget_oldest
from render.core.fonts import Font, fit, font, text_width
from render.core.palette import Palette
from render.core.panels import TitleInfo
from render.core.shapes import seat_shape
from render.core.stamp import Paste, paste_of, stamp_all
from render.core.text import draw_text, text_stamp
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
    """The two tables: what is the same on every position of a game (headings, swatches, names, the
    highlight of the power to move) pasted from ``_legend_frame``, then each side's income and each
    power's numbers."""
    head, regular = font(round(18 * scale)), font(round(22 * scale))
    seats = tuple(picture.seat_names.get(p) for p in POWERS)
    frame = _legend_frame(palette, canvas.width, top, scale, picture.to_move, seats)
    if frame.highlight is not None:  # (under the row's texts: it meets no other)
        ImageDraw.Draw(canvas).rounded_rectangle(
            frame.highlight, radius=round(8 * scale), fill=palette[C.PANEL_HIGHLIGHT]
        )
    stamp_all(canvas, frame.pastes)
    held = Counter(picture.owners.values())
    units = dict.fromkeys(POWERS, 0)
    for by_power in picture.units.values():
        for power, counts in by_power.items():
            units[power] += sum(counts.values()) - counts.get("factory", 0)
    muted = palette.ramp(C.MUTED, C.PANEL)
    for (_, powers), at in zip(SIDES, frame.income_at, strict=True):
        draw_text(canvas, at, f"  income {sum(picture.income.get(p, 0) for p in powers)}", head, muted, "lm")
    for power, (mid, rights) in frame.numbers_at.items():
        ramp = palette.ramp(C.TEXT, C.PANEL_HIGHLIGHT if power == picture.to_move else C.PANEL)
        values = (picture.ipcs.get(power), picture.income.get(power), held[power], units[power])
        for value, right in zip(values, rights, strict=True):
            draw_text(canvas, (right, mid), "–" if value is None else str(value), regular, ramp, "rm")


@dataclass(frozen=True, slots=True)
class _Frame:
    """What the legend shows the same on every position of a game: the highlight's box, the pastes of
    the headings, swatches, names and seats in the order they are drawn, where each side's income goes
    and, per power, its row's middle and its numbers' right ends."""

    highlight: tuple[int, int, int, int] | None
    pastes: tuple[Paste, ...]
    income_at: tuple[tuple[int, int], ...]
    numbers_at: dict[str, tuple[float, tuple[int, ...]]]


_FRAMES: dict[tuple[int, int, int, float, str | None, tuple[str | None, ...]], _Frame] = {}
_FRAMES_KEPT = 64  # a game's five (one per power to move): some 40 pastes each, of kept texts


def _legend_frame(
    palette: Palette, width: int, top: int, scale: float, to_move: str | None, seats: tuple[str | None, ...]
) -> _Frame:
    """The legend's ``_Frame`` on a map ``width`` wide whose legend starts at ``top``, kept: drawn the
    same way the numbers are (``draw_text``'s places and stamps), so the same pixels."""
    key = (id(palette), width, top, scale, to_move, seats)
    found = _FRAMES.get(key)
    if found is not None:
        return found
    margin, col_gap = round(22 * scale), round(40 * scale)
    col_width = (width - 2 * margin - col_gap) // 2
    number_width = round(84 * scale)
    head, regular = font(round(18 * scale)), font(round(22 * scale))
    bold, head_bold = font(round(22 * scale), bold=True), font(round(18 * scale), bold=True)
    row_h = round(40 * scale)
    muted = palette.ramp(C.MUTED, C.PANEL)
    seat_names = dict(zip(POWERS, seats, strict=True))
    pastes: list[Paste] = []
    highlight, income_at, numbers_at = None, [], {}

    def text(xy: tuple[float, float], words: str, f: Font, ramp: tuple[int, ...], anchor: str) -> int:
        """``draw_text``'s stamp noted, and the right end of its box."""
        image, corner, mask = text_stamp(xy, words, f, ramp, anchor)
        pastes.append(paste_of(image, corner, mask))
        return corner[0] + image.width

    for c, (side, powers) in enumerate(SIDES):
        x0 = margin + c * (col_width + col_gap)
        y = top + round(14 * scale)
        numbers_x = x0 + col_width - number_width * len(COLUMNS)
        end = text((x0, y + round(16 * scale)), side, head_bold, muted, "lm")
        income_at.append((end, y + round(16 * scale)))
        rights = tuple(numbers_x + (k + 1) * number_width for k in range(len(COLUMNS)))
        for label, right in zip(COLUMNS, rights, strict=True):
            text((right, y + round(16 * scale)), label, head, muted, "rm")
        y += round(32 * scale)
        for power in powers:
            current = power == to_move
            bg = C.PANEL_HIGHLIGHT if current else C.PANEL
            if current:
                highlight = (x0 - round(8 * scale), y + 2, x0 + col_width + round(8 * scale), y + row_h - 2)
            mid = y + row_h / 2
            sprite = swatch(palette, power, scale)
            w, h = sprite.size
            cx = x0 + w / 2  # (``paste_sprite``'s corner of a sprite centred there)
            pastes.append(paste_of(sprite.image, (round(cx - w / 2), round(mid - h / 2)), sprite.mask))
            name_x = x0 + w + round(12 * scale)
            room = numbers_x - name_x - round(12 * scale)
            name = POWER_NAMES[power]
            end = text((name_x, mid), fit(name, bold, room), bold, palette.ramp(C.TEXT, bg), "lm")
            seat = seat_names[power]
            if seat and room - text_width(name, bold) > text_width(" ·  x…", regular):
                seat_text = fit(f"  {seat}", regular, room - text_width(name, bold))
                text((end, mid), seat_text, regular, palette.ramp(C.MUTED, bg), "lm")
            numbers_at[power] = (mid, rights)
            y += row_h
    frame = _Frame(highlight, tuple(pastes), tuple(income_at), numbers_at)
    forget_oldest(_FRAMES, _FRAMES_KEPT - 1)  # a race at worst works one out twice
    _FRAMES[key] = frame
    return frame

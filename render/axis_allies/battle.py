"""The battle board: one combat in progress, laid out like the printed board.

Attacker on the left, defender on the right; each side has a column per value a unit hits on (1 to 4),
and its units stand in the column of their attack (left) or defence (right) value as tokens with counts.
Units that roll no dice in that role (a transport attacking) get a "–" column; antiaircraft guns get their
own "AA" column on the defending side. The last roll's dice are shown under each side when given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from data import load_json
from render.axis_allies.base import map_palette
from render.axis_allies.icons import UNIT_ORDER, UNITS, token_for, token_style
from render.axis_allies.legend import swatch
from render.core import colours as C
from render.core.badges import paste_sprite
from render.core.dice import PIPS
from render.core.fonts import fit, font
from render.core.png import encode_png
from render.core.text import draw_text
from rules.axis_allies.board import POWER_NAMES, POWERS

REFERENCE_WIDTH = 1000


@dataclass(frozen=True)
class BattlePicture:
    territory: str
    attacker: str  # power id
    defenders: tuple[str, ...]  # power ids
    attacking: Mapping[str, Mapping[str, int]]  # power -> unit -> count
    defending: Mapping[str, Mapping[str, int]]
    round: int = 1
    attacker_dice: tuple[int, ...] = ()
    defender_dice: tuple[int, ...] = ()
    attacker_hits: int | None = None
    defender_hits: int | None = None


def unit_values(role: str) -> dict[str, int | None]:
    """Each unit's attack or defence value from the map data (None: it never rolls in combat)."""
    units: dict[str, dict[str, int | None]] = load_json("axis_allies/classic.json")["units"]
    return {unit: stats[role] for unit, stats in units.items()}


def columns(side: Mapping[str, Mapping[str, int]], role: str) -> dict[str, list[tuple[str, str, int]]]:
    """Column label -> the (power, unit, count) stacks standing in it, in a fixed order."""
    values = unit_values(role)
    out: dict[str, list[tuple[str, str, int]]] = {str(v): [] for v in range(1, 5)}
    for power in sorted(side, key=POWERS.index):
        for unit in UNIT_ORDER:
            count = side[power].get(unit, 0)
            if count <= 0 or unit == "factory":
                continue
            value = values.get(unit)
            label = "AA" if unit == "aa_gun" else "–" if not value else str(min(value, 4))
            out.setdefault(label, []).append((power, unit, count))
    return {k: v for k, v in out.items() if v or k in "1234"}


def render_battle(picture: BattlePicture, *, width: int = REFERENCE_WIDTH) -> bytes:
    return encode_png(battle_image(picture, width=width))


def battle_image(picture: BattlePicture, *, width: int = REFERENCE_WIDTH) -> Image.Image:
    for power in (picture.attacker, *picture.defenders, *picture.attacking, *picture.defending):
        if power not in POWERS:
            raise ValueError(f"unknown power {power!r}")
    for army in (picture.attacking, picture.defending):
        for units in army.values():
            if set(units) - UNITS:
                raise ValueError(f"unknown units {sorted(set(units) - UNITS)}")
    palette = map_palette()
    ui = width / REFERENCE_WIDTH
    style = token_style(1.3 * ui)
    sides = [columns(picture.attacking, "attack"), columns(picture.defending, "defense")]
    margin, pad = round(20 * ui), round(10 * ui)
    head_h, col_head_h = round(64 * ui), round(46 * ui)
    row_h = style.height + round(8 * ui)
    rows = max(1, *(len(stacks) for side in sides for stacks in side.values()))
    dice, dice_gap = round(28 * ui), round(6 * ui)
    half = (width - 3 * margin) // 2
    per_row = max(1, (half + dice_gap) // (dice + dice_gap))
    dice_rows = max(-(-len(r) // per_row) for r in (picture.attacker_dice, picture.defender_dice))
    dice_h = round(30 * ui) + dice_rows * (dice + dice_gap) if dice_rows else 0
    height = head_h + col_head_h + rows * row_h + pad + dice_h + margin
    canvas = Image.new("L", (width, height), palette[C.PANEL])
    draw = ImageDraw.Draw(canvas)
    big, small, digits = (
        font(round(26 * ui), bold=True),
        font(round(18 * ui)),
        font(round(26 * ui), bold=True),
    )
    title = fit(f"Battle for {picture.territory}", big, width - 2 * margin - round(200 * ui))
    draw_text(canvas, (margin, head_h / 2), title, big, palette.ramp(C.TEXT, C.PANEL), "lm")
    draw_text(
        canvas,
        (width - margin, head_h / 2),
        f"round {picture.round}",
        small,
        palette.ramp(C.MUTED, C.PANEL),
        "rm",
    )
    who = [(picture.attacker,), picture.defenders or tuple(picture.defending)]
    hits = [picture.attacker_hits, picture.defender_hits]
    rolls = [picture.attacker_dice, picture.defender_dice]
    for s, side in enumerate(sides):
        x0 = margin + s * (half + margin)
        y = head_h
        role = "Attacker" if s == 0 else "Defender"
        names = " + ".join(POWER_NAMES[p] for p in who[s])
        x = x0
        for power in who[s]:
            sprite = swatch(palette, power, ui * 0.8)
            paste_sprite(canvas, sprite, (x + sprite.size[0] / 2, y - round(2 * ui)))
            x += sprite.size[0] + round(6 * ui)
        draw_text(canvas, (x, y - round(2 * ui)), fit(f"{role}: {names}", small, half - (x - x0)), small,
                  palette.ramp(C.TEXT, C.PANEL), "lm")  # fmt: skip
        y += round(18 * ui)
        col_w = half // len(side)
        for c, (label, stacks) in enumerate(side.items()):
            cx = x0 + c * col_w
            bg = C.PANEL_HIGHLIGHT if c % 2 == 0 else C.PANEL
            draw.rounded_rectangle(
                (cx + 2, y, cx + col_w - 2, y + col_head_h - round(18 * ui) + rows * row_h + pad),
                radius=round(8 * ui),
                fill=palette[bg],
            )
            draw_text(
                canvas, (cx + col_w / 2, y + round(16 * ui)), label, digits, palette.ramp(C.TEXT, bg), "mm"
            )
            for r, (power, unit, count) in enumerate(stacks):
                sprite = token_for(power, unit, count, style)
                centre_y = y + col_head_h - round(18 * ui) + r * row_h + row_h / 2 + round(4 * ui)
                paste_sprite(canvas, sprite, (cx + col_w / 2, centre_y))
        y += col_head_h - round(18 * ui) + rows * row_h + pad + round(10 * ui)
        if rolls[s]:
            caption = "Last roll" if hits[s] is None else f"Last roll: {hits[s]} hit" + "s" * (hits[s] != 1)
            draw_text(canvas, (x0, y + round(10 * ui)), caption, small, palette.ramp(C.MUTED, C.PANEL), "lm")
            y += round(26 * ui)
            for k, value in enumerate(rolls[s]):
                x, row = x0 + (k % per_row) * (dice + dice_gap), y + (k // per_row) * (dice + dice_gap)
                _die(draw, (x, row, x + dice, row + dice), value, palette[C.WHITE], palette[C.INK])
    canvas.putpalette(palette.as_bytes())
    return canvas


def _die(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], value: int, face: int, pip: int) -> None:
    x0, y0, x1, _ = box
    size = x1 - x0
    draw.rounded_rectangle(box, radius=max(2, size // 6), fill=face, outline=pip, width=1)
    r = size * 0.09
    for px, py in PIPS.get(value, ()):
        cx, cy = x0 + px * size, y0 + py * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)

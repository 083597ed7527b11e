"""The Axis & Allies battle card: one round of a battle as an embed's image, which a phone shows about
550 px wide.

At the top the space, the round and how it ended (or that it goes on), and the odds before the round
when the caller has them (a bar in the two sides' colours). Then the attacker, then the defender, each
with its units before and after the round and what it lost; beside each kind of unit the dice it rolled
this round, after the number it hits on ("≤2"): a die that hit has a white ring, a die that missed is
faded and struck through. Casualties not chosen yet show as hits still to take.

Drawn 1000 px wide in full colour; every text is at least 24 px there (13 px at 550), dice 36 px.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.axis_allies.colours import LOSS, power_colour
from render.axis_allies.icons import UNIT_ORDER, UNITS, icon_mask
from render.core import colours as C
from render.core.dice_faces import die_face, paste_die, ring_width
from render.core.fonts import fit, font, text_width
from render.core.png import encode_png
from render.core.shapes import draw_shape, seat_shape
from rules.axis_allies.board import AXIS, POWER_NAMES, POWERS, classic_board

WIDTH = 1000
MARGIN = 28
DIE = 36
PITCH = DIE + 2 * ring_width(DIE) + 4
ROW = 52  # a unit row's height (more where its dice wrap)
CHIP = (76, 44)
LOSS_TEXT = C.mix(LOSS, C.WHITE, 0.45)
Forces = Mapping[str, Mapping[str, int]]  # power -> unit -> count
OUTCOMES = {
    "attacker": "attacker won",
    "defender": "defender held",
    "draw": "both sides destroyed",
    "retreat": "attacker retreated",
}


@dataclass(frozen=True, slots=True)
class Fire:
    """One kind of unit's dice this round: each die of ``hits_on`` or less hit."""

    power: str
    unit: str
    hits_on: int
    dice: tuple[int, ...]

    @property
    def hits(self) -> int:
        return sum(1 for d in self.dice if d <= self.hits_on)


@dataclass(frozen=True)
class BattlePicture:
    territory: str
    attacker: str  # power id
    defenders: tuple[str, ...]  # power ids
    attacking: Forces  # each side's units at the start of the round
    defending: Forces
    round: int = 1
    attacker_fire: tuple[Fire, ...] = ()
    defender_fire: tuple[Fire, ...] = ()
    attacker_lost: Forces = field(default_factory=dict)  # the round's casualties, once chosen
    defender_lost: Forces = field(default_factory=dict)
    attacker_to_take: int = 0  # hits the attacker still has to take (its casualty choice is pending)
    defender_to_take: int = 0
    outcome: str | None = None  # a key of ``OUTCOMES``; None while the battle goes on
    odds: tuple[float, float, float] | None = None  # before the round: attacker wins, draw, defender wins
    seat_names: Mapping[str, str] = field(default_factory=dict)  # power -> player


def check_battle(picture: BattlePicture) -> None:
    """``ValueError`` naming the first unknown power or unit."""
    fires = (*picture.attacker_fire, *picture.defender_fire)
    forces = (picture.attacking, picture.defending, picture.attacker_lost, picture.defender_lost)
    powers = [
        picture.attacker,
        *picture.defenders,
        *(f.power for f in fires),
        *(p for s in forces for p in s),
    ]
    for power in powers:
        if power not in POWERS:
            raise ValueError(f"unknown power {power!r}")
    units = {u for s in forces for by_unit in s.values() for u in by_unit} | {f.unit for f in fires}
    if units - UNITS:
        raise ValueError(f"unknown units {sorted(units - UNITS)}")


def render_battle(picture: BattlePicture) -> bytes:
    return encode_png(battle_image(picture))


def battle_image(picture: BattlePicture) -> Image.Image:
    check_battle(picture)
    sides = (
        ("Attacker", (picture.attacker,), picture.attacking, picture.attacker_lost, picture.attacker_fire,
         picture.attacker_to_take),
        ("Defender", picture.defenders or tuple(picture.defending), picture.defending, picture.defender_lost,
         picture.defender_fire, picture.defender_to_take),
    )  # fmt: skip
    plans = [_rows(forces, lost, fire) for _, _, forces, lost, fire, _ in sides]
    head = 84 + (70 if picture.odds else 0)
    heights = [120 + sum(_row_height(len(r[3])) for r in rows) for rows in plans]
    image = Image.new("RGB", (WIDTH, head + sum(heights) + MARGIN), C.PANEL)
    draw = ImageDraw.Draw(image)
    _heading(draw, picture)
    if picture.odds:
        _odds(draw, picture, 84)
    y = head
    for (role, powers, forces, lost, _, to_take), rows, height in zip(sides, plans, heights, strict=True):
        draw.line([(MARGIN, y), (WIDTH - MARGIN, y)], fill=C.PANEL_HIGHLIGHT, width=2)
        _side(image, draw, picture, role, powers, forces, lost, to_take, rows, y)
        y += height
    return image


Row = tuple[str, str, int, tuple[int, ...], int, int]  # power, unit, before, dice, hits_on, lost


def _rows(forces: Forces, lost: Forces, fire: tuple[Fire, ...]) -> list[Row]:
    """A row per kind of unit per power (factories aside), in turn and unit order, with its dice."""
    fired = {(f.power, f.unit): f for f in fire}
    keys = {(p, u) for p, by_unit in forces.items() for u, n in by_unit.items() if n > 0 and u != "factory"}
    keys |= set(fired)  # a kind that fired without being counted (a battleship bombarding from sea)
    rows = []
    for power, unit in sorted(keys, key=lambda k: (POWERS.index(k[0]), UNIT_ORDER.index(k[1]))):
        f = fired.get((power, unit))
        before = max(forces.get(power, {}).get(unit, 0), len(f.dice) if f else 0)
        rows.append(
            (
                power,
                unit,
                before,
                f.dice if f else (),
                f.hits_on if f else 0,
                lost.get(power, {}).get(unit, 0),
            )
        )
    return rows


def _dice_per_line() -> int:
    return (WIDTH - 2 * MARGIN - CHIP[0] - 150 - 56) // PITCH


def _row_height(dice: int) -> int:
    lines = max(1, -(-dice // _dice_per_line()))
    return max(ROW, lines * PITCH + 8)


def _text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, colour: C.Rgb = C.TEXT,
    *, bold: bool = False, anchor: str = "lm",
) -> float:  # fmt: skip
    f = font(size, bold=bold)
    draw.text(xy, text, font=f, fill=colour, anchor=anchor)
    return float(draw.textbbox(xy, text, font=f, anchor=anchor)[2])


def _heading(draw: ImageDraw.ImageDraw, picture: BattlePicture) -> None:
    result = OUTCOMES.get(picture.outcome or "", "goes on")
    right = f"round {picture.round} · {result}"
    room = WIDTH - 2 * MARGIN - text_width(right, font(26, bold=True)) - 20
    title = fit(f"Battle for {classic_board().shown(picture.territory)}", font(34, bold=True), room)
    _text(draw, (MARGIN, 42), title, 34, bold=True)
    colour = C.HIGHLIGHT if picture.outcome else C.MUTED
    _text(draw, (WIDTH - MARGIN, 42), right, 26, colour, bold=True, anchor="rm")


def _odds(draw: ImageDraw.ImageDraw, picture: BattlePicture, top: int) -> None:
    """A bar of the odds before the round: attacker's colour, draw grey, defender's colour."""
    assert picture.odds is not None
    win, tie, lose = picture.odds
    total = (win + tie + lose) or 1.0
    defender = picture.defenders[0] if picture.defenders else None
    label = (
        f"Odds before this round: attacker {win / total:.0%} · draw {tie / total:.0%}"
        f" · defender {lose / total:.0%}"
    )
    _text(draw, (MARGIN, top + 12), fit(label, font(24), WIDTH - 2 * MARGIN), 24, C.MUTED)
    x, y0, y1, full = float(MARGIN), top + 32, top + 56, WIDTH - 2 * MARGIN
    for share, colour in (
        (win, power_colour(picture.attacker)),
        (tie, C.MUTED),
        (lose, power_colour(defender)),
    ):
        w = full * share / total
        if w >= 1:
            draw.rectangle((x, y0, x + w, y1), fill=colour)
        x += w
    draw.rectangle((MARGIN, y0, WIDTH - MARGIN, y1), outline=C.INK, width=2)


def _side(
    image: Image.Image, draw: ImageDraw.ImageDraw, picture: BattlePicture, role: str,
    powers: tuple[str, ...], forces: Forces, lost: Forces, to_take: int, rows: list[Row], top: int,
) -> None:  # fmt: skip
    x = float(MARGIN)
    for power in powers:
        w = 30 * 1.7
        draw_shape(draw, seat_shape(POWERS.index(power)), (x, top + 22, x + w, top + 52),
                   power_colour(power), C.INK, 2)  # fmt: skip
        x += w + 10
    names = " + ".join(
        POWER_NAMES[p] + (f" ({picture.seat_names[p]})" if p in picture.seat_names else "") for p in powers
    )
    _text(draw, (x, top + 37), fit(f"{role}: {names}", font(28, bold=True), round(WIDTH - MARGIN - x)), 28,
          bold=True)  # fmt: skip
    before = sum(r[2] for r in rows)
    after = before - sum(r[5] for r in rows)
    end = _text(draw, (MARGIN, top + 88), f"{before} → {after} units", 30, bold=True)
    gone = sum(r[5] for r in rows)
    note, colour = (f"lost {gone}", LOSS_TEXT) if gone else ("lost none", C.TEXT)
    if to_take:
        note, colour = f"{to_take} hit{'s' * (to_take != 1)} to take", LOSS_TEXT
    end = _text(draw, (end + 20, top + 88), note, 26, colour, bold=True)
    hits = sum(1 for r in rows for d in r[3] if d <= r[4])
    if any(r[3] for r in rows):
        _text(draw, (end + 20, top + 88), f"· scored {hits} hit{'s' * (hits != 1)}", 26, C.MUTED)
    y = top + 120
    for power, unit, count, dice, hits_on, gone in rows:
        height = _row_height(len(dice))
        mid = y + ROW / 2
        _chip(image, power, unit, MARGIN, mid - CHIP[1] / 2)
        x = MARGIN + CHIP[0] + 14
        after_count = count - gone
        end = _text(draw, (x, mid), f"{count}", 30, bold=True)
        end = _text(draw, (end + 6, mid), f"→ {after_count}", 30, LOSS_TEXT if gone else C.TEXT, bold=True)
        dice_x = MARGIN + CHIP[0] + 150
        if dice:
            _text(draw, (dice_x, mid), f"≤{hits_on}", 24, C.MUTED)
            per_line = _dice_per_line()
            for k, value in enumerate(dice):
                dx = dice_x + 56 + (k % per_line) * PITCH
                dy = y + 8 + (k // per_line) * PITCH + ring_width(DIE)
                mark = "hit" if value <= hits_on else "miss"
                paste_die(image, (dx, dy), die_face(value, DIE, power_colour(power), C.PANEL, mark), DIE)
        y += height


def _chip(image: Image.Image, power: str, unit: str, x: float, y: float) -> None:
    """The unit's icon on a chip of its power's colour (square corners for the Axis, as on the map)."""
    colour = power_colour(power)
    w, h = CHIP
    box = (round(x), round(y), round(x + w), round(y + h))
    radius = 4 if power in AXIS else h // 2 - 4
    ImageDraw.Draw(image).rounded_rectangle(box, radius=radius, fill=colour, outline=C.INK, width=2)
    icon = icon_mask(unit, 30)
    image.paste(C.ink_on(colour), (round(x + (w - icon.width) / 2), round(y + (h - icon.height) / 2)), icon)

"""The panels under the Attack! map: the year and season bar (which season, how many actions are left in
it) and the standings (each seat in turn order: government, victory points, regions, production, oil,
action cards held, and whether it has acted this season). Drawn in palette indices on ``PANEL``."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.badges import paste_sprite
from render.core.fonts import fit, font, text_width
from render.core.palette import Palette
from render.core.panels import swatch
from render.core.text import draw_text
from rules.attack.state import Stage
from rules.attack.views import AttackView

SEASON_NAMES = ("spring", "summer", "autumn", "winter")
COLUMNS = ("Gov.", "VP", "Regions", "Prod.", "Oil", "Cards", "Action")
WIDTHS = (150, 60, 92, 72, 56, 70, 104)  # at ``ui`` 1
# Each with a shorter form, the longest that fits whole being drawn: a two-player board cut the first to
# "The year's first player chooses the dir…".
SETUP = {
    Stage.GOVERNMENT: ("Setting up: choosing governments", "Choosing governments"),
    Stage.CAPITAL: ("Setting up: placing capitals", "Placing capitals"),
    Stage.DIRECTION: (
        "The year's first player chooses the direction of play",
        "Choosing the direction of play",
    ),
}


def seat_name(names: Sequence[str], seat: int) -> str:
    if seat < 0:
        return "Neutral"
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def season_height(ui: float) -> int:
    return round(50 * ui)


def standings_height(seats: int, ui: float) -> int:
    return round((40 + 38 * seats + 16) * ui)


def actions_left(view: AttackView) -> int:
    """Seats still to take this season's action, the one acting included."""
    if view.stage is not Stage.SEASON:
        return 0
    return sum(1 for s in view.order[view.position :] if view.seats[s].status == "playing")


def draw_season_bar(canvas: Image.Image, pal: Palette, view: AttackView, top: int, ui: float) -> None:
    """``Year 2 of 6`` · the four seasons, the current one lit · what is left of it."""
    draw = ImageDraw.Draw(canvas)
    margin, mid = round(22 * ui), top + season_height(ui) / 2
    big, regular, bold = (
        font(round(24 * ui), bold=True),
        font(round(21 * ui)),
        font(round(21 * ui), bold=True),
    )
    year = f"Year {max(view.year, 1)} of {view.years}" if view.year else f"A war of {view.years} years"
    x = draw_text(canvas, (margin, mid), year, big, pal.ramp(C.TEXT, C.PANEL), "lm")[2] + round(18 * ui)
    current = SEASON_NAMES.index(view.season) if view.stage is Stage.SEASON else -1
    over = view.stage is Stage.OVER
    for k, name in enumerate(SEASON_NAMES):
        label = name.title()
        w = text_width(label, bold) + round(20 * ui)
        if k == current:
            box = (x, mid - round(17 * ui), x + w, mid + round(17 * ui))
            draw.rounded_rectangle(box, radius=round(9 * ui), fill=pal[C.PANEL_HIGHLIGHT])
            draw_text(canvas, (x + w / 2, mid), label, bold, pal.ramp(C.TEXT, C.PANEL_HIGHLIGHT), "mm")
        else:
            done = over or (current >= 0 and k < current)
            colour = C.MUTED if done else C.TEXT
            draw_text(canvas, (x + w / 2, mid), label, regular, pal.ramp(colour, C.PANEL), "mm")
        x += w + round(6 * ui)
    if over:
        notes = ["The war is over"]
    elif view.stage in SETUP:
        notes = list(SETUP[view.stage])
    else:
        left = actions_left(view)
        actions = f"{left} action{'s' * (left != 1)}"
        winter = view.season == "winter"
        # The longest that fits whole: a note cut mid-word ("burn oil to…") reads worse than a shorter one.
        notes = [
            f"{actions} left this season" + (" (burn oil to act)" if winter else ""),
            f"{actions} left" + (" (burn oil to act)" if winter else ""),
            f"{actions} left" + (" (burn oil)" if winter else ""),
        ]
    room = canvas.width - margin - x - round(12 * ui)
    note = next((n for n in notes if text_width(n, regular) <= room), notes[-1])
    draw_text(
        canvas,
        (canvas.width - margin, mid),
        fit(note, regular, room),
        regular,
        pal.ramp(C.MUTED, C.PANEL),
        "rm",
    )


def _action_mark(view: AttackView, seat: int) -> str:
    info = view.seats[seat]
    if info.status != "playing":
        return info.status
    if view.stage is Stage.OVER:
        return "winner" if seat in view.winners else ""
    if seat in view.to_act:
        return "▶ now"
    if view.stage is Stage.SEASON:
        return "✓ done" if info.acted else "to come"
    return ""


def draw_standings(
    canvas: Image.Image, pal: Palette, view: AttackView, names: Sequence[str], top: int, ui: float
) -> None:
    """One row a seat, in turn order (seat order before the order is known)."""
    draw = ImageDraw.Draw(canvas)
    margin = round(22 * ui)
    head, regular, bold = font(round(18 * ui)), font(round(22 * ui)), font(round(22 * ui), bold=True)
    widths = [round(w * ui) for w in WIDTHS]
    numbers_x = canvas.width - margin - sum(widths)
    y = top + round(10 * ui)
    draw_text(canvas, (margin, y + round(14 * ui)), "Player", head, pal.ramp(C.MUTED, C.PANEL), "lm")
    x = numbers_x
    for label, w in zip(COLUMNS, widths, strict=True):
        draw_text(canvas, (x + w, y + round(14 * ui)), label, head, pal.ramp(C.MUTED, C.PANEL), "rm")
        x += w
    y += round(30 * ui)
    order = [s for s in view.order if s < len(view.seats)] if len(set(view.order)) == len(view.seats) else []
    order += [s.seat for s in view.seats if s.seat not in order]
    row_h = round(38 * ui)
    for seat in order:
        info = view.seats[seat]
        lit = seat in view.to_act or seat in view.winners
        bg = C.PANEL_HIGHLIGHT if lit else C.PANEL
        if lit:
            draw.rounded_rectangle(
                (margin - round(8 * ui), y + 2, canvas.width - margin + round(8 * ui), y + row_h - 2),
                radius=round(8 * ui),
                fill=pal[bg],
            )
        mid = y + row_h / 2
        sprite = swatch(pal, seat, ui)
        paste_sprite(canvas, sprite, (margin + sprite.size[0] / 2, mid))
        name_x = margin + sprite.size[0] + round(10 * ui)
        faded = info.status != "playing"
        colour = C.MUTED if faded else C.TEXT
        name = fit(seat_name(names, seat), bold, numbers_x - name_x - round(10 * ui))
        draw_text(canvas, (name_x, mid), name, bold, pal.ramp(colour, bg), "lm")
        values = (
            (info.government or "–").title(),
            str(info.victory_points),
            str(info.regions),
            str(info.production),
            str(info.oil),
            str(info.cards),
            _action_mark(view, seat),
        )
        x = numbers_x
        for k, (value, w) in enumerate(zip(values, widths, strict=True)):
            f = bold if k == 1 else regular
            draw_text(canvas, (x + w, mid), fit(value, f, w - round(6 * ui)), f, pal.ramp(colour, bg), "rm")
            x += w
        y += row_h


def key_line_height(ui: float) -> int:
    """The line under the standings naming the keyed seas (``render.attack.keys``)."""
    return round(34 * ui)


def draw_key_line(canvas: Image.Image, pal: Palette, line: str, top: int, ui: float) -> None:
    """``Seas: 1 N. Atlantic · 2 E. Med.``: what each key on the map stands for, as the standings'
    last line (cut with an ellipsis only if the picture is too narrow for it)."""
    margin = round(22 * ui)
    regular = font(round(21 * ui))
    room = canvas.width - 2 * margin
    mid = top + key_line_height(ui) / 2 - round(8 * ui)
    draw_text(canvas, (margin, mid), fit(line, regular, room), regular, pal.ramp(C.TEXT, C.PANEL), "lm")

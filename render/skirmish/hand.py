"""The private picture: the viewer's own cards, each as a tile (name, what it does, its number to play it
by, its discard penalty), and their standing orders. Only ever drawn from the viewer's own view, which
holds nothing of anyone else's hand or orders.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.fonts import Font, fit, font, wrap
from render.core.png import encode_png
from render.core.text import draw_text
from render.skirmish.base import PLATE, map_palette
from rules.skirmish.pieces import pieces
from rules.skirmish.state import StandingOrders
from rules.skirmish.views import CardView, SkirmishView

REFERENCE_WIDTH = 900
PER_ROW = 4
KINDS = {
    "skirmish": "skirmish card · +{value}",
    "battle": "battle card · +{value} to all",
    "bar_attacks": "defender's card",
    "truce": "in your turn",
}
ORDER_WORDS = {
    "defend": "Defend",
    "losses": "Losses",
    "assign": "Dice",
    "cards_from": "Cards from",
    "order": "Order",
    "occupy": "After a win",
}


def _fit(text: str, f: Font, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels (widths here come out of scaled floats)."""
    return fit(text, f, int(width))


def render_private(view: SkirmishView, names: Sequence[str], *, width: int = REFERENCE_WIDTH) -> bytes | None:
    """The viewer's hand and orders as PNG bytes; None for the public view (it holds nothing private)."""
    if view.hand is None or view.viewer is None:
        return None
    return encode_png(private_image(view, names, width=width))


def private_image(view: SkirmishView, names: Sequence[str], *, width: int = REFERENCE_WIDTH) -> Image.Image:
    palette = map_palette()
    ui = width / REFERENCE_WIDTH
    hand = sorted(view.hand or (), key=lambda card: card.id)  # the same cards, the same picture
    rows = max(1, -(-len(hand) // PER_ROW))
    margin, gap = round(20 * ui), round(12 * ui)
    tile_w = (width - 2 * margin - (PER_ROW - 1) * gap) // PER_ROW
    tile_h = round(222 * ui)
    head_h, orders_h = round(60 * ui), round(110 * ui)
    height = head_h + rows * (tile_h + gap) + orders_h
    canvas = Image.new("L", (width, height), palette[C.PANEL])
    seat = view.viewer if view.viewer is not None else 0
    held = view.seats[seat].territories if seat < len(view.seats) else 0
    who = names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"
    big, small = font(round(25 * ui), bold=True), font(round(18 * ui))
    draw_text(
        canvas,
        (margin, head_h / 2),
        _fit(f"{who}'s hand", big, width // 2),
        big,
        palette.ramp(C.TEXT, C.PANEL),
        "lm",
    )
    limit = f"{len(hand)} card{'s' if len(hand) != 1 else ''} · keep at most {held} (your territories)"
    draw_text(canvas, (width - margin, head_h / 2), limit, small, palette.ramp(C.MUTED, C.PANEL), "rm")
    if not hand:
        draw_text(
            canvas,
            (margin, head_h + tile_h / 2),
            "No cards: draw one as a standard action.",
            small,
            palette.ramp(C.MUTED, C.PANEL),
            "lm",
        )
    for k, card in enumerate(hand):
        x = margin + (k % PER_ROW) * (tile_w + gap)
        y = head_h + (k // PER_ROW) * (tile_h + gap)
        _tile(canvas, card, (x, y, tile_w, tile_h), ui)
    _orders(canvas, view.orders, head_h + rows * (tile_h + gap), ui)
    canvas.putpalette(palette.as_bytes())
    return canvas


def _tile(canvas: Image.Image, card: CardView, box: tuple[int, int, int, int], ui: float) -> None:
    palette = map_palette()
    x, y, w, h = box
    frame = max(1, round(2 * ui))
    ImageDraw.Draw(canvas).rounded_rectangle(
        (x, y, x + w, y + h),
        radius=round(10 * ui),
        fill=palette[PLATE],
        outline=palette[C.MUTED],
        width=frame,
    )
    pad = round(10 * ui)
    bold, small = font(round(20 * ui), bold=True), font(round(16 * ui))
    text, muted = palette.ramp(C.TEXT, PLATE), palette.ramp(C.MUTED, PLATE)
    draw_text(canvas, (x + pad, y + 20 * ui), _fit(card.name, bold, w - 2 * pad - 40 * ui), bold, text, "lm")
    draw_text(canvas, (x + w - pad, y + 20 * ui), f"#{card.id}", small, muted, "rm")
    kind = KINDS.get(pieces().cards[card.id].kind, "").format(value=card.value)
    draw_text(canvas, (x + pad, y + 46 * ui), _fit(kind, small, w - 2 * pad), small, muted, "lm")
    lines = wrap(card.text, small, w - 2 * pad, max_lines=7)
    for i, line in enumerate(lines):
        draw_text(canvas, (x + pad, y + (74 + 21 * i) * ui), line, small, text, "lm")


def _orders(canvas: Image.Image, orders: StandingOrders | None, top: int, ui: float) -> None:
    palette = map_palette()
    margin = round(20 * ui)
    bold, small = font(round(19 * ui), bold=True), font(round(17 * ui))
    draw_text(canvas, (margin, top + 22 * ui), "Standing orders", bold, palette.ramp(C.TEXT, C.PANEL), "lm")
    given = [
        (ORDER_WORDS[f], getattr(orders, f)) for f in ORDER_WORDS if orders and getattr(orders, f) is not None
    ]
    if not given:
        line = "None set: /sk orders sets some."
    else:
        line = " · ".join(f"{label}: {value}" for label, value in given)
    width = canvas.width - 2 * margin
    for i, part in enumerate(wrap(line, small, width, max_lines=2)):
        draw_text(
            canvas, (margin, top + (54 + 24 * i) * ui), part, small, palette.ramp(C.MUTED, C.PANEL), "lm"
        )

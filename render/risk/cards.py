"""A player's own cards, for an ephemeral reply (the battle card is ``render.risk.battle``).

The cards are drawn in full colour at twice the size and scaled down, which antialiases every shape
(corners, card symbols); the picture is an ordinary RGB PNG.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core import colours as C
from render.core.fonts import font, wrap
from render.core.pen import Pen
from render.risk.base import continent_colour
from render.risk.symbols import draw_symbol
from rules.risk.board import WILD, classic_map
from rules.risk.views import RiskView

CARD = C.hex_rgb("#F4EFE2")
CARD_INK = C.hex_rgb("#1B2632")
CARD_MUTED = C.hex_rgb("#5D6B78")


def render_hand(cards: Sequence[int], *, view: RiskView | None = None, width: int | None = None) -> bytes:
    """A player's cards: territory, continent and symbol; wilds. With the player's own ``view``, cards
    for territories they hold are marked (trading one puts 2 extra armies there) and the next set's
    value is shown."""
    board = classic_map()
    per_row = max(1, min(len(cards), 5))
    card_w, card_h, gap, margin, head = 170.0, 236.0, 16.0, 22.0, 58.0
    design_w = margin * 2 + per_row * card_w + (per_row - 1) * gap
    design_w = max(design_w, 420.0)
    rows = max(1, -(-len(cards) // per_row))
    ui = (width / design_w) if width else 1.0
    pen = Pen((round(design_w), round(head + rows * (card_h + gap) + margin - gap)), ui)
    title = f"Your cards · {len(cards)}"
    pen.text((margin, head / 2), title, 24, C.TEXT, bold=True, anchor="lm")
    if view is not None:
        pen.text(
            (design_w - margin, head / 2), f"next set: {view.next_set_value} armies", 20, C.MUTED, anchor="rm"
        )
    if not cards:
        pen.text((design_w / 2, head + card_h / 2), "No cards yet", 18, C.MUTED, anchor="mm")
    held = (
        {t.id for t in view.territories if t.owner == view.viewer}
        if view and view.viewer is not None
        else set()
    )
    for k, card_id in enumerate(cards):
        x = margin + (k % per_row) * (card_w + gap)
        y = head + (k // per_row) * (card_h + gap)
        pen.draw.rounded_rectangle(
            pen.box(x, y, x + card_w, y + card_h),
            radius=round(12 * pen.k),
            fill=CARD,
            outline=C.INK,
            width=round(2 * pen.k),
        )
        if not 0 <= card_id < len(board.cards):
            pen.text((x + card_w / 2, y + card_h / 2), f"card {card_id}?", 18, CARD_INK, anchor="mm")
            continue
        card = board.cards[card_id]
        cx = x + card_w / 2
        if card.symbol == WILD or card.territory is None:
            pen.text((cx, y + 34), "Wild", 24, CARD_INK, bold=True, anchor="mm")
            pen.text((cx, y + 62), "any symbol", 15, CARD_MUTED, anchor="mm")
            for j, symbol in enumerate(("infantry", "cavalry", "artillery")):
                draw_symbol(
                    pen.draw, symbol, pen.box(x + 14 + j * 48, y + 104, x + 58 + j * 48, y + 148), CARD_INK
                )
            continue
        continent = board.continent_of[card.territory]
        band = continent_colour(board, continent)
        pen.draw.rounded_rectangle(
            pen.box(x + 6, y + 6, x + card_w - 6, y + 34), radius=round(8 * pen.k), fill=band
        )
        pen.text(
            (cx, y + 20),
            pen.fit(board.continents[continent].name, 15, card_w - 20),
            15,
            C.ink_on(band),
            bold=True,
            anchor="mm",
        )
        f = font(round(20 * pen.k), bold=True)
        lines = wrap(board.names[card.territory], f, round((card_w - 16) * pen.k))
        for j, line in enumerate(lines):
            pen.text((cx, y + 56 + j * 24), line, 20, CARD_INK, bold=True, anchor="mm")
        draw_symbol(pen.draw, card.symbol, pen.box(cx - 38, y + 98, cx + 38, y + 174), CARD_INK)
        pen.text((cx, y + 190), card.symbol.capitalize(), 16, CARD_MUTED, anchor="mm")
        if board.ids[card.territory] in held:
            pen.draw.rounded_rectangle(
                pen.box(x + 14, y + 204, x + card_w - 14, y + 226), radius=round(11 * pen.k), fill=CARD_INK
            )
            pen.text((cx, y + 215), "you hold it: +2", 14, CARD, bold=True, anchor="mm")
    return pen.done()

"""A seat's private picture: the board with the orders it has written this round drawn on it, each
arrow numbered as ``/hex orders`` lists it, and under the map that list, the money left and the cities
being bought (where, and how far paid). Made from the seat's own view only; None for the public view or
outside a round (then a seat holds nothing private).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from PIL import Image

from render.core import colours as C
from render.core.fonts import fit, font
from render.core.png import encode_png
from render.core.text import draw_text
from render.hexwar import look
from render.hexwar.board import map_image, overlay
from render.hexwar.changes import Arrow, Changes
from render.hexwar.legend import title_info
from rules.hexwar.actions import Bombard, BuildCity, Buy, Jump, Move, Order
from rules.hexwar.state import Phase
from rules.hexwar.text import order_text
from rules.hexwar.views import HexWarView

LINE = 30  # px at the reference width, a line of the order list


def order_marks(seat: int, orders: Sequence[Order], projects: Sequence[str]) -> Changes:
    """Arrows numbered like the list for moves, jumps and bombardments; ``+N`` where units are bought;
    outlines where cities are being bought or started."""
    arrows = []
    bought: Counter[str] = Counter()
    cities = list(projects)
    for number, order in enumerate(orders, 1):
        label = str(number)
        if isinstance(order, Move):
            arrows.append(Arrow(seat, order.source, order.target, "move", order.count, label))
        elif isinstance(order, Jump):
            arrows.append(Arrow(seat, order.source, order.target, "jump", order.count, label))
        elif isinstance(order, Bombard):
            arrows.append(Arrow(seat, order.source, order.target, "bombard", order.count, label))
        elif isinstance(order, Buy):
            bought[order.at] += order.count
        elif isinstance(order, BuildCity):
            cities.append(order.at)
    return Changes(arrows=tuple(arrows), placed=tuple(dict.fromkeys(cities)), gains=tuple(bought.items()))


def order_lines(view: HexWarView) -> list[str]:
    orders = view.orders or ()
    lines = [f"{n}. {order_text(o)}" for n, o in enumerate(orders, 1)] or ["No orders written yet: you hold."]
    money = f"Money left after these orders: {view.money_left}." if view.money_left is not None else ""
    building = [f"{p.at} ({p.paid} of 3 paid)" for p in view.projects or ()]
    if building:
        money += " Cities being bought: " + ", ".join(building) + "."
    return [*lines, money.strip()] if money.strip() else lines


def orders_image(
    view: HexWarView, names: Sequence[str], width: int = look.REFERENCE_WIDTH
) -> Image.Image | None:
    if view.viewer is None or view.orders is None or view.phase is not Phase.ORDERS:
        return None
    seat = view.viewer
    ui = width / look.REFERENCE_WIDTH
    lines = order_lines(view)
    per_column = max(6, -(-len(lines) // 2))
    columns = 1 if len(lines) <= 6 else 2
    below = round((16 + LINE * min(len(lines), per_column) + 16) * ui)
    submitted = view.seats[seat].submitted
    status = f"Round {view.round} · {'submitted' if submitted else 'not submitted yet'} · only you see this"
    info = replace(title_info(view, names, "Your orders", None), status=status, action="")
    canvas, frame = map_image(view, info, width, below)
    projects = [p.at for p in view.projects or ()]
    overlay(canvas, frame, view, order_marks(seat, view.orders, projects))
    palette = look.board_palette()
    regular = font(round(19 * ui))
    margin = round(22 * ui)
    column_width = (width - 2 * margin) // columns
    for k, line in enumerate(lines):
        column, row = divmod(k, per_column) if columns > 1 else (0, k)
        x = margin + column * column_width
        y = frame.bottom + round((16 + LINE * (row + 0.5)) * ui)
        text = fit(line, regular, column_width - round(12 * ui))
        draw_text(canvas, (x, y), text, regular, palette.ramp(C.TEXT, C.PANEL), "lm")
    canvas.putpalette(palette.as_bytes())
    return canvas


def render_orders(view: HexWarView, names: Sequence[str]) -> bytes | None:
    image = orders_image(view, names)
    return encode_png(image) if image is not None else None

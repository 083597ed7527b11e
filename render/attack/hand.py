"""What only one seat may see, as a picture for its ephemeral replies: the action cards in its hand (each
with what it does and which actions it goes with) and, in a navy battle, the line-up it has set while
the other side has not (secret until both are in). Drawn from that seat's own view; the public view holds
nothing private (None)."""

from __future__ import annotations

from collections.abc import Sequence

from render.attack.pen import Pen
from render.core import colours as C
from render.core.fonts import font, text_width, wrap
from rules.attack.tables import CARD_ACTIONS, CARD_TEXT, HAND_LIMIT, card_kind
from rules.attack.views import AttackView

CARD = C.hex_rgb("#F4EFE2")
CARD_INK = C.hex_rgb("#1B2632")
CARD_MUTED = C.hex_rgb("#5D6B78")
CARD_W, CARD_H, GAP, MARGIN, HEAD = 230.0, 190.0, 14.0, 22.0, 58.0
WIDTH = MARGIN * 2 + HAND_LIMIT * CARD_W + (HAND_LIMIT - 1) * GAP
FOOTER_BESIDE_NUMBER = CARD_W - 70  # room for a card's actions beside its number ("#33"), at the 1x scale
FOOTER_ALONE = CARD_W - 28  # and on a line of its own


def hand_title(held: int) -> str:
    """``Your action cards · 1 (at most 3)``: "1 of 3" read as the first card of three."""
    return f"Your action cards · {held} (at most {HAND_LIMIT})"


def render_private(view: AttackView, names: Sequence[str]) -> bytes | None:
    if view.hand is None or view.viewer is None:
        return None
    lineup = view.navy_battle.own_lineup if view.navy_battle is not None else None
    waiting = view.navy_battle is not None and not all(view.navy_battle.set)
    show_lineup = lineup is not None and waiting
    height = HEAD + CARD_H + MARGIN + (110 if show_lineup else 0)
    pen = Pen((WIDTH, height))
    pen.text(
        (MARGIN, HEAD / 2),
        hand_title(len(view.hand)),
        24,
        C.TEXT,
        bold=True,
        anchor="lm",
    )
    pen.text((WIDTH - MARGIN, HEAD / 2), "only you see this", 17, C.MUTED, anchor="rm")
    if not view.hand:
        pen.text(
            (WIDTH / 2, HEAD + CARD_H / 2), "No action cards: Negotiate draws one.", 19, C.MUTED, anchor="mm"
        )
    for k, (card, name) in enumerate(view.hand):
        _card(pen, MARGIN + k * (CARD_W + GAP), HEAD, card, name)
    if show_lineup and lineup is not None and view.navy_battle is not None:
        y = HEAD + CARD_H + MARGIN
        zone = {z.id: z.name for z in view.zones}.get(view.navy_battle.zone, view.navy_battle.zone)
        pen.text(
            (MARGIN, y + 12),
            f"Your line-up in the {zone}, left to right (secret until both are set):",
            18,
            C.MUTED,
            anchor="lm",
        )
        for i, ship in enumerate(lineup):
            x = MARGIN + i * 86
            pen.rounded((x, y + 30, x + 80, y + 100), 8, CARD, C.INK, 2)
            pen.unit(ship, x + 12, y + 30, 56, CARD_INK)
            pen.text((x + 40, y + 90), ship, 12, CARD_INK, bold=True, anchor="mm")
    return pen.done()


def _card(pen: Pen, x: float, y: float, card: int, name: str) -> None:
    pen.rounded((x, y, x + CARD_W, y + CARD_H), 12, CARD, C.INK, 2)
    pen.text(
        (x + 14, y + 22), pen.fit(name, 20, CARD_W - 28, bold=True), 20, CARD_INK, bold=True, anchor="lm"
    )
    pen.text((x + CARD_W - 12, y + CARD_H - 20), f"#{card}", 15, CARD_MUTED, anchor="rm")
    kind = card_kind(card)
    effect = CARD_TEXT[kind].split(": ", 1)[-1]
    effect = effect[:1].upper() + effect[1:]
    f = font(round(16 * pen.k))
    for i, line in enumerate(wrap(effect, f, round((CARD_W - 28) * pen.k), max_lines=5)):
        pen.text((x + 14, y + 48 + i * 21), line, 16, CARD_INK)
    text, own_line = footer(kind)
    pen.text((x + 14, y + CARD_H - (42 if own_line else 20)), text, 15, CARD_MUTED, anchor="lm")


def footer(kind: int) -> tuple[str, bool]:
    """The actions a card is played with ("with Build"), and whether it takes a line of its own above the
    card's number: "with Move, Blitz, Navigate" and "with any Winter action" do not fit beside it (they
    were cut to "with any Winter ac…")."""
    actions = CARD_ACTIONS[kind]
    with_what = "any Winter action" if len(actions) > 3 else ", ".join(a.title() for a in actions)
    text = f"with {with_what}"
    return text, text_width(text, font(15)) > FOOTER_BESIDE_NUMBER

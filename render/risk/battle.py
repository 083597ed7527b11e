"""The Risk battle card: one attack's whole fight as one picture, made to be an embed's image that a
phone shows about 550 px wide.

At the top, both sides: who, from where, their armies before and after, what each lost and whether the
target fell (and how many moved in). Below, the rolls: for each, the attacker's dice above the
defender's, paired high with high; a die that won its pair has a white ring, a die that lost is faded
and struck through, a die with no pair is plain; beside each row, what that side lost. A long ``until``
fight shows its last rolls and sums up the earlier ones in one line.

Drawn 1000 px wide in full colour; every text is at least 24 px there (13 px at 550).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.core import colours as C
from render.core.dice_faces import Mark, die_face, paste_die
from render.core.fonts import fit, font, text_width
from render.core.png import encode_png
from render.core.shapes import draw_shape, seat_shape
from render.risk.base import LOSS
from render.risk.fight import Fight, Roll
from rules.risk.board import classic_map

WIDTH = 1000
MARGIN = 32
DIE = 50
DIE_GAP = 10
PER_LINE = 3  # roll blocks per line
MOST_BLOCKS = 9  # with more rolls, the first block sums up the earlier ones
GUTTER = 64  # left of the roll blocks: each row's side, as a swatch
BLOCK_H = 36 + 2 * DIE + 12 + 18
LOSS_TEXT = C.mix(LOSS, C.WHITE, 0.45)  # the loss colour lightened to read on the dark card


def seat_name(names: Sequence[str], seat: int) -> str:
    if seat < 0:
        return "Neutral"
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def territory_name(tid: str) -> str:
    board = classic_map()
    return board.names[board.index(tid)] if tid in board.ids else tid


class _Card:
    def __init__(self, height: int) -> None:
        self.image = Image.new("RGB", (WIDTH, height), C.PANEL)
        self.draw = ImageDraw.Draw(self.image)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        colour: C.Rgb = C.TEXT,
        *,
        bold: bool = False,
        anchor: str = "la",
    ) -> float:
        """Draw ``text``; returns where it ends on the right."""
        f = font(size, bold=bold)
        self.draw.text(xy, text, font=f, fill=colour, anchor=anchor)
        return self.draw.textbbox(xy, text, font=f, anchor=anchor)[2]

    def swatch(self, seat: int, x: float, y: float, h: float) -> float:
        """The seat's badge shape in its colour, ``h`` tall with its top at ``y``; returns its right edge."""
        w = h * 1.7
        draw_shape(self.draw, seat_shape(seat), (x, y, x + w, y + h), C.seat_colour(seat), C.INK, 2)
        return x + w


def render_battle(fight: Fight, names: Sequence[str]) -> bytes:
    return encode_png(battle_image(fight, names))


def battle_image(fight: Fight, names: Sequence[str]) -> Image.Image:
    blocks = _blocks(fight.rolls)
    lines = -(-len(blocks) // PER_LINE)
    head, sides, summary = 92, 214, 64
    card = _Card(head + sides + summary + lines * BLOCK_H + MARGIN)
    _heading(card, fight, head)
    _sides(card, fight, names, head)
    y = head + sides
    card.draw.line([(MARGIN, y), (WIDTH - MARGIN, y)], fill=C.PANEL_HIGHLIGHT, width=2)
    rolls = len(fight.rolls)
    line = (
        f"{rolls} roll{'s' * (rolls != 1)}: {seat_name(names, fight.attacker)} lost {fight.attacker_lost}, "
        f"{seat_name(names, fight.defender)} lost {fight.defender_lost}"
    )
    card.text((MARGIN, y + summary / 2), fit(line, font(26), WIDTH - 2 * MARGIN), 26, C.MUTED, anchor="lm")
    y += summary
    block_w = (WIDTH - 2 * MARGIN - GUTTER) // PER_LINE
    for line_no in range(lines):
        top = y + line_no * BLOCK_H
        for row, seat in enumerate((fight.attacker, fight.defender)):  # which side each row of dice is
            card.swatch(seat, MARGIN, top + 36 + row * (DIE + 12) + DIE / 2 - 14, 28)
        for k, block in enumerate(blocks[line_no * PER_LINE : (line_no + 1) * PER_LINE]):
            x = MARGIN + GUTTER + k * block_w
            if isinstance(block, Roll):
                number = line_no * PER_LINE + k + len(fight.rolls) - len(blocks)
                _roll(card, block, fight, x, top, number)
            else:
                _summed(card, block, x, top, block_w)
    return card.image


def _blocks(rolls: tuple[Roll, ...]) -> list[Roll | tuple[int, int, int]]:
    """The rolls to draw, the earlier ones of a long fight summed as (count, attacker lost, defender lost)."""
    if len(rolls) <= MOST_BLOCKS:
        return list(rolls)
    early = rolls[: len(rolls) - MOST_BLOCKS + 1]
    summed = (len(early), sum(r.attacker_losses for r in early), sum(r.defender_losses for r in early))
    return [summed, *rolls[len(early) :]]


def _heading(card: _Card, fight: Fight, height: int) -> None:
    source, target = territory_name(fight.source), territory_name(fight.target)
    result, colour = (f"{target} conquered", C.HIGHLIGHT) if fight.conquered else (f"{target} holds", C.MUTED)
    room = WIDTH - 2 * MARGIN - text_width(result, font(28, bold=True)) - 24
    title = f"{source} → {target}"
    if text_width(title, font(38, bold=True)) > room:
        title = f"Attack on {target}"
    card.text((MARGIN, height / 2), fit(title, font(38, bold=True), room), 38, bold=True, anchor="lm")
    card.text((WIDTH - MARGIN, height / 2), result, 28, colour, bold=True, anchor="rm")


def _sides(card: _Card, fight: Fight, names: Sequence[str], top: int) -> None:
    half = (WIDTH - 2 * MARGIN) // 2 - 16
    source, target = territory_name(fight.source), territory_name(fight.target)
    sides = (
        (fight.attacker, f"attacking from {source}", fight.attacker_before, fight.attacker_after,
         fight.attacker_lost, MARGIN),
        (fight.defender, f"defending {target}", fight.defender_before, fight.defender_after,
         fight.defender_lost, WIDTH // 2 + 16),
    )  # fmt: skip
    for seat, role, before, after, lost, x in sides:
        end = card.swatch(seat, x, top + 8, 30)
        name = fit(seat_name(names, seat), font(30, bold=True), round(half - (end - x) - 12))
        card.text((end + 12, top + 23), name, 30, bold=True, anchor="lm")
        card.text((x, top + 66), fit(role, font(24), half), 24, C.MUTED, anchor="lm")
        if before is not None and after is not None:
            end = card.text((x, top + 122), f"{before} → {after}", 52, bold=True, anchor="lm")
            card.text((end + 12, top + 130), "armies", 24, C.MUTED, anchor="lm")
        note = f"lost {lost}" if lost else "lost none"
        end = card.text((x, top + 180), note, 26, LOSS_TEXT if lost else C.TEXT, bold=True, anchor="lm")
        extra = ""
        if seat == fight.attacker and fight.conquered:
            extra = f", {fight.moved_in} moved in" if fight.moved_in is not None else ", moving in next"
        elif seat == fight.defender and fight.conquered:
            extra = f", {target} taken"
        if extra:
            card.text(
                (end, top + 180), fit(extra, font(26), round(half - (end - x))), 26, C.MUTED, anchor="lm"
            )


def _roll(card: _Card, roll: Roll, fight: Fight, x: float, top: float, number: int) -> None:
    card.text((x, top + 16), f"Roll {number + 1}", 24, C.MUTED, anchor="lm")
    pairs = min(len(roll.attacker_dice), len(roll.defender_dice))
    rows = (
        (roll.attacker_dice, roll.defender_dice, fight.attacker, roll.attacker_losses, True),
        (roll.defender_dice, roll.attacker_dice, fight.defender, roll.defender_losses, False),
    )
    for r, (dice, other, seat, lost, attacking) in enumerate(rows):
        y = top + 36 + r * (DIE + 12)
        for k, value in enumerate(dice):
            mark: Mark = "plain"
            if k < pairs:
                won = value > other[k] if attacking else value >= other[k]  # ties go to the defender
                mark = "hit" if won else "miss"
            sprite = die_face(value, DIE, C.seat_colour(seat), C.PANEL, mark)
            paste_die(card.image, (x + k * (DIE + DIE_GAP), y), sprite, DIE)
        if lost:
            card.text((x + 3 * (DIE + DIE_GAP) + 4, y + DIE / 2), f"−{lost}", 28, LOSS_TEXT, bold=True,
                      anchor="lm")  # fmt: skip


def _summed(card: _Card, block: tuple[int, int, int], x: float, top: float, width: float) -> None:
    count, attacker_lost, defender_lost = block
    card.text((x, top + 16), f"Rolls 1–{count}", 24, C.MUTED, anchor="lm")
    for r, lost in enumerate((attacker_lost, defender_lost)):
        y = top + 36 + r * (DIE + 12) + DIE / 2
        card.text((x, y), f"lost {lost}" if lost else "lost none", 28, LOSS_TEXT if lost else C.TEXT,
                  bold=True, anchor="lm")  # fmt: skip

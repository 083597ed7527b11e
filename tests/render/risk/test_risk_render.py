"""Properties of the Risk pictures: pure, private, legible, small, and safe to make from threads."""

from __future__ import annotations

import dataclasses
import inspect
import io
import subprocess
import sys
import typing
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from pathlib import Path

import pytest
from msgspec.structs import replace
from PIL import Image

from render.core import badges
from render.risk import (
    Fight,
    Roll,
    badge_layout,
    battle_image,
    board_image,
    render_battle,
    render_board,
    render_hand,
)
from render.risk import battle as battle_card
from render.risk.base import LAYOUTS, board_base, clear_cache
from rules.risk.events import BattleFought, TerritoryConquered
from rules.risk.views import RiskView, view
from tests.render.risk import samples

ROOT = Path(__file__).resolve().parents[3]
MiB = 1024 * 1024


def _board(v: RiskView | None = None, **kw: typing.Any) -> bytes:
    return render_board(
        v or samples.six_player_view(), samples.NAMES[:6], recent=samples.recent_events(), **kw
    )


def test_same_view_same_bytes() -> None:
    assert _board() == _board()
    assert render_battle(samples.battle(), samples.NAMES) == render_battle(samples.battle(), samples.NAMES)
    assert render_hand(samples.hand()) == render_hand(samples.hand())


def test_same_bytes_from_cold_caches_and_concurrent_threads() -> None:
    """Renders run in worker threads: a race to build the static layer must not change a pixel."""
    expected = _board()
    clear_cache()
    badges.badge_sprite.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: _board(), range(8)))
    assert all(r == expected for r in results)
    assert len(results) == 8


def test_same_bytes_in_a_fresh_process() -> None:
    code = (
        "import sys, hashlib; from tests.render.regenerate import REFERENCES; "
        "sys.stdout.write(hashlib.sha256(REFERENCES['board_world_6p.png']()).hexdigest())"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    import hashlib

    from tests.render.regenerate import REFERENCES

    assert out.stdout == hashlib.sha256(REFERENCES["board_world_6p.png"]()).hexdigest()


def test_board_takes_only_a_view() -> None:
    hints = typing.get_type_hints(render_board)
    first = next(iter(inspect.signature(render_board).parameters))
    assert hints[first] is RiskView


def test_public_picture_shows_nothing_from_hands() -> None:
    """Different hands with the same counts, or the picture drawn from a seat's own view: same bytes."""
    state = samples.six_player_state()
    other_hands = tuple(tuple(c + 20 for c in hand) for hand in state.hands)
    swapped = replace(
        state, hands=other_hands, deck=tuple(c for c in range(44) if c not in sum(other_hands, ()))
    )
    public = render_board(view(state, None), samples.NAMES[:6])
    assert render_board(view(swapped, None), samples.NAMES[:6]) == public
    assert render_board(view(state, 2), samples.NAMES[:6]) == public


@pytest.mark.parametrize("layout", LAYOUTS)
def test_badges_do_not_collide_at_1600(layout: str) -> None:
    """Six seats, every count three digits: no badge overlaps another badge or a continent label."""
    base = board_base(layout, 1600)
    for v in (samples.six_player_view(big=True), samples.eight_player_view()):
        sprites, centres = badge_layout(v, base)
        boxes = [
            (x - s.size[0] / 2, y - s.size[1] / 2, x + s.size[0] / 2, y + s.size[1] / 2)
            for s, (x, y) in zip(sprites, centres, strict=True)
            if s is not None
        ]
        assert len(boxes) == 42
        for a, b in combinations(boxes, 2):
            assert not _overlap(a, b), (a, b)
        for box in boxes:
            assert all(not _overlap(box, label) for label in base.labels)
            assert box[0] >= 0 and box[2] <= base.width and box[1] >= 0 and box[3] <= base.height
        moved = max(abs(x - ax) + abs(y - ay) for (x, y), (ax, ay) in zip(centres, base.anchors, strict=True))
        assert moved < 60, "a badge was pushed far from its territory"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_continent_gets_its_bonus_label(layout: str) -> None:
    assert len(board_base(layout, 1600).labels) == 6


def test_text_is_big_enough_to_read_at_half_size() -> None:
    style = badges.BadgeStyle.for_scale(1.0)
    assert style.font_size >= 22 and style.height >= 28  # 11 px digits when shown at 800 px wide


def test_board_is_a_small_palette_png() -> None:
    data = _board()
    assert len(data) < MiB
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P" and image.width == 1600


def test_palette_image_uses_only_palette_colours() -> None:
    """No territory slot may survive into the picture (it would show as a stray colour)."""
    image = board_image(samples.six_player_view(), samples.NAMES[:6], recent=samples.recent_events())
    palette_size = len(image.getpalette() or []) // 3
    used = [i for i, n in enumerate(image.histogram()) if n]
    assert max(used) < palette_size


@pytest.mark.parametrize("width", [480, 1000, 2400])
def test_other_widths_and_layouts(width: int) -> None:
    for layout in LAYOUTS:
        image = Image.open(io.BytesIO(_board(layout=layout, width=width)))
        assert image.width == width


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown map layout"):
        _board(layout="mercator")
    with pytest.raises(ValueError, match="width"):
        _board(width=100)


def test_odd_events_and_names_do_not_break_the_board() -> None:
    recent = (
        BattleFought(0, 1, "atlantis", "alaska", (6,), (1,), 0, 1),
        TerritoryConquered(0, 1, "alaska", "lemuria"),
        BattleFought(2, 1, "ural", "afghanistan", (1,), (6,), 1, 0),
        BattleFought(1, 2, "afghanistan", "ural", (6,), (1,), 0, 1),  # both ways between one pair
    )
    names = ["", "A" * 200]  # fewer names than seats, an empty one, a very long one
    data = render_board(samples.six_player_view(), names, recent=recent, deadline="x" * 300, title="T" * 200)
    assert Image.open(io.BytesIO(data)).width == 1600


@pytest.mark.parametrize("phase", sorted(samples.phase_views()))
def test_every_phase_renders(phase: str) -> None:
    data = render_board(samples.phase_views()[phase], samples.NAMES[:6], deadline="due soon")
    assert Image.open(io.BytesIO(data)).mode == "P"


def test_unclaimed_land_has_no_badge_and_is_not_neutral() -> None:
    v = samples.claim_view()
    sprites, _ = badge_layout(v, board_base("world_map", 1600))
    assert sum(s is None for s in sprites) == 21


@pytest.mark.parametrize(
    ("attack", "defence"), [((6,), (6,)), ((5, 2), (4,)), ((6, 5, 1), (6, 5)), ((3, 2, 1), ())]
)
def test_battle_cards(attack: tuple[int, ...], defence: tuple[int, ...]) -> None:
    fight = Fight(0, -1, "brazil", "north_africa", (Roll(attack, defence, 1, 0),))
    image = Image.open(io.BytesIO(render_battle(fight, samples.NAMES)))
    assert image.width == 1000 and image.height < 600


def test_a_long_fight_sums_up_its_early_rolls_in_one_picture() -> None:
    short = battle_image(samples.battle(), samples.NAMES)
    long = battle_image(samples.long_fight(), samples.NAMES)
    assert long.width == short.width == 1000
    assert long.height < 1000  # nine blocks at most, whatever the number of rolls
    longer = replace_fight(samples.long_fight(), rolls=samples.long_fight().rolls * 5)
    assert battle_image(longer, samples.NAMES).height == long.height


def test_the_battle_card_reads_at_550_px(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shown as an embed's image about 550 px wide: every text at least 13 px there, dice 27."""
    sizes: list[int] = []
    real = battle_card.font

    def spy(size: int, *, bold: bool = False) -> typing.Any:
        sizes.append(size)
        return real(size, bold=bold)

    monkeypatch.setattr(battle_card, "font", spy)
    image = battle_image(samples.long_fight(), samples.NAMES)
    shrink = 550 / image.width
    assert sizes and min(sizes) * shrink >= 13
    assert battle_card.DIE * shrink >= 27


@pytest.mark.parametrize("cards", [(), (43,), tuple(range(12))])
def test_hands(cards: tuple[int, ...]) -> None:
    image = Image.open(io.BytesIO(render_hand(cards, width=600)))
    assert image.width == 600


def replace_fight(fight: Fight, **changes: typing.Any) -> Fight:
    return dataclasses.replace(fight, **changes)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_long_name_in_the_legend_is_cut_at_a_word_not_mid_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone's reader took "Bartholomew the Unre…" for a typo: the legend cuts at a word, with an
    ellipsis; a name that fits is left as it is, and a lone word too long is cut within it."""
    from render.core import panels
    from render.core.fonts import fit, fit_words, font

    drawn: list[str] = []
    draw_text = panels.draw_text

    def noting(canvas: typing.Any, at: typing.Any, text: str, *args: typing.Any) -> typing.Any:
        drawn.append(text)
        return draw_text(canvas, at, text, *args)

    monkeypatch.setattr(panels, "draw_text", noting)
    names = ["Bartholomew the Unready", "Ann", "Maximiliana von Habsburg-Lothringen", "Bo", "Cy", "Di"]
    board_image(samples.six_player_view(), names)  # the board's width, 1600
    legend = drawn[drawn.index("Income") + 1 :]  # after the title bar and the first column's heads
    assert [t for t in legend if t not in panels.COLUMNS and t != "Player" and not t.isdigit()] == [
        "Bartholomew the…",
        "Ann",
        "Maximiliana von…",
        "Bo",
        "Cy",
        "Di",
    ]
    bold = font(22, bold=True)
    assert fit_words("Bartholomew the Unready", bold, 10_000) == "Bartholomew the Unready"
    assert fit_words("Supercalifragilistic", bold, 50) == fit("Supercalifragilistic", bold, 50)
    assert fit_words("Supercalifragilistic", bold, 50).endswith("…")

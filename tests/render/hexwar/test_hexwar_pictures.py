"""Hex war pictures: made from views only, PNGs under 1 MiB, the round drawn from its events, orders never
on a public picture, the wrap shown, and sizes that still read when Discord shows the picture 550 px
wide."""

from __future__ import annotations

import io

from PIL import Image

from render.hexwar import PICTURES, changes, render_board
from render.hexwar.arrows import ends
from render.hexwar.board import map_image
from render.hexwar.chips import chip_style
from render.hexwar.geometry import hex_layout, row_span, window
from render.hexwar.legend import title_info
from render.hexwar.look import REFERENCE_WIDTH, sizes
from rules.hexwar import RULES
from rules.hexwar.events import BattleEnded, Bombarded, HexCaptured, OrdersRevealed, UnitsMoved
from tests.render.hexwar import samples

MIB = 1024 * 1024
SHOWN = 550  # how wide Discord shows a picture on a phone


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def test_every_picture_is_a_png_under_1_mib_from_a_view() -> None:
    view, events = samples.board_5p()
    board = PICTURES.board(view, samples.NAMES, title="Hex war", recent=events)
    battle = PICTURES.battle(view, events, samples.NAMES)
    mine = PICTURES.private(RULES.view(samples.with_orders(5, "sample-5", 2), 2), samples.NAMES)
    for picture in (board, battle, mine):
        assert picture is not None and picture.startswith(b"\x89PNG") and len(picture) < MIB
        assert png_size(picture)[0] == REFERENCE_WIDTH


def test_the_private_picture_is_for_a_seat_in_a_round_only() -> None:
    state = samples.with_orders()
    assert PICTURES.private(RULES.view(state, None), samples.NAMES) is None  # the public holds nothing
    setup, _ = samples.played(3, "sample-3", "twenty_hexes")
    assert PICTURES.private(RULES.view(setup, 1), samples.NAMES) is None  # setup hides nothing
    assert PICTURES.private(RULES.view(state, 1), samples.NAMES) is not None  # no orders yet: still drawn


def test_orders_written_change_only_their_writers_picture() -> None:
    before, _ = samples.played(3, "sample-3", "round3")
    after = samples.with_orders()
    assert after.orders[0] and not before.orders[0]
    names = samples.NAMES[:3]
    board = PICTURES.board(RULES.view(before, None), names, title="Hex war")
    assert PICTURES.board(RULES.view(after, None), names, title="Hex war") == board
    for seat in (1, 2):
        assert PICTURES.private(RULES.view(after, seat), names) == PICTURES.private(
            RULES.view(before, seat), names
        )
    assert PICTURES.private(RULES.view(after, 0), names) != PICTURES.private(RULES.view(before, 0), names)


def test_a_round_becomes_an_arrow_for_every_move_and_each_battle_with_its_outcome() -> None:
    view, events = samples.round_2p()
    reveals = [i for i, e in enumerate(events) if isinstance(e, OrdersRevealed)]
    start = reveals[-2] if len(reveals) > 1 and reveals[-2] == reveals[-1] - 1 else reveals[-1]
    round_events = events[start:]
    marks = changes(events)
    moves = {(e.seat, e.source, e.target) for e in round_events if isinstance(e, UnitsMoved | Bombarded)}
    assert {(a.seat, a.source, a.target) for a in marks.arrows} == moves and moves
    battles = [e for e in round_events if isinstance(e, BattleEnded)]
    assert [(f.at, f.survivors) for f in marks.fights] == [(b.at, b.survivors) for b in battles]
    assert set(marks.captured) == {e.at for e in round_events if isinstance(e, HexCaptured)}
    assert marks.resolved == view.round - 1  # the round just resolved; the next has begun


def test_the_last_round_of_a_finished_game_alone_still_makes_its_picture() -> None:
    """``/hex round`` hands the picture only the move that resolved the round; the last round's has no
    "round begins" after it, so the round is the finished game's own."""
    state, events = samples.played(2, "sample-2", "over")
    reveal = max(i for i, e in enumerate(events) if isinstance(e, OrdersRevealed))
    while isinstance(events[reveal - 1], OrdersRevealed):
        reveal -= 1
    view = RULES.view(state, None)
    assert changes(events[reveal:]).resolved == 0
    picture = PICTURES.battle(view, events[reveal:], samples.NAMES[:2])
    assert picture is not None and picture.startswith(b"\x89PNG")


def test_before_the_first_round_the_board_marks_the_setup_placements() -> None:
    view, events = samples.setup_3p()
    marks = changes(events)
    assert marks.resolved is None and marks.placed and not marks.arrows
    assert PICTURES.battle(view, events, samples.NAMES) is None  # no round resolved: no round picture


def test_the_board_draws_what_changed_from_recent_events() -> None:
    view, events = samples.board_5p()
    bare = render_board(view, samples.NAMES)
    marked = render_board(view, samples.NAMES, recent=events)
    assert bare != marked and png_size(bare) == png_size(marked)


def test_an_empty_column_cuts_the_picture_and_a_full_board_shows_the_wrap() -> None:
    assert window(10, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) == (0, 10, True)  # every column: ghosts
    assert window(10, [8, 9, 0, 1, 2, 3, 4, 5]) == (8, 8, False)  # G is empty: cut there, start at I
    assert window(12, [5]) == (2, 7, False)  # a lone hex: widened to seven columns around it
    assert row_span(9, [3, 4, 5, 6]) == (3, 4) and row_span(9, [8]) == (6, 3)
    ghosts = hex_layout(10, 7, 1200, 0.0, 0, 10, True)
    assert ghosts.ghost_centre(9, 2) is not None and ghosts.ghost_centre(0, 2) is not None
    assert ghosts.ghost_centre(4, 2) is None
    left, right = ghosts.ghost_centre(9, 2), ghosts.ghost_centre(0, 2)
    assert left is not None and right is not None and left[0] < ghosts.centre(0, 2)[0] < right[0]


def test_an_arrow_across_the_edge_goes_the_short_way_onto_the_ghosts() -> None:
    view, _ = samples.round_2p()
    info = title_info(view, samples.NAMES[:2], "Hex war")
    _, frame = map_image(view, info, REFERENCE_WIDTH, 10)
    assert frame.layout.ghosts  # this board uses every column: it connects across the edge
    first = next(h.name for h in view.hexes if h.col == 0)
    last = next(h.name for h in view.hexes if h.col == view.width - 1)
    segments = ends(frame, first, last)
    assert len(segments) == 2  # out of the left edge onto the ghost, and in again from the right
    (a, b), (c, d) = segments
    assert b[0] < frame.layout.hex_width < a[0] and c[0] > frame.layout.width - frame.layout.hex_width > d[0]


def test_names_and_counts_read_when_shown_550_px_wide() -> None:
    """On the widest grid (12 columns, five players) a hex's name and a chip's count are still about
    9 and 10 px tall at 550 px wide, and a hex about 40 px wide."""
    layout = hex_layout(12, 9, REFERENCE_WIDTH)
    scale = SHOWN / REFERENCE_WIDTH
    px = sizes(REFERENCE_WIDTH, layout.hex_width)
    assert layout.hex_width * scale >= 38
    assert px(19) * scale >= 8.5  # hex names (bold)
    assert chip_style(px.hex_scale).font * scale >= 10  # unit counts (bold)


def test_the_tank_and_the_hovercraft_have_clearly_different_shapes() -> None:
    """Issue 29: the two icons looked alike (both a long low body with something sticking out top right).
    Now the hovercraft's fan stands at its stern (top left), where the tank has nothing, and the tank's
    gun points forward (top right), where the hovercraft has nothing: at every chip size."""
    from render.hexwar.icons import icon_mask

    def ink(name: str, height: int, box: tuple[float, float, float, float]) -> int:
        mask = icon_mask(name, height)
        w, h = mask.size
        area = mask.crop((round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h)))
        return sum(area.point(lambda a: 1 if a >= 128 else 0).tobytes())

    stern, bow = (0.0, 0.0, 0.38, 0.4), (0.66, 0.0, 1.0, 0.4)
    for height in (12, 16, 32, 64):
        assert ink("hov", height, stern) > 4 * max(1, ink("tank", height, stern)), height
        assert ink("tank", height, bow) > 4 * max(1, ink("hov", height, bow)), height


def _inside(point: tuple[float, float], corners: list[tuple[float, float]]) -> bool:
    """Whether ``point`` is inside the convex polygon ``corners`` (either winding)."""
    signs = set()
    for (x0, y0), (x1, y1) in zip(corners, [*corners[1:], corners[0]], strict=True):
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        signs.add(cross > 0)
    return len(signs) == 1


def test_gain_and_loss_badges_lie_wholly_inside_their_hex() -> None:
    """Issue 29: the ``+N`` and ``−N`` badges sat on the borders between hexes."""
    from render.hexwar import look
    from render.hexwar.board import delta_places

    view, events = samples.board_5p()
    for width in (REFERENCE_WIDTH, SHOWN):
        _, frame = map_image(view, title_info(view, samples.NAMES, "Hex war"), width, 0)
        marks = changes(events)
        assert marks.gains and marks.losses
        for name in frame.centres:
            for defended in (False, True):
                shown = [("+12", look.GAIN), ("−3", look.LOSS)]
                corners = frame.layout.corners(frame.centres[name])
                for pill, (x, y) in delta_places(frame, name, shown, defended):
                    w, h = pill.size
                    for dx in (-w / 2, w / 2):
                        for dy in (-h / 2, h / 2):
                            assert _inside((x + dx, y + dy), corners), (name, width, defended)

"""Issue 15 on the Axis & Allies pictures: colours that stay apart for every colour vision, the close-up
of Europe that reads on a phone (550 px wide), the changes drawn clear of everything else, the same
pictures for every viewer, and the replay."""

from __future__ import annotations

import io
from dataclasses import replace
from itertools import combinations

import pytest
from PIL import Image

from render.axis_allies import PICTURES, close_up, render_map, render_theatre
from render.axis_allies.base import map_base, map_palette
from render.axis_allies.changes import Room
from render.axis_allies.colours import NEUTRAL, POWER_COLOURS, SEA, power_colour
from render.axis_allies.diff import MapChanges, Move
from render.axis_allies.icons import chip_style, count_span
from render.axis_allies.layout import marker_rows, row_box, token_layout
from render.axis_allies.places import name_font
from render.axis_allies.replay import replay
from render.axis_allies.theatre import UI, WIDTH, action_in, close_up_base
from render.core import colours as C
from render.core.text import text_mask
from render.core.vision import VISIONS, distance
from rules.axis_allies import RULES
from rules.axis_allies.board import classic_board
from tests.render.axis_allies import samples
from tests.render.axis_allies.test_axis_allies_pictures import NAMES, WIPE_OUT, _at_the_battle, _fight

PHONE = 550  # how wide Discord shows a picture on a phone


def _neighbours_at_the_start() -> set[tuple[str, str]]:
    """Pairs of owners (powers, "neutral") of land territories that border each other in 1942."""
    board = classic_board()
    owner = {n: t.original_owner or "neutral" for n, t in board.territories.items() if not t.is_sea}
    return {
        tuple(sorted((owner[a], owner[b])))  # type: ignore[misc]
        for a, t in board.territories.items()
        if a in owner
        for b in t.neighbors
        if b in owner and owner[a] != owner[b]
    }


def test_power_colours_stay_apart_for_every_colour_vision() -> None:
    """Every pair of the five powers and neutral land, each a neighbour somewhere as a game goes on:
    CIEDE2000 at least 20 for normal vision, deuteranopia, protanopia and tritanopia."""
    colours = {**POWER_COLOURS, "neutral": NEUTRAL}
    for a, b in combinations(colours, 2):
        for vision in VISIONS:
            assert distance(colours[a], colours[b], vision) >= 20, (a, b, vision)


def test_the_neighbours_of_1942_are_among_the_pairs_checked_and_ussr_japan_is_fixed() -> None:
    pairs = _neighbours_at_the_start()
    assert {("japan", "russia"), ("germany", "russia"), ("neutral", "russia"), ("japan", "uk")} <= pairs
    # Along Siberia the old vermillion and orange were 12.5 apart for a deuteranope.
    assert min(distance(POWER_COLOURS["russia"], POWER_COLOURS["japan"], v) for v in VISIONS) >= 30


def test_land_stands_off_the_sea_for_every_vision() -> None:
    for power in (*POWER_COLOURS, None):
        assert min(distance(power_colour(power), SEA, v) for v in VISIONS) >= 12, power


def _ink_rows(image: Image.Image, ink: set[int]) -> int:
    rows = [y for y in range(image.height) if any(image.getpixel((x, y)) in ink for x in range(image.width))]
    return max(rows) - min(rows) + 1 if rows else 0


def test_the_close_up_reads_on_a_phone() -> None:
    """Shown 550 px wide: chip counts at least 14 px tall, IPC values 8, names' capitals 5.5 (on the
    world map at 550 they are about 6, 4 and 3)."""
    picture = samples.midgame_changes()
    base = close_up_base()
    shrink = PHONE / WIDTH
    rows = marker_rows(picture, base)
    tokens = token_layout(picture, base, rows)
    palette = map_palette()
    big = [t for t in tokens if count_span(t.units, chip_style(base.ui)) is not None]
    assert big
    for token in big:
        span = count_span(token.units, chip_style(base.ui))
        assert span is not None
        ink = palette.ramp(C.ink_on(power_colour(token.power)), power_colour(token.power))[-1]
        digits = token.sprite.image.crop((span[0], 0, span[1], token.sprite.size[1]))
        assert _ink_rows(digits, {ink}) * shrink >= 14, token.territory
    ipc = [m for row in rows.values() for m in row if m.kind == "ipc" and m.sprite is not None]
    assert ipc
    for m in ipc:
        assert m.sprite is not None
        assert _ink_rows(m.sprite.image, {palette[C.BLACK], palette[C.WHITE]}) * shrink >= 8
    capital, _ = text_mask("H", name_font(UI))
    assert capital.height * shrink >= 5.5


def test_names_read_at_full_size_on_the_world_map() -> None:
    assert name_font(map_base(1600).ui).size >= 12


def test_the_close_up_shows_only_its_theatre_and_only_when_the_action_is_there() -> None:
    assert action_in(samples.midgame_changes())
    assert not action_in(samples.start())
    pacific = replace(samples.start(), changes=MapChanges(moves=(Move("japan", ("Japan", "Manchuria"), 3),)))
    assert not action_in(pacific) and render_theatre(pacific) is None
    assert render_theatre(pacific, always=True) is not None
    base = close_up_base()
    board = classic_board()
    assert base.shown[board.territories["Germany"].index] and not base.shown[board.territories["Japan"].index]
    image = Image.open(io.BytesIO(render_theatre(samples.midgame_changes()) or b""))
    assert image.width == WIDTH and image.mode == "P"


def test_marks_of_changes_go_clear_of_names_rows_chips_and_each_other() -> None:
    picture = samples.midgame_changes()
    base = map_base(1600)
    rows = marker_rows(picture, base)
    tokens = token_layout(picture, base, rows)
    room = Room(base, rows, tokens)
    fixed = [*base.reserved, *(b for b in (row_box(r) for r in rows.values()) if b is not None)]
    fixed += [t.box for t in tokens]
    placed = []
    for name in ("Karelia S.S.R.", "Karelia S.S.R.", "North Sea Zone", "Germany"):
        x, y = room.place(base.centres[classic_board().territories[name].index], 30, 18)
        box = (x - 15, y - 9, x + 15, y + 9)
        assert not any(_overlap(box, f) for f in [*fixed, *placed]), name
        placed.append(box)


def test_changes_naming_unknown_places_or_powers_are_refused() -> None:
    for changes in (
        MapChanges(moves=(Move("germany", ("Germany", "Atlantis"), 1),)),
        MapChanges(lost={("Germany", "italy"): 1}),
        MapChanges(battles=(("Mordor", None),)),
    ):
        with pytest.raises(ValueError):
            render_map(replace(samples.start(), changes=changes), width=600)


def test_every_viewer_gets_the_same_pictures() -> None:
    """A&A hides nothing: every seat's view and the public one, each with the events as it sees them,
    give the same bytes."""
    state, events = _fight(_at_the_battle(), WIPE_OUT)
    drawn = set()
    for viewer in (None, 0, 1):
        view = RULES.view(state, viewer)
        seen = [e for e in (RULES.redact(e, viewer) for e in events) if e is not None]
        drawn.add(
            (
                PICTURES.board(view, NAMES, title="A&A", recent=seen),
                PICTURES.battle(view, seen, NAMES),
                close_up(view, NAMES, title="A&A", recent=seen),
            )
        )
    assert len(drawn) == 1


def test_a_replay_is_an_animated_gif_of_the_turns() -> None:
    turns = samples.game_turns(1)
    made = replay(turns, ["Alice", "Bob", "Chen", "Dörte", "Émile"])
    gif = Image.open(io.BytesIO(made.data))
    assert gif.format == "GIF" and gif.n_frames == made.frames == len(turns)
    assert len(made.data) < 8 * 1024 * 1024


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

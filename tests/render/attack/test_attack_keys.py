"""Issue 29: a sea name with no clear place on a crowded board is written as a numbered key on its water
and named in one line under the standings (``render.attack.keys``)."""

from __future__ import annotations

from PIL import Image

from render.attack import board_base, changes
from render.attack.base import WIDTHS
from render.attack.board import board_image, laid_out
from render.attack.keys import Key, key_line, key_places, key_sprite, place_keys
from render.attack.panel import key_line_height, season_height, standings_height
from render.attack.seas import options
from render.attack.settle import Choice
from render.core.panels import title_height
from rules.attack import RULES
from tests.render.attack import samples
from tests.render.attack.test_attack_pictures import LAYOUT_SAMPLES, RECENT

SAMPLE_NAMES = {"western": samples.NAMES[:3], "pacific": samples.NAMES[:4], "world": samples.NAMES}


def _plain_height(view, base) -> int:
    """The board's height without the keys' line."""
    ui = base.ui
    return title_height(ui) + season_height(ui) + base.height + standings_height(len(view.seats), ui)


def test_the_crowded_worlds_seas_without_room_are_keys_numbered_west_to_east_and_named_once() -> None:
    view = RULES.view(samples.world_state(), None)
    base = board_base("world")
    _, _, places, keys = laid_out(view, base, changes(samples.world_recent()))
    assert [(k.number, view.zones[k.zone].id) for k in keys] == [
        (1, "north_atlantic"),
        (2, "baltic_sea"),
        (3, "eastern_mediterranean"),
        (4, "red_sea"),
    ]
    assert [z for z, p in enumerate(places) if p is None] == sorted(k.zone for k in keys), "not written too"
    assert key_line(keys, base.sea_names) == "Seas: 1 N. Atlantic · 2 Baltic ⚓ · 3 E. Med. · 4 Red Sea ⚓"
    image = board_image(view, samples.NAMES, recent=samples.world_recent())
    line = key_line_height(base.ui)
    assert image.height == _plain_height(view, base) + line
    strip = image.crop((0, image.height - line, image.width, image.height))
    assert len(strip.getcolors()) > 1, "the line is written under the standings"


def test_a_board_with_room_for_its_names_keys_nothing_and_has_no_keys_line() -> None:
    for layout in ("western", "pacific"):
        view = RULES.view(LAYOUT_SAMPLES[layout](), None)
        base = board_base(layout)
        _, _, places, keys = laid_out(view, base, changes(RECENT[layout]()))
        assert keys == [] and None not in places, layout
        assert key_line(keys, base.sea_names) == ""
        image = board_image(view, SAMPLE_NAMES[layout], recent=RECENT[layout]())
        assert image.height == _plain_height(view, base), layout


def _full(box) -> Image.Image:
    return Image.new("L", (round(box[2] - box[0]), round(box[3] - box[1])), 255)


def test_a_key_takes_a_clear_point_of_its_water_else_a_label_steps_aside_else_a_leader() -> None:
    ui, bounds = 1.0, (0.0, 0.0, 400.0, 400.0)
    water = Image.new("L", (400, 400), 100)  # zone 0's water everywhere
    w, h = key_sprite(1, ui).size

    def choice(p, cost):
        return Choice(p, (p[0] - w / 2, p[1] - h / 2, p[0] + w / 2, p[1] + h / 2), cost, ("1",))

    home, other = (100.0, 100.0), (200.0, 100.0)
    places = {0: options([choice(home, 0.0), choice(other, 50.0)])}.__getitem__

    def keyed(marks, movable):
        return place_keys([0], marks, [_full(m) for m in marks], movable, [], places, water, bounds, ui)

    assert keyed([], []) == ([Key(0, 1, home)], {}), "nothing there: its nearest point"
    badge = (85.0, 85.0, 115.0, 115.0)  # a navy's badge over home: it stays
    assert keyed([badge], [False]) == ([Key(0, 1, other)], {})
    label, wall = (90.0, 90.0, 110.0, 110.0), (180.0, 80.0, 220.0, 120.0)
    (key,), moved = keyed([label, wall], [True, False])
    assert key == Key(0, 1, home) and list(moved) == [0], "a label over home steps aside for it"
    dx, dy = moved[0]
    assert (dx * dx + dy * dy) ** 0.5 <= 40
    # Its water all but a strip east of home under fixed marks, where no ring fits: a leader to the strip.
    places = {0: options([choice(home, 0.0), choice((145.0, 100.0), 10.0)])}.__getitem__
    wide = (60.0, 60.0, 140.0, 140.0)
    (key,), moved = keyed([wide], [False])
    assert key.to == (145.0, 100.0) and moved == {}
    x0, x1 = key.centre[0] - w / 2, key.centre[0] + w / 2
    assert x0 >= wide[2] or x1 <= wide[0] or key.centre[1] - h / 2 >= wide[3], "the ring is clear"


def test_the_keys_line_names_each_sea_by_its_short_name_in_the_keys_order() -> None:
    base = board_base("world")
    names = [n for n, _ in base.sea_names]
    north_sea, pacific = names.index("North Sea ⚓"), names.index("North Pacific")
    keys = [Key(north_sea, 1, (0.0, 0.0)), Key(pacific, 2, (0.0, 0.0))]
    assert key_line(keys, base.sea_names) == "Seas: 1 N. Sea ⚓ · 2 N. Pacific"


def test_every_sea_of_every_layout_has_a_place_for_its_key_inside_the_picture() -> None:
    for layout, width in WIDTHS.items():
        base = board_base(layout)
        for zone in range(len(base.sea_names)):
            choices = key_places(layout, width, zone).choices
            assert choices, (layout, zone)
            x0, y0, x1, y1 = choices[0].box
            assert x0 >= 0 and y0 >= 0 and x1 <= base.width and y1 <= base.height, (layout, zone)

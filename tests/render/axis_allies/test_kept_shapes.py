"""What a render keeps of what it draws on every position: each move's arrow by map base and path
(``changes.arrow``), each name's stamps by base, territory and owner (``map._name_stamps``) and each
displaced chip's tail by where it runs and its colours (``map._tail``), each capital's star
(``map._star_stamp``) and the legend's headings and names (``legend._legend_frame``). A map drawn
from them is the map drawn with none kept (a path's arrow and a tail are drawn on the map the first
time, kept the second): on the world map and the close-up, on a move that runs off the
map's edge, and on a name whose owner changed."""

from __future__ import annotations

import random
from dataclasses import replace

from PIL import Image, ImageDraw

from render.axis_allies import DEFAULT_WIDTH, map_image, theatre_image
from render.axis_allies import legend as L
from render.axis_allies import map as M
from render.axis_allies.base import map_base
from render.axis_allies.changes import arrow
from render.axis_allies.diff import MapChanges, Move
from render.axis_allies.layout import MapPicture
from render.axis_allies.theatre import close_up_base
from render.core.stamp import stamp_all
from tests.render.axis_allies import samples

# Across the edge of the map (it runs through the Americas): drawn twice, once on each side.
ACROSS = Move("usa", ("West US", "East US"), 2)


def _forget() -> None:
    for base in (map_base(DEFAULT_WIDTH), close_up_base()):
        base.arrows.clear()
    M._NAME_STAMPS.clear()
    M._TAILS.clear()


def _picture() -> MapPicture:
    picture = samples.midgame_changes()
    changes = picture.changes
    return replace(
        picture,
        changes=MapChanges(
            moves=(*changes.moves, ACROSS),
            captured=changes.captured,
            battles=changes.battles,
            lost=changes.lost,
            placed=changes.placed,
        ),
    )


def test_a_map_drawn_from_kept_arrows_and_names_is_the_map_drawn_afresh() -> None:
    picture = _picture()
    _forget()
    fresh = map_image(picture).tobytes(), theatre_image(picture).tobytes()
    base = map_base(DEFAULT_WIDTH)
    assert set(base.arrows) == {m.path for m in picture.changes.moves}
    assert all(kept is None for kept in base.arrows.values())  # seen once: drawn through ImageDraw
    assert all(kept is None for kept in M._TAILS.values())  # seen once: drawn on the map
    assert M._NAME_STAMPS
    assert M._TAILS  # the displaced chips' tails
    for _ in range(2):  # the arrows noted, then drawn from what was noted
        assert (map_image(picture).tobytes(), theatre_image(picture).tobytes()) == fresh
    assert all(kept is not None for kept in base.arrows.values())
    assert all(kept is not None for kept in M._TAILS.values())
    assert len(arrow(base, ACROSS.path) or ()) == 2  # one arrow on each side of the edge


def test_a_name_whose_owner_changed_is_drawn_in_the_new_owners_ink() -> None:
    picture = _picture()
    _forget()
    map_image(picture)  # Karelia's name kept in Germany's ink
    taken = replace(picture, owners={**picture.owners, "Karelia S.S.R.": "russia"})
    drawn = map_image(taken).tobytes()
    _forget()
    assert map_image(taken).tobytes() == drawn
    assert drawn != map_image(picture).tobytes()


def test_a_capital_s_kept_star_is_the_star_image_draw_draws() -> None:
    """A star drawn on its own box (``map._star_stamp``) and pasted is the two polygons drawn on the
    map: at 300 random centres and sizes over a noisy map, the edges' pixels too."""
    rng = random.Random(11)
    for _ in range(300):
        canvas = Image.frombytes("L", (60, 60), bytes(rng.randrange(256) for _ in range(3600)))
        drawn, stamped = canvas.copy(), canvas.copy()
        centre, r, ui = (rng.uniform(12, 48), rng.uniform(12, 48)), rng.uniform(4, 12), rng.uniform(0.3, 1.2)
        ink, gold = rng.randrange(1, 256), rng.randrange(1, 256)
        draw = ImageDraw.Draw(drawn)
        draw.polygon(M._star(centre, r), fill=ink)
        draw.polygon(M._star(centre, r - 1.8 * ui), fill=gold)
        stamp_all(stamped, (M._star_stamp(centre, r, ui, ink, gold),))
        assert stamped.tobytes() == drawn.tobytes()


def test_a_legend_from_a_kept_frame_is_the_legend_drawn_afresh() -> None:
    """The legend's headings, swatches, names and highlight are kept per power to move and seats
    (``legend._legend_frame``): each power to move, with the seats' names and without, gives the same
    map as with nothing kept, and each a map of its own."""
    start = samples.midgame()
    pictures = [
        replace(start, to_move=power, seat_names=names)
        for power in ("russia", "germany", "uk", "japan", "usa")
        for names in ({}, {"russia": "Alice", "germany": "Bob", "usa": "a rather long name for a seat"})
    ]
    fresh = []
    for picture in pictures:
        L._FRAMES.clear()
        fresh.append(map_image(picture).tobytes())
    assert [map_image(picture).tobytes() for picture in reversed(pictures)][::-1] == fresh
    assert len(set(fresh)) == len(pictures)

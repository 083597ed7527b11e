"""The land's colours come from the picture's palette (``base.land_palette``): a map keeps each land
territory's slot, and the palette gives each slot its owner's colour. The picture shows what mapping
every slot to its owner's index of the map's palette showed (the pixels' colours are the same); a
replay's frames are put back on the map's own palette, so they share one."""

from __future__ import annotations

import io

from PIL import Image

from render.axis_allies import DEFAULT_WIDTH, map_image, render_map, theatre_image
from render.axis_allies.base import (
    MapBase,
    land_palette,
    map_base,
    map_palette,
    power_colour,
    slot,
)
from render.axis_allies.colours import LAND_SLOTS
from render.axis_allies.replay import _on_map_palette
from render.axis_allies.theatre import close_up_base
from rules.axis_allies.board import POWERS, classic_board
from tests.render.axis_allies import samples


def afresh(base: MapBase, owners: dict[str, str | None]) -> Image.Image:
    """``base`` with each slot mapped to its owner's index of the map's palette, as a picture (RGB)."""
    board = classic_board()
    lut = list(range(256))
    land = [name for name in board.names if not board.territories[name].is_sea]
    for k, name in enumerate(land):
        lut[slot(k)] = map_palette()[power_colour(owners.get(name))]
    mapped = base.image.point(lut)
    mapped.putpalette(map_palette().as_bytes())
    return mapped.convert("RGB")


def through_palette(base: MapBase, owners: dict[str, str | None]) -> Image.Image:
    image = base.image.copy()
    image.putpalette(land_palette(owners))
    return image.convert("RGB")


def test_the_palette_colours_each_territory_as_mapping_its_slot_did() -> None:
    start = dict(samples.start().owners)
    for base in (map_base(DEFAULT_WIDTH), close_up_base()):
        for owners in (
            start,
            {**start, "Karelia S.S.R.": "germany"},  # Karelia shows in the close-up too
            {**start, "Karelia S.S.R.": None},
            dict(samples.midgame().owners),
        ):
            assert through_palette(base, owners).tobytes() == afresh(base, owners).tobytes()
        assert through_palette(base, start).tobytes() != through_palette(
            base, {**start, "Karelia S.S.R.": "uk"}
        )


def test_a_palette_is_kept_per_owners_and_gives_each_slot_its_owner_s_colour() -> None:
    start = dict(samples.start().owners)
    assert land_palette(dict(start)) is land_palette(start)
    land = [name for name in classic_board().names if not classic_board().territories[name].is_sea]
    assert len(land) <= LAND_SLOTS
    for power in (*POWERS, None):
        owners = {**start, "Karelia S.S.R.": power}
        colours = land_palette(owners)
        assert len(colours) == 3 * 256
        assert colours[: len(map_palette().as_bytes())] == map_palette().as_bytes()
        k = land.index("Karelia S.S.R.")
        assert tuple(colours[3 * slot(k) : 3 * slot(k) + 3]) == power_colour(power)


def test_a_picture_shows_its_owners_colours_and_a_replay_frame_is_back_on_the_map_s_palette() -> None:
    """The whole map and close-up, their land through the palette, against the same pictures with each
    slot mapped to its owner's index (as the replay's frames are): the same colours, pixel for pixel."""
    picture = samples.midgame_changes()
    for image in (map_image(picture), theatre_image(picture)):
        on_map_palette = _on_map_palette(image, picture)
        assert on_map_palette.getpalette() == list(map_palette().as_bytes())
        assert max(i for i, n in enumerate(on_map_palette.histogram()) if n) < len(map_palette())
        assert on_map_palette.convert("RGB").tobytes() == image.convert("RGB").tobytes()
    png = Image.open(io.BytesIO(render_map(picture)))
    assert png.convert("RGB").tobytes() == map_image(picture).convert("RGB").tobytes()

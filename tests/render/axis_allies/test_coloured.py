"""The coloured map is kept by its owners (``base.coloured``): a position with the same owners gets the
same image, and any change of owner gets one of its own, the same as colouring afresh gives; at most a
few are kept."""

from __future__ import annotations

from PIL import Image

from render.axis_allies import DEFAULT_WIDTH
from render.axis_allies import base as module
from render.axis_allies.base import (
    _COLOURED_MAX,
    MapBase,
    coloured,
    forget_coloured,
    map_base,
    map_palette,
    power_colour,
    slot,
)
from render.axis_allies.theatre import close_up_base
from rules.axis_allies.board import POWERS, classic_board
from tests.render.axis_allies import samples


def afresh(base: MapBase, owners: dict[str, str | None]) -> Image.Image:
    board = classic_board()
    lut = list(base.lut)
    land = [name for name in board.names if not board.territories[name].is_sea]
    for k, name in enumerate(land):
        lut[slot(k)] = map_palette()[power_colour(owners.get(name))]
    return base.image.point(lut)


def test_the_same_owners_share_an_image_and_a_capture_gets_its_own() -> None:
    forget_coloured()
    for base in (map_base(DEFAULT_WIDTH), close_up_base()):
        start = dict(samples.start().owners)
        first = coloured(base, start)
        assert first.tobytes() == afresh(base, start).tobytes()
        assert coloured(base, dict(start)) is first
        captured = {**start, "Karelia S.S.R.": "germany"}
        taken = coloured(base, captured)
        assert taken is not first and taken.tobytes() == afresh(base, captured).tobytes()
        assert taken.tobytes() != first.tobytes()  # Karelia shows in the close-up too
        neutral = {**start, "Karelia S.S.R.": None}
        assert coloured(base, neutral).tobytes() == afresh(base, neutral).tobytes()


def test_at_most_a_few_coloured_maps_are_kept() -> None:
    forget_coloured()
    base = map_base(DEFAULT_WIDTH)
    start = dict(samples.start().owners)
    for power in (*POWERS, *POWERS):
        owners = {
            **start,
            "Karelia S.S.R.": power,
            "Anglo Sudan Egypt": power if power != POWERS[0] else None,
        }
        assert coloured(base, owners).tobytes() == afresh(base, owners).tobytes()
    assert len(module._COLOURED) <= _COLOURED_MAX


def test_a_map_recoloured_from_a_kept_one_where_owners_changed_is_the_same_as_coloured_afresh() -> None:
    """A new set of owners starts from the kept map with the fewest others and maps again only the boxes
    of the territories that changed hands: every step of a walk of captures, one to five at a time,
    and a jump to another position, matches colouring the whole base afresh."""
    board = classic_board()
    land = sorted(name for name in board.names if not board.territories[name].is_sea)
    for base in (map_base(DEFAULT_WIDTH), close_up_base()):
        forget_coloured()
        owners = dict(samples.start().owners)
        coloured(base, owners)
        for step in range(24):
            for k in range(1 + step % 5):
                owners[land[(step * 7 + k * 13) % len(land)]] = (*POWERS, None)[(step + k) % 6]
            assert coloured(base, owners).tobytes() == afresh(base, owners).tobytes()
        later = dict(samples.midgame().owners)
        assert coloured(base, later).tobytes() == afresh(base, later).tobytes()

"""A layout carries over from a kept one on its base what a search would find again (``layout._Carry``):
its chips are where laying the position out afresh puts them, whatever was laid out before, and it
runs fewer searches where little changed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from render.axis_allies import DEFAULT_WIDTH, map_picture
from render.axis_allies import layout as layout_module
from render.axis_allies.base import MapBase, map_base
from render.axis_allies.layout import MapPicture, Token, forget_traces, marker_rows, token_layout
from render.axis_allies.reach import OwnLand
from render.axis_allies.theatre import close_up_base
from tests.render.axis_allies import samples

NAMES = ["Alice", "Bob", "Chen", "Dörte", "Émile"]


def fresh(picture: MapPicture, base: MapBase) -> list[Token]:
    """``picture`` laid out with nothing kept to carry over, the kept layouts left as they were."""
    kept = list(layout_module._TRACES)
    forget_traces()
    try:
        return token_layout(picture, base, marker_rows(picture, base))
    finally:
        layout_module._TRACES[:] = kept


def game_positions() -> list[MapPicture]:
    turns = samples.game_turns(2, "carried-layout")
    return [map_picture(view, NAMES, "Game", events) for view, events in turns]


@pytest.mark.parametrize("close_up", [False, True])
def test_a_game_s_positions_laid_out_in_turn_are_where_a_fresh_layout_puts_them(
    close_up: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = close_up_base() if close_up else map_base(DEFAULT_WIDTH)
    pictures = game_positions()
    searches = [0]
    first_free = OwnLand.first_free

    def counted(self: OwnLand, *args: object, **kwargs: object) -> object:
        searches[0] += 1
        return first_free(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(OwnLand, "first_free", counted)
    expected = [fresh(picture, base) for picture in pictures]
    searched_fresh, searches[0] = searches[0], 0
    forget_traces()
    carried = [token_layout(picture, base, marker_rows(picture, base)) for picture in pictures]
    assert carried == expected
    assert searches[0] < searched_fresh / 2  # (most chips of a game's next position stay put)
    # Laid out again in another order, each from a layout of another turn: still the same places.
    forget_traces()
    assert [token_layout(p, base, marker_rows(p, base)) for p in pictures[::-3]] == expected[::-3]


def test_a_grown_stack_a_capture_or_a_stack_gone_moves_only_what_a_fresh_layout_moves() -> None:
    """One territory at a time in crowded Europe: its stack made huge (it takes its neighbours'
    places), taken by another power (the costs of covering it change for both), or emptied (its
    place frees up), each laid out after the unchanged position was."""
    base = map_base(DEFAULT_WIDTH)
    picture = samples.crowded()
    changed: list[MapPicture] = []
    for name in ("Germany", "Karelia S.S.R.", "Ukraine S.S.R.", "West Europe", "East Europe"):
        units = {n: dict(by) for n, by in picture.units.items()}
        holder = picture.owners[name] or "germany"
        units[name] = {holder: {"infantry": 19, "armour": 17, "fighter": 13, "artillery": 11}}
        changed.append(replace(picture, units=units))
        other = "russia" if holder in ("germany", "italy") else "germany"
        changed.append(replace(picture, owners={**picture.owners, name: other}))
        changed.append(replace(picture, units={n: by for n, by in units.items() if n != name}))
    for after in changed:
        forget_traces()
        token_layout(picture, base, marker_rows(picture, base))
        assert token_layout(after, base, marker_rows(after, base)) == fresh(after, base)

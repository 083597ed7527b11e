"""A bot's start-up warm-up makes the numbers, names and icons a first position shows
(``render.axis_allies._warm``): drawing a position never seen then draws no number's text, makes no
number or name in a new colour and paints no unit icon, only pastes what the warm-up kept."""

from __future__ import annotations

import pytest

from render.axis_allies import DEFAULT_WIDTH, PICTURES, changes, map_image, theatre_image
from render.axis_allies import icons as I
from render.axis_allies.base import map_base
from render.axis_allies.changes import OUTLINES_KEPT, forget_outlines, outline
from render.axis_allies.layout import clear_layouts
from render.axis_allies.theatre import close_up_base
from render.core import text as T
from render.core.fonts import Font
from rules.axis_allies import RULES
from rules.axis_allies.board import classic_board
from rules.core.dice import SeededRng
from tests.render.axis_allies import samples


def _forget() -> None:
    for cached in (T._coverage, T._text_layers, I.chip_sprite, I.painted_icon, I.icon_mask):
        cached.cache_clear()


def test_after_the_warm_up_a_first_position_draws_no_number(monkeypatch: pytest.MonkeyPatch) -> None:
    _forget()
    PICTURES.warm()
    icons = I.painted_icon.cache_info().misses
    drawn: list[str] = []
    real = T.text_mask
    monkeypatch.setattr(
        T, "text_mask", lambda text, f, anchor="la": drawn.append(text) or real(text, f, anchor)
    )
    map_image(samples.midgame_changes())
    assert drawn  # the title, the round and the seats' names are new
    numbers = [t for t in drawn if t.strip().lstrip("+−").removeprefix("income ").isdigit()]
    assert numbers == []
    assert I.painted_icon.cache_info().misses == icons  # every chip's icons pasted from the warm-up's


def _warm_as_a_bot() -> None:
    """``bot.app.WarboardBot._warm_pictures``: the warm-up, then a new game's board."""
    PICTURES.warm()
    state, _ = RULES.setup({}, 5, SeededRng("warm-up"))
    PICTURES.board(RULES.view(state, None), ["A", "B", "C", "D", "E"], title=RULES.title)


def test_after_the_warm_up_a_first_position_makes_only_its_players_texts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _forget()
    _warm_as_a_bot()
    made: list[str] = []
    real = T._text_layers

    def spy(text: str, f: Font, ramp: tuple[int, ...], anchor: str) -> object:
        before = real.cache_info().misses
        found = real(text, f, ramp, anchor)
        if real.cache_info().misses > before:
            made.append(text)
        return found

    monkeypatch.setattr(T, "_text_layers", spy)
    picture = samples.midgame_changes()
    map_image(picture)
    players = {picture.title, *picture.seat_names.values()}
    # Every text made in a colour is the title, or holds a player's name (cut to fit, or after the
    # power's): no count, name of a territory, legend figure or round in a colour not made ahead.
    assert made
    assert all(any(name[:8] in text for name in players) for text in made), made


def test_the_warm_up_reads_the_close_ups_chip_places_for_the_start() -> None:
    """The bot's start-up draws the start's board but not its close-up (nothing to show): the warm-up
    reads the close-up's places for the start itself, so a first close-up of an early position reads
    few or none."""
    close = close_up_base()
    for kept in (close.reaches, close.fitting, close.tails):
        kept.clear()
    clear_layouts()
    PICTURES.warm()
    reaches, fitting = dict(close.reaches), dict(close.fitting)
    assert fitting  # the start's chips, placed
    clear_layouts()
    theatre_image(samples.start())
    assert close.reaches == reaches and close.fitting == fitting


def test_the_warm_up_reads_the_places_on_their_land_of_chips_of_one_or_two_kinds() -> None:
    """``layout.places_ahead``: a midgame position after the bot's warm-up finds every list of places
    on a territory's land read already (what it still reads are places beside the marker rows of its
    biggest mixed chips)."""
    world = map_base(DEFAULT_WIDTH)
    for kept in (world.reaches, world.fitting, world.tails):
        kept.clear()
    clear_layouts()
    _warm_as_a_bot()
    before = set(world.fitting)
    map_image(samples.midgame_changes())
    new = set(world.fitting) - before
    assert new and all(known_as != "spots" for _, known_as, *_ in new)


def test_after_the_warm_up_a_first_position_draws_no_outline_on_the_map(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``changes.outlines_ahead``: the warm-up keeps every territory's capture and battle outlines on
    the map and the close-up, so a first position with captures and battles pastes them (a kept one is
    the same pixels as one drawn on the map: ``test_outlines.py``)."""
    forget_outlines()
    PICTURES.warm()
    drawn: list[tuple[int, bool]] = []
    real = changes._draw_outline

    def spy(draw: object, base: object, index: int, dashed: bool, offset: tuple[int, int]) -> None:
        drawn.append((index, dashed))
        real(draw, base, index, dashed, offset)  # type: ignore[arg-type]

    monkeypatch.setattr(changes, "_draw_outline", spy)
    picture = samples.midgame_changes()
    assert picture.battles and picture.changes.captured
    map_image(picture)
    theatre_image(picture)
    assert drawn == []
    board = classic_board()
    for base in (map_base(DEFAULT_WIDTH), close_up_base()):
        for territory in board.territories.values():
            if base.shown[territory.index]:
                for dashed in (True,) if territory.is_sea else (False, True):
                    assert outline(base, territory.index, dashed) is not None
    # China lies outside the close-up: its capture is not drawn there at all (not even off the picture)
    assert not close_up_base().shown[board.territories["China"].index]
    assert len(changes._OUTLINES) <= OUTLINES_KEPT

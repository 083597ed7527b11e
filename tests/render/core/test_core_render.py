"""Shared drawing pieces (``render.core``): the palette, panels and text helpers, the layer cache and the die
faces every game draws from."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from render.core import panels, text
from render.core.cache import BuildCache, kept
from render.core.dice import PIPS
from render.core.fonts import font
from render.core.palette import Palette, PaletteError


def test_palette_refuses_unknown_colours() -> None:
    palette = Palette(limit=4)
    palette.add((1, 2, 3))
    palette.freeze()
    with pytest.raises(PaletteError):
        palette[(9, 9, 9)]
    with pytest.raises(PaletteError):
        palette.add((9, 9, 9))
    with pytest.raises(PaletteError):
        palette.ramp((1, 2, 3), (0, 0, 0))


def test_panels_and_text_helpers_are_importable_without_the_board() -> None:
    assert panels.legend_columns(2) == 1 and panels.legend_columns(7) == 2
    assert text.text_box("12", font(20), (0, 0))[2] > 0


def test_build_cache_builds_each_layer_once_under_contention() -> None:
    calls: list[tuple[str, int]] = []
    gate = threading.Event()

    def build(name: str, width: int) -> tuple[str, int]:
        gate.wait(1.0)  # hold the first builder so the others pile up behind it
        calls.append((name, width))
        return (name, width)

    cache: BuildCache[tuple[str, int]] = BuildCache(build, max_entries=2)
    with ThreadPoolExecutor(max_workers=6) as pool:
        futures = [pool.submit(cache.get, "a", 1) for _ in range(6)]
        gate.set()
        assert {f.result() for f in futures} == {("a", 1)}
    assert calls == [("a", 1)]
    cache.get("b", 1)
    cache.get("c", 1)  # over the bound: the oldest layer is dropped
    assert len(cache) == 2
    cache.get("a", 1)
    assert calls.count(("a", 1)) == 2


def test_kept_makes_what_is_missing_once_and_forgets_the_oldest_past_its_limit() -> None:
    table: dict[str, int | None] = {}
    made: list[str] = []

    def make(key: str, value: int | None) -> int | None:
        made.append(key)
        return value

    assert kept(table, "a", lambda: make("a", None), limit=3) is None  # None is kept like any value
    assert kept(table, "a", lambda: make("a", 1), limit=3) is None and made == ["a"]
    for key in "bcd":
        kept(table, key, lambda key=key: make(key, 2), limit=3)
    assert list(table) == ["b", "c", "d"]  # the oldest, "a", forgotten


def test_forgetting_the_oldest_holds_while_other_threads_add() -> None:
    table: dict[int, int] = {}

    def add(start: int) -> None:
        for k in range(start, start + 5000):
            kept(table, k, lambda k=k: k, limit=50)

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(add, range(0, 40000, 10000)))
    assert len(table) <= 50 + 4  # each thread adds after it trims: at most one each over the limit


def test_a_die_face_shows_as_many_pips_as_its_value_each_on_the_face() -> None:
    assert sorted(PIPS) == [1, 2, 3, 4, 5, 6]
    for value, pips in PIPS.items():
        assert len(pips) == len(set(pips)) == value
        assert all(0 < x < 1 and 0 < y < 1 for x, y in pips)

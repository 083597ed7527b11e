"""What placing the Attack! board's labels costs, and how crowded the sample boards stay (issue 29).

For each layout at the width the bot sends: the time to build the board's static layer with the places
kept in ``data/attack/labels.json`` (what the bot does), the search that file saves
(``render.attack.base._settle``: the names' places on their water and the joint search with the
regions' labels), and a render's move of labels whose marks came out bigger
(``render.attack.board._settled``: first render, then the same board again, kept). Then the counts the
picture test asserts: sea names covered by a region's label (or keys meeting a mark) and under any
mark's pixels, and names written as keys (``render.attack.keys``: neither covered nor placed), on the
sample board and, on average, along the positions of an AI game (``bench/attack_render.py``'s), and how
many names a ships' badge meets there; and a warm render of the sample board against the time Pillow
needs to encode it (``bench/attack_render.py`` has the full measure).

Run from the repository root: ``python bench/attack_labels.py [--runs N] [--positions N]`` (about ten
seconds with the defaults). Last, the start-up warm-up of the sea names' places: its time and memory.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render.attack.base as base_module
import render.attack.board as board_module
from bench.attack_render import game_positions
from bench.timing import alternately
from render.attack import PICTURES, board_base, clear_cache, render_board
from render.attack.base import WIDTHS, _build
from render.attack.board import board_image, changes, laid_out
from render.attack.seas import name_box
from render.attack.settle import covered
from render.core.fonts import font
from render.core.png import encode_png
from rules.attack import RULES
from rules.core.options import OptionValue
from tests.render.attack import samples
from tests.render.attack.test_attack_pictures import (
    LAYOUT_SAMPLES,
    RECENT,
    _covered,
    _keyed,
    _keys_covered,
    _under_marks,
)

GAMES: dict[str, tuple[int, dict[str, OptionValue]]] = {
    "western": (3, {"map": "western"}),
    "pacific": (4, {"map": "pacific"}),
    "world": (6, {}),
}
NAMES = {"western": samples.NAMES[:3], "pacific": samples.NAMES[:4], "world": samples.NAMES}


def under_ships(view: Any, base: Any, recent: Any) -> int:
    """How many sea names a zone's ships' badge meets."""
    sprites, centres, places, _ = laid_out(view, base, changes(recent))
    f = font(base_module.zone_font_size(base.ui))
    names = [name_box(p, f) for p in places if p is not None]
    first = len(view.regions)
    badges = [
        (x - s.size[0] / 2, y - s.size[1] / 2, x + s.size[0] / 2, y + s.size[1] / 2)
        for s, (x, y) in zip(sprites[first : first + len(view.zones)], centres[first:], strict=False)
        if s is not None
    ]
    return sum(1 for name in names if covered(name, badges))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args()
    settle = base_module._settle
    spent: list[float] = []

    def timed_settle(*a: Any, **k: Any) -> Any:
        start = time.perf_counter()
        out = settle(*a, **k)
        spent.append(time.perf_counter() - start)
        return out

    base_module._settle = timed_settle  # type: ignore[assignment]
    print("Attack! labels: medians over", args.runs, "cold builds")
    for layout, width in WIDTHS.items():
        builds, searches, colds, warms = [], [], [], []
        view = RULES.view(LAYOUT_SAMPLES[layout](), None)
        for _ in range(args.runs):
            clear_cache()
            board_module._settled.cache_clear()
            spent.clear()
            start = time.perf_counter()
            board_base(layout)
            builds.append(time.perf_counter() - start)
            _build(layout, width, search=True)
            searches.append(sum(spent))
            start = time.perf_counter()
            render_board(view, NAMES[layout])
            colds.append(time.perf_counter() - start)
            start = time.perf_counter()
            render_board(view, NAMES[layout])
            warms.append(time.perf_counter() - start)
        ms = 1000.0
        print(f"  {layout} ({width} px wide)")
        print(f"    static layer built          {statistics.median(builds) * ms:7.0f} ms (places kept)")
        print(f"    the search the file saves   {statistics.median(searches) * ms:7.0f} ms")
        print(f"    first render (labels moved) {statistics.median(colds) * ms:7.0f} ms")
        print(f"    same board again (kept)     {statistics.median(warms) * ms:7.0f} ms")
        base = board_base(layout)
        covered = _covered(view, base, RECENT[layout]()) + _keys_covered(view, base, RECENT[layout]())
        under = _under_marks(view, base, RECENT[layout]())
        keyed = _keyed(view, base, RECENT[layout]())
        print(
            f"    sea names covered by a region's label: {len(covered)} of {len(base.zone_names)} {covered}"
        )
        print(f"    sea names under marks' pixels:         {len(under)} {under}")
        print(f"    sea names written as keys:             {len(keyed)} {keyed}")
        image = board_image(view, NAMES[layout], recent=RECENT[layout]())
        draw = partial(render_board, view, NAMES[layout], recent=RECENT[layout]())
        warm, floor = alternately(draw, partial(encode_png, image), max(5, args.runs), warm_up=True)
        ratio = statistics.median(warm) / statistics.median(floor)
        print(f"    render ÷ PNG encode (sample board, warm): {ratio:.2f}")
        seats, options = GAMES[layout]
        positions = game_positions(seats, options, args.positions)
        covers = [len(_covered(v, base, r)) + len(_keys_covered(v, base, r)) for v, r in positions]
        unders = [len(_under_marks(v, base, recent)) for v, recent in positions]
        ships = [under_ships(v, base, recent) for v, recent in positions]
        keys = [len(_keyed(v, base, recent)) for v, recent in positions]
        print(
            f"    along {len(positions)} positions of an AI game, a board: "
            f"{statistics.mean(covers):.1f} covered (most {max(covers)}), "
            f"{statistics.mean(unders):.1f} under marks (most {max(unders)}), "
            f"{statistics.mean(ships):.1f} met by a ships' badge (most {max(ships)}), "
            f"{statistics.mean(keys):.1f} keyed (most {max(keys)})"
        )
    base_module._settle = settle  # type: ignore[assignment]
    warm_up()


def _rss() -> float:
    """This process's resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def warm_up() -> None:
    """The bot's start-up warm-up of the sea names' places (``render.attack._warm``, the static layers
    already built): its time, the memory it keeps and how many places it keeps."""
    for layout in WIDTHS:
        board_base(layout)
    base_module.zone_places.cache_clear()
    gc.collect()
    before = _rss()
    start = time.perf_counter()
    PICTURES.warm()
    spent = time.perf_counter() - start
    gc.collect()
    kept = sum(
        len(base_module.zone_places(layout, width, z, away).choices)
        for layout, width in WIDTHS.items()
        for z in range(len(board_base(layout).sea_names))
        for away in (False, True)
    )
    print(
        f"  warm-up of the sea names' places: {spent:.2f} s, {_rss() - before:.0f} MB kept, {kept:,} places"
    )


if __name__ == "__main__":
    main()

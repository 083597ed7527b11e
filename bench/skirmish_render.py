"""How long the Skirmish pictures take to render, against the time Pillow needs just to encode the same image.

Run from the repository root: ``python bench/skirmish_render.py [--runs N]``. For the map (mid-game, five
seats, with the recent attacks, moves and deltas drawn), a crowded map (every territory holding every unit
type, six seats), the battle board (three skirmishes at the defender's card step) and the private hand,
it prints the first (cold) render, the warm render and the encode floor as medians with their
interquartile range, timed alternately so a burst of load on a shared machine hits both alike, their
ratio (the target: at most 2), and the PNG size (the target: under 1 MiB). Figures only, nothing asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from msgspec.structs import replace  # noqa: E402

from bench.timing import alternately, timed  # noqa: E402
from render.core.png import PNG_SETTINGS, encode_png  # noqa: E402
from render.skirmish import (  # noqa: E402
    battle_image,
    battle_picture,
    board_image,
    clear_cache,
    private_image,
    render_battle,
    render_board,
    render_private,
)
from render.skirmish.layout import badge_places  # noqa: E402
from rules.skirmish.pieces import Units  # noqa: E402
from rules.skirmish.views import view  # noqa: E402
from tests.render.skirmish import samples  # noqa: E402


def spread(times: list[float]) -> str:
    q1, _, q3 = statistics.quantiles(times, n=4) if len(times) > 1 else (times[0],) * 3
    return f"(IQR {q1 * 1000:.1f}–{q3 * 1000:.1f})"


def pictures() -> dict[str, tuple[Callable[[], bytes], Callable[[], object]]]:
    """name -> (render to PNG, draw only), for each picture measured."""
    names = samples.NAMES
    recent = samples.recent_events()
    midgame = samples.midgame_view()
    crowded = view(replace(samples.midgame_state(6), units=tuple(Units(8, 2, 1, 1) for _ in range(33))), None)
    battle = battle_picture(samples.battle_view(), (), names)
    assert battle is not None
    hand = samples.hand_view()
    return {
        "map, mid-game": (
            lambda: render_board(midgame, names[:5], recent=recent),
            lambda: board_image(midgame, names[:5], recent=recent),
        ),
        "map, crowded": (
            lambda: render_board(crowded, names, recent=recent),
            lambda: board_image(crowded, names, recent=recent),
        ),
        "battle board": (lambda: render_battle(battle, names[:3]), lambda: battle_image(battle, names[:3])),
        "hand": (
            lambda: render_private(hand, names[:3]) or b"",
            lambda: private_image(hand, names[:3]),
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    ms = 1000.0
    print(f"Skirmish pictures, palette PNG {PNG_SETTINGS}, {args.runs} runs each (medians, IQR in ms)")
    clear_cache()
    for name, (render, draw) in pictures().items():
        cold = timed(render, 1)[0]  # the static map layer, fonts and sprites are built here
        image = draw()
        png = render()
        warm, floor = alternately(render, lambda image=image: encode_png(image), args.runs)  # type: ignore[misc]
        render_ms, floor_ms = statistics.median(warm) * ms, statistics.median(floor) * ms
        print(f"{name}: {image.width}×{image.height} px, {len(png) / 1024:.1f} KiB")  # type: ignore[attr-defined]
        print(f"  first render (cold):   {cold * ms:8.1f} ms")
        print(f"  render, warm:          {render_ms:8.1f} ms   {spread(warm)}")
        print(f"  encode floor:          {floor_ms:8.1f} ms   {spread(floor)}")
        print(f"  ratio render / floor:  {render_ms / floor_ms:8.2f}   (target: at most 2)")
        if name.startswith("map"):  # badge sizes new since the last render: the nudging is not cached

            def fresh(render: Callable[[], bytes] = render) -> bytes:
                badge_places.cache_clear()
                return render()

            uncached, floor = alternately(fresh, lambda image=image: encode_png(image), args.runs)  # type: ignore[misc]
            fresh_ms, floor_ms = statistics.median(uncached) * ms, statistics.median(floor) * ms
            ratio = fresh_ms / floor_ms
            print(f"  render, new layout:    {fresh_ms:8.1f} ms   {spread(uncached)}, ratio {ratio:.2f}")


if __name__ == "__main__":
    main()

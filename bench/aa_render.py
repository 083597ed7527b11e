"""How long the Axis & Allies world map takes to render, against the time Pillow needs just to encode it.

Run from the repository root: ``python bench/aa_render.py [--runs N] [--width PX] [--picture NAME]``.
The width defaults to the renderer's (``render.axis_allies.DEFAULT_WIDTH``, what the bot sends); the
picture to the 1942 starting position (every starting unit on the map). Prints figures only (medians with
the interquartile range); render and encode floor are timed alternately, so both see the same load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from render.axis_allies import DEFAULT_WIDTH, map_image, render_map
from render.axis_allies.base import map_base
from render.axis_allies.layout import marker_rows, token_layout
from render.core.png import PNG_SETTINGS, encode_png
from tests.render.axis_allies import samples

PICTURES = {"start": samples.start, "midgame": samples.midgame, "crowded": samples.crowded}


def alternately(
    fn: Callable[[], object], floor: Callable[[], object], runs: int
) -> tuple[list[float], list[float]]:
    """Each run times ``fn`` then ``floor``, so a burst of load on a shared machine hits both alike."""
    first: list[float] = []
    second: list[float] = []
    for _ in range(runs):
        first += timed(fn, 1)
        second += timed(floor, 1)
    return first, second


def spread(times: list[float]) -> str:
    """The interquartile range in milliseconds: how much the runs disagreed."""
    q1, _, q3 = statistics.quantiles(times, n=4) if len(times) > 1 else (times[0],) * 3
    return f"(IQR {q1 * 1000:.1f}–{q3 * 1000:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH)
    parser.add_argument("--picture", choices=sorted(PICTURES), default="start")
    args = parser.parse_args()

    picture = PICTURES[args.picture]()
    cold = timed(lambda: render_map(picture, width=args.width), 1)[0]  # static layer, fonts, sprites
    png = render_map(picture, width=args.width)
    image = map_image(picture, width=args.width)
    warm, floor = alternately(
        lambda: render_map(picture, width=args.width), lambda: encode_png(image), args.runs
    )
    draw_only = timed(lambda: map_image(picture, width=args.width), args.runs)
    base = map_base(args.width)
    layout = timed(lambda: token_layout(picture, base, marker_rows(picture, base)), args.runs)

    ms = 1000.0
    render_ms, floor_ms = statistics.median(warm) * ms, statistics.median(floor) * ms
    size = f"{image.width}×{image.height} px"
    print(f"Axis & Allies world map, {args.picture}, {size}, palette PNG {PNG_SETTINGS}")
    print(f"  first render (cold):      {cold * ms:8.1f} ms")
    print(f"  render, warm (median):    {render_ms:8.1f} ms   {spread(warm)}, over {args.runs} runs")
    print(f"    of which drawing:       {statistics.median(draw_only) * ms:8.1f} ms   {spread(draw_only)}")
    print(f"      of which placing:     {statistics.median(layout) * ms:8.1f} ms   {spread(layout)} (chips)")
    print(
        f"  encode floor (median):    {floor_ms:8.1f} ms   {spread(floor)} (Pillow encoding the same image)"
    )
    print(f"  ratio render / floor:     {render_ms / floor_ms:8.2f}")
    print(f"  PNG size:                 {len(png) / 1024:8.1f} KiB")


if __name__ == "__main__":
    main()

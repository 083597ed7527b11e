"""How long the Axis & Allies world map takes to render, against the time Pillow needs just to encode it.

Run from the repository root: ``python bench/aa_render.py [--runs N] [--width PX]``. The picture is the
1942 starting position (every starting unit on the map). Prints figures only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from render.axis_allies import map_image, render_map
from render.core.png import PNG_SETTINGS, encode_png
from tests.render import aa_samples


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--width", type=int, default=2000)
    args = parser.parse_args()

    picture = aa_samples.start()
    cold = timed(lambda: render_map(picture, width=args.width), 1)[0]  # static layer, fonts, sprites
    png = render_map(picture, width=args.width)
    warm = timed(lambda: render_map(picture, width=args.width), args.runs)
    draw_only = timed(lambda: map_image(picture, width=args.width), args.runs)
    image = map_image(picture, width=args.width)
    floor = timed(lambda: encode_png(image), args.runs)

    ms = 1000.0
    render_ms, floor_ms = statistics.median(warm) * ms, statistics.median(floor) * ms
    print(f"Axis & Allies world map, 1942 start, {image.width}×{image.height} px, palette PNG {PNG_SETTINGS}")
    print(f"  first render (cold):      {cold * ms:8.1f} ms")
    print(f"  render, warm (median):    {render_ms:8.1f} ms   over {args.runs} runs")
    print(f"    of which drawing:       {statistics.median(draw_only) * ms:8.1f} ms")
    print(f"  encode floor (median):    {floor_ms:8.1f} ms   (Pillow encoding the same final image)")
    print(f"  ratio render / floor:     {render_ms / floor_ms:8.2f}")
    print(f"  PNG size:                 {len(png) / 1024:8.1f} KiB")


if __name__ == "__main__":
    main()

"""How long the Risk board takes to render at 1600 px, against the time Pillow needs just to encode it.

Run from the repository root: ``python bench/risk_render.py [--runs N] [--layout world_map|board_trace]``.
Prints figures only (medians with the interquartile range). The aim: a warm render within 1.5× the encode
floor, and a PNG under 1 MiB; render and floor are timed alternately, so both see the same machine load.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from render.core.png import PNG_SETTINGS, encode_png
from render.risk import board_image, render_board
from tests.render.risk import samples

WIDTH = 1600


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
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--layout", default="world_map")
    args = parser.parse_args()

    view = samples.six_player_view(big=True)  # six seats, every count three digits: the worst case
    names = samples.NAMES[:6]
    recent = samples.recent_events()

    def render() -> bytes:
        return render_board(
            view, names, recent=recent, deadline="due in 11 h 40 min", layout=args.layout, width=WIDTH
        )

    cold = timed(render, 1)[0]  # first in this process: fonts, static layer, sprite caches all built
    png = render()
    image = board_image(
        view, names, recent=recent, deadline="due in 11 h 40 min", layout=args.layout, width=WIDTH
    )
    warm, floor = alternately(render, lambda: encode_png(image), args.runs)
    draw_only = timed(
        lambda: board_image(
            view, names, recent=recent, deadline="due in 11 h 40 min", layout=args.layout, width=WIDTH
        ),
        args.runs,
    )
    rgb = image.convert("RGB")

    def encode_rgb() -> int:
        buffer = io.BytesIO()
        rgb.save(buffer, **PNG_SETTINGS)  # type: ignore[arg-type]
        return buffer.tell()

    rgb_times = timed(encode_rgb, max(5, args.runs // 4))

    ms = 1000.0
    render_ms, floor_ms = statistics.median(warm) * ms, statistics.median(floor) * ms
    print(f"Risk board, {args.layout}, {image.width}×{image.height} px, palette PNG {PNG_SETTINGS}")
    print(f"  first render (cold):      {cold * ms:8.1f} ms")
    print(f"  render, warm (median):    {render_ms:8.1f} ms   {spread(warm)}, over {args.runs} runs")
    print(f"    of which drawing:       {statistics.median(draw_only) * ms:8.1f} ms   {spread(draw_only)}")
    print(
        f"  encode floor (median):    {floor_ms:8.1f} ms   {spread(floor)} (Pillow encoding the same image)"
    )
    print(f"  ratio render / floor:     {render_ms / floor_ms:8.2f}     (aim ≤ 1.5)")
    print(f"  PNG size:                 {len(png) / 1024:8.1f} KiB (aim < 1024)")
    print(
        f"  for comparison, as RGB:   {statistics.median(rgb_times) * ms:8.1f} ms to encode, "
        f"{encode_rgb() / 1024:.1f} KiB"
    )


if __name__ == "__main__":
    main()

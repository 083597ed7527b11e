"""How long the Risk pictures take to render, against the time Pillow needs just to encode the same image,
and how long and how big a whole game's animated replay is.

Run from the repository root:
``python bench/risk_render.py [--runs N] [--layout world_map|board_trace] [--turns T] [--seats S]``.
Prints figures only (medians with the interquartile range). Each picture's render and its encode floor
are timed alternately, so both see the same machine load. The aims (issue 15): a warm render within 2×
the floor, every PNG under 1 MiB, the replay under 8 MiB.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bench.timing import alternately, timed
from render.core.png import PNG_SETTINGS, encode_png
from render.risk import battle_image, board_image, render_battle, render_board
from render.risk.replay import replay
from tests.render.risk import samples

WIDTH = 1600
MS = 1000.0


def spread(times: list[float]) -> str:
    """The interquartile range in milliseconds: how much the runs disagreed."""
    q1, _, q3 = statistics.quantiles(times, n=4) if len(times) > 1 else (times[0],) * 3
    return f"(IQR {q1 * MS:.1f}–{q3 * MS:.1f})"


def measure(title: str, render: Callable[[], bytes], image: Callable[[], Image.Image], runs: int) -> None:
    """Cold and warm render, the encode floor of the same image, their ratio and the PNG's size."""
    cold = timed(render, 1)[0]
    png = render()
    drawn = image()
    warm, floor = alternately(render, lambda: encode_png(drawn), runs)
    draw_only = timed(image, runs)
    render_ms, floor_ms = statistics.median(warm) * MS, statistics.median(floor) * MS
    print(f"{title}, {drawn.width}×{drawn.height} px, {drawn.mode} PNG {PNG_SETTINGS}")
    print(f"  first render (cold):      {cold * MS:8.1f} ms")
    print(f"  render, warm (median):    {render_ms:8.1f} ms   {spread(warm)}, over {runs} runs")
    print(f"    of which drawing:       {statistics.median(draw_only) * MS:8.1f} ms   {spread(draw_only)}")
    print(
        f"  encode floor (median):    {floor_ms:8.1f} ms   {spread(floor)} (Pillow encoding the same image)"
    )
    print(f"  ratio render / floor:     {render_ms / floor_ms:8.2f}     (aim ≤ 2)")
    print(f"  PNG size:                 {len(png) / 1024:8.1f} KiB (aim < 1024)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--layout", default="world_map")
    parser.add_argument("--turns", type=int, default=40, help="turns of the replayed AI game")
    parser.add_argument("--seats", type=int, default=4, help="seats of the replayed AI game")
    args = parser.parse_args()

    view = samples.six_player_view(big=True)  # six seats, every count three digits: the worst case
    names = samples.NAMES[:6]
    recent = samples.changes_events()  # every kind of change drawn: arrows, outlines, tags, a knock-out
    board_args = {"recent": recent, "deadline": "due in 11 h 40 min", "layout": args.layout, "width": WIDTH}
    measure(
        f"Risk board with changes, {args.layout}",
        lambda: render_board(view, names, **board_args),  # type: ignore[arg-type]
        lambda: board_image(view, names, **board_args),  # type: ignore[arg-type]
        args.runs,
    )
    rgb = board_image(view, names, **board_args).convert("RGB")  # type: ignore[arg-type]

    def encode_rgb() -> int:
        buffer = io.BytesIO()
        rgb.save(buffer, **PNG_SETTINGS)  # type: ignore[arg-type]
        return buffer.tell()

    rgb_times = timed(encode_rgb, max(5, args.runs // 4))
    print(
        f"  for comparison, as RGB:   {statistics.median(rgb_times) * MS:8.1f} ms to encode, "
        f"{encode_rgb() / 1024:.1f} KiB"
    )
    for title, fight in (("one roll", samples.battle()), ("a 14-roll until fight", samples.long_fight())):
        measure(
            f"Risk battle card, {title}",
            lambda f=fight: render_battle(f, names),  # type: ignore[misc]
            lambda f=fight: battle_image(f, names),  # type: ignore[misc]
            args.runs,
        )

    start = time.perf_counter()
    turns = samples.game_turns(args.seats, args.turns)
    played = time.perf_counter() - start
    times, made = [], None
    for _ in range(3):
        start = time.perf_counter()
        made = replay(turns, samples.NAMES[: args.seats])
        times.append(time.perf_counter() - start)
    assert made is not None
    print(f"Risk replay: {args.seats}-seat AI game, {len(turns) - 1} turns (played in {played:.2f} s)")
    low, high = min(times), max(times)
    print(f"  replay made (median of 3): {statistics.median(times):7.2f} s   (range {low:.2f}–{high:.2f})")
    size = f"{made.width}×{made.height} px, {len(made.data) / 2**20:.2f} MiB"
    print(f"  GIF: {made.frames} frames, {size} (aim < 8 MiB)")


if __name__ == "__main__":
    main()

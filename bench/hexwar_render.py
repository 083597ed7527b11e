"""How long Hex war pictures take to render, against the time Pillow needs just to encode the same image.

Run from the repository root: ``python bench/hexwar_render.py [--runs N]``. Prints figures only
(medians with the interquartile range): for the 75-hex board of five players with the last round's every
move and battle drawn on it (the issue's case), the round picture and a seat's private orders picture.
The aim: a warm render within 2× the encode floor and a PNG under 1 MiB; render and floor are timed
alternately, so both see the same machine load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import alternately, timed
from render.core.png import PNG_SETTINGS, encode_png
from render.hexwar import board_image, changes, last_resolution, orders_image, render_board, render_orders
from rules.hexwar import RULES
from tests.render.hexwar import samples


def spread(times: list[float]) -> str:
    """The interquartile range in milliseconds: how much the runs disagreed."""
    q1, _, q3 = statistics.quantiles(times, n=4) if len(times) > 1 else (times[0],) * 3
    return f"(IQR {q1 * 1000:.1f}–{q3 * 1000:.1f})"


def report(label: str, render: Callable[[], bytes], image: Callable[[], object], runs: int) -> None:
    cold = timed(render, 1)[0]
    png = render()
    picture = image()
    warm, floor = alternately(render, lambda: encode_png(picture), runs)  # type: ignore[arg-type]
    drawing = timed(image, runs)
    ms = 1000.0
    render_ms, floor_ms = statistics.median(warm) * ms, statistics.median(floor) * ms
    size = getattr(picture, "size", ("?", "?"))
    print(f"{label}, {size[0]}×{size[1]} px, palette PNG {PNG_SETTINGS}")
    print(f"  first render (cold):      {cold * ms:8.1f} ms")
    print(f"  render, warm (median):    {render_ms:8.1f} ms   {spread(warm)}, over {runs} runs")
    print(f"    of which drawing:       {statistics.median(drawing) * ms:8.1f} ms   {spread(drawing)}")
    print(
        f"  encode floor (median):    {floor_ms:8.1f} ms   {spread(floor)} (Pillow encoding the same image)"
    )
    print(f"  ratio render / floor:     {render_ms / floor_ms:8.2f}     (aim ≤ 2)")
    print(f"  PNG size:                 {len(png) / 1024:8.1f} KiB (aim < 1024)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    names = samples.NAMES

    view, events = samples.board_5p()
    assert len(view.hexes) == 75
    marks = changes(events)
    units = sum(s.units for s in view.seats)
    drawn = f"{len(marks.arrows)} arrows, {len(marks.fights)} battles, {len(marks.captured)} captures"
    print(f"75 hexes, 5 players, {units} units; the last round drawn: {drawn}")
    report(
        "Board (5 players, 75 hexes, last round)",
        lambda: render_board(view, names, recent=events),
        lambda: board_image(view, names, recent=events),
        args.runs,
    )
    chosen, number = last_resolution(events)
    status = f"Round {number} resolved: every move and battle"
    report(
        "Round picture (the same round alone)",
        lambda: render_board(view, names, recent=chosen, status=status),
        lambda: board_image(view, names, recent=chosen, status=status),
        args.runs,
    )
    state = samples.with_orders(5, "sample-5", 0)
    mine = RULES.view(state, 0)
    print(f"Private orders picture: {len(mine.orders or ())} orders drawn")
    report(
        "Private orders picture (seat 1 of 5)",
        lambda: render_orders(mine, names) or b"",
        lambda: orders_image(mine, names),
        args.runs,
    )


if __name__ == "__main__":
    main()

"""How long the Attack! boards take to render, against the time Pillow needs just to encode them, and how
big they are. Render and encode floor are timed alternately, so both see the same machine load.

Run from the repository root: ``python bench/attack_render.py [--runs N] [--positions N]``. Prints
figures only (medians with the interquartile range); the aim is a render within 2× the floor and a PNG
under 1 MiB. Two measures per layout: the same sample position rendered again and again (every cache
warm), and the positions of an AI game one after another (what a game in progress asks for: most marks
as before, some changed). Also the battle and hand pictures, which are small full-colour PNGs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import alternately, timed
from render.attack import PICTURES, board_image, clear_cache, render_battle, render_board, render_private
from render.core.png import encode_png
from rules.attack import RULES
from rules.attack.ai import AttackAI
from rules.attack.views import AttackView
from rules.core.dice import SeededRng
from rules.core.events import Event
from rules.core.options import OptionValue
from tests.render.attack import samples


def spread(times: list[float]) -> str:
    q1, _, q3 = statistics.quantiles(times, n=4) if len(times) > 1 else (times[0],) * 3
    return f"(IQR {q1 * 1000:.1f}–{q3 * 1000:.1f})"


def game_positions(
    seats: int, options: Mapping[str, OptionValue], count: int
) -> list[tuple[AttackView, list[Event]]]:
    """Public views (with the events since the one before) spread over an AI game."""
    rng = SeededRng(f"bench-{seats}")
    state, _ = RULES.setup(options, seats, rng)
    agents = [AttackAI(s) for s in range(seats)]
    history: list[tuple[AttackView, list[Event]]] = []
    recent: list[Event] = []
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        state, events = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
        recent += [e for e in (RULES.redact(e, None) for e in events) if e is not None]
        if RULES.to_act(state) and RULES.to_act(state)[0] != seat:
            history.append((RULES.view(state, None), recent))
            recent = []
    step = max(1, len(history) // count)
    return history[::step][:count]


def report(label: str, render: list[float], floor: list[float], size: int) -> None:
    ms = 1000.0
    r, f = statistics.median(render) * ms, statistics.median(floor) * ms
    print(f"  {label}")
    print(f"    render (median)        {r:8.1f} ms   {spread(render)}")
    print(f"    encode floor (median)  {f:8.1f} ms   {spread(floor)}")
    print(f"    ratio render / floor   {r / f:8.2f}     (aim ≤ 2)")
    print(f"    PNG size               {size / 1024:8.1f} KiB (aim < 1024)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--positions", type=int, default=30)
    args = parser.parse_args()

    cases = [
        ("western theatre, 3 seats", samples.western_state(), samples.western_recent(), samples.NAMES[:3]),
        ("the joined world, 6 seats", samples.world_state(), samples.world_recent(), samples.NAMES),
    ]
    print("Attack! boards (palette PNG), the same position again and again:")
    for label, state, recent, names in cases:
        view = RULES.view(state, None)
        clear_cache()
        start = time.perf_counter()
        png = render_board(view, names, recent=recent)
        cold = time.perf_counter() - start
        image = board_image(view, names, recent=recent)
        draw = partial(render_board, view, names, recent=recent)
        warm, floor = alternately(draw, partial(encode_png, image), args.runs)
        size = f"{image.width}×{image.height} px"
        report(
            f"{label}, {size} (first render, static layer built: {cold * 1000:.0f} ms)", warm, floor, len(png)
        )

    began = time.perf_counter()
    PICTURES.warm()  # what the bot does at start-up, in a worker thread
    print(
        f"Attack! boards along an AI game ({args.positions} positions, each rendered once, then its floor;"
        f" the pictures warmed first, as a bot does at start-up, in {time.perf_counter() - began:.1f} s):"
    )
    for label, seats, options in (
        ("western theatre, 3 seats", 3, {"map": "western"}),
        ("pacific theatre, 4 seats", 4, {"map": "pacific"}),
        ("the world, 6 seats", 6, {}),
    ):
        positions = game_positions(seats, options, args.positions)
        names = samples.NAMES[:seats]
        render_times: list[float] = []
        floor_times: list[float] = []
        sizes = []
        for view, recent in positions:
            render_times += timed(partial(render_board, view, names, recent=recent), 1)
            image = board_image(view, names, recent=recent)
            floor_times += timed(partial(encode_png, image), 1)
            sizes.append(len(render_board(view, names, recent=recent)))
        report(f"{label}, largest PNG of the game", render_times, floor_times, max(sizes))

    print("Small pictures (full colour, drawn at twice the size):")
    small: tuple[tuple[str, Callable[[], bytes | None]], ...] = (
        ("army battle", partial(render_battle, *samples.army_battle(), samples.NAMES[:3])),
        ("navy battle", partial(render_battle, *samples.navy_battle(), samples.NAMES[:3])),
        ("hand", partial(render_private, samples.hand_view(), samples.NAMES[:3])),
    )
    for label, make in small:
        times = timed(make, max(5, args.runs // 3))
        data = make()
        kib = len(data or b"") / 1024
        print(f"  {label:12} {statistics.median(times) * 1000:6.1f} ms {spread(times)}, {kib:.1f} KiB")


if __name__ == "__main__":
    main()

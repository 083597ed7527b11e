"""A bot's first Axis & Allies positions: CPU time of drawing each position of AI games once, in order,
after the bot's start-up warm-up, as a player's /game map draws them (the map, then the close-up where
the action is in Europe), and of encoding each.

Run from the repository root: ``python bench/aa_positions.py SEED [SEED ...] [--rounds R]``. Each seed
plays a five-power AI game for ``--rounds`` rounds (``tests.render.axis_allies.samples.game_turns``); each
turn's end is a position, marked with the last five turns' events (what a player sees since their last
turn). Prints, for the map and the close-up, the drawing's median, p90 and total, and the encode's median
(``time.process_time``: the CPU this process spent, so other processes' load moves it less than the clock).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from render.axis_allies import PICTURES, action_in, map_image, map_picture, theatre_image
from render.axis_allies.layout import MapPicture
from render.core.png import encode_png
from rules.axis_allies import RULES
from rules.core.dice import SeededRng
from tests.render.axis_allies import samples

NAMES = ["Alice", "Bob", "Chen", "Dörte", "Émile"]
MS = 1000.0


def positions(seeds: list[str], rounds: int) -> list[MapPicture]:
    out = []
    for seed in seeds:
        turns = samples.game_turns(rounds, seed)
        for k, (view, _) in enumerate(turns):
            recent = [e for _, events in turns[max(0, k - 4) : k + 1] for e in events]
            out.append(map_picture(view, NAMES, f"Game {seed}", recent))
    return out


def figures(name: str, drawing: list[float], encoding: list[float]) -> str:
    p50, p90 = statistics.median(drawing) * MS, sorted(drawing)[int(len(drawing) * 0.9)] * MS
    encode = statistics.median(encoding) * MS
    return (
        f"{name} (n={len(drawing)}): drawing median {p50:.1f} ms, p90 {p90:.1f}, total"
        f" {sum(drawing) * MS:.0f}; encode median {encode:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("seeds", nargs="+")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    pictures = positions(args.seeds, args.rounds)
    PICTURES.warm()  # what the bot's start-up does (``bot.app.WarboardBot._warm_pictures``)
    state, _ = RULES.setup({}, 5, SeededRng("warm-up"))
    PICTURES.board(RULES.view(state, None), NAMES, title=RULES.title)
    times: dict[str, tuple[list[float], list[float]]] = {"map": ([], []), "close-up": ([], [])}
    for picture in pictures:
        for name, draw in (("map", map_image), ("close-up", theatre_image)):
            if name == "close-up" and not action_in(picture):
                continue
            start = time.process_time()
            image = draw(picture)
            drawn = time.process_time()
            encode_png(image)
            times[name][0].append(drawn - start)
            times[name][1].append(time.process_time() - drawn)
    for name, (drawing, encoding) in times.items():
        print(figures(name, drawing, encoding))


if __name__ == "__main__":
    main()

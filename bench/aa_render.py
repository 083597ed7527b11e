"""How long the Axis & Allies pictures take to render, against the time Pillow needs just to encode the same
image, and how long and how big a whole game's animated replay is.

Run from the repository root: ``python bench/aa_render.py [--runs N] [--width PX] [--picture NAME]
[--rounds R]``. The map's width defaults to the renderer's (``render.axis_allies.DEFAULT_WIDTH``, what the
bot sends); the picture to the midgame with a round's changes drawn. Also timed: the close-up of Europe,
the battle card and the replay of an AI game of ``--rounds`` rounds. The map and the close-up are timed
as new positions (their remembered chip places forgotten before each render, and the arrows and tails
renders keep: ``render.axis_allies.map.forget_drawn``), then once more as the
same position drawn again; the map also as a new position on a base that has not yet read the places
its chips need (``render.axis_allies.reach``: a base reads them once per territory and chip size), then
as a position first seen by a bot just started (nothing read or drawn but what its start-up warm-up
makes; its close-up too, drawn after it as a /game map does), and last as the replayed game's status
boards, turn by turn, on a base that reads them as the game goes.
Prints figures only (medians with the interquartile range); each render and its encode floor are timed
alternately, so both see the same load. ``--phases``: first, where a new position's render and a
position drawn again spend their time, phase by phase (CPU time, medians), beside the encode. The aims:
a warm render within 2× the floor (issue 15), a new position within 1.5× (issue 14), every PNG under
1 MiB, the replay under 8 MiB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bench.timing import alternately, timed
from render.axis_allies import DEFAULT_WIDTH, battle_image, map_image, render_battle, render_map
from render.axis_allies.base import map_base
from render.axis_allies.changes import forget_outlines
from render.axis_allies.icons import _chip_ground, chip_sprite, icon_mask, painted_icon, token_sprite
from render.axis_allies.layout import MapPicture, clear_layouts, marker_rows, token_layout
from render.axis_allies.map import forget_drawn
from render.axis_allies.picture import map_picture
from render.axis_allies.replay import replay
from render.axis_allies.theatre import close_up_base, theatre_image
from render.core.badges import badge_sprite
from render.core.png import PNG_SETTINGS, encode_png
from rules.axis_allies.views import AAView
from rules.core.events import Event
from tests.render.axis_allies import samples

PICTURES = {
    "start": samples.start,
    "midgame": samples.midgame,
    "changes": samples.midgame_changes,
    "crowded": samples.crowded,
}
MS = 1000.0
# The kept drawings of chips and their parts, tokens and badges: forgotten to time a bot just started.
DRAWN_PARTS = (chip_sprite, token_sprite, icon_mask, painted_icon, _chip_ground, badge_sprite)
NAMES = ["Alice", "Bob", "Chen", "Dörte", "Émile"]


def spread(times: list[float]) -> str:
    """The interquartile range in milliseconds: how much the runs disagreed."""
    q1, _, q3 = statistics.quantiles(times, n=4) if len(times) > 1 else (times[0],) * 3
    return f"(IQR {q1 * MS:.1f}–{q3 * MS:.1f})"


def measure(title: str, image: Callable[[], Image.Image], runs: int) -> Callable[[], None]:
    """Cold and warm render (draw and encode), the encode floor of the same image, their ratio and the
    PNG's size. Returns a function that prints the extra line of the map's chip placing, if wanted."""
    cold = timed(lambda: encode_png(image()), 1)[0]
    drawn = image()
    png = encode_png(drawn)
    warm, floor = alternately(lambda: encode_png(image()), lambda: encode_png(drawn), runs)
    draw_only = timed(image, runs)
    render_ms, floor_ms = statistics.median(warm) * MS, statistics.median(floor) * MS
    print(f"{title}, {drawn.width}×{drawn.height} px, {drawn.mode} PNG {PNG_SETTINGS}")
    print(f"  first render (cold):      {cold * MS:8.1f} ms")
    print(f"  render, warm (median):    {render_ms:8.1f} ms   {spread(warm)}, over {runs} runs")
    print(f"    of which drawing:       {statistics.median(draw_only) * MS:8.1f} ms   {spread(draw_only)}")

    def rest() -> None:
        print(f"  encode floor (median):    {floor_ms:8.1f} ms   {spread(floor)} (Pillow encoding the image)")
        print(f"  ratio render / floor:     {render_ms / floor_ms:8.2f}     (aim ≤ 2)")
        print(f"  PNG size:                 {len(png) / 1024:8.1f} KiB (aim < 1024)")

    return rest


def again(image: Callable[[], Image.Image], runs: int) -> None:
    """The same position drawn again with its chips' places remembered (a turn's status board, ping and
    close-up, each with other changes marked), against the same floor."""
    drawn = image()
    warm, floor = alternately(lambda: encode_png(image()), lambda: encode_png(drawn), runs)
    render_ms, floor_ms = statistics.median(warm) * MS, statistics.median(floor) * MS
    ratio = render_ms / floor_ms
    print(f"  same position again:      {render_ms:8.1f} ms   {spread(warm)}, {ratio:.2f}x its floor")


def unread(image: Callable[[], Image.Image], runs: int) -> None:
    """A new position on a map base that has not yet read the places it needs for its chips (a base
    keeps them per territory and chip size, so this is the first renders' case, and a new chip size's)."""
    drawn = image()
    warm, floor = alternately(lambda: encode_png(image()), lambda: encode_png(drawn), runs)
    render_ms, floor_ms = statistics.median(warm) * MS, statistics.median(floor) * MS
    ratio = render_ms / floor_ms
    print(f"  places not yet read:      {render_ms:8.1f} ms   {spread(warm)}, {ratio:.2f}x its floor")


def first_seen(picture: MapPicture, width: int, runs: int) -> None:
    """A position drawn for the first time in a bot's life, as the bot starts: nothing read or drawn
    (every place, chip, icon, outline and text forgotten), then the start-up warm-up the bot runs
    (``PICTURES.warm`` and the board of a new game, ``bot.app.WarboardBot._warm_pictures``), then this
    position's map and close-up of Europe, once each, in that order (a /game map with action in Europe
    draws both); each against the encode floor of the same picture, timed just after it."""
    from render.axis_allies import PICTURES
    from render.axis_allies.map import _halo
    from render.core.fonts import text_width
    from render.core.text import _coverage, _text_layers
    from rules.axis_allies import RULES
    from rules.core.dice import SeededRng

    bases = (map_base(width), close_up_base())
    times: dict[str, tuple[list[float], list[float]]] = {"map": ([], []), "close-up": ([], [])}
    for _ in range(runs):
        for cached in (*DRAWN_PARTS, _text_layers, _coverage, _halo, text_width):
            cached.cache_clear()
        forget_outlines()
        for base in bases:
            base.reaches.clear()
            base.fitting.clear()
            base.tails.clear()
        forget_drawn(*bases)
        clear_layouts()
        PICTURES.warm()
        state, _ = RULES.setup({}, 5, SeededRng("warm-up"))
        PICTURES.board(RULES.view(state, None), NAMES, title=RULES.title)
        for name, image in (
            ("map", lambda: map_image(picture, width=width)),
            ("close-up", lambda: theatre_image(picture)),
        ):
            renders, floors = times[name]
            renders += timed(lambda: encode_png(image()), 1)  # noqa: B023 (called at once)
            drawn = image()
            floors += timed(lambda: encode_png(drawn), 1)  # noqa: B023
    for name, (renders, floors) in times.items():
        render_ms, floor_ms = statistics.median(renders) * MS, statistics.median(floors) * MS
        ratio = f"{render_ms / floor_ms:.2f}x its floor ({runs} runs)"
        print(f"  first seen, bot warmed, {name + ':':9s} {render_ms:5.1f} ms   {spread(renders)}, {ratio}")


# A render's phases, in the order it runs them: (module, function, label). The map's phases are wrapped
# where ``map_layer`` and ``map_image`` call them; the layout's two parts inside ``laid_out``.
PHASES = (
    ("render.axis_allies.map", "draw_outlines", "outlines (captures, battles)"),
    ("render.axis_allies.map", "laid_out", "layout (markers and chips)"),
    ("render.axis_allies.layout", "rows_of", "  of which marker rows"),
    ("render.axis_allies.layout", "token_layout", "  of which chips' places"),
    ("render.axis_allies.map", "draw_moves", "moves' arrows"),
    ("render.axis_allies.map", "_draw_tail", "displaced chips' tails"),
    ("render.axis_allies.map", "_draw_names", "names"),
    ("render.axis_allies.map", "_draw_markers", "marker rows drawn"),
    ("render.axis_allies.map", "draw_marks", "battle bursts and change tags"),
    ("render.axis_allies.map", "draw_title", "title bar"),
    ("render.axis_allies.map", "draw_map_legend", "legend"),
)


def phases(picture: MapPicture, width: int, runs: int) -> None:
    """CPU time of each phase of the world map's render (``PHASES``), for a new position (every
    remembered layout, row and colouring forgotten, as the figures below) and for the same position
    drawn again, with what is left (canvas, palette) and the encode; medians over ``runs``."""
    import importlib

    spent: dict[str, float] = {}

    def timing(function: Callable[..., object], label: str) -> Callable[..., object]:
        def timed_call(*args: object, **kwargs: object) -> object:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - start

        return timed_call

    saved = []
    for module_name, name, label in PHASES:
        module = importlib.import_module(module_name)
        saved.append((module, name, getattr(module, name)))
        setattr(module, name, timing(getattr(module, name), label))
    try:
        map_image(picture, width=width)
        for title, forget in (("a new position", True), ("the same position again", False)):
            runs_of: dict[str, list[float]] = {}
            for _ in range(runs):
                if forget:
                    clear_layouts()
                    forget_drawn(map_base(width), names=False)
                spent.clear()
                start = time.process_time()
                drawn = map_image(picture, width=width)
                total = time.process_time() - start
                start = time.process_time()
                encode_png(drawn)
                spent["encode (the floor)"] = time.process_time() - start
                outer = sum(t for k, t in spent.items() if not k.startswith("  ") and "floor" not in k)
                spent["the rest (chips pasted, canvas, base copied)"] = total - outer
                spent["drawing, all phases"] = total
                for label, t in spent.items():
                    runs_of.setdefault(label, []).append(t)
            print(f"Phases of the world map's render, {title} (CPU ms, median of {runs}):")
            order = [label for _, _, label in PHASES] + list(runs_of)
            for label in dict.fromkeys(label for label in order if label in runs_of):
                times = runs_of[label]
                print(f"  {label + ':':40s} {statistics.median(times) * MS:6.2f}")
    finally:
        for module, name, function in saved:
            setattr(module, name, function)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH)
    parser.add_argument("--picture", choices=sorted(PICTURES), default="changes")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of the replayed AI game")
    parser.add_argument("--seed", default="replay-1", help="its seed (this one lasts past round 10)")
    parser.add_argument("--phases", action="store_true", help="first, the time of each phase of a render")
    args = parser.parse_args()

    picture = PICTURES[args.picture]()
    if args.phases:
        phases(picture, args.width, max(args.runs, 15))

    def new_position(draw: Callable[[], Image.Image]) -> Callable[[], Image.Image]:
        """Each render a position never laid out before (the chips' places are remembered per position):
        the figure the aim is about."""

        def drawn() -> Image.Image:
            clear_layouts()
            forget_drawn(map_base(args.width), close_up_base(), names=False)
            return draw()

        return drawn

    def map_now() -> Image.Image:
        return map_image(picture, width=args.width)

    rest = measure(f"Axis & Allies world map, {args.picture}", new_position(map_now), args.runs)
    base = map_base(args.width)
    layout = timed(lambda: token_layout(picture, base, marker_rows(picture, base)), args.runs)
    print(f"      of which placing:     {statistics.median(layout) * MS:8.1f} ms   {spread(layout)} (chips)")
    rest()
    again(map_now, args.runs)

    def forgetting_places() -> Image.Image:
        base.reaches.clear()
        base.fitting.clear()
        return map_now()

    unread(new_position(forgetting_places), args.runs)
    first_seen(picture, args.width, max(3, args.runs // 3))
    assert render_map(picture, width=args.width)
    measure("Axis & Allies close-up of Europe", new_position(lambda: theatre_image(picture)), args.runs)()
    again(lambda: theatre_image(picture), args.runs)
    battle = samples.battle()
    measure("Axis & Allies battle card", lambda: battle_image(battle), args.runs)()
    assert render_battle(battle)

    start = time.perf_counter()
    turns = samples.game_turns(args.rounds, args.seed)
    played = time.perf_counter() - start
    times, made = [], None
    for _ in range(3):
        start = time.perf_counter()
        made = replay(turns, NAMES)
        times.append(time.perf_counter() - start)
    assert made is not None
    rounds = turns[-1][0].round
    game = f"five-power AI game, {len(turns)} turns to round {rounds}"
    print(f"Axis & Allies replay: {game} (played in {played:.1f} s)")
    low, high = min(times), max(times)
    print(f"  replay made (median of 3): {statistics.median(times):7.2f} s   (range {low:.2f}–{high:.2f})")
    size = f"{made.width}×{made.height} px, {len(made.data) / 2**20:.2f} MiB"
    print(f"  GIF: {made.frames} frames, {size} (aim < 8 MiB)")
    game_boards(turns, args.width)


def game_boards(turns: list[tuple[AAView, list[Event]]], width: int) -> None:
    """Each turn's status board of that game, in order, as the bot draws them: every one a new position.
    First on a base that has read no chip places yet and with no chip or outline drawn yet (a bot's
    first game after it starts: it makes them as the game needs them), then again (a later game: the
    base and the caches of chips and outlines keep them); each render and its encode floor timed one
    after the other."""
    base = map_base(width)
    base.reaches.clear()
    base.fitting.clear()
    chip_sprite.cache_clear()
    token_sprite.cache_clear()
    forget_outlines()
    forget_drawn(base, names=False)  # (made by the warm-up, as the text they are made of)
    pictures = [map_picture(view, NAMES, f"Turn {k + 1}", events) for k, (view, events) in enumerate(turns)]
    print(f"Axis & Allies status boards of that game, each turn's in order ({len(turns)} new positions):")
    for title in (
        "a bot's first game (chips drawn and places read as it goes)",
        "a later game (they are kept)",
    ):
        clear_layouts()
        ratios, renders = [], []
        for picture in pictures:
            start = time.perf_counter()
            png = encode_png(map_image(picture, width=width))
            renders.append(time.perf_counter() - start)
            drawn = map_image(picture, width=width)
            floor = timed(lambda: encode_png(drawn), 1)[0]  # noqa: B023 (called at once)
            ratios.append(renders[-1] / floor)
            assert png
        q1, median, q3 = statistics.quantiles(ratios, n=4)
        worst = ratios.index(max(ratios)) + 1
        print(
            f"  {title}: render / floor median {median:.2f}x (IQR {q1:.2f}–{q3:.2f}, worst "
            f"{max(ratios):.2f}x on turn {worst}); renders {statistics.median(renders) * MS:.1f} ms median"
        )
    read = f"{len(base.reaches)} reaches, {len(base.fitting)} lists of own places"
    print(f"  chip places the base read: {read}")


if __name__ == "__main__":
    main()

"""``bench/load.py --renders N``: what the Warboard process drew for its messages while measured, and
its garbage collections. The bot's process notes them (``record_renders``, set up before the bot starts)
and writes them out as it ends; the driver reads them (``read_renders``) and prints them beside the slowest
/game map follow-ups (``report_renders``)."""

from __future__ import annotations

import atexit
import gc
import json
import threading
import time
from pathlib import Path
from typing import Any

from bench.timing import stats

RENDER_LOG = "LOAD_RENDER_LOG"  # where the Warboard process writes its renders and collections (--renders)


def record_renders(path: str) -> None:
    """In the Warboard process: note every picture drawn for a message (``bot.cogs.common._drawn_once``:
    when, how long on the clock and on its thread's CPU, and of that how much reading an A&A map's chip
    places, ``render.axis_allies.reach``) and every garbage collection's pause, and write them to
    ``path`` as JSON lines when the process ends. The clock is ``time.monotonic``, the driver's too."""
    import bot.cogs.common as common
    from render.axis_allies import reach

    rows: list[dict[str, Any]] = []
    local = threading.local()

    def reading(method: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time()
            try:
                return method(*args, **kwargs)
            finally:
                local.reading = getattr(local, "reading", 0.0) + time.thread_time() - start
                local.reads = getattr(local, "reads", 0) + 1

        return timed

    reach.Reach._read = reading(reach.Reach._read)  # type: ignore[method-assign]
    reach.OwnLand._look_further = reading(reach.OwnLand._look_further)  # type: ignore[method-assign]
    drawn_once = common._drawn_once

    def noted(kind: str, draw: Any, status: Any, view: Any, drawn: dict[str, Any]) -> bytes | None:
        local.reading, local.reads = 0.0, 0
        before, start, cpu = common.BOARDS.drawn, time.monotonic(), time.thread_time()
        try:
            return drawn_once(kind, draw, status, view, drawn)
        finally:
            rows.append(
                {
                    "what": kind,
                    "game": status.ruleset,
                    "start": start,
                    "wall": time.monotonic() - start,
                    "cpu": time.thread_time() - cpu,
                    "reading": local.reading,
                    "reads": local.reads,
                    "drawn": common.BOARDS.drawn > before,
                }
            )

    common._drawn_once = noted
    collecting: dict[str, float] = {}

    def collected(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collecting["at"] = time.monotonic()
        elif "at" in collecting:
            start = collecting.pop("at")
            if time.monotonic() - start > 0.002:
                rows.append(
                    {
                        "what": "gc",
                        "gen": info["generation"],
                        "start": start,
                        "wall": time.monotonic() - start,
                    }
                )

    gc.callbacks.append(collected)

    def write() -> None:
        Path(path).write_text("".join(json.dumps(row) + "\n" for row in rows))

    atexit.register(write)


def read_renders(path: str) -> list[dict[str, Any]]:
    if not path or not Path(path).exists():
        return []
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def report_renders(maps: list[tuple[float, Any]], logged: list[dict[str, Any]], worst: int) -> None:
    """What the Warboard process drew (``record_renders``) while measured: per game and picture, the
    renders' clock and CPU times; the longest collections; then the ``worst`` slowest of ``maps`` (the
    /game map follow-ups: how long each took, and its record of the driver) with what was being drawn or
    collected while each waited."""
    drawn = [r for r in logged if r["what"] != "gc" and r["drawn"]]
    found = sum(1 for r in logged if r["what"] != "gc") - len(drawn)
    print(f"\npictures drawn for messages (and {found} found drawn already)")
    print("  clock p50 / p95 / max ms, CPU p50 / p95 / max ms, of which reading chip places (sum)")

    def ms(values: list[float]) -> str:
        p50, p95, _, _ = stats(values)
        return f"{p50 * 1e3:6.1f} {p95 * 1e3:6.1f} {max(values) * 1e3:6.1f}"

    for game, what in sorted({(r["game"], r["what"]) for r in drawn}):
        rows = [r for r in drawn if (r["game"], r["what"]) == (game, what)]
        reading, reads = sum(r["reading"] for r in rows), sum(r["reads"] for r in rows)
        print(
            f"  {game + ' ' + what:<22} {ms([r['wall'] for r in rows])}   {ms([r['cpu'] for r in rows])}"
            f"   {reading * 1e3:7.1f} ms in {reads} reads (n={len(rows)})"
        )
    pauses = sorted((r for r in logged if r["what"] == "gc"), key=lambda r: -r["wall"])
    print(
        f"collections over 2 ms: {len(pauses)}; longest: "
        + ", ".join(f"gen {r['gen']} {r['wall'] * 1e3:.0f} ms" for r in pauses[:5])
    )
    print(f"the {worst} slowest /game map follow-ups, and what the bot drew or collected meanwhile:")
    for took, record in sorted(maps, key=lambda pair: -pair[0])[:worst]:
        begin, end = record.it.created, record.it.created + took
        meanwhile = [r for r in logged if r["start"] < end and r["start"] + r["wall"] > begin]
        print(
            f"  {took * 1e3:6.1f} ms {record.game}: "
            + "; ".join(
                f"{r['game']} {r['what']} {r['wall'] * 1e3:.0f}/{r['cpu'] * 1e3:.0f} ms"
                + (f" reading {r['reading'] * 1e3:.0f}" if r.get("reading") else "")
                + ("" if r.get("drawn", True) else " found")
                if r["what"] != "gc"
                else f"gc {r['gen']} {r['wall'] * 1e3:.0f} ms"
                for r in meanwhile
            )
        )

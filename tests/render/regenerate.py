"""The reference pictures the golden tests compare against, and the script that rewrites them.

Each game's folder here registers its references in a ``golden.py`` (``REFERENCES``: file name to a
function drawing it); this module gathers them all, so a new game's pictures join by adding that file.
After an intended change to how pictures look, run ``python tests/render/regenerate.py [game ...]`` from
the repository root (no game: all of them), look at every PNG it lists (also at 550 px wide), and commit
them with the change. Never edit them by hand.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"


def references_by_game() -> dict[str, dict[str, Callable[[], bytes]]]:
    """Each game folder's ``REFERENCES``, by folder name; a picture's name is unique across games."""
    found: dict[str, dict[str, Callable[[], bytes]]] = {}
    seen: dict[str, str] = {}
    for module in sorted(HERE.glob("*/golden.py")):
        game = module.parent.name
        references = importlib.import_module(f"tests.render.{game}.golden").REFERENCES
        for name in references:
            if name in seen:
                raise ValueError(f"{name} is registered by both {seen[name]} and {game}")
            seen[name] = game
        found[game] = dict(references)
    return found


REFERENCES: dict[str, Callable[[], bytes]] = {
    name: make for references in references_by_game().values() for name, make in references.items()
}


def main(games: list[str]) -> None:
    by_game = references_by_game()
    unknown = sorted(set(games) - set(by_game))
    if unknown:
        raise SystemExit(f"no golden pictures for {', '.join(unknown)}; games: {', '.join(sorted(by_game))}")
    GOLDEN.mkdir(exist_ok=True)
    for game in games or sorted(by_game):
        for name, make in by_game[game].items():
            path = GOLDEN / name
            path.write_bytes(make())
            print(f"wrote {path} ({path.stat().st_size / 1024:.1f} KiB)")


if __name__ == "__main__":
    main(sys.argv[1:])

"""A budget on code copied from one game's folders into another's (issue 33): a block found in two games
means "move it to core". Checked with pylint's similarity checker (``symilar``), blocks of six lines or
more, comments, docstrings, imports and signatures ignored. The budget is the count when it was set; it may
only go down (lower it when a copy is moved to core)."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterable
from pathlib import Path

from pylint.checkers.symilar import Symilar

from bot.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 3  # blocks shared by two games' folders when the budget was last lowered; the failure lists where
FOLDERS = ("rules/{}", "render/{}", "bot/games/{}")


def _owner(path: str) -> str:
    parts = Path(path).parts
    return parts[2] if parts[:2] == ("bot", "games") else parts[1]


def shared_blocks(files: Iterable[tuple[str, str]]) -> list[tuple[str, ...]]:
    """Of ``files`` (path from the root, text), each block of six or more lines found in the folders of
    more than one game, as its places ("rules/risk/board.py:[152:164]")."""
    finder = Symilar(
        min_lines=6, ignore_comments=True, ignore_docstrings=True, ignore_imports=True, ignore_signatures=True
    )
    for path, text in files:
        finder.append_stream(path, io.StringIO(text))
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        finder.run()
    blocks = [
        re.findall(r"^==(.+?):(\[\d+:\d+\])$", b, re.MULTILINE)
        for b in report.getvalue().split("similar lines")
    ]
    return [
        tuple(f"{path}:{lines}" for path, lines in block)
        for block in blocks
        if len({_owner(path) for path, _ in block}) > 1
    ]


def _games_files() -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
        for name in sorted(GAMES)
        for folder in FOLDERS
        for path in sorted((ROOT / folder.format(name)).rglob("*.py"))
    ]


def test_code_copied_across_games_stays_within_its_budget() -> None:
    shared = shared_blocks(_games_files())
    assert len(shared) <= BUDGET, f"{len(shared)} blocks shared across games (budget {BUDGET}): {shared}"


def test_the_check_finds_a_copy_across_games_and_not_within_one() -> None:
    block = "".join(
        f"def step_{i}(value):\n    total = value * {i} + {i * 7}\n    return total - {i}\n" for i in range(4)
    )
    files = [
        ("rules/alpha/moves.py", "A = 1\n" + block),
        ("render/beta/draw.py", "B = 2\n" + block),
        ("bot/games/alpha/cog.py", "C = 3\n" + block.replace("step_", "other_")),
    ]
    shared = shared_blocks(files)
    assert len(shared) == 1 and {p.split(":")[0] for p in shared[0]} >= {
        "rules/alpha/moves.py",
        "render/beta/draw.py",
    }
    assert shared_blocks(files[:1] + files[2:]) == []  # the same game's two folders: not counted

"""The rules page (docs/rules/attack.md) names only tests that exist (the rules' tests and, under Playing by
post, the Discord, picture and plugin tests), and each design row is marked."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "rules" / "attack.md").read_text(encoding="utf-8")
FILES = [
    *sorted((ROOT / "tests" / "rules" / "attack").glob("test_*.py")),
    ROOT / "tests" / "data" / "test_attack_map.py",
    ROOT / "tests" / "conformance" / "test_attack_playouts.py",
]


def defined() -> dict[str, set[str]]:
    """Test functions per file name."""
    found: dict[str, set[str]] = {}
    for path in FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[path.name] = {
            n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
        }
    return found


def test_every_test_named_on_the_rules_page_exists():
    tests = defined()
    everywhere = set().union(*tests.values())
    for file, name in re.findall(r"`(?:[\w/]*/)?(test_\w+\.py)::(test_\w+)`", PAGE):
        assert name in tests[file], f"{file}::{name} is on the rules page but not in {file}"
    for name in re.findall(r"`(test_\w+)`", PAGE):
        assert name in everywhere, f"{name} is on the rules page but no test has that name"


def test_every_file_and_test_named_for_playing_by_post_exists():
    """That section names the Discord, picture and plugin tests plainly (`file.py`: test_name), so the
    check above does not read them; this one does."""
    folders = [
        ROOT / "tests" / part
        for part in ("bot/attack", "render/attack", "render", "conformance", "rules/attack")
    ]
    tests: dict[str, set[str]] = {}
    for path in (p for folder in folders for p in folder.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        tests[path.name] = {
            n.name for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef | ast.FunctionDef)
        }
    section = PAGE.split("## Playing by post", 1)[1]
    named = re.findall(r"`(?:[\w/]*/)?(test_\w+\.py)`(?::\s*(test_\w+))?", section)
    assert len(named) >= 10
    for file, name in named:
        assert file in tests, f"{file} is named under Playing by post but no such test file exists"
        assert not name or name in tests[file], f"{file}: {name} is named under Playing by post but not there"


def test_every_rule_test_is_on_the_rules_page():
    mentioned = set(re.findall(r"(test_\w+)`", PAGE))
    for file, names in defined().items():
        if file != Path(__file__).name:
            assert names <= mentioned, f"{file}: {sorted(names - mentioned)} are not on the rules page"


def test_every_design_choice_is_marked_and_has_a_test():
    rows = [line for line in PAGE.splitlines() if line.startswith("| **design**")]
    assert len(rows) >= 30
    assert all("`test_" in row for row in rows)

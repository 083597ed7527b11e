"""The rules page (docs/rules/attack.md) names only tests that exist, and each design row is marked."""

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


def test_every_rule_test_is_on_the_rules_page():
    mentioned = set(re.findall(r"(test_\w+)`", PAGE))
    for file, names in defined().items():
        if file != Path(__file__).name:
            assert names <= mentioned, f"{file}: {sorted(names - mentioned)} are not on the rules page"


def test_every_design_choice_is_marked_and_has_a_test():
    rows = [line for line in PAGE.splitlines() if line.startswith("| **design**")]
    assert len(rows) >= 30
    assert all("`test_" in row for row in rows)

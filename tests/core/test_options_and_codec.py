"""Typed options, JSON codecs, and the rule that rules/ stays pure."""

from __future__ import annotations

import ast
from pathlib import Path

import msgspec
import pytest

from bot.games import GAMES
from rules.core.codec import from_json, to_json
from rules.core.errors import IllegalAction
from rules.risk.actions import Attack, RiskAction
from rules.risk.options import OPTIONS, make_options

SPECS = {spec.name: spec for spec in OPTIONS}


def test_options_parse_typed_values_from_text():
    assert SPECS["two_player_neutral"].parse("off") is False
    assert SPECS["setup_batch"].parse(" 7 ") == 7
    assert SPECS["fortify"].parse("connected") == "connected"


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        ("setup_batch", "many", "whole number"),
        ("setup_batch", "99", "at most 40"),
        ("two_player_neutral", "maybe", "on or off"),
        ("deal", "auction", "one of random, claim"),
        # Only ASCII digits, and a sane number of them (int() reads all of these).
        ("setup_batch", "٣", "whole number, not “٣”"),
        ("setup_batch", "1_0", "whole number"),
        ("setup_batch", "²", "whole number"),
        ("setup_batch", "9" * 4400, "whole number, not “9999999999999999999…”"),
    ],
)
def test_bad_option_text_gets_a_sentence(name, text, says):
    with pytest.raises(IllegalAction, match=says):
        SPECS[name].parse(text)


def test_every_number_option_of_every_game_has_a_range() -> None:
    """A number option without a maximum let a game be set up that could not start (an hour count
    too large for a date)."""
    unbounded = [
        (name, spec.name)
        for name, game in GAMES.items()
        for spec in game.rules.options
        if spec.kind is int and (spec.minimum is None or spec.maximum is None)
    ]
    assert unbounded == []


def test_defaults_and_overrides():
    assert make_options({}).deal == "random"
    assert make_options({"fortify": "connected"}).fortify == "connected"


def test_actions_decode_only_when_well_formed():
    attack = Attack("alaska", "kamchatka", 2, until=1)
    assert from_json(to_json(attack), RiskAction) == attack
    with pytest.raises(msgspec.ValidationError):
        from_json(b'{"type":"Attack","source":"alaska","target":"kamchatka","dice":"two"}', RiskAction)
    with pytest.raises(msgspec.ValidationError):
        from_json(b'{"type":"Teleport","to":"mars"}', RiskAction)


FORBIDDEN = {"discord", "aiosqlite", "PIL", "asyncio", "sqlite3", "socket", "os", "pathlib", "random"}


# Agents' own choices may use ``random`` (never the game's dice): the core agents and every game's AI,
# a module ``rules/<game>/ai.py`` or a package ``rules/<game>/ai/``.
def random_allowed(relative: str) -> bool:
    parts = relative.split("/")
    return relative == "rules/core/agents.py" or (len(parts) >= 3 and parts[2] in ("ai.py", "ai"))


def test_rules_import_no_io_no_discord():
    root = Path(__file__).resolve().parents[2]
    for path in (root / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            relative = path.relative_to(root).as_posix()
            for name in names:
                if name == "random" and random_allowed(relative):
                    continue
                assert name not in FORBIDDEN, f"{relative} imports {name}"

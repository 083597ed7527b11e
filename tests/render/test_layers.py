"""Every game's pictures meet the one contract (``render.core.pictures.Pictures``). The shape of
``render/`` (one package per game beside ``core``, no circles, no import into another game or up a
layer) is checked with the rest of the house in ``tests/test_architecture.py``."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from render.core.pictures import Pictures

RENDER = Path(__file__).resolve().parents[2] / "render"
GAMES = sorted(p.name for p in RENDER.iterdir() if (p / "__init__.py").exists() and p.name != "core")


def test_the_layout_finds_every_game() -> None:
    assert {"risk", "axis_allies"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_exposes_its_pictures(game: str) -> None:
    pictures = importlib.import_module(f"render.{game}").PICTURES
    assert isinstance(pictures, Pictures)
    assert all(callable(f) for f in (pictures.board, pictures.battle, pictures.private, pictures.warm))

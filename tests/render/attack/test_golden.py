"""Golden pictures of Attack!: each reference render must match its PNG in ``tests/render/golden/``
within the shared tolerance (``tests.render.test_golden.compare``). After an intended change, regenerate
them with ``python -m tests.render.attack.test_golden`` and look at the new pictures."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from render.attack import render_battle, render_board, render_private
from rules.attack import RULES
from tests.render.attack import samples
from tests.render.test_golden import MAX_CHANGED, MAX_MEAN_DIFF, compare

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _western() -> bytes:
    view = RULES.view(samples.western_state(), None)
    return render_board(view, samples.NAMES[:3], recent=samples.western_recent())


def _world() -> bytes:
    view = RULES.view(samples.world_state(), None)
    return render_board(view, samples.NAMES, recent=samples.world_recent())


def _army() -> bytes:
    view, events = samples.army_battle()
    picture = render_battle(view, events, samples.NAMES[:3])
    assert picture is not None
    return picture


def _navy() -> bytes:
    view, events = samples.navy_battle()
    picture = render_battle(view, events, samples.NAMES[:3])
    assert picture is not None
    return picture


def _hand() -> bytes:
    picture = render_private(samples.hand_view(), samples.NAMES[:3])
    assert picture is not None
    return picture


REFERENCES: dict[str, Callable[[], bytes]] = {
    "attack_western.png": _western,
    "attack_world.png": _world,
    "attack_army_battle.png": _army,
    "attack_navy_battle.png": _navy,
    "attack_hand.png": _hand,
}


def _rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_matches_golden(name: str) -> None:
    path = GOLDEN / name
    assert path.exists(), f"missing {path}: run python -m tests.render.attack.test_golden"
    actual, expected = _rgb(REFERENCES[name]()), _rgb(path.read_bytes())
    assert actual.size == expected.size, f"{name}: size {actual.size}, golden {expected.size}"
    mean, changed = compare(actual, expected)
    assert mean < MAX_MEAN_DIFF and changed < MAX_CHANGED, (
        f"{name} differs from its golden picture: mean diff {mean:.3f}, {changed:.3%} of pixels changed; "
        "if intended, run python -m tests.render.attack.test_golden and review the pictures"
    )


def regenerate() -> None:
    for name, make in REFERENCES.items():
        (GOLDEN / name).write_bytes(make())
        print(f"wrote {GOLDEN / name}")


if __name__ == "__main__":
    regenerate()

"""Golden pictures of Hex war: each reference render must match its PNG in ``tests/render/golden/``
(``hexwar_*.png``) within the shared tolerance (``tests.render.test_golden.compare``).

After an intended change to how the pictures look, run ``python -m tests.render.hexwar.test_golden``
from the repository root, look at every PNG it writes, and commit them with the change."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from render.hexwar import PICTURES, render_board
from rules.hexwar import RULES
from tests.render.hexwar import samples
from tests.render.test_golden import MAX_CHANGED, MAX_MEAN_DIFF, compare

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _board_5p() -> bytes:
    view, events = samples.board_5p()
    return render_board(view, samples.NAMES, recent=events, deadline="due in 41 h")


def _round_2p() -> bytes:
    view, events = samples.round_2p()
    picture = PICTURES.battle(view, events, samples.NAMES[:2])
    assert picture is not None
    return picture


def _setup_3p() -> bytes:
    view, events = samples.setup_3p()
    return render_board(view, samples.NAMES[:3], recent=events)


def _orders_3p() -> bytes:
    picture = PICTURES.private(RULES.view(samples.with_orders(), 0), samples.NAMES[:3])
    assert picture is not None
    return picture


REFERENCES: dict[str, Callable[[], bytes]] = {
    "hexwar_board_5p.png": _board_5p,
    "hexwar_round_2p.png": _round_2p,
    "hexwar_setup_3p.png": _setup_3p,
    "hexwar_orders_3p.png": _orders_3p,
}


def _rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_matches_golden(name: str) -> None:
    path = GOLDEN / name
    assert path.exists(), f"missing {path}: run python -m tests.render.hexwar.test_golden"
    actual, expected = _rgb(REFERENCES[name]()), _rgb(path.read_bytes())
    assert actual.size == expected.size, f"{name}: size {actual.size}, golden {expected.size}"
    mean, changed = compare(actual, expected)
    assert mean < MAX_MEAN_DIFF and changed < MAX_CHANGED, (
        f"{name} differs from its golden picture: mean diff {mean:.3f}, {changed:.3%} of pixels changed; "
        "if intended, run python -m tests.render.hexwar.test_golden and review the pictures"
    )


def regenerate() -> None:
    for name, make in REFERENCES.items():
        (GOLDEN / name).write_bytes(make())
        print(f"wrote {GOLDEN / name}")


if __name__ == "__main__":
    regenerate()
    sys.exit(0)

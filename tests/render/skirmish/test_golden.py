"""Golden Skirmish pictures: each reference render must match its PNG in ``tests/render/golden/`` within the
tolerance of ``tests.render.test_golden.compare`` (host differences in FreeType or zlib, not layout).

After an intended change to how Skirmish pictures look, rewrite them with
``python tests/render/skirmish/test_golden.py`` from the repository root and look at every PNG it lists.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path[:0] = [
        str(Path(__file__).resolve().parents[3]),
        str(Path(__file__).resolve().parents[3] / "tests"),
    ]

import pytest
from PIL import Image

from render.skirmish import battle_picture, render_battle, render_board, render_private
from tests.render.skirmish import samples
from tests.render.test_golden import MAX_CHANGED, MAX_MEAN_DIFF, compare

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _map() -> bytes:
    return render_board(
        samples.midgame_view(),
        samples.NAMES[:5],
        recent=samples.recent_events(),
        deadline="due in 11 h 40 min",
    )


def _battle() -> bytes:
    picture = battle_picture(samples.battle_view(), (), samples.NAMES[:3])
    assert picture is not None
    return render_battle(picture, samples.NAMES[:3])


def _battle_ended() -> bytes:
    picture = battle_picture(samples.midgame_view(3), samples.ended_battle_events(), samples.NAMES[:3])
    assert picture is not None
    return render_battle(picture, samples.NAMES[:3])


def _hand() -> bytes:
    png = render_private(samples.hand_view(), samples.NAMES[:3])
    assert png is not None
    return png


REFERENCES: dict[str, Callable[[], bytes]] = {
    "skirmish_map.png": _map,
    "skirmish_battle.png": _battle,
    "skirmish_battle_ended.png": _battle_ended,
    "skirmish_hand.png": _hand,
}


def _rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_matches_golden(name: str) -> None:
    path = GOLDEN / name
    assert path.exists(), f"missing {path}: run python tests/render/skirmish/test_golden.py"
    actual, expected = _rgb(REFERENCES[name]()), _rgb(path.read_bytes())
    assert actual.size == expected.size, f"{name}: size {actual.size}, golden {expected.size}"
    mean, changed = compare(actual, expected)
    assert mean < MAX_MEAN_DIFF and changed < MAX_CHANGED, (
        f"{name} differs from its golden picture: mean diff {mean:.3f}, {changed:.3%} of pixels changed; "
        "if intended, run python tests/render/skirmish/test_golden.py and review the pictures"
    )


def test_the_tolerance_notices_a_moved_badge() -> None:
    expected = _rgb((GOLDEN / "skirmish_map.png").read_bytes())
    changed = expected.copy()
    changed.paste((255, 0, 0), (400, 300, 520, 380))
    mean, share = compare(changed, expected)
    assert mean >= MAX_MEAN_DIFF or share >= MAX_CHANGED


def regenerate() -> None:
    for name, make in sorted(REFERENCES.items()):
        (GOLDEN / name).write_bytes(make())
        print(f"wrote {GOLDEN / name}")


if __name__ == "__main__":
    regenerate()

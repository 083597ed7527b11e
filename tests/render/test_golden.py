"""Golden pictures: each reference render must match its PNG in ``golden/`` within a small tolerance.

The tolerance absorbs FreeType or zlib differences between hosts, not layout changes. After an intended
change, regenerate with ``python tests/render/regenerate.py`` and look at the new pictures.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.render.regenerate import GOLDEN, REFERENCES, references_by_game

MAX_MEAN_DIFF = 1.0  # mean absolute difference per channel, 0..255
MAX_CHANGED = 0.005  # share of pixels whose largest channel difference is over 32
CHANGED = 32


def _rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def compare(actual: Image.Image, expected: Image.Image) -> tuple[float, float]:
    """(mean absolute difference, share of pixels differing by more than ``CHANGED``)."""
    diff = ImageChops.difference(actual, expected)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    r, g, b = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    changed = worst.point(lambda v: 255 if v > CHANGED else 0).histogram()[255]
    return mean, changed / (actual.width * actual.height)


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_matches_golden(name: str) -> None:
    path = GOLDEN / name
    assert path.exists(), f"missing {path}: run python tests/render/regenerate.py"
    actual, expected = _rgb(REFERENCES[name]()), _rgb(path.read_bytes())
    assert actual.size == expected.size, f"{name}: size {actual.size}, golden {expected.size}"
    mean, changed = compare(actual, expected)
    assert mean < MAX_MEAN_DIFF and changed < MAX_CHANGED, (
        f"{name} differs from its golden picture: mean diff {mean:.3f}, {changed:.3%} of pixels changed; "
        "if intended, run python tests/render/regenerate.py and review the pictures"
    )


def test_every_golden_picture_is_registered_and_every_registered_one_exists() -> None:
    """A PNG no game registers is a reference nobody checks; a registered one without its PNG fails
    above. Each game folder with pictures registers them in its ``golden.py``."""
    assert sorted(p.name for p in GOLDEN.glob("*.png")) == sorted(REFERENCES)
    assert len(references_by_game()) >= 5


def test_compare_notices_a_real_change() -> None:
    """The tolerance is tight enough to catch a moved badge or a recoloured territory."""
    expected = _rgb((GOLDEN / "board_world_6p.png").read_bytes())
    changed = expected.copy()
    changed.paste((255, 0, 0), (600, 300, 760, 420))
    mean, share = compare(changed, expected)
    assert mean >= MAX_MEAN_DIFF or share >= MAX_CHANGED

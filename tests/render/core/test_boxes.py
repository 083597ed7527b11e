"""``render.core.boxes.BoxIndex``: a copy shares the original's lists, yet neither sees what the other
adds afterwards (a layout adds its own boxes to a copy of the map's index of names)."""

from __future__ import annotations

from render.core.boxes import BoxIndex


def test_a_copy_and_its_original_each_keep_only_their_own_additions() -> None:
    names = BoxIndex(64)
    names.add((10.0, 10.0, 30.0, 20.0))
    layout = names.copy()
    layout.add((12.0, 12.0, 40.0, 30.0))  # the same cell as the name
    names.add((200.0, 200.0, 210.0, 210.0))
    assert layout.hits((35.0, 25.0, 38.0, 28.0))  # its own box
    assert not names.hits((35.0, 25.0, 38.0, 28.0))  # not in the original
    assert layout.hits((15.0, 11.0, 16.0, 12.0)) and names.hits((15.0, 11.0, 16.0, 12.0))  # shared
    assert names.hits((205.0, 205.0, 206.0, 206.0))
    assert not layout.hits((205.0, 205.0, 206.0, 206.0))  # added to the original after the copy
    second = names.copy()
    assert not second.hits((35.0, 25.0, 38.0, 28.0))  # a second copy never sees the first's boxes

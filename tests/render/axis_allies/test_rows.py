"""The marker rows are remembered by what they depend on (``layout.rows_of``): who holds each territory
and where the owners' factories stand. A position that moves only units finds the rows of an earlier
one; a capture or a new factory gets rows of its own, the same as drawing them afresh gives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from render.axis_allies import DEFAULT_WIDTH
from render.axis_allies.base import map_base
from render.axis_allies.layout import Marker, clear_layouts, forget_rows, marker_rows, row_box, rows_of
from rules.axis_allies.board import classic_board
from tests.render.axis_allies import samples


def test_moving_units_keeps_the_rows_and_a_capture_or_a_factory_does_not() -> None:
    base = map_base(DEFAULT_WIDTH)
    clear_layouts()
    start = samples.start()
    first = rows_of(start, base)
    assert first == marker_rows(start, base)
    moved = {name: dict(by_power) for name, by_power in start.units.items()}
    moved["Karelia S.S.R."] = {"russia": {**start.units["Karelia S.S.R."]["russia"], "infantry": 9}}
    assert rows_of(replace(start, units=moved), base) is first

    captured = replace(start, owners={**start.owners, "Karelia S.S.R.": "germany"})
    rows = rows_of(captured, base)
    assert rows is not first and rows == marker_rows(captured, base)
    assert rows != first  # Karelia's badge is Germany's now

    built = {**start.units, "Anglo Sudan Egypt": {"uk": {"infantry": 1, "factory": 1}}}
    with_factory = replace(start, units=built)
    rows = rows_of(with_factory, base)
    assert rows is not first and rows == marker_rows(with_factory, base)
    assert factories(rows) - factories(first) == {"Anglo Sudan Egypt"}


def factories(rows: Mapping[int, Sequence[Marker]]) -> set[str]:
    names = classic_board().names
    return {names[i] for i, row in rows.items() if any(m.kind == "factory" for m in row)}


def test_a_territory_s_kept_row_is_the_row_worked_out_afresh() -> None:
    """Each territory's row is kept per owner and structures (``layout._row_parts``), placed under its
    name; ``marker_rows`` moves those that meet another territory's name or row (four on the start's
    map: Finland Norway, French West Africa, Kwangtung and West Europe). Kept or not, the same rows."""
    base = map_base(DEFAULT_WIDTH)
    start = samples.start()
    captured = replace(start, owners={**start.owners, "West Europe": "uk", "Karelia S.S.R.": "germany"})
    pictures = [start, captured, samples.midgame(), samples.crowded()]
    forget_rows()
    fresh = [marker_rows(picture, base) for picture in pictures]
    kept = [marker_rows(picture, base) for picture in reversed(pictures)][::-1]
    assert kept == fresh
    names = classic_board().names
    moved = {
        names[i]
        for i, row in fresh[0].items()
        if row and row[0].centre[1] != base.labels[i].row_at[1]  # type: ignore[union-attr]
    }
    assert moved == {"Finland Norway", "French West Africa", "Kwangtung"}  # above their names
    west = fresh[0][names.index("West Europe")]
    assert (west[0].centre[0] + west[-1].centre[0]) / 2 != base.labels[names.index("West Europe")].row_at[0]  # type: ignore[union-attr]
    assert fresh[1][names.index("West Europe")] != west  # the UK's badge now


@given(
    st.lists(
        st.tuples(
            st.sampled_from((0.0, -0.0, 1.5, -3.25)) | st.floats(-500, 500),
            st.floats(-500, 500),
            st.integers(0, 60),
            st.integers(0, 60),
        ),
        max_size=4,
    )
)
@example([(0.0, 0.0, 0, 0), (-0.0, -0.0, 0, 0)])  # equal edges: the first is kept, as by ``min``
@example([(-0.0, -0.0, 0, 0), (0.0, 0.0, 0, 0)])
def test_a_row_s_box_is_the_least_and_greatest_of_its_markers_edges(parts: list[Any]) -> None:
    """``row_box`` in one pass gives what ``min`` and ``max`` over the markers' edges give, to the bit
    (the chips are placed against these boxes)."""
    markers = [Marker("ipc", None, (x, y), (w, h)) for x, y, w, h in parts]
    expected = (
        None
        if not markers
        else (
            min(m.centre[0] - m.size[0] / 2 for m in markers),
            min(m.centre[1] - m.size[1] / 2 for m in markers),
            max(m.centre[0] + m.size[0] / 2 for m in markers),
            max(m.centre[1] + m.size[1] / 2 for m in markers),
        )
    )
    found = row_box(markers)
    assert repr(found) == repr(expected)

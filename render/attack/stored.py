"""Writes ``data/attack/labels.json``: where the regions' labels and the sea names go on each layout at
the width the bot sends, worked out ahead because the search (``render.attack.base._settle``) costs
the joined world half a second, more than a board's first render should wait.

After a change to the map, the label sizes or the search, run ``python -m render.attack.stored`` from
the repository root, regenerate the golden pictures and look at them; the picture tests fail while the
file and the search disagree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import data
from render.attack.base import STORED, WIDTHS, _build
from rules.attack.board import board


def placements() -> dict[str, Any]:
    """What the search finds today, per ``layout@width``, as the file holds it."""
    out: dict[str, Any] = {}
    for layout, width in WIDTHS.items():
        base, ids = _build(layout, width, search=True), board(layout)
        out[f"{layout}@{width}"] = {
            "labels": [[rid, x, y] for rid, (x, y) in zip(ids.region_ids, base.anchors, strict=True)],
            "names": [
                [zid, x, y, list(lines)]
                for zid, ((x, y), lines) in zip(ids.zone_ids, base.name_places, strict=True)
            ],
        }
    return out


def main() -> None:
    path = Path(data.__file__).parent / STORED
    # One label or name a line, so that a change reads in a diff.
    entries = []
    for key, entry in placements().items():
        fields = [
            f'   "{field}": [\n' + ",\n".join(f"    {json.dumps(item)}" for item in items) + "\n   ]"
            for field, items in entry.items()
        ]
        entries.append(f'  "{key}": {{\n' + ",\n".join(fields) + "\n  }")
    text = '{\n "schema": 1,\n "placements": {\n' + ",\n".join(entries) + "\n }\n}"
    json.loads(text)  # (written by hand: check it parses)
    path.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {path} ({len(text) // 1024} KiB)")


if __name__ == "__main__":
    main()

"""The Skirmish map and pieces load and their facts hold; the loaders refuse broken data; the map file is
what its generator makes."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path

import pytest

from data import load_json
from rules.core.errors import IllegalAction
from rules.skirmish.board import MapError, contains, lookup, parse_map, skirmish_map
from rules.skirmish.pieces import UNIT_TYPES, PiecesError, parse_pieces, pieces

ROOT = Path(__file__).resolve().parents[2]


def test_the_map_has_33_territories_with_elevations_shapes_and_symmetric_borders():
    board = skirmish_map()
    assert board.size == 33 and board.border_count() == 70
    assert sorted(set(board.elevation)) == [0, 1, 2, 3]
    assert [board.elevation.count(e) for e in range(4)] == [11, 10, 8, 4]
    for t, near in enumerate(board.neighbours):
        assert near and all(t in board.neighbours[n] for n in near)
        assert contains(board.polygons[t], board.labels[t])
        assert all(0 <= x <= board.width and 0 <= y <= board.height for x, y in board.polygons[t])
    assert len(board.lakes) == 3 and len(board.outline) == 40


def test_territories_are_found_by_id_or_name():
    board = skirmish_map()
    assert lookup(board, "Eagle's Rest") == lookup(board, "eagles_rest") == board.index("eagles_rest")
    with pytest.raises(IllegalAction) as unknown:
        lookup(board, "Atlantis")
    assert unknown.value.code == "unknown_territory"


def test_the_pieces_units_from_the_troop_up_counters_and_a_26_card_deck():
    table = pieces()
    assert tuple(u.id for u in table.units) == UNIT_TYPES
    assert [(u.value, u.dice, u.counters, u.banners) for u in table.units] == [
        (1, 1, 0, 0),
        (3, 1, 1, 0),
        (5, 2, 1, 0),
        (10, 1, 0, 1),
    ]
    assert table.supply().counts() == (60, 12, 10, 2)
    counts = {k.id: k.count for k in table.kinds}
    assert counts == {"push": 10, "charge": 4, "rally": 6, "stand_fast": 3, "truce": 3}
    assert len(table.cards) == 26


@pytest.mark.parametrize(
    ("damage", "complaint"),
    [
        (lambda raw: raw["territories"][0]["neighbours"].append("atlantis"), "unknown territory"),
        (lambda raw: raw["territories"][0]["neighbours"].pop(), "not the other way round"),
        (lambda raw: raw["territories"][3].update(elevation=5), "elevations"),
        (lambda raw: raw["territories"][2].update(label=[-50, -50]), "label point inside"),
        (lambda raw: raw.update(territories=raw["territories"][:12]), "20 to 40"),
    ],
)
def test_the_map_loader_refuses_broken_data(damage, complaint):
    raw = copy.deepcopy(load_json("skirmish/map.json"))
    damage(raw)
    with pytest.raises(MapError, match=complaint):
        parse_map(raw)


def test_the_pieces_loader_refuses_broken_data():
    raw = copy.deepcopy(load_json("skirmish/pieces.json"))
    raw["units"][1]["value"] = 1
    with pytest.raises(PiecesError, match="rise strictly"):
        parse_pieces(raw)


def test_the_map_file_is_what_its_generator_makes():
    path = ROOT / "data" / "skirmish" / "make_map.py"
    spec = importlib.util.spec_from_file_location("make_skirmish_map", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    stored = json.loads((ROOT / "data" / "skirmish" / "map.json").read_text(encoding="utf-8"))
    assert module.generate() == stored

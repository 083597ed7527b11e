"""The classic map loads and its facts hold; the loader refuses broken data."""

from __future__ import annotations

import copy

import pytest

from data import load_json
from rules.core.errors import IllegalAction
from rules.risk.board import MapError, check_classic, classic_map, lookup, parse_map


def test_classic_map_facts():
    board = classic_map()
    assert board.size == 42 and len(board.continents) == 6
    assert board.border_count() == 83 and len(board.sea_borders) == 25
    assert {c.id: c.bonus for c in board.continents} == {
        "north_america": 5,
        "south_america": 2,
        "europe": 5,
        "africa": 3,
        "asia": 7,
        "australia": 2,
    }
    symbols = [c.symbol for c in board.cards]
    assert [symbols.count(s) for s in ("infantry", "cavalry", "artillery", "wild")] == [14, 14, 14, 2]


def test_borders_are_symmetric_and_include_the_bering_strait():
    board = classic_map()
    for t, near in enumerate(board.neighbours):
        assert all(t in board.neighbours[n] for n in near)
    alaska, kamchatka = board.index("alaska"), board.index("kamchatka")
    assert kamchatka in board.neighbours[alaska]
    assert frozenset((alaska, kamchatka)) in board.sea_borders


def test_territories_are_found_by_id_name_or_alias():
    board = classic_map()
    assert lookup(board, "eastern canada") == board.index("quebec")
    assert lookup(board, "Northwest Territory") == lookup(board, "north west territory")
    with pytest.raises(IllegalAction) as unknown:
        lookup(board, "Atlantis")
    assert unknown.value.code == "unknown_territory" and "Atlantis" in unknown.value.message


@pytest.mark.parametrize(
    ("damage", "complaint"),
    [
        (lambda raw: raw["borders"].pop(), "83 borders"),
        (lambda raw: raw["borders"].append(["alaska", "alaska", "land"]), "joins a territory to itself"),
        (lambda raw: raw["borders"].append(["alaska", "mars", "land"]), "unknown territory"),
        (lambda raw: raw["cards"].update(wilds=3), "44 cards"),
        (lambda raw: raw["continents"][0].update(bonus=6), "bonuses"),
        (lambda raw: raw.update(borders=[b for b in raw["borders"] if "madagascar" not in b[:2]]), "borders"),
    ],
)
def test_the_loader_refuses_broken_data(damage, complaint):
    raw = copy.deepcopy(load_json("risk/classic.json"))
    damage(raw)
    with pytest.raises(MapError, match=complaint):
        check_classic(parse_map(raw))


def test_a_disconnected_map_is_refused():
    raw = copy.deepcopy(load_json("risk/classic.json"))
    cut = [b for b in raw["borders"] if "madagascar" in b[:2]]
    raw["borders"] = [b for b in raw["borders"] if "madagascar" not in b[:2]]
    # Keep every count right (83 borders, 25 by sea) so only the connectivity check can object.
    raw["borders"] += [
        [a, b, kind]
        for (a, b), (_, _, kind) in zip([("alaska", "peru"), ("alaska", "iceland")], cut, strict=True)
    ]
    board = parse_map(raw)
    with pytest.raises(MapError, match="not connected"):
        check_classic(board)

"""The Axis & Allies Classic map loads, its facts hold, names resolve, and broken copies are refused."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from data import load_json
from rules.axis_allies.board import (
    ALLIES,
    AXIS,
    CAPITALS,
    POWERS,
    MapError,
    UnknownTerritory,
    classic_board,
    parse_board,
    validate,
)


def test_classic_board_facts():
    board = classic_board()
    land = [t for t in board.territories.values() if not t.is_sea]
    assert len(land) == 70 and len(board.territories) - len(land) == 58
    edges = {frozenset((a, b)) for a, t in board.territories.items() for b in t.neighbors}
    assert len(edges) == 309
    assert POWERS == ("russia", "germany", "uk", "japan", "usa") and set(POWERS) == AXIS | ALLIES
    assert dict(board.starting_ipcs) == {"russia": 24, "germany": 32, "uk": 30, "japan": 25, "usa": 36}
    income = Counter({p: 0 for p in POWERS})
    for t in land:
        if t.original_owner:
            income[t.original_owner] += t.production
    assert dict(income) == dict(board.starting_ipcs)
    assert {t.capital_of: t.name for t in land if t.capital_of} == CAPITALS
    assert sum(t.production for t in land) == 147
    assert board.names[board.territories["Germany"].index] == "Germany"
    assert list(board.territories) == list(board.names)


def test_neighbours_are_symmetric_and_split_by_land_and_sea():
    board = classic_board()
    for name, t in board.territories.items():
        assert name not in t.neighbors
        assert all(board.adjacent(other, name) for other in t.neighbors)
        assert board.land_neighbors(name) | board.sea_neighbors(name) == t.neighbors
    assert board.land_neighbors("Panama") == {"Mexico", "Columbia"}
    assert board.sea_neighbors("United Kingdom") == {"North Sea Zone"}
    assert board.adjacent("Japan", "Japan Sea Zone") and not board.adjacent("Japan", "Manchuria")


def test_the_two_canals():
    board = classic_board()
    suez = board.canal_between("East Mediteranean Sea Zone", "Red Sea Zone")
    panama = board.canal_between("West Panama Sea Zone", "Carribean Sea Zone")
    assert suez is not None and suez.name == "Suez Canal"
    assert set(suez.land) == {"Anglo Sudan Egypt", "Syria Jordan"}
    assert panama is not None and panama.land == ("Panama",)
    assert board.canal_between("North Sea Zone", "Baltic Sea Zone") is None
    assert board.territories["Red Sea Zone"].canal == "Suez Canal"
    assert board.territories["North Sea Zone"].canal is None


def test_starting_units_sit_where_they_may():
    board = classic_board()
    sea_units = {"transport", "submarine", "carrier", "battleship"}
    totals: Counter[tuple[str, str]] = Counter()
    for name, by_power in board.starting_units.items():
        t = board.territories[name]
        for power, units in by_power.items():
            for unit, count in units.items():
                totals[power, unit] += count
                assert t.is_sea if unit in sea_units else not t.is_sea or unit in {"fighter", "bomber"}
    assert totals["germany", "infantry"] == 19 and totals["germany", "tank"] == 10
    assert totals["japan", "fighter"] == 5 and totals["usa", "carrier"] == 1
    assert {n for n, ps in board.starting_units.items() for u in ps.values() if "factory" in u} == {
        t.name for t in board.territories.values() if t.original_factory
    }
    assert board.starting_units["Hawaii Sea Zone"]["usa"] == {"fighter": 1, "submarine": 1, "carrier": 1}
    assert board.starting_units["Germany"]["germany"]["aa_gun"] == 1


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Carribean Sea Zone", "Carribean Sea Zone"),
        ("caribbean", "Carribean Sea Zone"),
        ("Caribbean SZ", "Carribean Sea Zone"),
        ("carribean sea zone", "Carribean Sea Zone"),
        ("Japan", "Japan"),
        ("Japan Sea Zone", "Japan Sea Zone"),
        ("SZ Japan", "Japan Sea Zone"),
        ("north sea", "North Sea Zone"),
        ("East Mediterranean", "East Mediteranean Sea Zone"),
        ("colombia", "Columbia"),
        ("Karelia SSR", "Karelia S.S.R."),
        ("ukraine", "Ukraine S.S.R."),
        ("egypt", "Anglo Sudan Egypt"),
        ("Hawaii", "Hawaiian Islands"),
    ],
)
def test_lookup_accepts_spellings_aliases_and_short_forms(text, name):
    assert classic_board().lookup(text).name == name


def test_lookup_explains_unknown_and_ambiguous_names():
    board = classic_board()
    with pytest.raises(KeyError) as unknown:
        board.lookup("Gemrany")
    assert isinstance(unknown.value, UnknownTerritory) and "Did you mean Germany" in str(unknown.value)
    with pytest.raises(UnknownTerritory, match=r"Karelia S\.S\.R\. or Karelia Sea Zone"):
        board.lookup("Karelia")
    with pytest.raises(UnknownTerritory, match="Atlantis"):
        board.lookup("Atlantis")


def _first(raw, name):
    return next(t for t in raw["territories"] if t["name"] == name)


def _drop_edge(raw, a, b):
    _first(raw, a)["neighbors"].remove(b)
    _first(raw, b)["neighbors"].remove(a)


@pytest.mark.parametrize(
    ("damage", "complaint"),
    [
        (lambda raw: raw.update(schema="other"), "schema"),
        (lambda raw: _drop_edge(raw, "Germany", "West Europe"), "309 connections"),
        (lambda raw: _first(raw, "Germany")["neighbors"].remove("West Europe"), "symmetric"),
        (lambda raw: _first(raw, "Germany")["neighbors"].append("Atlantis"), "unknown territory"),
        (lambda raw: _first(raw, "Cuba").update(sea=True), "70 land territories"),
        (lambda raw: _first(raw, "Germany").update(production=11), "starting income"),
        (lambda raw: raw["powers"][0].update(starting_ipcs=30), "starts with 24 IPCs"),
        (lambda raw: raw["powers"].reverse(), "turn order"),
        (lambda raw: raw["canals"][1].update(land=["Mexico"]), "canals"),
        (lambda raw: _first(raw, "Red Sea Zone").pop("canal"), "marked with a canal"),
        (lambda raw: _first(raw, "Japan").pop("capital_of"), "capitals"),
        (lambda raw: _first(raw, "North Sea Zone")["units"]["uk"].update(infantry=1), "land units"),
        (lambda raw: _first(raw, "Germany")["units"]["germany"].update(battleship=1), "sea units"),
        (lambda raw: _first(raw, "Hawaii Sea Zone")["units"]["usa"].update(fighter=3), "carrier"),
        (lambda raw: _first(raw, "Libya")["units"]["germany"].update(factory=1), "original factories"),
        (lambda raw: _first(raw, "Libya")["units"]["germany"].update(tank=0), "bad starting units"),
        (lambda raw: _first(raw, "Libya")["units"].update(italy={"infantry": 1}), "unknown power"),
        (lambda raw: _first(raw, "China")["units"].update(uk={"infantry": 1}), "does not own"),
        (lambda raw: raw["territories"].append(copy.deepcopy(raw["territories"][0])), "not unique"),
        (lambda raw: _first(raw, "Spain").pop("neutral"), "malformed"),
        (lambda raw: _first(raw, "Libya").update(aliases=["Germany"]), "names both"),
    ],
)
def test_the_loader_refuses_broken_copies(damage, complaint):
    raw = copy.deepcopy(load_json("axis_allies/classic.json"))
    damage(raw)
    with pytest.raises(MapError, match=complaint):
        parse_board(raw)


def test_the_shipped_data_validates_and_is_not_mutated():
    raw = load_json("axis_allies/classic.json")
    before = copy.deepcopy(raw)
    validate(raw)
    assert classic_board() is classic_board()
    assert raw == before

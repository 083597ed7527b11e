"""The hex grid: names players type, neighbours, the left-right wrap, distances."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.hexwar.board import GRIDS, Grid, frontier

G = Grid(*GRIDS[2])  # 10 columns A-J, 7 rows


def names(cells):
    return {G.name(c) for c in cells}


def test_hex_names_are_a_column_letter_and_a_row_number():
    assert G.name(G.lookup("c7")) == "C7" and G.col_row(G.lookup(" C7 ")) == (2, 6)
    for bad in ("K1", "C8", "C0", "7C", "", "CC"):
        with pytest.raises(IllegalAction) as caught:
            G.lookup(bad)
        assert caught.value.message.endswith("name one by column A-J and row 1-7, like C7.")


def test_neighbours_in_odd_and_even_numbered_rows():
    assert names(G.neighbours(G.lookup("C3"))) == {"B3", "D3", "B2", "C2", "B4", "C4"}
    assert names(G.neighbours(G.lookup("C4"))) == {"B4", "D4", "C3", "D3", "C5", "D5"}


def test_the_board_wraps_left_to_right_but_not_top_to_bottom():
    assert names(G.neighbours(G.lookup("A3"))) == {"J3", "B3", "J2", "A2", "J4", "A4"}
    assert names(G.neighbours(G.lookup("J4"))) == {"I4", "A4", "J3", "A3", "J5", "A5"}
    assert G.distance(G.lookup("A3"), G.lookup("J3")) == 1
    assert G.distance(G.lookup("B3"), G.lookup("I3")) == 3  # the short way, across the edge
    assert names(G.neighbours(G.lookup("C1"))) == {"B1", "D1", "B2", "C2"}


def test_axial_coordinates_for_drawing():
    assert G.axial(G.lookup("C3")) == (1, 2)  # q = col - (row - row % 2) / 2, r = row (from 0)
    assert G.axial(G.lookup("C4")) == (1, 3)
    assert G.axial(G.lookup("A1")) == (0, 0)


def test_the_first_hex_goes_on_the_starting_outline_and_the_next_beside_a_placed_one():
    assert names(frontier(G, ())) == {"F4"}
    assert names(frontier(G, (G.lookup("F4"),))) == {"E4", "G4", "F3", "G3", "F5", "G5"}

"""One picture's layout, shared by the board and the arrows drawn on it."""

from __future__ import annotations

from dataclasses import dataclass

from render.core.badges import Sprite
from render.core.shapes import Point
from render.hexwar import look
from render.hexwar.chips import ChipStyle
from render.hexwar.geometry import HexLayout

Placed = list[tuple[Sprite, Point]]  # a hex's chips and their centres


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture's layout: where the map sits, its scale, and each hex's centre by name."""

    layout: HexLayout
    sizes: look.Sizes
    chips: ChipStyle
    centres: dict[str, Point]
    bottom: int  # the map's bottom edge: the panel under it starts here

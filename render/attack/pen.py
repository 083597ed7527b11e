"""Attack!'s pen for the battle and hand pictures: the shared ``render.core.pen.Pen`` with the game's
unit icons and its dice that show a unit type."""

from __future__ import annotations

from render.attack.icons import draw_unit
from render.core import colours as C
from render.core.pen import Pen as CorePen

DIE_FACE = C.hex_rgb("#F4EFE2")
DIE_INK = C.hex_rgb("#1B2632")


class Pen(CorePen):
    def unit(self, kind: str, x: float, y: float, size: float, fill: C.Rgb) -> None:
        draw_unit(self.draw, kind, self.box(x, y, x + size, y + size), fill)

    def die(
        self, x: float, y: float, size: float, face: str | None, *, lit: bool = False, faded: bool = False
    ) -> None:
        """A die showing a unit type (``face``) or a blank (None); ``lit``: it scored (a gold rim)."""
        rim = C.hex_rgb("#FFD23F") if lit else C.INK
        fill = C.mix(DIE_FACE, C.PANEL, 0.45) if faded else DIE_FACE
        ink = C.mix(DIE_INK, C.PANEL, 0.45) if faded else DIE_INK
        self.rounded((x, y, x + size, y + size), size * 0.18, fill, rim, 3 if lit else 1.5)
        if face is not None:
            pad = size * 0.12
            self.unit(face, x + pad, y + pad, size - 2 * pad, ink)

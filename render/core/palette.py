"""A fixed, known palette for pictures drawn straight in palette indices.

The board is drawn into an 8-bit image whose values are indices into a palette fixed in advance: flat
colours, plus short ramps from a background to a text colour so antialiased text keeps its smooth
edges. Nothing is quantised afterwards, so the PNG is exact, small (one byte a pixel, long runs) and
fast to encode, and the same inputs always give the same bytes.

Indices from ``limit`` up are left free for the caller (the board uses them as per-territory slots
that one lookup table turns into owner colours).
"""

from __future__ import annotations

from collections.abc import Iterable

from render.core.colours import Rgb, mix

RAMP_STEPS = 8  # background, 6 blends, foreground: indistinguishable from full antialiasing at text sizes


class PaletteError(ValueError):
    """A colour or ramp was asked for that the palette was not built with."""


class Palette:
    """Colours in the order they were added; build once, then only read (shared between threads)."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._colours: list[Rgb] = []
        self._index: dict[Rgb, int] = {}
        self._ramps: dict[tuple[Rgb, Rgb], tuple[int, ...]] = {}
        self._frozen = False

    def add(self, colour: Rgb) -> int:
        if colour in self._index:
            return self._index[colour]
        if self._frozen:
            raise PaletteError(f"palette is frozen; {colour} was not added when it was built")
        if len(self._colours) >= self.limit:
            raise PaletteError(f"palette is full ({self.limit} colours)")
        self._index[colour] = len(self._colours)
        self._colours.append(colour)
        return self._index[colour]

    def add_all(self, colours: Iterable[Rgb]) -> None:
        for c in colours:
            self.add(c)

    def add_ramp(self, fg: Rgb, bg: Rgb) -> tuple[int, ...]:
        """Indices from ``bg`` (coverage 0) to ``fg`` (full coverage), ``RAMP_STEPS`` long."""
        key = (fg, bg)
        if key not in self._ramps:
            steps = RAMP_STEPS - 1
            self._ramps[key] = tuple(self.add(mix(bg, fg, i / steps)) for i in range(RAMP_STEPS))
        return self._ramps[key]

    def freeze(self) -> Palette:
        self._frozen = True
        return self

    def __getitem__(self, colour: Rgb) -> int:
        try:
            return self._index[colour]
        except KeyError:
            raise PaletteError(f"{colour} is not in the palette") from None

    def ramp(self, fg: Rgb, bg: Rgb) -> tuple[int, ...]:
        try:
            return self._ramps[(fg, bg)]
        except KeyError:
            raise PaletteError(f"no text ramp for {fg} on {bg}") from None

    def __len__(self) -> int:
        return len(self._colours)

    def colour(self, index: int) -> Rgb:
        return self._colours[index]

    def as_bytes(self) -> bytes:
        """For ``Image.putpalette``: only the colours in use, so the PNG's PLTE chunk stays short."""
        return bytes(v for c in self._colours for v in c)

"""The pictures every game draws, behind one contract: ``render/<game>/__init__.py`` exposes
``PICTURES = Pictures(board=..., battle=..., private=..., warm=...)`` and callers above ``render``
(the bot, the terminal client, the conformance suite) use only these four entry points, so they never
need to know which game they are drawing.

Every picture is made from a *view* (what one seat, or the public, may see: ``RULES.view(state, seat)``),
never from the state, so nothing hidden can leak into a PNG. Views differ per game, hence ``Any``; the
Protocols pin down everything else (parameter names, keywords, defaults, return types), so mypy checks
each game's functions against the same signatures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rules.core.events import Event


class DrawBoard(Protocol):
    def __call__(self, view: Any, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
        """The public board as PNG bytes, from a public view. ``names[i]`` is seat i's display name;
        ``recent`` are the events since the viewer's last look (a game may mark them on the board, or
        ignore them)."""
        ...


class DrawBattle(Protocol):
    def __call__(self, view: Any, events: Sequence[Event], names: Sequence[str]) -> bytes | None:
        """A picture of the last battle round among ``events`` as PNG bytes; None if none was fought."""
        ...


class DrawPrivate(Protocol):
    def __call__(self, view: Any, names: Sequence[str]) -> bytes | None:
        """What only the viewer may see (a hand of cards) as PNG bytes, from that seat's own view; None
        for a game with nothing hidden, or for a view that holds nothing private (the public view)."""
        ...


class Warm(Protocol):
    def __call__(self) -> None:
        """Build the static layers (map bases, caches) now, so the first real picture is quick."""
        ...


@dataclass(frozen=True, slots=True)
class Pictures:
    """One game's pictures. Every entry is pure and thread-safe: the same arguments give the same
    bytes, and callers render in worker threads."""

    board: DrawBoard
    battle: DrawBattle
    private: DrawPrivate
    warm: Warm

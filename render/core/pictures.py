"""The pictures every game draws, behind one contract: ``render/<game>/__init__.py`` exposes
``PICTURES = Pictures(board=..., battle=..., private=..., warm=...)`` (and, for a game with frames of
its own, ``replay=...``; for a map with a crowded part, ``close_up=...``) and callers above ``render``
(the bot, the terminal client, the conformance suite) use only these entry points and
``Pictures.animate``, so they never need to know which game they are drawing.

Every picture is made from a *view* (what one seat, or the public, may see: ``RULES.view(state, seat)``),
never from the state, so nothing hidden can leak into a PNG. Views differ per game, hence ``Any``; the
Protocols pin down everything else (parameter names, keywords, defaults, return types), so mypy checks
each game's functions against the same signatures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from render.core.replay import Replay, pick
from render.core.replay import animate as animate_frames
from rules.core.events import Event

Turn = tuple[Any, Sequence[Event]]  # a public view at the end of a turn, and that turn's public events


class DrawBoard(Protocol):
    def __call__(self, view: Any, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
        """The public board as PNG bytes, from a public view. ``names[i]`` is seat i's display name;
        ``recent`` are the events since the viewer's last look (a game may mark them on the board, or
        ignore them)."""
        ...


class DrawCloseUp(Protocol):
    def __call__(
        self, view: Any, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()
    ) -> bytes | None:
        """A second picture beside the board, larger, of a crowded part of the map when ``recent`` (or
        a battle waiting) is there, as PNG bytes; None when the board alone reads well."""
        ...


class DrawBattle(Protocol):
    def __call__(
        self, view: Any, events: Sequence[Event], names: Sequence[str], *, seat: int | None = None
    ) -> bytes | None:
        """A picture of the last battle round among ``events`` as PNG bytes; None if none was fought.
        With ``seat`` (a turn's notice to the player it pings), the last battle that seat fought in, where
        it fought one: the battle two other seats fought last tells that player less. A game whose
        battles are all its players' (or whose picture is a whole round) may ignore it."""
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


class DrawReplay(Protocol):
    def __call__(self, turns: Sequence[Turn], names: Sequence[str], *, title: str) -> Replay:
        """An animated GIF of ``turns`` (oldest first), each frame the board at a turn's end with that
        turn's changes, under Discord's upload limit."""
        ...


# A replay draws at most this many boards: a long game is sampled evenly (its first and last turns kept),
# since more frames would not fit the upload limit anyway and each costs a board render.
MOST_FRAMES = 60


@dataclass(frozen=True, slots=True)
class Pictures:
    """One game's pictures. Every entry is pure and thread-safe: the same arguments give the same
    bytes, and callers render in worker threads. ``replay`` is for a game that draws smaller frames of
    its own; without it a replay animates the game's boards. ``close_up`` is for a game whose map has
    a part too crowded to read on a phone."""

    board: DrawBoard
    battle: DrawBattle
    private: DrawPrivate
    warm: Warm
    replay: DrawReplay | None = None
    close_up: DrawCloseUp | None = None

    def animate(self, turns: Sequence[Turn], names: Sequence[str], *, title: str) -> Replay:
        """The game's animated replay of ``turns`` (slow: seconds for a long game; a worker's job)."""
        if self.replay is not None:
            return self.replay(turns, names, title=title)
        chosen = [turns[i] for i in pick(len(turns), MOST_FRAMES)]
        boards = [self.board(view, names, title=title, recent=tuple(events)) for view, events in chosen]
        return animate_frames(boards)

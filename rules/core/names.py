"""Reading names players type: one spelling rule and one "did you mean" for every game and the terminal.

Players type names the way they read them, with spaces and any case ("north sea", "Elder Fen"), while the
engines key them with underscores; and a slip of the thumb ("alsaka", "plce") deserves the likely word,
not a bare refusal. Both live here so every game reads names the same way.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from rules.core.words import listed

_SEPARATORS = re.compile(r"[\s_\-.'’]+")


def normalise(text: str) -> str:
    """``text`` as a key: lower case, spaces, hyphens, dots and apostrophes all one underscore."""
    return _SEPARATORS.sub("_", text.strip().lower()).strip("_")


def closest(text: str, known: Iterable[str], count: int = 3, cutoff: float = 0.6) -> list[str]:
    """The ``known`` names nearest to ``text`` (compared as keys, returned as given), best first: those
    nearly as near as the nearest, so "north afrca" offers North Africa and not East Africa too."""
    by_key: dict[str, str] = {}
    for name in known:
        by_key.setdefault(normalise(name), name)
    typed = normalise(text)
    keys = difflib.get_close_matches(typed, list(by_key), n=count, cutoff=cutoff)
    scores = [difflib.SequenceMatcher(None, typed, key).ratio() for key in keys]
    return [by_key[key] for key, score in zip(keys, scores, strict=True) if score >= scores[0] - 0.08]


def either(names: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: a short list as a player reads it."""
    return listed(names, "or")


def did_you_mean(text: str, known: Iterable[str], shown: dict[str, str] | None = None) -> str:
    """`` Did you mean X?`` (with a leading space) for the nearest ``known`` names, or "" when none is near.

    ``shown`` maps a known name to how a player should read it (for keys like ``north_africa``); names
    not in it are shown with their underscores as spaces.
    """
    near = closest(text, known)
    if not near:
        return ""
    words = [(shown or {}).get(name, name.replace("_", " ")) for name in near]
    return f" Did you mean {either(list(dict.fromkeys(words)))}?"

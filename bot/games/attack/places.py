"""Places and directions as players type them in the terminal, where a command's words are split on spaces:
``march north sea france 3 infantry`` must read ``north sea`` as one sea zone. A place is the longest run
of words at the front that names one (by id, name or alias, any case, with or without spaces); what
names none is refused with the likely names. Pure: no Discord."""

from __future__ import annotations

from collections.abc import Sequence

from bot.models import ServiceError
from bot.parsing import is_count, quoted
from rules.attack.board import Layout, find_place, find_region
from rules.core.errors import IllegalAction
from rules.core.names import did_you_mean, normalise

CLOCKWISE = ("clockwise", "cw")
COUNTER = ("counterclockwise", "counter_clockwise", "anticlockwise", "anti_clockwise", "ccw", "acw")


def clockwise(text: str | None) -> bool:
    """Whether ``text`` says clockwise (True) or counter-clockwise (False); anything else is refused."""
    key = normalise(text or "")
    if key in CLOCKWISE:
        return True
    if key in COUNTER:
        return False
    said = f", not “{quoted(text or '')}”" if key else ""
    raise ServiceError("bad_direction", f"Play goes clockwise or counter-clockwise{said}.")


def _names(board: Layout, seas: bool) -> list[str]:
    names = list(board.region_names)
    return names + list(board.zone_names) if seas else names


def _finds(board: Layout, text: str, seas: bool) -> str | None:
    """The id ``text`` names (a region, or with ``seas`` a sea zone too), or None."""
    try:
        if seas:
            kind, i = find_place(board, text)
            return board.region_ids[i] if kind == "region" else board.zone_ids[i]
        return board.region_ids[find_region(board, text)]
    except IllegalAction:
        return None


def place_and_rest(board: Layout, words: Sequence[str], *, seas: bool = False) -> tuple[str, list[str]]:
    """The place the front words name (its id), and the words after it."""
    for end in range(len(words), 0, -1):
        found = _finds(board, " ".join(words[:end]), seas)
        if found is not None:
            return found, list(words[end:])
    # Name only what was not understood: the words before the next place, a count or "with".
    stop = next(
        (
            j
            for j in range(1, len(words))
            if is_count(words[j]) or words[j].lower() == "with" or _starts(board, words[j:], seas)
        ),
        len(words),
    )
    meant = " ".join(words[:stop])
    what = "region or sea zone" if seas else "region"
    hint = did_you_mean(meant, _names(board, seas))
    raise ServiceError("unknown_place", f"There is no {what} called “{quoted(meant)}” on this board.{hint}")


def _starts(board: Layout, words: Sequence[str], seas: bool) -> bool:
    return any(_finds(board, " ".join(words[:end]), seas) is not None for end in range(len(words), 0, -1))


def places(
    board: Layout, words: Sequence[str], count: int, usage: str, *, seas: bool = False
) -> tuple[list[str], list[str]]:
    """``count`` places from the front of ``words``, and the words after them."""
    found: list[str] = []
    rest = list(words)
    for _ in range(count):
        if not rest:
            raise ServiceError(
                "bad_command", f"Name {'both places' if count == 2 else 'the place'}. Usage: {usage}"
            )
        place, rest = place_and_rest(board, rest, seas=seas)
        found.append(place)
    return found, rest

"""Skirmish units and lists of numbers as players type them, on Discord and in the terminal.

``3 troops, 1 cannon``, ``2 cav and a general``, ``5`` (five troops), ``none``: pure text in, the
engine's ``Units`` out, or a ``ServiceError`` whose sentence says what was wrong. ``units_text`` writes
them back the same way, so every suggestion a player is offered reads back exactly. The engine checks
everything again; this only turns words into counts.
"""

from __future__ import annotations

import re

from bot.models import ServiceError
from bot.parsing import is_count, quoted
from rules.core.names import closest
from rules.skirmish.pieces import NONE, UNIT_TYPES, Units, pieces

ALIASES = {
    "t": "troop",
    "tr": "troop",
    "trp": "troop",
    "troop": "troop",
    "troops": "troop",
    "inf": "troop",
    "infantry": "troop",
    "soldier": "troop",
    "soldiers": "troop",
    "cav": "cavalry",
    "cavs": "cavalry",
    "cavalry": "cavalry",
    "cavalries": "cavalry",
    "horse": "cavalry",
    "horses": "cavalry",
    "knight": "cavalry",
    "knights": "cavalry",
    "can": "cannon",
    "cannon": "cannon",
    "cannons": "cannon",
    "gun": "cannon",
    "guns": "cannon",
    "art": "cannon",
    "artillery": "cannon",
    "gen": "general",
    "gens": "general",
    "general": "general",
    "generals": "general",
}
WORD_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}
NOTHING = ("", "none", "nothing", "no", "0")
MOST = 999  # of one type in one command: more than anyone owns
_TOKEN = re.compile(r"[0-9]+|[a-z]+")


def unit_type(word: str) -> str:
    """The unit type a word names (singular, plural or short form)."""
    text = word.strip().lower()
    if text in ALIASES:
        return ALIASES[text]
    close = closest(text, ALIASES, count=1, cutoff=0.7)  # the shared reader of typed names
    hint = f" Did you mean {ALIASES[close[0]]}?" if close else ""
    raise ServiceError(
        "unknown_unit", f"“{quoted(word)}” is not a unit.{hint} Units: {', '.join(UNIT_TYPES)} (or cav, gen)."
    )


def parse_units(text: str) -> Units:
    """``3 troops, 1 cannon`` -> Units(troop=3, cannon=1); a bare number is troops; ``none`` is nothing."""
    cleaned = text.strip().lower().replace(",", " ").replace("+", " ").replace(" and ", " ")
    if cleaned in NOTHING:
        return NONE
    counts = dict.fromkeys(UNIT_TYPES, 0)
    tokens = _TOKEN.findall(cleaned)
    if not tokens or "".join(tokens) != "".join(cleaned.split()).replace("'", ""):
        raise ServiceError("bad_units", f"Write units like “3 troops, 1 cannon”, not “{quoted(text)}”.")
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if is_count(token) or token in WORD_NUMBERS:
            number = int(token) if is_count(token) else WORD_NUMBERS[token]
            kind = "troop"
            if i + 1 < len(tokens) and not is_count(tokens[i + 1]) and tokens[i + 1] not in WORD_NUMBERS:
                kind = unit_type(tokens[i + 1])
                i += 1
        else:
            number, kind = 1, unit_type(token)
        if number > MOST:
            raise ServiceError("bad_units", f"{number} {kind}s is more than anyone owns.")
        counts[kind] += number
        i += 1
    return Units.of([counts[t] for t in UNIT_TYPES])


def units_text(units: Units) -> str:
    """``3 troops, 1 cannon`` (``none`` for no units): what ``parse_units`` reads back."""
    return "none" if not units.total else pieces().describe(units)


def parse_numbers(text: str, what: str, low: int, high: int) -> tuple[int, ...]:
    """``1 1 2`` or ``#2, #1`` -> (1, 1, 2): a list of whole numbers from ``low`` to ``high``."""
    parts = text.replace(",", " ").replace("#", " ").split()
    if not parts or not all(is_count(p) for p in parts):
        raise ServiceError("bad_numbers", f"{what} is a list of numbers like “1 2 1”, not “{quoted(text)}”.")
    values = tuple(int(p) for p in parts)
    if any(not low <= v <= high for v in values):
        raise ServiceError("bad_numbers", f"{what} are numbers from {low} to {high}.")
    return values


def numbers_text(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)

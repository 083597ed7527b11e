"""Axis & Allies units as players type them: ``3 infantry, 1 tank``, ``2 inf and a ftr``, ``bb``.

Pure text in, the engine's ``UnitCounts`` out (``(("infantry", 3), ("tank", 1))``), or a ``ServiceError``
whose sentence says what was wrong. A transport may carry its cargo in the engine's form,
``1 transport:infantry+tank`` (``transport:empty`` for an empty one). The engine checks everything
again; this only turns words into unit ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.models import ServiceError
from bot.parsing import quoted, whole_number
from rules.axis_allies.units import UNIT_ORDER, UNIT_TYPES, unit_word, unit_words
from rules.core.names import closest, either

UnitCounts = tuple[tuple[str, int], ...]

ALIASES = {
    "inf": "infantry",
    "infantries": "infantry",
    "art": "artillery",
    "arty": "artillery",
    "armor": "tank",
    "armour": "tank",
    "arm": "tank",
    "ftr": "fighter",
    "fig": "fighter",
    "bmb": "bomber",
    "bom": "bomber",
    "tpt": "transport",
    "tran": "transport",
    "trn": "transport",
    "sub": "submarine",
    "ss": "submarine",
    "dd": "destroyer",
    "des": "destroyer",
    "ac": "carrier",
    "cv": "carrier",
    "acc": "carrier",
    "aircraft carrier": "carrier",
    "bb": "battleship",
    "bat": "battleship",
    "aa": "aa_gun",
    "aa gun": "aa_gun",
    "aagun": "aa_gun",
    "antiaircraft": "aa_gun",
    "ic": "factory",
    "industrial complex": "factory",
}
SHORT_FORMS = "inf, art, arm, ftr, bmb, tpt, sub, dd, ac, bb, aa, ic"
WORD_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# A count (ASCII digits: "²" is not one) then a name, which never begins with a digit: "37474" is not
# 3,747 of a unit called "4".
_ITEM = re.compile(r"(?:([0-9]+)\s*(?:x\s*)?)?(\D.*)")
MOST_UNITS = 999  # of one kind in one command: more than the whole board holds


def unit_id(word: str) -> str:
    """The unit id a word names (singular or plural, full name, id or short form)."""
    text = " ".join(word.strip().lower().replace("_", " ").replace("-", " ").split())
    for candidate in (
        text,
        text[:-1] if text.endswith("s") else text,
        text[:-2] if text.endswith("es") else text,
    ):
        if candidate in ALIASES:
            return ALIASES[candidate]
        as_id = candidate.replace(" ", "_")
        if as_id in UNIT_TYPES:
            return as_id
        for uid, kind in UNIT_TYPES.items():
            if candidate == kind.name.lower():
                return uid
    near = [ALIASES.get(name, name) for name in closest(text, [*UNIT_ORDER, *ALIASES])]
    hint = f" Did you mean {either([unit_word(u, 1) for u in dict.fromkeys(near)])}?" if near else ""
    raise ServiceError(
        "unknown_unit",
        f"“{word.strip()}” is not a unit.{hint} Units: {', '.join(u.replace('_', ' ') for u in UNIT_ORDER)} "
        f"(short forms: {SHORT_FORMS}).",
    )


def _name(word: str) -> str:
    """A unit id, or a transport with its cargo (``transport:infantry+tank``)."""
    base, colon, cargo = word.partition(":")
    uid = unit_id(base)
    if not colon:
        return uid
    if uid != "transport":
        raise ServiceError("bad_unit", f"Only transports are named with their cargo, not “{word.strip()}”.")
    if cargo.strip().lower() == "empty":
        return "transport:empty"
    return "transport:" + "+".join(sorted(unit_id(c) for c in cargo.split("+") if c.strip()))


def parse_units(text: str) -> UnitCounts:
    """``"3 infantry and 2 tanks"`` -> ``(("infantry", 3), ("tank", 2))``, in the board's unit order."""
    cleaned = re.sub(r"\s+(?:and|&)\s+|;|\n", ",", f" {text.strip().lower()} ")
    items = [
        piece.strip()
        for chunk in cleaned.split(",")
        for piece in re.split(r"\s+(?=[0-9])", chunk.strip())
        if piece.strip()
    ]
    if not items:
        raise ServiceError("no_units", "Name at least one unit, like “3 infantry, 1 tank”.")
    totals: dict[str, int] = {}
    for item in items:
        first, _, rest = item.partition(" ")
        if first in WORD_NUMBERS and rest:
            item = f"{WORD_NUMBERS[first]} {rest}"
        match = _ITEM.fullmatch(item)
        if match is None:  # digits alone: no unit named
            raise ServiceError(
                "no_unit", f"“{quoted(item)}” names no unit: write a count, then a unit (“3 infantry”)."
            )
        count = whole_number(match[1], f"In “{quoted(item)}”, a count", 1, MOST_UNITS) if match[1] else 1
        name = _name(match[2])
        totals[name] = totals.get(name, 0) + count
    return tuple(sorted(totals.items(), key=lambda kv: _order(kv[0])))


def _order(name: str) -> tuple[int, str]:
    return (UNIT_ORDER.index(name.partition(":")[0]), name)


def unit_label(name: str, count: int) -> str:
    """``("tank", 2)`` -> ``2 tanks``; ``transport:infantry+tank`` -> ``1 transport (infantry + tank)``."""
    base, _, cargo = name.partition(":")
    extra = f" ({' + '.join(unit_word(c) for c in cargo.split('+'))})" if cargo else ""
    return f"{unit_words(base, count)}{extra}"


def units_text(units: Iterable[tuple[str, int]]) -> str:
    """Counts as a sentence fragment: ``3 infantry, 2 tanks``."""
    return ", ".join(unit_label(name, n) for name, n in units) or "nothing"


def units_value(units: Iterable[tuple[str, int]]) -> str:
    """Counts in the form ``parse_units`` reads back exactly (for autocomplete values and buttons)."""
    return ", ".join(f"{n} {name}" for name, n in units)

"""Army units, ships and navy line-ups as players type them, and back: ``3 infantry, 1 tank``,
``2 destroyers, carrier``, ``destroyer, submarine, carrier`` (a line-up, in order). Short forms are
accepted (``inf art tnk pln``, ``sub dd bb cv``); a kind without a number counts one. Pure: no Discord."""

from __future__ import annotations

import re

from bot.models import ServiceError
from bot.parsing import quoted
from rules.attack.actions import Ships, Troops
from rules.attack.tables import ARMY_TYPES, NAVY_LINE_MAX, NAVY_TYPES
from rules.core.names import did_you_mean

ARMY_WORDS = {
    **{kind: i for i, kind in enumerate(ARMY_TYPES)},
    "inf": 0,
    "infantries": 0,
    "art": 1,
    "arty": 1,
    "artilleries": 1,
    "tanks": 2,
    "tnk": 2,
    "armour": 2,
    "armor": 2,
    "planes": 3,
    "pln": 3,
    "aircraft": 3,
    "air": 3,
}
NAVY_WORDS = {
    **{kind: i for i, kind in enumerate(NAVY_TYPES)},
    **{kind + "s": i for i, kind in enumerate(NAVY_TYPES)},
    "sub": 0,
    "subs": 0,
    "ss": 0,
    "dd": 1,
    "bb": 2,
    "cv": 3,
}
LETTERS = "sdbc"  # a line-up in a custom id: submarine, destroyer, battleship, carrier
NOTHING = ("", "none", "no", "nothing", "-", "0")
_TOKEN = re.compile(r"(\d+)?\s*([a-z]+)")
PLURALS = ("infantry", "artillery", "tanks", "planes")


def _pieces(text: str) -> list[tuple[int, str]]:
    """``"3 infantry, 1 tank"`` -> ``[(3, "infantry"), (1, "tank")]``; refuses what it cannot read."""
    found: list[tuple[int, str]] = []
    rest = text.lower().replace(",", " ").replace("+", " ").replace(" x ", " ").strip()
    position = 0
    while position < len(rest):
        if rest[position].isspace():
            position += 1
            continue
        match = _TOKEN.match(rest, position)
        if match is None or not match.group(2):
            raise ServiceError(
                "bad_units",
                f"Write units as counts and kinds, like “3 infantry, 1 tank”, not “{quoted(text)}”.",
            )
        digits = match.group(1) or "1"
        count = int(digits) if len(digits) <= 3 else 1000  # never int() of thousands of digits
        if count > 999:
            raise ServiceError("bad_units", "A count of units is at most 999.")
        found.append((count, match.group(2)))
        position = match.end()
    return found


UNITS_ARE = f"The units are {', '.join((*ARMY_TYPES, *NAVY_TYPES))}."


def _likely(word: str) -> str:
    """`` Did you mean artillery?`` for a slip (``artilery``), named by the kind a short form stands for."""
    shown = {w: ARMY_TYPES[i] for w, i in ARMY_WORDS.items()} | {
        w: NAVY_TYPES[i] for w, i in NAVY_WORDS.items()
    }
    return did_you_mean(word, shown, shown)


def parse_forces(text: str | None) -> tuple[Troops, Ships]:
    """Army units and ships from one text (a Build may name both)."""
    if text is None or text.strip().lower() in NOTHING:
        return Troops(), Ships()
    army, navy = [0, 0, 0, 0], [0, 0, 0, 0]
    for count, word in _pieces(text):
        if word in ARMY_WORDS:
            army[ARMY_WORDS[word]] += count
        elif word in NAVY_WORDS:
            navy[NAVY_WORDS[word]] += count
        else:
            raise ServiceError("bad_units", f"“{quoted(word)}” is not a unit.{_likely(word)} {UNITS_ARE}")
    return Troops(*army), Ships(*navy)


def parse_troops(text: str | None) -> Troops:
    army, navy = parse_forces(text)
    if any(navy.counts()):
        raise ServiceError("bad_units", "Name army units here (infantry, artillery, tank, plane), not ships.")
    return army


def parse_ships(text: str | None) -> Ships:
    army, navy = parse_forces(text)
    if any(army.counts()):
        raise ServiceError(
            "bad_units", "Name ships here (submarine, destroyer, battleship, carrier), not armies."
        )
    return navy


def parse_lineup(text: str) -> tuple[str, ...]:
    """A navy line-up, left to right: ``destroyer, submarine, carrier`` (``2 destroyers`` counts twice)."""
    line: list[str] = []
    for count, word in _pieces(text):
        if word not in NAVY_WORDS:
            raise ServiceError(
                "bad_lineup", f"“{quoted(word)}” is not a ship; ships are {', '.join(NAVY_TYPES)}."
            )
        line.extend([NAVY_TYPES[NAVY_WORDS[word]]] * count)
    if not 1 <= len(line) <= NAVY_LINE_MAX:
        raise ServiceError("bad_lineup", f"A line-up holds 1 to {NAVY_LINE_MAX} ships, left to right.")
    return tuple(line)


def troops_value(units: Troops) -> str:
    """``Troops(3, 0, 1, 0)`` -> ``"3 infantry, 1 tank"`` (what ``parse_troops`` reads back); ``none``."""
    counts = units.counts()
    parts = [f"{n} {PLURALS[k] if n != 1 else ARMY_TYPES[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) or "none"


def ships_value(ships: Ships) -> str:
    parts = [f"{n} {NAVY_TYPES[k] + ('s' if n != 1 else '')}" for k, n in enumerate(ships.counts()) if n]
    return ", ".join(parts) or "none"


def forces_value(units: Troops, ships: Ships) -> str:
    parts = [p for p in (troops_value(units), ships_value(ships)) if p != "none"]
    return ", ".join(parts) or "none"


def lineup_code(line: tuple[str, ...]) -> str:
    """A line-up as letters for a custom id (``"dsc"``); ``"-"`` when empty."""
    return "".join(LETTERS[NAVY_TYPES.index(s)] for s in line) or "-"


def lineup_from_code(code: str) -> tuple[str, ...]:
    return tuple(NAVY_TYPES[LETTERS.index(ch)] for ch in code if ch in LETTERS)

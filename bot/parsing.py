"""Strict readers for what players type, one per kind of value, shared by every command and the terminal.

Text reaches us from Discord options (up to 6,000 characters of anything) and the terminal. Each reader
accepts only what it can read exactly (ASCII digits within a sane range, names matched exactly or by a
clear alias) and answers anything else with one sentence in the players' language (``ServiceError``),
never with Python's own error: "²" is not a number, "-1" is not a count, "abc2" is not 2.
"""

from __future__ import annotations

import re

from bot.models import ServiceError
from rules.core.words import clipped

DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII only: str.isdigit() also takes "²" and "٣", which int() refuses


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or a sentence naming ``what`` it should be."""
    value = text.strip()
    if DIGITS.fullmatch(value) and low <= int(value) <= high:
        return int(value)
    shown = clipped(value, 20)
    raise ServiceError("bad_number", f"{what} is a whole number from {low} to {high}, not “{shown}”.")


def is_count(text: str) -> bool:
    """Whether ``text`` reads as a plain count (ASCII digits, at most nine of them)."""
    return DIGITS.fullmatch(text.strip()) is not None


def quoted(text: str, limit: int = 40) -> str:
    """What a player typed, shortened for a refusal that repeats it."""
    text = text.strip()
    return clipped(text, limit)

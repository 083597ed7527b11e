"""Discord's size limits, and the helpers that keep every message inside them however large a game."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.words import clipped

CONTENT = 2000
EMBED_DESCRIPTION = 4096
EMBED_TOTAL = 6000
FIELD_VALUE = 1024
CHOICES = 25
CHOICE_NAME = 100


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters at a word's end, marking the cut."""
    return clipped(text, limit)


def pack_lines(lines: Iterable[str], limit: int = EMBED_DESCRIPTION) -> list[str]:
    """Join lines into as few blocks of at most ``limit`` characters as possible (a line never split
    unless it alone is too long, then clipped)."""
    blocks: list[str] = []
    current = ""
    for line in lines:
        line = clip(line, limit)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            blocks.append(current)
            current = line
        else:
            current = candidate
    if current:
        blocks.append(current)
    return blocks


def last_lines(lines: list[str], limit: int) -> str:
    """As many of the last lines as fit in ``limit`` characters, saying how many were left out."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = clip(line, limit // 2)
        if size + len(line) + 1 > limit - 40:
            kept.append(f"… {len(lines) - len(kept)} earlier lines in /game log")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))

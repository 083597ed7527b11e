"""Numbers in players' words, shared by every game's text."""

from __future__ import annotations

from collections.abc import Iterable


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 troop``, ``2 troops``, ``1 die``, ``0 dice``: a number with its noun as players write it."""
    return f"{n} {one if n == 1 else many or one + 's'}"


# Nouns of units that read the same for one and for many ("2 infantry", "3 cavalry").
SAME_PLURAL = frozenset({"infantry", "artillery", "cavalry"})


def plural(noun: str) -> str:
    """An English noun for many: ``tank`` -> ``tanks``, ``aa gun`` -> ``aa guns``, ``infantry`` stays,
    ``factory`` -> ``factories``, ``die`` -> ``dice``. For words a game's own data names (unit kinds),
    where no hand-written plural is at hand (the log's headline, which writes an action's own fields)."""
    last = noun.rsplit(" ", 1)[-1]
    if last in SAME_PLURAL or not last:
        return noun
    if last == "die":
        return noun[:-3] + "dice"
    if last.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def dice_text(values: Iterable[int]) -> str:
    """``[6 3 1]``: dice as every game's log shows them."""
    return "[" + " ".join(str(v) for v in values) + "]"

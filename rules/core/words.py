"""Numbers in players' words, shared by every game's text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 troop``, ``2 troops``, ``1 die``, ``0 dice``: a number with its noun as players write it."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy`` (``last``: "or" for choices); "" for none."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


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


# Kept off the end of a clipped text before its "…": an opening bracket or a comma left hanging.
_HANGING = " \t\n,;:([{–—-·"


def clipped(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters: cut at the last space that fits and marked with "…"
    (a turn message read "all the garrison held (4 more rolled tha…"); a text with no space in its
    last third (one long word) is cut inside it."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return "…"[:limit]
    head = text[: limit - 1]
    space = max(head.rfind(" "), head.rfind("\n"))
    if text[limit - 1] in " \n":  # the cut falls just before a space: the last word is whole
        space = limit - 1
    if space >= (limit - 1) * 2 // 3:
        head = head[:space]
    return (head.rstrip(_HANGING) or head) + "…"

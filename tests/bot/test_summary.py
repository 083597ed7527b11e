"""The few lines a turn message tells (rules/core/summary.py): per player, the sentences naming another
player first, never dice lists, log headlines or a line over 100 characters; the pinged player's own
doings left out; a ruleset's own summariser used when it has one."""

from __future__ import annotations

from typing import Any

from rules.core.summary import LINE_CHARS, summarise

NAMES = ["Bob", "Cara", "Dan"]


class Said:
    """A ruleset whose events are their own sentences."""

    def describe(self, event: Any, names: Any) -> str | None:
        return str(event) if event else None


class Own(Said):
    def summarise(self, events: Any, names: Any) -> list[str]:
        return ["Bob took Congo and Egypt; Cara lost 6 armies in Siam."]


def test_the_lines_that_matter_most_per_player() -> None:
    events = [
        "Bob placed 3 on Congo.",
        "🎲 attack Congo → Egypt: [6 5 1]",
        "Bob attacked Egypt from Congo: [6 5 1] v [3] (Cara); attacker lost 0, defender lost 1.",
        "Bob conquered Egypt from Cara.",
        "Bob moved in 3 from Congo to Egypt.",
        "— Round 2, turn 1: Cara receives 4 armies.",
        "Cara placed 4 on Siam.",
        "",
    ]
    assert summarise(Said(), events, NAMES) == ["Bob … conquered Egypt from Cara.", "Cara placed 4 on Siam."]
    assert summarise(Said(), events, NAMES, leave_out="Cara") == ["Bob … conquered Egypt from Cara."]


def test_at_most_five_short_lines() -> None:
    events = [f"{name} took {'Kamchatka ' * 20}from Bob." for name in ["Cara", "Dan"] * 4]
    names = ["Bob", "Cara", "Dan", "Eve", "Fay", "Gus", "Hal"]
    events += [f"{n} took Siam from Bob." for n in names[3:]]
    lines = summarise(Said(), events, names)
    assert len(lines) == 5 and all(len(line) <= LINE_CHARS for line in lines)


def test_a_rulesets_own_summariser_is_used() -> None:
    assert summarise(Own(), ["anything"], NAMES) == ["Bob took Congo and Egypt; Cara lost 6 armies in Siam."]

"""The few lines a turn message tells (rules/core/summary.py): per player, the sentences naming another
player first, never dice lists, log headlines or a line over 100 characters; the pinged player's own
doings left out; a ruleset's own summariser used when it has one."""

from __future__ import annotations

from typing import Any

from bot.limits import clip
from rules.attack import RULES as ATTACK
from rules.attack.actions import Ships
from rules.attack.events import Burned, DirectionChosen, RegionConquered
from rules.core.summary import LINE_CHARS, own_actors, summarise

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
    assert summarise(Said(), events, NAMES, leave_out=["Cara"]) == ["Bob … conquered Egypt from Cara."]


def test_at_most_five_short_lines() -> None:
    events = [f"{name} took {'Kamchatka ' * 20}from Bob." for name in ["Cara", "Dan"] * 4]
    names = ["Bob", "Cara", "Dan", "Eve", "Fay", "Gus", "Hal"]
    events += [f"{n} took Siam from Bob." for n in names[3:]]
    lines = summarise(Said(), events, names)
    assert len(lines) == 5 and all(len(line) <= LINE_CHARS for line in lines)


def test_a_rulesets_own_summariser_is_used() -> None:
    assert summarise(Own(), ["anything"], NAMES) == ["Bob took Congo and Egypt; Cara lost 6 armies in Siam."]


class Powers(Said):
    """A ruleset whose players each command several powers."""

    def actors_of(self, state: Any, seat: int) -> list[str]:
        return [power for power, s in state if s == seat]


def test_the_pinged_players_own_powers_are_left_out() -> None:
    state = [("Germany", 0), ("USSR", 1), ("Japan", 0)]
    events = ["USSR took Finland from Germany.", "Germany took Egypt.", "Japan took Siam from USSR."]
    mine = own_actors(Powers(), state, 0, NAMES)
    assert mine == ("Germany", "Japan")
    assert summarise(Powers(), events, NAMES, leave_out=mine) == ["USSR took Finland from Germany."]
    assert own_actors(Said(), state, 1, NAMES) == ("Cara",)


def test_a_list_of_the_table_does_not_crowd_out_a_conquest() -> None:
    """A 2-player Attack! turn message kept "chose to play clockwise: Bob, Cara." (it names Cara) and left
    out Bob's conquest of Cara's region: a sentence naming its actor again lists the table."""
    names = ["Bob", "Cara"]
    events = [
        "Bob took Alaska from Cara, sinking 1 destroyer in the Gulf of Alaska and more besides.",
        "Bob burned the oil marker in Ukraine for a Winter action.",
        "Bob chose to play clockwise: Bob, Cara.",
    ]
    assert summarise(Said(), events, names) == [
        "Bob … took Alaska from Cara, sinking 1 destroyer in the Gulf of Alaska and more besides."
    ]
    conquest = RegionConquered(0, "alaska", 1, False, Ships(0, 1, 0, 0), 0)
    moves = [conquest, Burned(0, 0, "ukraine"), DirectionChosen(0, True, (0, 1))]
    assert summarise(ATTACK, moves, names) == ["Bob … took Alaska from Cara; 1 destroyer on its coast lost."]


def test_two_sentences_too_long_for_a_line_give_the_latest_whole_not_both_cut() -> None:
    """Clipping the pair cut off its end, where the outcome is: the line keeps the conquest."""
    events = [
        "Bob attacked Zephyr Bluff (Cara) from Redcliff with 6 troops, 1 cannon: 8 dice, 1 counter.",
        "Bob took Zephyr Bluff from Cara.",
        "Cara placed 4 on Siam.",
        "Cara took Congo from Bob.",
    ]
    assert summarise(Said(), events, NAMES) == [
        "Bob … took Zephyr Bluff from Cara.",
        "Cara … took Congo from Bob.",
    ]


def test_a_long_line_is_clipped_at_a_words_end() -> None:
    """A newcomer's turn message read "…all the garrison held (4 more rolled tha…": cut mid-word."""
    attack = (
        "Bob attacked Zephyr Bluff from Oakhollow with 6 troops, 1 cannon (Cara): 8 dice, all the garrison "
        "held (4 more rolled than it had)."
    )
    assert summarise(Said(), [attack], NAMES) == [
        "Bob attacked Zephyr Bluff from Oakhollow with 6 troops, 1 cannon (Cara): 8 dice, all the garrison…"
    ]


def test_clipping_keeps_whole_words_and_no_hanging_bracket() -> None:
    assert clip("Bob held (4 more rolled than it had)", 14) == "Bob held (4…"
    assert clip("Bob held ( more", 12) == "Bob held…"
    assert clip("one, two three", 8) == "one…"
    assert clip("Bob held (4 more", 16) == "Bob held (4 more"
    assert clip("one two three", 8) == "one two…"
    assert clip("Oakhollowandbeyond", 10) == "Oakhollow…"  # one long word: cut inside it
    assert all(len(clip("word " * 40, n)) <= n for n in range(1, 60))

""" "Since your last turn": what a player's turn DM says happened to them."""

from __future__ import annotations

from rules.risk.events import BattleFought, CardsCaptured, TerritoryConquered, TurnEnded
from rules.risk.text import digest

NAMES = ["Ann", "Bob", "Cy"]


def test_attacks_on_the_player_are_summed_per_attacker_and_territory_with_losses_and_cards() -> None:
    events = [
        BattleFought(1, 0, "kamchatka", "alaska", (6, 5, 1), (4, 3), 0, 2),  # before Ann's last turn
        TurnEnded(0, conquered=False),
        BattleFought(1, 0, "kamchatka", "alaska", (6, 5, 1), (4, 3), 0, 2),
        BattleFought(1, 0, "kamchatka", "alaska", (2, 1), (5,), 1, 0),
        TerritoryConquered(1, 0, "kamchatka", "alaska"),
        BattleFought(2, 1, "ontario", "quebec", (6,), (1,), 0, 1),  # not Ann's fight
        CardsCaptured(2, 0, (3, 4), 2),
    ]
    assert digest(events, 0, NAMES, hand=(0,)) == [
        "Bob attacked your Alaska 2 time(s): you lost 2 armies, they lost 1.",
        "You lost Alaska to Bob.",
        "Cy took your 2 card(s).",
        "Your cards: Alaska (infantry).",
    ]


def test_a_quiet_round_says_so() -> None:
    assert digest([TurnEnded(0, conquered=True)], 0, NAMES, hand=()) == [
        "Nobody attacked you.",
        "You hold no cards.",
    ]

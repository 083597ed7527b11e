"""The terminal's typed commands, shared by every game: a slip of the thumb gets the likely word."""

import re

import pytest

from bot.commands import action_from_words, known_verbs
from bot.games import GAMES
from bot.models import ServiceError


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_suggests_the_command_a_typo_meant(name: str) -> None:
    game = GAMES[name]
    verb = next(v for v in known_verbs(game) if len(v) >= 5 and v not in ("resign", "cards"))
    slip = verb[0] + verb[2:]  # one letter dropped: "plce", "atack"
    with pytest.raises(ServiceError) as refused:
        action_from_words(game, [slip])
    assert refused.value.code == "unknown_command"
    assert "Did you mean" in refused.value.message and verb.replace("_", " ") in refused.value.message


def test_nothing_like_a_command_is_refused_without_a_guess() -> None:
    refusal = "“frobnicate” is not a command here; type help for the list."
    with pytest.raises(ServiceError, match=re.escape(refusal)):
        action_from_words(GAMES["risk"], ["frobnicate"])


def test_the_client_commands_are_suggested_too() -> None:
    with pytest.raises(ServiceError, match="Did you mean replay"):
        action_from_words(GAMES["risk"], ["reply"])


def test_risk_names_a_mistyped_territory() -> None:
    refusal = "no territory called “alsaka” on this map. Did you mean Alaska?"
    with pytest.raises(ServiceError, match=re.escape(refusal)):
        action_from_words(GAMES["risk"], ["place", "alsaka", "3"])


def test_risk_gives_odds_in_the_terminal_as_the_slash_command_does() -> None:
    answer = GAMES["risk"].text.query(["odds", "10", "7"])
    assert answer == (
        "10 v 7 (one army stays behind): the attacker wins 72.6% of fights to the end, losing 5.3 armies "
        "on average; the defender loses 6.2."
    )
    with pytest.raises(ServiceError, match="The attacking armies is a whole number from 2 to 3000"):
        GAMES["risk"].text.query(["odds", "1", "7"])
    assert GAMES["risk"].text.query(["place", "alaska", "3"]) is None

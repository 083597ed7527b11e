"""Every registered game, every option value, every seat count: the setup refuses with one clear sentence,
or it starts a game in which no count is negative (issue 29, item 6: two Skirmish players with
``start_troops`` 4 began with garrisons of -20). The lobby asks the same question before a start."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import lobby
from bot.games import GAMES
from bot.models import ServiceError
from bot.service import GameService
from bot.store import SqliteStore
from rules.core.dice import SeededRng
from rules.core.errors import IllegalAction
from rules.core.options import OptionSpec, OptionValue, check_seats
from rules.core.ruleset import Ruleset

GAME_NAMES = sorted(GAMES)


def walk(value: Any, path: str = "") -> Iterator[tuple[str, int]]:
    """Every int in a msgspec value with its path by field name (items of a sequence share ``[]``)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path, value
    elif isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            yield from walk(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from walk(item, f"{path}[]")


def sentinels(rules: Ruleset) -> set[str]:
    """Fields where the default game itself holds -1: "nobody" and "none" markers (an owner, a capital),
    not counts. Every other negative int is a count gone below zero."""
    found: set[str] = set()
    for seats in range(rules.min_seats, rules.max_seats + 1):
        state, _ = rules.setup({}, seats, SeededRng("sentinels"))
        found |= {path for path, number in walk(state) if number == -1}
    return found


SENTINELS = {name: sentinels(GAMES[name].rules) for name in GAME_NAMES}


def negative_counts(name: str, state: Any) -> list[tuple[str, int]]:
    return [
        (path, number)
        for path, number in walk(state)
        if number < -1 or (number == -1 and path not in SENTINELS[name])
    ]


def is_clear(message: str) -> bool:
    """One sentence for a player: not empty, ends as a sentence, no Python in it."""
    return (
        bool(message)
        and message.rstrip().endswith((".", "!"))
        and "Error" not in message
        and "{" not in message
    )


def values_of(spec: OptionSpec) -> list[OptionValue]:
    if spec.kind is bool:
        return [False, True]
    if spec.choices:
        return list(spec.choices)
    if spec.kind is int:
        low = spec.minimum if spec.minimum is not None else int(spec.default) - 50
        high = spec.maximum if spec.maximum is not None else int(spec.default) + 50
        return list(range(low, high + 1))
    return [spec.default]


def start(name: str, options: Mapping[str, OptionValue], seats: int, seed: str) -> str | None:
    """Set a game up as the lobby does: the ruleset's check, then its setup. Returns the refusal, if
    any; fails the test on a negative count or a refusal that is not a clear sentence."""
    rules = GAMES[name].rules
    try:
        check_seats(rules, options, seats)
    except IllegalAction as refusal:
        assert is_clear(refusal.message), refusal.message
        # The setup itself refuses too: nothing calling it directly may build the broken game.
        with pytest.raises(IllegalAction):
            rules.setup(options, seats, SeededRng(seed))
        return refusal.message
    try:
        state, _ = rules.setup(options, seats, SeededRng(seed))
    except IllegalAction as refusal:
        assert is_clear(refusal.message), refusal.message
        return refusal.message
    bad = negative_counts(name, state)
    assert not bad, f"{name} with {dict(options)} for {seats} seats: {bad[:5]}"
    return None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_value_of_every_option_at_every_seat_count(name: str) -> None:
    rules = GAMES[name].rules
    for spec in rules.options:
        for value in values_of(spec):
            for seats in range(rules.min_seats, rules.max_seats + 1):
                start(name, {spec.name: value}, seats, f"{spec.name}-{value}-{seats}")


@st.composite
def games(draw: st.DrawFn) -> tuple[str, dict[str, OptionValue], int, str]:
    name = draw(st.sampled_from(GAME_NAMES))
    rules = GAMES[name].rules
    options = {spec.name: draw(st.sampled_from(values_of(spec))) for spec in rules.options}
    seats = draw(st.integers(rules.min_seats, rules.max_seats))
    return name, options, seats, draw(st.text("0123456789abcdef", min_size=1, max_size=8))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_any_options_together_refuse_clearly_or_start_with_no_negative_count(
    game: tuple[str, dict[str, OptionValue], int, str],
) -> None:
    start(*game)


def test_two_skirmish_players_cannot_start_with_four_troops_a_territory() -> None:
    """17 territories x 4 troops is 68, more than the 60 a player owns; three players (11 each) can."""
    message = start("skirmish", {"start_troops": 4}, 2, "two")
    assert message == (
        "With 2 players one player is dealt 17 territories, and 17 × 4 troops is more than the 60 troops "
        "each player owns: start_troops can be at most 3 for 2 players."
    )
    assert start("skirmish", {"start_troops": 5}, 3, "three") is None
    assert start("skirmish", {"start_troops": 3}, 2, "two") is None


def test_the_lobby_refuses_the_start_in_the_rulesets_words() -> None:
    rules = GAMES["skirmish"].rules
    with pytest.raises(ServiceError) as refused:
        lobby.check_players(rules, {"start_troops": 5}, 2)
    assert refused.value.code == "bad_option"
    assert "start_troops can be at most 3 for 2 players" in refused.value.message
    lobby.check_players(rules, {"start_troops": 5}, None)  # seats not known yet: nothing to say
    lobby.check_players(rules, {"start_troops": 5}, 4)


async def test_game_start_shows_the_host_the_refusal_and_changes_nothing(tmp_path: Path) -> None:
    """`/game start` (and the terminal, which calls the same service) refuses a Skirmish of two with
    five troops a territory; with a third player the same options start."""
    store = await SqliteStore.open(str(tmp_path / "games.db"))
    try:
        service = GameService(store, GAMES)
        status = await service.create(1, 1, "Host", "skirmish", {"start_troops": "5"})
        await service.join(status.game_id, 1, "", ai=True)
        with pytest.raises(ServiceError, match="start_troops can be at most 3 for 2 players"):
            await service.start(status.game_id, 1, seed="s")
        assert (await service.status(status.game_id)).status == "lobby"
        await service.join(status.game_id, 1, "", ai=True)
        assert (await service.start(status.game_id, 1, seed="s")).status == "running"
        # A capacity set when the game is made is checked at once.
        with pytest.raises(ServiceError, match="at most 3 for 2 players"):
            await service.create(2, 1, "Host", "skirmish", {"start_troops": "4"}, capacity=2)
    finally:
        await store.close()

"""What ``LiveButtons`` remembers is bounded: a message only its interaction's token can edit is let go
after the token's 15 minutes, and only ``GAMES`` games' messages are kept (the least recently used let
go, their buttons left for a click to find old)."""

from __future__ import annotations

import asyncio

import pytest

from bot.cogs import live_buttons
from bot.cogs.live_buttons import TOKEN_LIFE, LiveButtons


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def recorder(spent: list[int], message_id: int):  # type: ignore[no-untyped-def]
    async def spend() -> None:
        spent.append(message_id)

    return spend


async def settle(buttons: LiveButtons) -> None:
    while buttons._tasks:
        await asyncio.gather(*buttons._tasks)


async def test_a_token_bound_message_is_spent_within_its_token_life_and_let_go_after() -> None:
    clock, spent = Clock(), []
    buttons = LiveButtons(clock)
    buttons.keep(1, 5, 11, recorder(spent, 11), token_bound=True)
    buttons.keep(1, 5, 12, recorder(spent, 12))  # a bot's own message: editable for good
    buttons.keep(2, 7, 21, recorder(spent, 21), token_bound=True)
    clock.now += TOKEN_LIFE - 1
    buttons.committed(2, 8)
    clock.now += 2  # past the first two's token
    buttons.committed(1, 6)
    await settle(buttons)
    assert spent == [21, 12]
    assert buttons.kept == {}


async def test_only_the_most_recently_used_games_are_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_buttons, "GAMES", 3)
    spent: list[int] = []
    buttons = LiveButtons(Clock())
    for game in (1, 2, 3):
        buttons.keep(game, 1, game * 10, recorder(spent, game * 10))
    buttons.committed(1, 1)  # game 1 used again: game 2 is now the least recent
    buttons.keep(4, 1, 40, recorder(spent, 40))
    assert list(buttons.kept) == [3, 1, 4]
    assert list(buttons.latest) == [1]
    for game in (5, 6, 7):
        buttons.committed(game, 2)
    assert list(buttons.latest) == [5, 6, 7]
    buttons.committed(2, 2)  # game 2 was let go: nothing of it is left to edit
    buttons.committed(3, 2)
    await settle(buttons)
    assert spent == [30]

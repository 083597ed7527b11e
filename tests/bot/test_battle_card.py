"""A turn's ping carries the battle card as an extra: a card that cannot be drawn (a game's picture
raising) leaves the ping without it, logged, instead of losing the ping; the card drawn is the pinged
player's battle (``seat=``)."""

from __future__ import annotations

import logging
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cogs.announce import TurnAnnouncer
from tests.conformance.stub_game import STUB


def announcer(battle: Any) -> TurnAnnouncer:
    game = replace(STUB, pictures=replace(STUB.pictures, battle=battle))
    host = SimpleNamespace(games={"stub": game})
    return TurnAnnouncer(host, None)  # type: ignore[arg-type]


STATUS = SimpleNamespace(ruleset="stub", names=["Ann", "Bo"], game_id=7)


async def test_a_card_that_cannot_be_drawn_is_left_out_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    def broken(view: object, events: object, names: object, *, seat: int | None = None) -> bytes:
        raise ValueError("an outline box with a negative width")

    with caplog.at_level(logging.ERROR, logger="warboard.announce"):
        card = await announcer(broken)._battle(STATUS, ["an event"], None, 1)  # type: ignore[arg-type]
    assert card is None
    assert "the battle card of game 7 could not be drawn" in caplog.text


async def test_the_card_is_asked_for_the_pinged_seats_battle() -> None:
    asked: list[int | None] = []

    def drawn(view: object, events: object, names: object, *, seat: int | None = None) -> bytes:
        asked.append(seat)
        return b"\x89PNG"

    card = await announcer(drawn)._battle(STATUS, ["an event"], None, 1)  # type: ignore[arg-type]
    assert card is not None and card[1].filename == "battle.png"
    assert asked == [1]

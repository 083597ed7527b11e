"""A restart's work does not grow with the number of stored games (issue 34, item 6); the figures are
``python bench/startup.py``'s."""

from __future__ import annotations

from bot.service import GameService
from tests.bot.conftest import new_game


async def test_a_restart_looks_only_at_games_where_the_ai_plays(service: GameService) -> None:
    """What a restart reads to resume interrupted AI turns grows with the games the AI plays in, not
    with every stored game (issue 34: start-up independent of stored games)."""
    humans = await new_game(service, "human,human", channel=101)
    with_ai = await new_game(service, "human,ai", channel=102)
    assert await service.store.running_games() == [humans, with_ai]
    assert await service.store.running_games(with_ai=True) == [with_ai]

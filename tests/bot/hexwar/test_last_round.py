"""``/hex round`` finds the round last resolved from the end of the log, reading windows that double
(issue 14: what a command reads must not grow with the length of the game)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from bot.gamelog import encode
from bot.games import GAMES
from bot.games.hexwar.moves import last_round
from bot.records import LogRecord
from rules.hexwar.events import OrdersRevealed, OrdersSubmitted

pytestmark = pytest.mark.asyncio


@dataclass
class Log:
    """The store's ``last_live_actions`` over a list of rows, counting the rows it hands out."""

    rows: list[LogRecord]
    read: list[int] = field(default_factory=list)

    async def last_live_actions(self, game_id: int, count: int) -> list[LogRecord]:
        found = self.rows[-count:]
        self.read.append(len(found))
        return found


def row(seq: int, *events: object) -> LogRecord:
    return LogRecord(seq, "action", 0, 1, "{}", encode(list(events)), "2026-11-24T00:00:00Z")


def a_game(resolved_at: int | None, length: int) -> Log:
    revealed = (OrdersRevealed(seat=0, orders=()), OrdersRevealed(seat=1, orders=()))
    return Log(
        [
            row(s, *revealed) if s == resolved_at else row(s, OrdersSubmitted(seat=s % 2))
            for s in range(1, length)
        ]
    )


async def test_the_last_resolved_round_is_found_behind_many_later_orders() -> None:
    log = a_game(resolved_at=960, length=1000)  # 39 orders written since the round resolved
    host = SimpleNamespace(games=GAMES, store=log)
    events = await last_round(host, game_id=1, ended=False)  # type: ignore[arg-type]
    assert [e.seat for e in events if isinstance(e, OrdersRevealed)] == [0, 1]
    assert log.read == [16, 32, 64]  # not the thousand rows before it
    log.rows.append(row(1000, OrdersSubmitted(seat=0)))
    log.read.clear()
    assert await last_round(host, game_id=1, ended=False) == events  # type: ignore[arg-type]


async def test_no_round_resolved_yet_reads_to_the_start_and_finds_none() -> None:
    log = a_game(resolved_at=None, length=40)
    host = SimpleNamespace(games=GAMES, store=log)
    assert await last_round(host, game_id=1, ended=False) == []  # type: ignore[arg-type]
    assert log.read == [16, 32, 39]

"""Boards drawn once (``bot.cogs.common.BOARDS``): the turn ping's board and the waiting player's
``/game map`` at the same position are one drawing, and after a move ``/game map`` shows the new
position, equal byte for byte to a board drawn afresh (never the cached one from before). A game's
close-up is drawn beside its board, in a second worker thread."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from bot.cogs.common import BOARDS, board_message
from bot.host import Host
from bot.models import GameStatus
from rules.risk.ai import RiskAI
from tests.bot.discord_world import command_for, discord_world
from tests.bot.test_discord_changes import CHANNEL, alice_against_two_ais, board, files_of, play_alices_turn

pytestmark = pytest.mark.asyncio


async def test_the_ping_and_the_players_map_are_drawn_once_and_a_move_draws_anew(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "cache.db"), settle=0.03) as (fd, bot):
        game_id = await alice_against_two_ais(fd, bot)
        ping = await play_alices_turn(fd, bot, game_id)
        await fd.wait_idle(settle=0.1)
        drawn = BOARDS.drawn
        mine = await fd.slash("alice", CHANNEL, "game map")
        assert mine.files["board.png"] == files_of(ping)["board.png"]
        assert BOARDS.drawn == drawn, "the ping's board was drawn again"

        alice = fd.user_id("alice")
        seat = next(s.seat for s in (await bot.service.status(game_id)).seats if s.user_id == alice)
        state = bot.service.state_of(await bot.service.load(game_id))
        name, values = command_for(RiskAI(seat).choose(state, seat))
        moved = await fd.slash("alice", CHANNEL, name, **values)
        assert moved.embeds, moved.content
        await fd.wait_idle(settle=0.1)
        again = await fd.slash("alice", CHANNEL, "game map")
        digest = await bot.service.since_last_turn(game_id, seat)
        assert again.files["board.png"] == await board(bot, game_id, digest.events)
        assert again.files["board.png"] != mine.files["board.png"]


async def test_the_close_up_is_drawn_beside_the_board_not_after_it() -> None:
    """Each drawing waits for the other to have started: drawn one after the other, the first would
    wait in vain and the barrier break."""
    together = threading.Barrier(2, timeout=30)

    def drawing(png: bytes) -> Callable[..., bytes]:
        def draw(view: object, names: object, **drawn: object) -> bytes:
            together.wait()
            return png

        return draw

    pictures = SimpleNamespace(board=drawing(b"board"), close_up=drawing(b"close-up"))
    host = cast(Host, SimpleNamespace(games={"crowded": SimpleNamespace(pictures=pictures)}))
    status = SimpleNamespace(ruleset="crowded", title="Crowded", names=("Ann", "Bo"), turn_label="")
    view = {"never drawn before": secrets.token_hex(8)}  # not found among the boards drawn lately
    message = await board_message(host, 1, title="Crowded", shown=(cast(GameStatus, status), view))
    assert [f.filename for f in message.files] == ["board.png", "close-up.png"]
    assert [f.fp.read() for f in message.files] == [b"board", b"close-up"]

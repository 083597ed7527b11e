"""Issue 29, item 9: a seat's secret orders change nothing public before the reveal. After alice writes
orders and takes one back (and is told undo cannot take a secret move back), the public log, ``/game
status`` and ``/game map`` (text and picture) read byte for byte as before, for a spectator and for
another player: no log line, no version, no count."""

from __future__ import annotations

import re
from typing import Any

from rules.hexwar.ai import HexWarAI
from tests.bot.discord_world import discord_world, taken
from tests.bot.hexwar.play import CHANNEL, WITH, round_one, write_orders


def _embeds(answer: Any) -> list[tuple[str, str, str]]:
    return [
        (str(e.get("title", "")), str(e.get("description", "")), str(e.get("footer", {}).get("text", "")))
        for m in answer.messages
        for e in m.embeds
    ]


async def _public(fd: Any) -> dict[str, object]:
    seen: dict[str, object] = {}
    for user in ("dave", "bob"):
        log = await fd.slash(user, CHANNEL, "game log")
        status = await fd.slash(user, CHANNEL, "game status")
        board = await fd.slash(user, CHANNEL, "game map")
        seen[user] = (
            _embeds(log),
            _embeds(status),
            _embeds(board),
            board.files["board.png"],
        )
    return seen


async def test_writing_and_cancelling_orders_changes_nothing_public(tmp_path):
    async with discord_world(str(tmp_path / "public.db"), settle=0.03, games=WITH) as (fd, bot):
        game_id, seats = await round_one(fd, bot)
        submitted = await fd.slash("carol", CHANNEL, "hex submit")  # a public line to end the log on
        assert taken(submitted) and "submitted" in str(_embeds(submitted))
        await fd.wait_idle(settle=0.2)
        before = await _public(fd)
        version = (await bot.service.status(game_id)).version

        posted = len(fd.messages(CHANNEL, ephemeral=False))
        written = await write_orders(fd, bot, game_id, seats["alice"], HexWarAI(seats["alice"]), most=3)
        assert len(written) == 3
        cancelled = await fd.slash("alice", CHANNEL, "hex cancel", number=1)
        assert cancelled.ephemeral, cancelled.content
        # Undo cannot take a secret move back (its line would show everyone a move was made); it says
        # so, not that dice were rolled (a newcomer's game: nothing was rolled or revealed).
        undone = await fd.slash("alice", CHANNEL, "game undo")
        assert undone.ephemeral and "kept secret from the others" in undone.content, undone.content
        assert "rolled dice" not in undone.content
        await fd.wait_idle(settle=0.2)
        assert len(fd.messages(CHANNEL, ephemeral=False)) == posted  # nothing posted for everyone

        assert (await bot.service.status(game_id)).version == version + 4  # the moves were made...
        after = await _public(fd)
        for who in ("dave", "bob"):
            for k, (was, now) in enumerate(zip(before[who], after[who], strict=True)):  # type: ignore[call-overload]
                assert was == now, (who, k, was if k < 3 else "board.png")
        assert after == before  # ...and nothing anyone else reads changed
        log = _embeds(await fd.slash("dave", CHANNEL, "game log"))
        assert "secret" not in str(log) and "version" not in str(after["dave"])

        # The next public line must not give the hidden rows away either: numbered lines ("#12", then
        # "#16") would let anyone count alice's orders from the gap, so the log numbers no row.
        submitted = await fd.slash("bob", CHANNEL, "hex submit")
        assert taken(submitted)
        await fd.wait_idle(settle=0.2)
        (title, lines, footer), *_ = _embeds(await fd.slash("dave", CHANNEL, "game log"))
        assert lines.endswith("Bob: submit orders\n    Bob submitted orders."), lines
        assert re.search(r"#\d", lines + footer) is None, (lines, footer)
        assert title.endswith(f"page 1 of {before['dave'][0][0][0].rsplit(' ', 1)[-1]}"), title  # type: ignore[index]

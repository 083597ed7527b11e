"""Orders stay secret until the reveal: no public message, no log line, no picture shows another
player's orders, on the fake Discord; a refused order is one private sentence and changes nothing; after
the reveal the moves are told to everyone."""

from __future__ import annotations

from rules.hexwar.ai import HexWarAI
from rules.hexwar.text import order_text
from tests.bot.discord_world import discord_world, rendered, taken
from tests.bot.hexwar.play import (
    CHANNEL,
    PLAYERS,
    WITH,
    public_texts,
    round_one,
    state_of,
    write_orders,
)


async def test_no_message_log_line_or_picture_shows_another_players_orders_before_the_reveal(tmp_path):
    async with discord_world(str(tmp_path / "secret.db"), settle=0.03, games=WITH) as (fd, bot):
        game_id, seats = await round_one(fd, bot)
        board_before = (await fd.slash("dave", CHANNEL, "game map")).files["board.png"]
        bobs_before = (await fd.slash("bob", CHANNEL, "hex orders")).files["orders.png"]
        before = len(fd.messages(CHANNEL, ephemeral=False))

        replies = await write_orders(fd, bot, game_id, seats["alice"], HexWarAI(seats["alice"]), most=3)
        state = await state_of(bot, game_id)
        written = [order_text(o) for o in state.orders[seats["alice"]]]
        assert len(written) == 3
        alice = fd.user_id("alice")
        for reply in replies:  # each order answered to alice alone, with her list so far
            assert reply.ephemeral and reply.payload["member"]["user"]["id"] == str(alice)
        assert all(line in replies[-1].content for line in written)

        shown = "\n".join(public_texts(fd, before))
        assert not any(line in shown for line in written), "a public message shows alice's orders"
        log = await fd.slash("bob", CHANNEL, "game log")
        text = "\n".join(e.get("description", "") for m in log.messages for e in m.embeds)
        assert "secret" not in text  # not even a line saying a secret move was made
        assert not any(line in text or line.split(" from ")[0] in text for line in written)
        assert (await fd.slash("dave", CHANNEL, "game map")).files["board.png"] == board_before
        bobs = await fd.slash("bob", CHANNEL, "hex orders")
        assert bobs.ephemeral and bobs.files["orders.png"] == bobs_before
        assert not any(line in bobs.embeds[0]["description"] for line in written)
        digest = await bot.service.since_last_turn(game_id, seats["bob"])
        assert not any(line in "\n".join(digest.lines) for line in written)

        # A refused order: one private sentence, and nothing changes.
        version = (await bot.service.status(game_id)).version
        refused = await fd.slash("bob", CHANNEL, "hex jump", **{"from": "A1", "to": "A2"})
        assert refused.ephemeral and refused.content.count(".") <= 2, refused.content
        beyond = await fd.slash("bob", CHANNEL, "hex buy", unit="batt", count=40, at="A1")
        assert beyond.ephemeral and beyond.content.endswith("."), beyond.content
        assert (await bot.service.status(game_id)).version == version

        # Handing in says so and nothing more; the reveal tells every move to everyone.
        for name in PLAYERS:
            answer = await fd.slash(name, CHANNEL, "hex submit")
            assert taken(answer), answer.content
            if name != PLAYERS[-1]:
                assert not any(line in str(answer.embeds) for line in written)
        await fd.wait_idle(settle=0.2)
        # The reveal tells every move in the log, which anyone may read (issue 28: the channel has a
        # few lines of it, the log all of it).
        log = await fd.slash(PLAYERS[0], CHANNEL, "game log")
        shown = "\n".join(
            [rendered(e.get("description", "")) for e in log.embeds]
            + [d.decode() for d in log.files.values()]
        )
        moves = [line.removeprefix("move ") for line in written if line.startswith("move ")]
        assert moves
        for move in moves:
            assert f"moved {move}" in shown, f"{move!r} was not told after the reveal"
        fd.assert_clean()

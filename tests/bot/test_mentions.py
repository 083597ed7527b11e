"""Member-chosen text never pings anyone and never renders: members nicknamed "@everyone", a role
mention, a user mention and markdown with a masked link open, join, claim, play and leave games, and
every message the bot sends pings exactly the players it means to (a turn ping: the player to act)."""

from __future__ import annotations

from fakecord import FakeDiscord
from fakecord.server import DEFAULT_PERMS

from bot.app import create_bot
from bot.game import Slash
from bot.games import GAMES
from bot.settings import Settings

HOSTILE = {
    "eve": "@everyone",
    "ray": "<@&{role}> and @here",
    "uma": "<@{victim}>",
    "mark": "**bold** __under__ [click](https://example.com) `code`",
}


async def test_nicknames_never_ping_or_render(tmp_path) -> None:
    guild = {"name": "War Room", "channels": ["risk"], "members": ["victim"], "roles": ["mods"]}
    guild["bot_permissions"] = DEFAULT_PERMS
    async with FakeDiscord(guilds=[guild], settle=0.1, timeout=60.0) as fd:
        role, victim = fd.role_id("mods", "War Room"), fd.user_id("victim")
        for user, nick in HOSTILE.items():
            fd.add_member("War Room", user, nick=nick.format(role=role, victim=victim))
        bot = create_bot(Settings(token="fake-token", database=str(tmp_path / "g.db")))
        await fd.start_bot(bot)
        try:
            await fd.slash("eve", "risk", "game new", ruleset="risk", seats=4)
            await fd.slash("eve", "risk", "game options", name="setup_batch", value="40")
            await fd.slash("ray", "risk", "game seat", number=2)
            await fd.slash("ray", "risk", "game join")
            await fd.slash("ray", "risk", "game seat", number=2)
            await fd.slash("uma", "risk", "game join")
            await fd.slash("uma", "risk", "game leave")
            await fd.slash("uma", "risk", "game join")
            await fd.slash("mark", "risk", "game join")  # the fourth seat: the game begins
            await fd.wait_idle(settle=0.3)
            game_id = await bot.service.game_in_channel(fd.channel_id("risk"))
            assert game_id is not None
            status = await bot.service.status(game_id)
            assert status.status == "running"
            game = GAMES["risk"]
            for _ in range(12):  # the setup turns and a first turn, each player pinged in turn
                seat = status.waiting_for[0]
                user = next(u for u in HOSTILE if fd.user_id(u) == status.seats[seat].user_id)
                state = bot.service.state_of(await bot.service.load(game_id))
                made = game.making(game.agent(status.version).choose(state, seat))
                assert isinstance(made, Slash)
                answer = await fd.slash(user, "risk", made.name, **dict(made.options))
                assert answer.embeds, answer.content  # the move's (private) answer, not a refusal
                await fd.wait_idle(settle=0.3)
                status = await bot.service.status(game_id)
            shown = (await fd.slash("eve", "risk", "game status")).embeds[0]["description"]
            # The names stay as typed; the seal's code span and its command render (they were escaped).
            assert "\\*\\*bold\\*\\*" in shown and "Dice sealed: `" in shown and "`/game verify`" in shown
            await fd.slash("eve", "risk", "game log")
            players = {f"user:{s.user_id}" for s in status.seats}
            messages = fd.messages("risk")
            for message in messages:
                assert message.pings <= players, (message.content, message.pings)
                if message.pings:  # only a turn ping pings, and only its one player
                    assert len(message.pings) == 1 and "it is your turn" in message.content
            assert sum(bool(m.pings) for m in messages) >= 3
            texts = "\n".join(m.content + str(m.embeds) for m in messages)
            assert "\\*\\*bold\\*\\*" in texts and "\\[click](" in texts  # shown as typed, not rendered
            assert "@\u200beveryone" in texts  # escaped: no longer a mention even where allowed
            fd.assert_clean()
        finally:
            await bot.close()

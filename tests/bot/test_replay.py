"""/game replay on the fake Discord: a finished game animated whole, a running one its last round, an
earlier game by its number; the answer is deferred (the replay is drawn in a worker thread) and the
GIF fits Discord's upload limit. Also the terminal's ``replay``."""

from __future__ import annotations

import io

from fakecord import FakeDiscord
from PIL import Image

from bot.app import WarboardBot
from bot.replays import replay_turns
from tests.bot.discord_world import discord_world

GUILD = "War Room"

MIB = 1024 * 1024


async def ai_game(fd: FakeDiscord, bot: WarboardBot, ruleset: str, seats: int, *, moves: int) -> int:
    """A game in #risk with AI seats only, played ``moves`` moves on (to the end if it is that short)."""
    status = await bot.service.create(
        fd.channel_id("risk"),
        fd.user_id("alice"),
        "alice",
        ruleset,
        join=False,
        guild_id=fd.guild_id("War Room"),
    )
    for _ in range(seats):
        await bot.service.join(status.game_id, fd.user_id("alice"), "", ai=True)
    await bot.service.start(status.game_id, fd.user_id("alice"), seed="replay")
    await bot.service.play_ai(status.game_id, limit=moves)
    return status.game_id


def frames(data: bytes) -> int:
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "GIF" and picture.info.get("loop") == 0
    return int(picture.n_frames)


async def test_a_finished_game_whole_a_running_one_its_last_round(tmp_path):
    async with discord_world(str(tmp_path / "replay.db")) as (fd, bot):
        finished = await ai_game(fd, bot, "risk", 3, moves=100_000)
        assert (await bot.service.status(finished)).status == "ended"
        running = await ai_game(fd, bot, "risk", 3, moves=0)  # a channel's next game, once the first ended
        await bot.service.play_ai(running, limit=150)

        now = await fd.slash("bob", "risk", "game replay")
        assert now.deferred and now.latency is not None and now.latency < 3
        assert now.content.startswith(f"Game #{running}, the last 3 turns, 3 frames.")
        (gif,) = now.files.values()
        assert frames(gif) == 3 and len(gif) < 8 * MIB

        whole = await fd.slash("bob", "risk", "game replay", game=finished)
        assert f"Game #{finished}, the whole game, " in whole.content
        (gif,) = whole.files.values()
        assert frames(gif) > 20 and len(gif) < 8 * MIB

        fewer = await fd.slash("bob", "risk", "game replay", game=finished, turns=5)
        assert "the last 5 turns, 5 frames." in fewer.content
        fd.assert_clean()


async def test_a_replay_refuses_a_game_not_started_and_one_of_another_channel(tmp_path):
    async with discord_world(str(tmp_path / "replay.db")) as (fd, _):
        await fd.slash("alice", "risk", "game new", ruleset="risk")
        lobby = await fd.slash("bob", "risk", "game replay")
        assert lobby.ephemeral and lobby.content == "The game has not started: there is nothing to replay."
        other = await fd.slash("bob", "lobby", "game replay", game=1)
        assert other.ephemeral and other.content == "There is no game #1 in this channel."
        fd.assert_clean()


def test_the_replay_of_a_game_has_a_frame_for_each_turn_and_ends_on_its_last_position() -> None:
    """Straight from the rules: the setup, then an entry each time the turn changes hands (the ruleset's
    turn key), then the turn under way at the end; the last entry is the game's final position."""
    from rules.core.conformance import play
    from rules.core.events import DiceRolled
    from rules.risk import RULES
    from rules.risk.ai import RiskAI
    from rules.risk.events import CardDrawn

    changed: list[bool] = []
    played = play(
        RULES,
        3,
        [RiskAI(s) for s in range(3)],
        "replay-rules",
        {},
        check=lambda before, after, _a, _e: changed.append(RULES.turn_key(before) != RULES.turn_key(after)),
    )
    turns = replay_turns(RULES, "replay-rules", {}, 3, [(s, a) for s, a, _ in played.log])
    assert len(turns) == 1 + sum(changed) + (0 if changed[-1] else 1)
    assert turns[-1][0] == RULES.view(played.state, None)
    # Cards drawn show, but not which card (nor the private die that drew it), as to the public.
    shown = [e for _, events in turns for e in events]
    drawn = [e for e in shown if isinstance(e, CardDrawn)]
    assert drawn and all(e.card is None for e in drawn)
    assert not any(isinstance(e, DiceRolled) and e.private for e in shown)
    every = [*played.setup_events, *(e for _, _, happened in played.log for e in happened)]
    assert len(shown) == len(every) - sum(isinstance(e, DiceRolled) and e.private for e in every)

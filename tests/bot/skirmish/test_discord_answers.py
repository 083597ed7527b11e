"""What a player reads in the answer to a move: their own move as they may read it (the card drawn), and
where the turn stands after a move that tells nothing itself (a step of the turn ended)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.discord_world import discord_world
from tests.bot.skirmish.helpers import CHANNEL, WITH, click, latest_buttons, three_player_game, waiting
from tests.bot.skirmish.test_discord_round import attack_on


async def test_ending_a_step_says_what_the_turn_waits_for_now(tmp_path: Path, monkeypatch: Any) -> None:
    """A newcomer ended exchanging and read only "Done.": the answer names the step the turn is at."""
    async with discord_world(str(tmp_path / "skirmish.db"), games=WITH) as (fd, app):
        game_id = await three_player_game(fd, app, monkeypatch)
        assert await waiting(fd, app, game_id) == ("bob", "standard")
        await fd.slash("bob", CHANNEL, "sk reinforce")
        await click(fd, "bob", "front")
        drawn = (await click(fd, "bob", "draw")).followups[-1].embeds[0]["description"]
        assert await waiting(fd, app, game_id) == ("bob", "exchange")
        # The answer is bob's alone: it names the card he drew (the table's line: "Bob drew a card.").
        hand = (await fd.slash("bob", CHANNEL, "sk hand")).embeds[0]["description"]
        card = hand.split(":")[0].split(" ", 1)[1]
        assert f"Bob drew a card ({card})." in drawn, drawn
        ended = await fd.slash("bob", CHANNEL, "sk end")
        assert ended.ephemeral and ended.embeds[0]["description"] == "Done. Now: attack."
        ended = await fd.slash("bob", CHANNEL, "sk end")
        assert ended.embeds[0]["description"] == "Done. Now: move."
        assert await waiting(fd, app, game_id) == ("bob", "move")


async def test_an_attackers_answer_names_the_defender_and_offers_none_of_their_buttons(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A newcomer's attack was answered with "Defend with everything", the defender's button, which
    the bot refuses to the attacker: the answer says whom the battle waits for, and only the defender's
    message carries the defender's buttons."""
    async with discord_world(str(tmp_path / "skirmish.db"), games=WITH) as (fd, app):
        game_id = await three_player_game(fd, app, monkeypatch)
        await fd.slash("bob", CHANNEL, "sk reinforce")
        await click(fd, "bob", "front")
        await fd.slash("bob", CHANNEL, "sk end")
        await fd.slash("bob", CHANNEL, "sk end")
        attacked = await attack_on(fd, app, game_id, "bob", "alice")
        asked = await waiting(fd, app, game_id)
        assert asked == ("alice", "defend")
        answer = attacked.message
        assert answer.ephemeral and answer.embeds[0]["description"].endswith("\nWaiting for Alice.")
        assert not [c for c in answer.custom_ids if c.startswith(("wb:", "wbm:"))], answer.custom_ids
        told = latest_buttons(fd)  # the defender's own message, pinging only her
        assert not told.ephemeral and told.pings == {f"user:{fd.user_id('alice')}"}
        assert f"wb:{game_id}:" in " ".join(told.custom_ids) and "defend" in " ".join(told.custom_ids)

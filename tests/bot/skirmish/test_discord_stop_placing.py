"""The button that throws reinforcements away (issue 29): "Stop placing, lose N…" is red and stands after
"Place all N", and it only asks, privately, before any troop is lost; the answer's button ends placing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.discord_world import discord_world
from tests.bot.skirmish.helpers import CHANNEL, WITH, latest_buttons, position, public_text, three_player_game

DANGER = 4  # Discord's red button style


async def test_stop_placing_is_apart_and_asks_before_troops_are_lost(
    tmp_path: Path, monkeypatch: Any
) -> None:
    async with discord_world(str(tmp_path / "stop.db"), games=WITH) as (fd, app):
        game_id = await three_player_game(fd, app, monkeypatch)
        await fd.slash("bob", CHANNEL, "sk reinforce")
        message = latest_buttons(fd)
        ids = message.custom_ids
        place = next(i for i in ids if i.endswith(":front"))
        stop = next(i for i in ids if i.endswith(":sk_stop"))
        assert ids.index(place) < ids.index(stop)
        assert message.component(stop)["style"] == DANGER and message.component(place)["style"] != DANGER
        state, version = await position(app, game_id)
        left = state.placing.troops
        assert message.component(stop)["label"] == f"Stop placing, lose {left}…"

        # Someone else's click is refused; bob's only asks, and nothing changes yet.
        refused = await fd.click("alice", message, stop)
        assert refused.ephemeral and "another player's" in refused.content
        shown = len(fd.messages(CHANNEL, ephemeral=False))
        asked = await fd.click("bob", message, stop)
        assert asked.ephemeral and f"The {left} troops not yet placed are lost" in asked.content
        assert (await position(app, game_id))[1] == version
        assert len(fd.messages(CHANNEL, ephemeral=False)) == shown

        # "Yes" ends placing: the troops are lost, and Bob's answer says so (the turn's message tells all).
        (yes,) = [i for i in asked.message.custom_ids if i.endswith(":end")]
        assert asked.message.component(yes)["label"] == f"Yes: lose {left} troops"
        answered = await fd.click("bob", asked.message, yes)
        after, _ = await position(app, game_id)
        assert after.placing is None
        told = str([m.embeds for m in answered.messages]) + public_text(fd, shown)
        assert f"stopped placing; {left} troops are lost." in told


async def test_sk_end_while_placing_asks_as_the_button_does(tmp_path: Path, monkeypatch: Any) -> None:
    """/sk end, "finish the current step", had thrown the troops away at once (a newcomer typed it to
    finish placing and lost 12): it asks first, privately, with the same "Yes" button; another
    player's /sk end is refused in words, and nothing changes until Yes."""
    async with discord_world(str(tmp_path / "end.db"), games=WITH) as (fd, app):
        game_id = await three_player_game(fd, app, monkeypatch)
        await fd.slash("bob", CHANNEL, "sk reinforce")
        state, version = await position(app, game_id)
        left = state.placing.troops
        refused = await fd.slash("alice", CHANNEL, "sk end")
        assert refused.ephemeral and "not your turn" in refused.content.lower(), refused.content
        asked = await fd.slash("bob", CHANNEL, "sk end")
        assert asked.ephemeral and f"The {left} troops not yet placed are lost" in asked.content
        assert (await position(app, game_id))[1] == version
        (yes,) = [i for i in asked.message.custom_ids if i.endswith(":end")]
        await fd.click("bob", asked.message, yes)
        assert (await position(app, game_id))[0].placing is None
        # With nothing left to place, /sk end ends the step at once, as before.
        after = await fd.slash("bob", CHANNEL, "sk end")
        assert after.ephemeral and "Stop placing now?" not in (after.content or "")
        assert (await position(app, game_id))[1] > version + 1

"""A neutral garrison's battle through the fake Discord: an opponent commands the garrison (the next seat
in turn order) and is asked for its lines by name, as any defender is, in words that say whose units
they are; the first line is set by command after a look at the private menu, and the battle runs to
its end, the attacker's first line and additions each set with the "Strongest" button.

A year-1 garrison has as many units as its dice (``neutral_dice`` per year): with 3 dice and a first
line of 1 the garrison's deputy has a choice to make; with the line growing at every turn of the battle
(option ``line_growth`` "battle") its later additions take all it has left, so it is its one choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.attack.battle.lines import strongest_line
from rules.attack.board import board
from rules.attack.state import NEUTRAL, AttackState
from tests.bot.attack.atk_play import CHANNEL, WITH, fix_seed, latest_with, open_game, position
from tests.bot.attack.test_discord_year import SEED, Year, _units, button, slash
from tests.bot.discord_world import discord_world

pytestmark = pytest.mark.asyncio
OPTIONS = {"neutral_dice": "3", "line_size": "1", "line_growth": "battle"}


class NeutralWar(Year):
    """The setup, then alice's spring: every unit of France into neutral Germany."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.plan[("alice", "spring")] = [
            slash("alice", "atk move", **{"from": "france", "to": "germany"}),
            button("alice", "end"),
        ]
        self.deputy: str | None = None
        self.fought = False

    async def until_the_battle_ends(self) -> AttackState:
        for _ in range(100):
            state, _, waiting = await position(self.fd, self.bot, self.game_id)
            if self.fought and state.army_battle is None:
                return state
            if state.army_battle is not None:
                await self.decide(state, waiting[0])
            elif not await self.set_up(state, waiting[0]):
                await self.plan[(waiting[0], "spring")].pop(0)(self)
        raise AssertionError("the battle did not end within 100 moves")

    async def decide(self, state: AttackState, user: str) -> None:
        battle = state.army_battle
        assert battle is not None and battle.defender == NEUTRAL
        self.fought = True
        if user == "alice":  # the attacker: the strongest line, always by the button
            await self.button("alice", "auto")
            self.used[f"strongest button, {battle.awaiting}"] += 1
            return
        self.deputy = self.deputy or user
        assert user == self.deputy, "one seat commands the garrison for the whole battle"
        asked = [m.content for m in self.fd.messages(CHANNEL, ephemeral=False)[-3:]]
        name = user.title()
        assert any(f"{name} (commanding the neutral garrison), choose its" in text for text in asked), asked
        # The first line, the garrison's one choice (its later additions take all it has left): a look
        # at the private menu, then typed.
        message, opener = latest_with(self.fd, f"wbm:atk:{self.game_id}:")
        menu = await self.fd.click(user, message, opener.rsplit(":", 1)[0] + ":atk.deploy")
        assert menu.ephemeral and "the neutral garrison's first line" in menu.content, menu.content
        assert "from its reserve" in menu.content
        line = strongest_line(battle.reserve[battle.side], battle.need)
        await self.slash(user, "atk deploy", units=_units(line))
        self.used["deputy command"] += 1


async def test_an_opponent_commands_a_neutral_garrison_by_command_and_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, SEED)
    database = str(tmp_path / "neutral.db")
    async with discord_world(database, games=WITH) as (fd, bot_):
        game_id = await open_game(fd, bot_, OPTIONS)
        war = NeutralWar(fd, bot_, game_id, database)
        state = await war.until_the_battle_ends()
        assert war.deputy == "bob", "the next seat after alice in turn order"
        assert war.used["deputy command"] == 1, war.used
        # alice's first line and the units she added later, each with the "Strongest" button
        assert war.used["strongest button, deploy"] == 1 and war.used["strongest button, redeploy"] >= 1
        texts = "\n".join(e.get("description", "") for m in fd.messages(CHANNEL) for e in m.embeds)
        assert "against the neutral garrison (commanded by Bob)" in texts
        germany = board("western").index["germany"]
        assert state.owner[germany] in (0, NEUTRAL)  # alice took it, or the garrison held
        fd.assert_clean()

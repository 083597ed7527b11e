"""The A&A battle menus through the fake Discord, on a scripted position: the United Kingdom attacks
Germany's 6 infantry in Anglo Sudan Egypt with 3 infantry, 1 artillery, 1 tank, 1 fighter and 1 bomber
(five kinds: the casualty menu has two pages) and may retreat to five places (too many for buttons: a
retreat select). The position is played with scripted dice offline and written to the game's store,
so the menus meet exactly the battle the test expects."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.gamelog import encode
from bot.store import GameUpdate
from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Casualties, EndPhase, Move
from rules.axis_allies.state import AAOptions, AAState
from rules.core.dice import ScriptedRng
from rules.core.events import Action
from tests.bot.axis_allies.aa_play import CHANNEL, open_game, settled
from tests.bot.discord_world import discord_world
from tests.rules.axis_allies.aa_position import position, units_in

pytestmark = pytest.mark.asyncio
PLAYERS = ("alice", "bob", "carol")
SEATS = {"alice": 1, "bob": 3, "carol": 2}  # the Allies (the UK among them), Japan, Germany
WHERE = "Anglo Sudan Egypt"
ARMY = (("infantry", 3), ("artillery", 1), ("tank", 1), ("fighter", 1), ("bomber", 1))
PLACES = ["Congo", "French Equatorial Africa", "Italian East Africa", "Kenya-Rhodesia", "Syria Jordan"]


def play(state: AAState, action: Action, dice: list[int] | None = None) -> AAState:
    rng = ScriptedRng(dice or [])
    state, _ = RULES.apply(state, RULES.to_act(state)[0], action, rng)
    assert rng.unused == 0, "every scripted die is rolled"
    return state


def two_hits_taken_by_the_uk() -> AAState:
    """The UK's attack from five neighbours (so five places to retreat to: where the attack came from);
    its 7 dice all miss, Germany's infantry hit twice; the UK chooses 2 casualties."""
    origins = dict(
        zip(
            PLACES,
            (("artillery", 1), ("tank", 1), ("fighter", 1), ("bomber", 1), ("infantry", 3)),
            strict=True,
        )
    )
    state = position(
        {WHERE: {"germany": {"infantry": 6}}, **{p: {"uk": {u: n}} for p, (u, n) in origins.items()}},
        owners={**dict.fromkeys(PLACES, "uk"), WHERE: "germany"},
        power="uk",
        players=3,
        options=AAOptions(optional_units=True),
    )
    for place, unit in origins.items():
        state = play(state, Move((unit,), (place, WHERE)))
    state = play(state, EndPhase())
    state = play(state, Battle(WHERE), [6] * 7 + [1, 1, 6, 6, 6, 6])
    assert state.battle is not None and state.battle.pending.total == 2
    assert list(state.battle.retreat_to) == PLACES
    return state


async def seeded_game(fd, bot, state: AAState) -> int:
    """A game of alice, bob and carol, now at ``state`` (written the way the service writes moves)."""
    game_id = await open_game(fd, bot, PLAYERS, SEATS)
    await settled(fd, bot, game_id)
    game = await bot.service.load(game_id)
    await bot.store.commit(game_id, game.version, GameUpdate(state=encode(state)))
    return game_id


def ids(message, prefix: str) -> list[str]:
    return [c for c in message.custom_ids if c.startswith(prefix)]


def select_for(message, kind: str) -> str:
    return next(c for c in ids(message, "aac:") if c.split(":")[3] == kind)


def confirm_of(message) -> str:
    return next(c for c in ids(message, "wb:") if c.split(":")[3] == "cas")


async def test_casualties_of_a_kind_on_the_second_page_and_a_stale_menu(tmp_path):
    async with discord_world(str(tmp_path / "aa.db")) as (fd, bot):
        game_id = await seeded_game(fd, bot, two_hits_taken_by_the_uk())
        refused = await fd.slash("carol", CHANNEL, "aa casualties")  # Germany's player: not hers to choose
        assert refused.ephemeral and "not yours" in refused.content
        old = await fd.slash("alice", CHANNEL, "aa casualties")  # opened now, left for later: (b)
        menu = await fd.slash("alice", CHANNEL, "aa casualties")
        assert menu.ephemeral and "Chosen 2 of 2: 2 infantry." in menu.content
        page1 = menu.message
        assert [c.split(":")[3] for c in ids(page1, "aac:")] == ["infantry", "artillery", "tank", "fighter"]
        assert not page1.component(confirm_of(page1)).get("disabled")
        (forward,) = ids(page1, "aap:")
        assert page1.component(forward)["label"] == "▶ bomber"

        # (a) Page 2: one bomber; that is one too many until page 1 gives back an infantry.
        page2 = (await fd.click("alice", page1, forward)).original
        assert [c.split(":")[3] for c in ids(page2, "aac:")] == ["bomber"]
        page2 = (await fd.select("alice", page2, select_for(page2, "bomber"), ["1"])).original
        assert "That is 1 too many" in page2.content
        confirm = page2.component(confirm_of(page2))
        assert confirm["disabled"] and confirm["label"] == "Lose 3 of 2: 2 infantry, 1 bomber"
        (back,) = ids(page2, "aap:")
        page1 = (await fd.click("alice", page2, back)).original
        page1 = (await fd.select("alice", page1, select_for(page1, "infantry"), ["1"])).original
        confirm = page1.component(confirm_of(page1))
        assert not confirm.get("disabled") and confirm["label"] == "Lose 2 of 2: 1 infantry, 1 bomber"
        assert all(len(c) <= 100 for c in page1.custom_ids)
        done = await fd.click("alice", page1, confirm_of(page1))
        answer = done.messages[-1]
        assert answer.embeds, answer.content
        battle = bot.service.state_of(await bot.service.load(game_id)).battle
        assert Counter(u.kind for u in battle.lost_attackers) == {"infantry": 1, "bomber": 1}
        assert Counter(u.kind for u in battle.attackers) == {
            "infantry": 2,
            "artillery": 1,
            "tank": 1,
            "fighter": 1,
        }

        # (b) The menu opened before the choice is stale: its select, page button and confirm went with
        # the choice (bot/cogs/live_buttons.py).
        await fd.wait_idle()
        assert old.message.components == []

        # (c) Five places to retreat to: press on, or a button that opens the retreat select.
        steps = {c.split(":")[-1]: c for c in ids(answer, "wb")}  # wb: a move, wbm: a menu
        assert set(steps) == {"press", "retreat"} and steps["retreat"].startswith("wbm:aa:")
        opened = await fd.click("alice", answer, steps["retreat"])
        assert opened.ephemeral
        (where,) = ids(opened.message, "aar:")
        options = opened.message.component(where)["options"]
        assert [o["label"] for o in options] == PLACES
        congo = next(o["value"] for o in options if o["label"] == "Congo")
        retreated = await fd.select("alice", opened.message, where, [congo])
        assert retreated.messages[-1].embeds, retreated.messages[-1].content
        state = bot.service.state_of(await bot.service.load(game_id))
        assert state.battle is None
        # Classic: the land units go back where the attack came from; aircraft stay over the battle and
        # fly on in the non-combat move.
        assert units_in(state, "Congo", "uk") == {"infantry": 2, "artillery": 1, "tank": 1}
        assert units_in(state, WHERE, "uk") == {"fighter": 1}
        fd.assert_clean()


async def test_the_retreat_menu_by_command_refuses_strangers_and_stale_choices(tmp_path):
    state = play(two_hits_taken_by_the_uk(), Casualties((("infantry", 2),)))
    async with discord_world(str(tmp_path / "aa.db")) as (fd, bot):
        game_id = await seeded_game(fd, bot, state)
        stranger = await fd.slash("bob", CHANNEL, "aa retreat")
        assert stranger.ephemeral and "not yours" in stranger.content
        wrong = await fd.slash("alice", CHANNEL, "aa casualties")
        assert wrong.ephemeral and "No battle is waiting for casualties" in wrong.content
        old = await fd.slash("alice", CHANNEL, "aa retreat")
        menu = await fd.slash("alice", CHANNEL, "aa retreat")
        assert menu.ephemeral and "1 infantry, 1 artillery, 1 tank, 1 fighter, 1 bomber" in menu.content
        (where,) = ids(menu.message, "aar:")
        kenya = next(o["value"] for o in menu.message.component(where)["options"] if o["label"] == PLACES[3])
        retreated = await fd.select("alice", menu.message, where, [kenya])
        assert retreated.messages[-1].embeds, retreated.messages[-1].content
        await fd.wait_idle()
        assert old.message.components == []  # the menu opened before the choice lost its select
        state = bot.service.state_of(await bot.service.load(game_id))
        assert units_in(state, PLACES[3], "uk") == {"infantry": 1, "artillery": 1, "tank": 1}
        assert units_in(state, WHERE, "uk") == {"fighter": 1, "bomber": 1}  # over the battle
        fd.assert_clean()

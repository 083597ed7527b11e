"""A full year of Attack! for three players through the fake Discord, every move as a player makes it:
setup by slash commands (with autocomplete), the season's actions by commands and the "End" button, a
navy battle whose line-ups are set one through the private menu and one by command (each secret until
both are in) with the bot restarted between the two, the retreat decision by button and by command, an
army battle whose lines are chosen by command, through the private menu and with the "Strongest" button,
a Winter action paid by burning an oil marker, and the private hand. The seed is fixed, so the dice (and
which decisions come up) are the same every run; the test checks that each kind came up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from fakecord import FakeDiscord

from bot.app import WarboardBot, create_bot
from bot.settings import Settings
from rules.attack.battle.lines import strongest_line
from rules.attack.legal import DEPLOY_ORDERS
from rules.attack.state import AttackState, Stage
from rules.attack.tables import SEASONS
from tests.bot.attack.atk_play import (
    CHANNEL,
    WITH,
    disabled,
    fix_seed,
    ids,
    latest_with,
    open_game,
    position,
)
from tests.bot.discord_world import discord_world, taken

pytestmark = pytest.mark.asyncio
SEED = f"{0:064x}"
GOVERNMENTS = {
    "alice": ("monarchy", "minerals"),
    "bob": ("fascism", "rail"),
    "carol": ("democracy", "minerals"),
}
CAPITALS = {
    "alice": ("france", "iberia, italy"),
    "bob": ("west_africa", "maghreb, sahel"),
    "carol": ("quebec", "ontario, eastern_us"),
}
Step = Callable[["Year"], Awaitable[None]]


def slash(user: str, command: str, **values: object) -> Step:
    async def step(year: Year) -> None:
        await year.slash(user, command, **values)

    return step


def button(user: str, verb: str) -> Step:
    async def step(year: Year) -> None:
        await year.button(user, verb)

    return step


PLAN: dict[tuple[str, str], list[Step]] = {
    ("alice", "spring"): [
        slash(
            "alice",
            "atk move",
            **{"from": "france", "to": "iberia", "units": "1 infantry, 2 artillery, 1 tank, 1 plane"},
        ),
        button("alice", "end"),
    ],
    ("bob", "spring"): [
        slash(
            "bob",
            "atk navigate",
            **{"from": "west_africa", "to": "central_atlantic", "ships": "1 submarine, 1 destroyer"},
        ),
        slash("bob", "atk end"),
    ],
    ("carol", "spring"): [
        slash("carol", "atk build", region="quebec", units="2 infantry"),
        slash("carol", "atk end"),
    ],
    ("alice", "summer"): [
        slash("alice", "atk navigate", **{"from": "france", "to": "central_atlantic"}),
        button("alice", "end"),
    ],
    ("bob", "summer"): [
        slash(
            "bob",
            "atk move",
            **{"from": "west_africa", "to": "maghreb", "units": "1 artillery, 1 tank, 1 plane"},
        ),
        slash("bob", "atk end"),
    ],
    ("carol", "summer"): [slash("carol", "atk pass")],
    ("alice", "autumn"): [
        slash("alice", "atk move", **{"from": "iberia", "to": "maghreb"}),  # every free unit: the default
        slash("alice", "atk march", **{"from": "italy", "to": "maghreb", "units": "2 infantry"}),
        button("alice", "end"),
    ],
    ("bob", "autumn"): [slash("bob", "atk pass")],
    ("carol", "autumn"): [slash("carol", "atk negotiate")],
    ("alice", "winter"): [slash("alice", "atk pass")],
    ("bob", "winter"): [slash("bob", "atk pass")],
    ("carol", "winter"): [
        slash("carol", "atk burn", oil_marker="quebec"),
        slash("carol", "atk build", region="quebec", units="1 infantry"),
        slash("carol", "atk end"),
    ],
}


class Year:
    def __init__(self, fd: FakeDiscord, bot_: WarboardBot, game_id: int, database: str) -> None:
        self.fd, self.bot, self.game_id, self.database = fd, bot_, game_id, database
        self.used: Counter[str] = Counter()
        self.plan = {key: list(steps) for key, steps in PLAN.items()}
        self.restarted = False

    async def slash(self, user: str, command: str, **values: object) -> None:
        before = (await self.bot.service.status(self.game_id)).version
        answer = await self.fd.slash(user, CHANNEL, command, **values)
        assert taken(answer), f"/{command} {values} by {user} refused: {answer.content}"
        assert (await self.bot.service.status(self.game_id)).version > before
        self.used["command"] += 1

    async def button(self, user: str, verb: str) -> None:
        """The latest message's button ``verb`` (drawn for the game as it is now)."""
        version = (await self.bot.service.status(self.game_id)).version
        wanted = f"wbm:atk:{self.game_id}:{version}:atk.{verb}"
        message, custom_id = latest_with(self.fd, wanted)
        clicked = await self.fd.click(user, message, custom_id)
        assert taken(clicked), f"{custom_id} refused: {clicked.content}"
        self.used["button"] += 1

    async def play(self) -> None:
        for _ in range(200):
            state, _, waiting = await position(self.fd, self.bot, self.game_id)
            if state.year >= 2:
                return
            if state.navy_battle is not None:
                await self.navy(state, waiting)
            elif state.army_battle is not None:
                await self.army(state, waiting[0])
            elif not await self.set_up(state, waiting[0]):
                await self.plan[(waiting[0], SEASONS[state.season])].pop(0)(self)
        raise AssertionError("the year did not end within 200 moves")

    async def set_up(self, state: AttackState, user: str) -> bool:
        """The setup step waiting on ``user``, if the game is in setup (or choosing the direction)."""
        if state.stage is Stage.GOVERNMENT:
            government, economics = GOVERNMENTS[user]
            offered = await self.fd.autocomplete(user, CHANNEL, "atk government", "government", "")
            assert government in [c["value"] for c in offered]
            await self.slash(user, "atk government", government=government, economics=economics)
        elif state.stage is Stage.CAPITAL:
            region, outposts = CAPITALS[user]
            await self.slash(user, "atk capital", region=region, outposts=outposts)
        elif state.stage is Stage.DIRECTION:
            await self.slash(user, "atk direction", way="clockwise")
        else:
            return False
        return True

    # ---- the navy battle ------------------------------------------------------------------------------

    async def navy(self, state: object, waiting: list[str]) -> None:
        battle = state.navy_battle  # type: ignore[attr-defined]
        if battle.awaiting == "retreat":
            if waiting[0] == "alice":  # the attacker decides first: fight on, by the button
                await self.button("alice", "fight")
                self.used["fight"] += 1
            else:  # the defender: retreat, by command
                await self.slash(waiting[0], "atk retreat")
                self.used["retreat"] += 1
            return
        if battle.round > 1 or self.restarted:
            for user in waiting:  # later rounds: the default line-up, typed
                await self.slash(user, "atk lineup", ships=", ".join(_default_lineup(state, user)))
            return
        assert set(waiting) == {"alice", "bob"}, "both sides line up at once"
        # bob opens the private menu from the battle's button and builds a line-up in it...
        message, opener = latest_with(self.fd, f"wbm:atk:{self.game_id}:")
        assert opener.endswith(":atk.lineup")
        menu = await self.fd.click("bob", message, opener)
        assert menu.ephemeral and "Navy battle in the Central Atlantic" in menu.content, menu.content
        for add in ("d", "s"):
            custom_id = next(c for c in ids(menu) if c.startswith("atkl:") and c.split(":")[3] == add)
            menu = await self.fd.click("bob", menu.original or menu.message, custom_id)
            self.used["menu"] += 1
        assert "So far: destroyer, submarine." in (menu.original or menu.message).content
        confirm = next(c for c in ids(menu) if c.startswith("atkc:"))
        menu_message = menu.original or menu.message
        # ...meanwhile alice sets hers by command: only that it is set is public.
        offered = await self.fd.autocomplete("alice", CHANNEL, "atk lineup", "ships", "")
        assert offered, "line-ups are suggested"
        answer = await self.fd.slash("alice", CHANNEL, "atk lineup", ships="destroyer, submarine, battleship")
        # Her answer is hers alone, so it names her line-up; the channel does not.
        assert answer.ephemeral and "destroyer, submarine, battleship" in answer.embeds[0]["description"]
        public = "\n".join(m.content + str(m.embeds) for m in self.fd.messages(CHANNEL, ephemeral=False))
        assert "destroyer, submarine, battleship" not in public, "alice's line-up stays secret"
        self.used["command"] += 1
        # The bot goes down in the middle of the battle, and a new one carries on from the database.
        await self.bot.close()
        self.bot = create_bot(Settings(token="fake-token", database=self.database), games=WITH)
        await self.fd.start_bot(self.bot)
        self.restarted = True
        state_after, _, waiting_after = await position(self.fd, self.bot, self.game_id)
        assert waiting_after == ["bob"] and state_after.navy_battle is not None
        clicked = await self.fd.click("bob", menu_message, confirm)  # the menu from before the restart
        menu_now, *public = clicked.messages
        assert (
            menu_now.ephemeral
            and menu_now.content == "Line-up set: destroyer, submarine."
            and not menu_now.custom_ids
        )
        # The move's answer is the mover's (issue 28); the battle's question to the table follows it.
        assert public and not public[-1].ephemeral
        revealed = public[0].embeds[0]["description"]
        assert "line-ups revealed — destroyer, submarine, battleship against destroyer, submarine" in revealed
        assert any(a.filename == "battle.png" for m in public for a in m.attachments)
        self.used["lineup menu"] += 1

    # ---- the army battle ------------------------------------------------------------------------------

    async def army(self, state: object, user: str) -> None:
        battle = state.army_battle  # type: ignore[attr-defined]
        reserve, need = battle.reserve[battle.side], battle.need
        if battle.awaiting == "deploy" and user == "bob":  # the defender's first line, by command
            version = (await self.bot.service.status(self.game_id)).version
            wrong = await self.fd.slash("bob", CHANNEL, "atk deploy", units="1 infantry")
            assert wrong.ephemeral and "takes exactly 4 units" in wrong.content, wrong.content
            assert (await self.bot.service.status(self.game_id)).version == version, (
                "a wrong line changes nothing"
            )
            line = strongest_line(reserve, need, DEPLOY_ORDERS[1])  # infantry first: not the default
            await self.slash("bob", "atk deploy", units=_units(line))
            self.used["deploy command"] += 1
        elif battle.awaiting == "deploy":  # the attacker's first line, through the private menu
            await self.deploy_by_menu(user, reserve, need)
        elif self.used["redeploy command"] <= self.used["redeploy button"]:
            await self.slash(user, "atk deploy", units=_units(strongest_line(reserve, need)))
            self.used["redeploy command"] += 1
        else:  # later re-deploys: the "Strongest" button
            await self.button(user, "auto")
            self.used["redeploy button"] += 1

    async def deploy_by_menu(self, user: str, reserve: tuple[int, ...], need: int) -> None:
        message, opener = latest_with(self.fd, f"wbm:atk:{self.game_id}:")
        assert opener.endswith(":atk.auto") or opener.endswith(":atk.deploy")
        opener = opener.rsplit(":", 1)[0] + ":atk.deploy"
        menu = await self.fd.click(user, message, opener)
        assert menu.ephemeral and "choose your first line" in menu.content, menu.content
        # Start from the strongest line (one of each); trade the plane for a second infantry.
        chosen = list(strongest_line(reserve, need))
        for kind, count in ((0, chosen[0] + 1), (3, chosen[3] - 1)):
            select = next(c for c in ids(menu) if c.startswith("atkd:") and c.split(":")[3] == str(kind))
            menu = await self.fd.select(user, menu.original or menu.message, select, [str(count)])
            chosen[kind] = count
            confirm = next(c for c in ids(menu) if c.startswith("atkp:"))
            assert disabled(menu.original or menu.message, confirm) == (sum(chosen) != need)
            self.used["menu"] += 1
        clicked = await self.fd.click(user, menu.original or menu.message, confirm)
        menu_now, *public = clicked.messages
        assert (
            menu_now.ephemeral
            and menu_now.content.startswith("Deployed 2 infantry")
            and not menu_now.custom_ids
        )
        assert public and not public[-1].ephemeral, [m.content for m in public]  # the answer is hers
        self.used["deploy menu"] += 1


def _units(line: tuple[int, ...]) -> str:
    names = ("infantry", "artillery", "tank", "plane")
    return ", ".join(f"{n} {names[k]}" for k, n in enumerate(line) if n)


def _default_lineup(state: object, user: str) -> tuple[str, ...]:
    from rules.attack.battle.lines import default_lineup
    from rules.attack.tables import NAVY_TYPES

    battle = state.navy_battle  # type: ignore[attr-defined]
    side = 0 if user == "alice" else 1
    line = default_lineup(battle.ships[side], sum(battle.cargo[side]), state.options.ship_capacity)  # type: ignore[attr-defined]
    return tuple(NAVY_TYPES[k] for k in line)


async def test_a_full_year_for_three_players_with_every_battle_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, SEED)
    database = str(tmp_path / "attack.db")
    async with discord_world(database, games=WITH) as (fd, bot_):
        game_id = await open_game(fd, bot_)
        year = Year(fd, bot_, game_id, database)
        await year.play()
        state, _, _ = await position(fd, year.bot, game_id)
        assert state.year == 2 and state.stage is Stage.DIRECTION
        used = year.used
        for kind in ("lineup menu", "fight", "retreat", "deploy command", "deploy menu", "redeploy command"):
            assert used[kind] >= 1, f"no {kind} in the year: {used}"
        assert year.restarted
        boards = [m for m in fd.messages(CHANNEL) if any(a.filename == "board.png" for a in m.attachments)]
        assert boards, "the board was posted"
        await year.bot.close()
        fd.assert_clean()

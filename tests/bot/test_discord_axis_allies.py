"""A full round of Axis & Allies through the fake Discord: three players claim their seats (Allies,
Germany, Japan: all five powers), then every move is a slash command, a button or the casualty select
menu, chosen by the A&A AI for each player. Plus refusals that change nothing, and /aa odds' speed."""

from __future__ import annotations

import asyncio

import pytest

from bot.aa_units import units_value
from rules.axis_allies.actions import Battle, Casualties, EndPhase, Move, Place, PressOn, Research, Retreat
from rules.axis_allies.ai import AxisAlliesAI
from rules.axis_allies.board import classic_board
from rules.core.events import Action
from tests.bot.discord_world import discord_world

pytestmark = pytest.mark.asyncio
CHANNEL = "lobby"
SEATS = {"alice": 1, "bob": 3, "carol": 2}  # Allies, Japan, Germany


def aa_command(action: Action, full_route: bool) -> tuple[str, dict[str, object]]:
    """The slash command a player types for ``action``; moves name their route only when asked."""
    if isinstance(action, Move):
        values: dict[str, object] = {
            "units": units_value(action.units),
            "from": action.path[0],
            "to": action.path[-1],
        }
        if len(action.path) > 2 and full_route:
            values["via"] = ", ".join(action.path[1:-1])
        if action.bomb:
            values["bomb"] = True
        return "aa move", values
    if isinstance(action, Place):
        return "aa place", {"units": units_value(action.units), "territory": action.territory}
    if isinstance(action, Casualties):
        return "aa casualties", {"units": units_value(action.units)}
    if isinstance(action, Battle):
        return "aa battle", {"territory": action.territory}
    if isinstance(action, Retreat):
        return "aa retreat", {"to": action.to}
    if isinstance(action, PressOn):
        return "aa press", {}
    if isinstance(action, Research):
        return "aa research", {"dice": action.dice}
    if isinstance(action, EndPhase):
        return "aa end", {}
    name = type(action).__name__.lower()
    return f"aa {name}", {"units": units_value(action.units)} if hasattr(action, "units") else {}


def aa_button(action: Action, custom_ids: list[str]) -> str | None:
    board = classic_board()
    wanted: tuple[str, str] | None = None
    if isinstance(action, EndPhase):
        wanted = ("done", "")
    elif isinstance(action, Battle):
        wanted = ("fight", str(board.territories[action.territory].index))
    elif isinstance(action, PressOn):
        wanted = ("press", "")
    elif isinstance(action, Retreat):
        wanted = ("retreat", str(board.territories[action.to].index))
    for custom_id in custom_ids:
        parts = custom_id.split(":")
        if parts[0] == "wb" and wanted and (parts[3], parts[4] if len(parts) > 4 else "") == wanted:
            return custom_id
    return None


async def open_game(fd, bot) -> int:
    await fd.slash("alice", CHANNEL, "game new", ruleset="axis_allies")
    for user in ("bob", "carol"):
        await fd.slash(user, CHANNEL, "game join")
    menu = await fd.autocomplete("bob", CHANNEL, "game seat", "number", "")
    assert any("Japan" in c["name"] for c in menu), menu
    for user, number in SEATS.items():
        claimed = await fd.slash(user, CHANNEL, "game seat", number=number)
        assert not claimed.ephemeral and f"seat {number}" in claimed.content
    clash = await fd.slash("carol", CHANNEL, "game seat", number=1)
    assert clash.ephemeral and "already claimed by" in clash.content
    status = await fd.slash("alice", CHANNEL, "game status")
    assert "Germany" in status.embeds[0]["description"]
    started = await fd.slash("alice", CHANNEL, "game start")
    assert any("Seed hash" in (m.content or "") for m in started.messages)
    game_id = await bot.service.game_in_channel(fd.channel_id(CHANNEL))
    seats = (await bot.service.status(game_id)).seats
    for user, number in SEATS.items():
        assert seats[number - 1].user_id == fd.user_id(user), "claimed seats are kept"
    return game_id


async def settled(fd, bot, game_id: int) -> None:
    """Wait until the start's status message is posted (it is rendered after the reply)."""
    for _ in range(100):
        if (await bot.service.status(game_id)).status_message_id:
            break
        await asyncio.sleep(0.05)
    await fd.wait_idle(settle=0.3)


async def choose_by_menu(fd, user: str, action: Casualties):
    """/aa casualties with no units: the private menu, each kind set with its select, then confirm."""
    menu = await fd.slash(user, CHANNEL, "aa casualties")
    assert menu.ephemeral and menu.message.custom_ids, menu.content
    message = menu.message
    for kind, n in action.units:
        select = next(c for c in message.custom_ids if c.startswith("wbc:") and c.split(":")[3] == kind)
        picked = await fd.select(user, message, select, [str(n)])
        message = picked.original
    confirm = next(c for c in message.custom_ids if c.split(":")[3] == "cas")
    return await fd.click(user, message, confirm)


async def test_a_full_round_of_axis_and_allies(tmp_path):
    async with discord_world(str(tmp_path / "aa.db")) as (fd, bot):
        game_id = await open_game(fd, bot)
        ai = {seat: AxisAlliesAI(seat) for seat in range(3)}
        last = None
        used = {"menu": 0, "button": 0, "command": 0, "route": 0}
        for step in range(600):
            state = bot.service.state_of(await bot.service.load(game_id))
            if state.round >= 2:
                break
            status = await bot.service.status(game_id)
            seat = status.waiting_for[0]
            user = next(u for u in SEATS if fd.user_id(u) == status.seats[seat].user_id)
            action = ai[seat].choose(state, seat)
            newest = last.messages[-1] if last and last.messages else None
            button = aa_button(action, newest.custom_ids if newest else [])
            version = status.version
            if isinstance(action, Casualties) and used["menu"] < 2:
                last = await choose_by_menu(fd, user, action)
                used["menu"] += 1
            elif button and newest is not None:
                last = await fd.click(user, newest, button)
                used["button"] += 1
            else:
                name, values = aa_command(action, full_route=step % 2 == 0)
                used["route"] += (
                    name == "aa move" and "via" not in values and len(getattr(action, "path", ())) > 2
                )
                last = await fd.slash(user, CHANNEL, name, **values)
                used["command"] += 1
            answer = last.messages[-1]  # a menu's confirm answers below the (private) menu
            assert not answer.ephemeral, f"{user}'s {action!r} was refused: {answer.content}"
            assert (await bot.service.status(game_id)).version > version
        await fd.wait_idle(settle=0.5)
        state = bot.service.state_of(await bot.service.load(game_id))
        assert state.round == 2, "a whole round was played: USSR, Germany, UK, Japan, USA"
        assert used["menu"] >= 1 and used["button"] > 0 and used["command"] > 0 and used["route"] > 0, used
        boards = [m for m in fd.messages(CHANNEL) if any(a.filename == "board.png" for a in m.attachments)]
        assert boards and "IPCs" in boards[-1].embeds[0]["description"]
        assert any(any(a.filename == "battle.png" for a in m.attachments) for m in fd.messages(CHANNEL))
        fd.assert_clean()


async def test_refusals_change_nothing_and_odds_are_quick(tmp_path):
    async with discord_world(str(tmp_path / "aa.db")) as (fd, bot):
        await fd.slash("alice", "risk", "game new", ruleset="risk")
        wrong = await fd.slash("alice", "risk", "aa end")
        assert wrong.ephemeral and "Risk" in wrong.content and "/risk" in wrong.content
        game_id = await open_game(fd, bot)
        await settled(fd, bot, game_id)
        version = (await bot.service.status(game_id)).version
        refusals = [
            ("alice", "risk end", {}),  # a Risk command in an A&A game
            ("alice", "aa buy", {"units": "3 tnks"}),  # not a unit
            ("bob", "aa end", {}),  # not bob's turn (the USSR opens)
            ("alice", "aa move", {"units": "1 infantry", "from": "Nowhere Land", "to": "Russia"}),
            ("alice", "aa buy", {"units": "40 battleships"}),  # the engine: too dear
        ]
        for user, name, values in refusals:
            r = await fd.slash(user, CHANNEL, name, **values)
            assert r.ephemeral and r.content, (name, values)
        assert (await bot.service.status(game_id)).version == version
        choices = await fd.autocomplete("alice", CHANNEL, "aa buy", "units", "3 inf, 1 tank")
        assert choices and "IPCs" in choices[0]["name"]
        odds = await fd.slash(
            "alice",
            CHANNEL,
            "aa odds",
            attackers="10 infantry, 5 tanks, 3 fighters, 2 bombers",
            defenders="8 inf, 2 arm, 1 ftr, 1 aa",
        )
        assert odds.ephemeral and "attacker wins" in odds.content
        assert odds.latency is not None and odds.latency < 3.0
        table = await fd.slash("carol", CHANNEL, "aa units")
        assert table.ephemeral and "Battleship" in table.embeds[0]["description"]
        fd.assert_clean()

"""What a newcomer to the terminal client tripped over, each now read or said as they would expect:
territory names with spaces, ``until`` in help, the occupy hint after a conquest, a trade's sentence,
the armies left in setup, refusals that name players, per-game picture folders and $PBP_DATABASE."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from msgspec.structs import replace

from bot import console
from bot.commands import action_from_words, help_text
from bot.games import GAMES
from bot.models import ServiceError
from rules.core.errors import IllegalAction
from rules.risk.actions import Attack, Fortify, PlaceArmies, TradeCards
from rules.risk.board import classic_map
from rules.risk.state import AwaitOccupation, Phase
from tests.bot.conftest import HOST, new_game
from tests.rules.risk.position import position

RISK, AXIS_ALLIES = GAMES["risk"], GAMES["axis_allies"]
ROOT = Path(__file__).resolve().parents[3]


def words(line: str) -> list[str]:
    return line.split()


def test_territory_names_with_spaces_and_until_read_as_meant() -> None:
    read = action_from_words(RISK, words("attack north africa egypt until conquer"))
    assert read == Attack("north_africa", "egypt", None, 1)
    assert action_from_words(RISK, words("attack North Africa Egypt 2")) == Attack("north_africa", "egypt", 2)
    assert action_from_words(RISK, words("attack alaska kamchatka until 3")) == Attack(
        "alaska", "kamchatka", None, 3
    )
    assert action_from_words(RISK, words("place western united states 3")) == PlaceArmies(
        "western_united_states", 3
    )
    assert action_from_words(RISK, words("fortify east africa egypt 2")) == Fortify("east_africa", "egypt", 2)
    for line, message in (
        ("attack atlantis egypt", "There is no territory called “atlantis” on this map."),
        (
            "attack north africa egypt until -1",
            "until is “once”, “conquer”, or a number of armies to stop at",
        ),
        ("attack north africa egypt until ²", "until is “once”, “conquer”"),
        ("trade 1", "Trade names three cards by the numbers `cards` shows, like “trade 3 7 12”."),
        ("place alaska 9" + "9" * 4400, "The number of armies is a whole number"),
    ):
        with pytest.raises(ServiceError) as refused:
            action_from_words(RISK, words(line))
        assert message in refused.value.message, line
    assert action_from_words(RISK, words("trade 1 2 3")) == TradeCards((1, 2, 3))


def test_help_shows_until_and_only_what_the_game_has() -> None:
    risk, aa = help_text(RISK), help_text(AXIS_ALLIES)
    assert "until once|conquer|<n>" in risk and "cards" in risk
    assert "cards" not in aa.split("Other commands:")[1]  # nothing is hidden in Axis & Allies
    assert "Aircraft carrier " in (AXIS_ALLIES.text.query(["units"]) or "")  # not cut to "Aircraft car"


def test_the_prompt_names_occupy_after_a_conquest_and_the_armies_left_in_setup() -> None:
    state = position(holdings={"ukraine": (0, 10), "ural": (0, 1)})
    conquered = replace(state, pending=AwaitOccupation(0, 1, 3, 9))
    state_text = RISK.text.notice(conquered)
    assert state_text is not None and "occupy 9" in state_text
    setup = replace(state, phase=Phase.SETUP, setup_left=(12, 20))
    # The turn label already says "Setup": the prompt reads "[Setup, 12 left to place]", not "Setup, setup".
    assert RISK.text.situation(RISK.rules.view(setup, None)) == "12 left to place"
    claim = replace(state, phase=Phase.CLAIM, setup_left=(12, 20))
    assert RISK.text.situation(RISK.rules.view(claim, None)) == "claim, 12 left to place"


async def test_refusals_name_the_players_not_the_seats(service) -> None:  # type: ignore[no-untyped-def]
    game_id = await new_game(service)  # two players and the neutral army, in setup
    status = await service.status(game_id)
    seat = status.waiting_for[0]
    other = 1 - seat
    state = service.state_of(await service.load(game_id))
    theirs = classic_map().ids[state.owner.index(other)]
    with pytest.raises(IllegalAction) as refused:
        await service.act(game_id, status.seats[seat].user_id or HOST, PlaceArmies(theirs, 1))
    assert f"held by {status.seats[other].name}" in refused.value.message, refused.value.message
    assert "seat" not in refused.value.message.lower()


def test_the_database_comes_from_pbp_database_and_each_game_draws_in_its_own_folder(tmp_path: Path) -> None:
    env = {**{k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}, "PYTHONPATH": str(ROOT)}
    env["PBP_DATABASE"] = str(tmp_path / "kept.db")
    for game in ("risk", "axis_allies"):
        done = subprocess.run(
            [sys.executable, "-m", "bot.console", "--game", game, "--seats", "human,ai", "--seed", "x"],
            cwd=tmp_path,
            env=env,
            input="map\nendgame\nquit\n",
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert f"it is saved in {tmp_path / 'kept.db'}" in done.stdout
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["kept-game-1", "kept-game-2"]
    assert all((tmp_path / "out" / name / "board.png").exists() for name in ("kept-game-1", "kept-game-2"))


async def test_the_terminal_shows_the_player_their_own_card_in_place_of_its_public_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The player's own moves read as they may see them: the card they drew by its name, where the
    table reads "drew a card" (the terminal printed the public line, then the private one after it, or,
    for a move the AI made for the player, the public line alone)."""
    script = tmp_path / "moves.txt"
    script.write_text("ai turn\nai turn\n", encoding="utf-8")
    args = ["--game", "risk", "--seats", "human,ai,ai", "--order", "as-given", "--names", "Ann"]
    args += ["--option", "setup_batch=40", "--seed", "twin", "--db", ":memory:", "--no-images"]
    args += ["--script", str(script)]
    assert await console.main(args) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  Ann drew [A-Z][\w ]+ \(\w+\)\.$", out, re.MULTILINE), out
    assert "Ann drew a card." not in out and "AI 1 drew a card." in out


def test_a_hint_naming_slash_commands_reads_as_the_terminal_types_them() -> None:
    """The fortify hint after "Stop attacking" named /risk end, which the terminal does not take: `end`."""
    hint = RISK.presenter.answer([], 0, ["Ann"])
    assert hint is None  # nothing to shorten: the log's lines
    said = console.terminal_words(
        "Now fortify once, if you like (/risk fortify from to armies: …), or end (/risk end)."
    )
    assert said == "Now fortify once, if you like (fortify from to armies: …), or end (end)."
    assert console.terminal_words("Check it with `/game verify`.") == "Check it with `verify`."
    for kept in ("3/6 rolled", "and/or more", "https://discord.com/channels/1/2"):
        assert console.terminal_words(kept) == kept

"""The terminal client playing Axis & Allies: a human USSR turn typed as a player types it (buy, a combat
move, a battle with casualties, non-combat moves, placing, end), refusals that change nothing, ``moves``
as typeable commands, the prompt and battle hints, odds, and board pictures for both games. In process
(the console's loop over a list of lines, its printout captured), with a fixed seed, so dice are known.
Two human seats (hot seat: Player 2 plays the Axis), so no outcome depends on the AI's choices."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest

import bot.console as console_module
from bot.commands import action_from_words, describe_action
from bot.console import Console, open_game, parse_args
from bot.games import GAMES
from bot.service import GameService
from rules.axis_allies.board import POWERS, classic_board
from rules.axis_allies.state import Phase

SEED = "aa-console"
BOARD = classic_board()

# USSR's first turn, written as a player would (short forms, lower case, partial names).
USSR_TURN = [
    "buy 3 infantry, 1 tank",
    "end",
    "move 5 infantry from caucasus to ukraine",
    "move 3 inf, 1 arm, 1 ftr from karelia ssr to ukraine",
    "move 1 fighter from russia to ukraine",  # two spaces: the route goes via Caucasus
    "end",
    "battle",  # the only battle
    "casualties",  # Player 2, for Germany: the default, the cheapest
    "casualties",  # Player 1, for the USSR
    "press",
    "casualties 1 infantry",
    "move 2 ftr from ukraine ssr to caucasus",
    "move 2 infantry from russia to karelia ssr",
    "end",
    "place 3 infantry, 1 tank in russia",
    "end",
]


async def play(
    service: GameService,
    lines: list[str],
    *,
    game: str = "axis_allies",
    seats: str = "human,human",
    out: Path | None = None,
) -> int:
    game_id = await open_game(service, parse_args(["--game", game, "--seats", seats, "--seed", SEED]))
    await Console(service, game_id, out, ":memory:").run(iter(lines))
    return game_id


def units_in(state, name: str, power: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in state.units[BOARD.territories[name].index]:
        if s.power == POWERS.index(power):
            counts[s.unit] = counts.get(s.unit, 0) + s.count
    return counts


def owner(state, name: str) -> str:
    return POWERS[state.owner[BOARD.territories[name].index]]


async def test_a_human_ussr_turn_typed_in_the_terminal(service: GameService, capsys) -> None:
    game_id = await play(service, USSR_TURN)
    out = capsys.readouterr().out
    lines = [line.strip() for line in out.splitlines()]
    expected = [
        "[Round 1, USSR, purchase, 24 IPCs] Player 1> buy 3 infantry, 1 tank",
        "USSR bought 3 infantry, 1 tank for 14 IPCs (10 left).",
        "[Round 1, USSR, purchase, 10 IPCs] Player 1> end",
        "USSR moved 5 infantry from Caucasus to Ukraine S.S.R.",
        "USSR moved 3 infantry, 1 tank, 1 fighter from Karelia S.S.R. to Ukraine S.S.R.",
        "USSR moved 1 fighter from Russia to Ukraine S.S.R. via Caucasus.",
        "» Combat. Next: battle Ukraine S.S.R.",
        "Battle of Ukraine S.S.R.: USSR attacks (land).",
        "» Ukraine S.S.R.: Germany must lose 2 units. Chosen 2 of 2: 2 infantry. Type “casualties” to lose "
        "those (the cheapest), or name your own, like “casualties 2 infantry”.",
        "[Round 1, USSR, combat, 10 IPCs, battle in Ukraine S.S.R.] Player 2> casualties",
        "Ukraine S.S.R.: Germany lost 2 infantry.",
        "» Ukraine S.S.R.: USSR must lose 2 units. Chosen 2 of 2: 2 infantry. Type “casualties” to lose "
        "those (the cheapest), or name your own, like “casualties 2 infantry”.",
        "[Round 1, USSR, combat, 10 IPCs, battle in Ukraine S.S.R.] Player 1> casualties",
        "Ukraine S.S.R.: USSR lost 2 infantry.",
        "» Ukraine S.S.R.: the battle waits for you. Next: press · retreat Caucasus · retreat Karelia S.S.R.",
        "Ukraine S.S.R.: Germany lost 1 infantry, 2 tanks, 1 fighter.",
        "Ukraine S.S.R.: USSR lost 1 infantry.",
        "Battle of Ukraine S.S.R. over after 2 rounds: USSR won.",
        "USSR captured Ukraine S.S.R. from Germany.",
        "USSR moved 2 fighters from Ukraine S.S.R. to Caucasus.",
        "USSR moved 2 infantry from Russia to Karelia S.S.R.",
        "[Round 1, USSR, mobilize, 10 IPCs, to place: 3 infantry, 1 tank] Player 1> "
        "place 3 infantry, 1 tank in russia",
        "USSR mobilized 3 infantry, 1 tank in Russia.",
        "USSR collected 27 IPCs (now 37).",
        "— Round 1: Germany (Player 2) begins with 32 IPCs.",
    ]
    at = 0
    for want in expected:  # in this order
        assert want in lines[at:], f"missing after line {at}: {want}\n{out}"
        at = lines.index(want, at) + 1
    assert "✗" not in out and "Traceback" not in out

    state = service.state_of(await service.load(game_id))
    assert (state.phase, POWERS[state.power], state.ipcs[POWERS.index("russia")]) == (
        Phase.PURCHASE,
        "germany",
        37,
    )
    assert owner(state, "Ukraine S.S.R.") == "russia"
    assert units_in(state, "Ukraine S.S.R.", "russia") == {"infantry": 5, "tank": 1}
    assert units_in(state, "Caucasus", "russia") == {"fighter": 2}
    assert units_in(state, "Russia", "russia") == {"infantry": 5, "tank": 3, "aa_gun": 1, "factory": 1}
    assert units_in(state, "Karelia S.S.R.", "russia") == {"infantry": 2, "aa_gun": 1, "factory": 1}
    assert units_in(state, "Ukraine S.S.R.", "germany") == {}


async def test_refusals_say_why_in_one_line_and_change_nothing(service: GameService, capsys) -> None:
    game_id = await play(
        service,
        [
            "end",  # to the combat move: version 4
            "buy 3 tnks",
            "move 1 tank from nowhere to russia",
            "move 1 tank from russia to germany",  # too far for a tank
            "move 2 inf from russia",
            "place 3 inf",
            "research x",
            "log abc",
            "frobnicate",
        ],
    )
    out = capsys.readouterr().out
    refusals = [line.strip() for line in out.splitlines() if line.strip().startswith("✗")]
    assert refusals == [
        "✗ “tnks” is not a unit. Did you mean tank? Units: infantry, artillery, tank, fighter, bomber, "
        "transport, submarine, destroyer, carrier, battleship, aa gun, factory (short forms: inf, art, arm, "
        "ftr, bmb, tpt, sub, dd, ac, bb, aa, ic).",
        "✗ There is no territory or sea zone called “nowhere”.",
        "✗ Your tanks in Russia can move at most 2 spaces now; that move is 3.",
        "✗ Say which units go from where to where. Usage: move <units> from <space> to <space> "
        "[via <space>, <space>] [bomb], e.g. move 2 infantry from russia to ukraine",
        "✗ Say where to place them. Usage: place <units> in <space>, e.g. place 3 infantry in russia",
        "✗ Research takes a number of dice, like “research 2”.",
        "✗ “abc” is not a whole number. Usage: log [n]",
        "✗ “frobnicate” is not a command here; type help for the list.",
    ]
    assert "Traceback" not in out
    status = await service.status(game_id)
    assert status.version == 4
    state = service.state_of(await service.load(game_id))
    assert state.phase is Phase.COMBAT_MOVE
    assert units_in(state, "Russia", "russia") == {
        "infantry": 4,
        "tank": 2,
        "fighter": 1,
        "aa_gun": 1,
        "factory": 1,
    }


async def test_moves_are_printed_as_commands_one_can_type(service: GameService, capsys) -> None:
    game_id = await play(service, ["moves", "end", "moves"])
    out = capsys.readouterr().out
    listed = [line.strip() for line in out.splitlines() if line.startswith("  ") and "(" not in line]
    assert listed[:5] == ["research 1", "research 2", "research 3", "buy 1 infantry", "buy 1 tank"]
    assert "buy 8 infantry" in listed and "end" in listed
    assert "move 5 infantry from Caucasus to Ukraine S.S.R." in listed
    # Each listed move, typed back, is that move (checked against the current combat-move state).
    game = GAMES["axis_allies"]
    state = service.state_of(await service.load(game_id))
    legal = game.rules.legal(state, 0)
    assert len(legal) > 25 and f"... and {len(legal) - 25} more" in out
    typed = [line for line in listed if line.startswith("move ")]
    assert len(typed) == 25
    for line in typed:
        action = action_from_words(game, line.split(), state)
        assert action in legal and describe_action(game, action) == line


async def test_every_legal_move_reads_back_as_typed(service: GameService) -> None:
    """At each step of the scripted turn, every legal move written as a command parses back to itself."""
    game = GAMES["axis_allies"]
    game_id = await play(service, [])
    seen: set[str] = set()
    for typed in USSR_TURN:
        state = service.state_of(await service.load(game_id))
        seat = game.rules.to_act(state)[0]
        for action in game.rules.legal(state, seat):
            line = describe_action(game, action)
            assert action_from_words(game, line.split(), state) == action, line
            seen.add(line.split()[0])
        user = (await service.status(game_id)).seats[seat].user_id or 0
        await service.act(game_id, user, action_from_words(game, typed.split(), state))
    assert {"research", "buy", "move", "casualties", "press", "retreat", "place", "end"} <= seen


async def test_odds_and_the_unit_table(service: GameService, capsys) -> None:
    await play(
        service,
        [
            "odds 3 inf, 2 arm vs 4 inf",
            "odds 2 bb vs 1 bb, 1 ac sea",
            "odds 1 bb vs 1 inf",
            "odds 3 inf",
            "units",
        ],
    )
    out = capsys.readouterr().out
    # Exact: the rules' own odds solver, checked against 100,000 simulated battles in tests/rules.
    assert (
        "3 infantry, 2 tanks attacking 4 infantry (land): the attacker wins 79.4%, the defence holds 17.6%, "
        "both wiped out 3.1%; 3.2 rounds on average; the attacker keeps about 1 infantry, 1 tank (exact)."
        in out
    )
    assert "2 battleships attacking 1 aircraft carrier, 1 battleship (sea): the attacker wins 43.1%" in out
    assert "✗ 1 battleship cannot fight a land battle." in out
    assert "✗ Usage: odds <units> vs <units> [sea], e.g. odds 3 inf, 2 arm vs 4 inf" in out
    assert "  Battleship           4   4   2   24" in out


async def test_help_lists_the_axis_and_allies_verbs(service: GameService, capsys) -> None:
    await play(service, ["help"])
    out = capsys.readouterr().out
    for verb in (
        "buy <units>",
        "move <units> from <a> to <b>",
        "casualties [units]",
        "place <units> in <space>",
    ):
        assert verb in out
    assert (
        "move 2 infantry, 1 tank from russia to ukraine" in out
        and "place 3 infantry, 1 tank in russia" in out
    )
    assert "end_phase" not in out and "press_on" not in out  # the generic names are not offered


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("game, size", [("axis_allies", (1600, 1150)), ("risk", None)])
async def test_map_writes_the_board_picture(
    service: GameService, capsys, tmp_path: Path, game: str, size: tuple[int, int] | None
) -> None:
    """The same pictures as on Discord (the game's ``pictures.board``), each game in a folder of its own."""
    await play(service, ["map"], game=game, out=tmp_path)
    (folder,) = tmp_path.glob("memory-*-game-1")
    assert f"Wrote {folder / 'board.png'}." in capsys.readouterr().out
    width, height = png_size(folder / "board.png")
    if size is not None:
        assert (width, height) == size
    assert width >= 800 and height >= 400
    assert (folder / "board.png").stat().st_size > 50_000


async def test_a_command_that_fails_on_a_bug_is_one_line_and_the_client_plays_on(
    service: GameService, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = console_module.action_from_words

    def broken(game: Any, words: list[str], state: Any) -> Any:
        if words[0] == "buy":
            raise RuntimeError("a bug")
        return real(game, words, state)

    monkeypatch.setattr(console_module, "action_from_words", broken)
    game_id = await play(service, ["buy 1 inf", "end"])
    out = capsys.readouterr().out
    assert f"  ✗ {console_module.SOMETHING_WENT_WRONG}" in out and "Traceback" not in out
    rows = await service.store.log(game_id)
    assert [r for r in rows if r.kind == "action"], "the client played on: the next command was made"


async def test_an_undo_of_a_move_to_a_dotted_name_ends_with_one_full_stop(
    service: GameService, capsys
) -> None:
    """A newcomer's undo read "... to Ukraine S.S.R..": the move's words already end with a full stop."""
    await play(service, ["buy 3 infantry", "end", "move 3 inf, 1 arm from karelia ssr to ukraine", "undo"])
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    assert (
        "Player 1 took back their last move: move 3 infantry, 1 tank from Karelia S.S.R. to Ukraine S.S.R."
        in lines
    )


async def test_the_log_headline_of_a_battle_says_where_without_the_default(
    service: GameService, capsys
) -> None:
    """A newcomer's log read "Player 1: battle Ukraine S.S.R. -1": the -1 is the default (every battleship
    that may bombard does), which nobody typed."""
    await play(service, [*USSR_TURN[: USSR_TURN.index("battle") + 1], "log 3"])
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    assert "Player 1: fight the battle in Ukraine S.S.R." in lines
    assert not [line for line in lines if "-1" in line]

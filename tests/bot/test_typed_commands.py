"""The terminal's typed commands, shared by every game: a slip of the thumb gets the likely word, and the
``moves`` list is written as players type, each line reading back to its move."""

import random
import re

import pytest

from bot.commands import action_from_words, describe_action, help_text, known_verbs
from bot.console import Console, nothing_to_show, open_game, outcome_line, parse_args, replayed
from bot.games import GAMES
from bot.models import ServiceError
from rules.axis_allies.actions import Submerge
from rules.core.dice import SeededRng
from rules.hexwar.actions import SubmitOrders


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_suggests_the_command_a_typo_meant(name: str) -> None:
    game = GAMES[name]
    verb = next(v for v in known_verbs(game) if len(v) >= 5 and v not in ("resign", "cards"))
    slip = verb[0] + verb[2:]  # one letter dropped: "plce", "atack"
    with pytest.raises(ServiceError) as refused:
        action_from_words(game, [slip])
    assert refused.value.code == "unknown_command"
    assert "Did you mean" in refused.value.message and verb.replace("_", " ") in refused.value.message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_refuses_a_word_that_is_no_command_in_the_same_sentence(name: str) -> None:
    """Each game reads its own commands first, but a slip is refused in one sentence everywhere: the
    likely command first, then where the list is (until 2026-11-29 Hex war and Attack! put the guess
    last, Skirmish left out the list)."""
    refusals = []
    for word in ("stauts", "frobnicate"):
        with pytest.raises(ServiceError) as refused:
            action_from_words(GAMES[name], [word, "x"])
        refusals.append(refused.value.message)
    assert refusals == [
        "“stauts” is not a command here. Did you mean status? Type help for the list.",
        "“frobnicate” is not a command here; type help for the list.",
    ]


def test_the_client_commands_are_suggested_too() -> None:
    with pytest.raises(ServiceError, match="Did you mean replay"):
        action_from_words(GAMES["risk"], ["reply"])


def test_risk_names_a_mistyped_territory() -> None:
    refusal = "no territory called “alsaka” on this map. Did you mean Alaska?"
    with pytest.raises(ServiceError, match=re.escape(refusal)):
        action_from_words(GAMES["risk"], ["place", "alsaka", "3"])


def test_risk_gives_odds_in_the_terminal_as_the_slash_command_does() -> None:
    answer = GAMES["risk"].text.query(["odds", "10", "7"])
    assert answer == (
        "10 v 7 (one army stays behind): the attacker wins 72.6% of fights to the end, losing 5.3 armies "
        "on average; the defender loses 6.2."
    )
    with pytest.raises(ServiceError, match="The number of attacking armies is a whole number from 2 to 3000"):
        GAMES["risk"].text.query(["odds", "1", "7"])
    assert GAMES["risk"].text.query(["place", "alaska", "3"]) is None


def _positions(name: str, steps: int):
    """Positions along a seeded game of ``name`` with random legal moves: (state, seat, legal moves)."""
    rules = GAMES[name].rules
    rng = SeededRng(f"typed-{name}")
    state, _ = rules.setup({}, 2 if name == "axis_allies" else 3, rng)
    pick = random.Random(name)
    for _ in range(steps):
        to_act = rules.to_act(state)
        if not to_act or rules.result(state) is not None:
            return
        moves = rules.legal(state, to_act[0])
        yield state, to_act[0], moves
        state, _ = rules.apply(state, to_act[0], pick.choice(moves), rng)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_moves_list_is_written_as_players_type_and_each_reads_back_to_its_move(name: str) -> None:
    """``moves`` in the terminal: names with spaces (``western united states``, ``aa gun``), never a key
    with underscores, and typing a listed line makes that very move (the same position after it)."""
    game, checked = GAMES[name], 0
    for state, seat, moves in _positions(name, 40):
        for move in moves[:15]:
            line = describe_action(game, move)
            assert "_" not in line, line
            typed = action_from_words(game, line.split(), state)
            if typed != move:  # a name typed may stay as typed: the rules read it to the same place
                after = game.rules.apply(state, seat, typed, SeededRng("same"))[0]
                assert after == game.rules.apply(state, seat, move, SeededRng("same"))[0], line
            checked += 1
    assert checked >= 100


def test_a_submarine_submerges_to_the_zone_typed_as_the_moves_list_writes_it() -> None:
    move = Submerge("West Africa Sea Zone")
    assert describe_action(GAMES["axis_allies"], move) == "submerge West Africa Sea Zone"
    assert action_from_words(GAMES["axis_allies"], ["submerge", "west", "africa", "sea", "zone"]) == move
    assert action_from_words(GAMES["axis_allies"], ["submerge"]) == Submerge()


def test_hex_war_lists_submit_and_hold_as_typed_and_refuses_words_after_them() -> None:
    game = GAMES["hexwar"]
    assert [describe_action(game, SubmitOrders(hold=h)) for h in (False, True)] == ["submit", "hold"]
    with pytest.raises(ServiceError, match=re.escape("“submit” takes nothing after it.")):
        action_from_words(game, ["submit", "orders"])


def test_a_command_written_another_way_is_not_offered_as_its_own_correction() -> None:
    with pytest.raises(ServiceError) as refused:
        action_from_words(GAMES["risk"], ["occupy", "all", "of", "them"])
    assert "Did you mean" not in refused.value.message


async def test_the_terminal_status_names_verify_as_typed_here_and_an_empty_log_says_why(
    service, capsys
) -> None:  # type: ignore[no-untyped-def]
    """The status said "`/game verify`" (a Discord command) and ``log`` on secret orders printed a blank."""
    game_id = await open_game(service, parse_args(["--game", "risk", "--seats", "human,ai", "--seed", "nc3"]))
    await Console(service, game_id, None, ":memory:").run(iter(["status"]))
    out = capsys.readouterr().out
    assert "`verify` checks every die" in out and "/game verify" not in out
    assert nothing_to_show(1) == "Nothing to show: the last move is kept secret for now."
    assert nothing_to_show(5) == "Nothing to show: the last 5 moves are kept secret for now."
    assert "the last n moves and what each did" in help_text(GAMES["risk"])  # not "n lines": n moves


async def test_the_terminal_replay_counts_turns_and_frames_in_words(service, capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`replay 1` wrote "the last 1 turn(s), 1 frames" (a newcomer's Attack! game)."""
    game_id = await open_game(service, parse_args(["--game", "risk", "--seats", "ai,ai", "--seed", "nc5"]))
    await Console(service, game_id, tmp_path, ":memory:").run(iter(["replay 1", "replay 2"]))
    out = capsys.readouterr().out
    assert "replay.gif: the last turn, 1 frame." in out and "replay.gif: the last 2 turns, 2 frames." in out
    assert "turn(s)" not in out and " 1 frames" not in out
    assert replayed(True, 9, 9) == "the whole game, 9 frames"


def test_the_terminal_says_how_a_game_ended_once_and_as_a_sentence() -> None:
    """An Attack! win printed "🏆 AI 1 wins: Germany, a capital, was captured." and then the outcome again,
    "Germany, a capital, was captured", with no full stop."""
    won = ["AI 1 took the capital Germany from Player 1.", "🏆 AI 1 wins: Germany, a capital, was captured."]
    assert outcome_line(won, "Germany, a capital, was captured") is None
    assert outcome_line(["🏆 AI 1 wins the game!"], "AI 1 conquered the world") == "AI 1 conquered the world."
    assert (
        outcome_line(["🏆 AI 1 wins the game!"], "AI 1 conquered the world.") == "AI 1 conquered the world."
    )
    assert outcome_line(won, None) is None


def test_help_keeps_its_columns_apart_and_spaces_each_choice() -> None:
    """A newcomer's terminal help read "reinforce | draw | extra move|exchange a standard action (two a
    turn)" and "attack <from> <to> [units] [dice N] [counters N] attack (default: the strongest ten)"."""
    skirmish = help_text(GAMES["skirmish"]).splitlines()
    first = skirmish.index("  reinforce | draw | extra move | extra exchange")
    assert skirmish[first + 1] == " " * 34 + "a standard action (two a turn)"
    assert "  place <territory> <troops>      place reinforcement troops" in skirmish
    for game in GAMES.values():
        text = help_text(game)
        for usage, what in game.text.help:
            assert f"  {usage:<30}  {what}" in text or f"  {usage}\n{' ' * 34}{what}" in text, usage

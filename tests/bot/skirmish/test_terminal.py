"""Skirmish in the terminal client (``python -m bot.console --game skirmish``) with a registry that includes
it: a human seat types its turn (a standard action, placing, a card, a refused exchange, an attack), the
AI answers the battle, and ``ai`` finishes what is left."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import console
from bot.commands import describe_action
from bot.games import GAMES
from bot.lobby import seat_order
from bot.models import ServiceError
from rules.core.dice import SeededRng
from rules.skirmish import RULES
from rules.skirmish.board import skirmish_map
from rules.skirmish.legal import attacks
from tests.bot.skirmish.helpers import WITH

SEED = "skirmish in the terminal"


async def test_a_human_turn_typed_in_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    order, _ = seat_order(SEED, 2, {})
    human = order.index(0)  # the first joiner (the human) sits where the seat order put it
    state, _ = RULES.setup({"round_limit": 2}, 2, SeededRng(SEED))
    board = skirmish_map()
    own = [board.ids[t] for t in range(board.size) if state.owner[t] == human]
    attack = next(a for a in attacks(state, human, board) if a.source != own[0])
    lines = [
        "reinforce",
        f"place {own[0]} 1",
        "end",
        "draw",
        "cards",
        f"exchange {own[0]} 1 troop 1 cavalry for cannon",
        "end",
        f"attack {attack.source} {attack.target} 2 troops",
        *["ai"] * 12,
        "log 3",
    ]
    script = tmp_path / "moves.txt"
    script.write_text("\n".join(lines), encoding="utf-8")
    args = ["--game", "skirmish", "--seats", "human,ai", "--seed", SEED, "--db", str(tmp_path / "t.db")]
    # (first_turn_safe=0: the scripted turn attacks in round 1, before the defender's first turn)
    args += ["--script", str(script), "--no-images", "--option=round_limit=2", "--option=first_turn_safe=0"]
    assert await console.main(args, WITH) == 0
    out = capsys.readouterr().out
    name = f"Player {1}"  # the human's default name
    assert f"{name} reinforced" in out and f"{name} placed 1 troop on" in out
    # The card drawn by name, as the mover may read it (not the table's "drew a card." before it).
    assert re.search(rf"^  {name} drew a card \(\w+\)\.$", out, re.MULTILINE), out
    assert f"{name} drew a card." not in out and "Hand limit at the end of your turn" in out
    assert "✗ An exchange trades in units of one type only; you offered troops and cavalry." in out
    assert f"{name} attacked" in out and "with 2 troops" in out
    assert out.count("✗") == 1, out


async def run_script(tmp_path: Path, lines: list[str], images: bool = False) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("\n".join(lines), encoding="utf-8")
    args = ["--game", "skirmish", "--seats", "human,ai", "--seed", SEED, "--db", str(tmp_path / "t.db")]
    args += ["--script", str(script), "--option=round_limit=2", "--option=first_turn_safe=0"]
    args += ["--out", str(tmp_path / "pictures")] if images else ["--no-images"]
    assert await console.main(args, WITH) == 0


async def test_a_newcomers_frictions_in_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: `orders` says what was set; names with spaces; "did you mean" for a slip; `ai turn` plays
    the whole turn through its battles; `battle` writes the battle board; counts read as English."""
    order, _ = seat_order(SEED, 2, {})
    human = order.index(0)
    state, _ = RULES.setup({"round_limit": 2}, 2, SeededRng(SEED))
    board = skirmish_map()
    mine = [board.names[t] for t in range(board.size) if state.owner[t] == human]
    spaced = next(name for name in mine if " " in name)
    lines = [
        "orders losses=cheapest defend=all",
        "plce 1",
        "reinforce",
        f"place {spaced.lower()} 1",
        f"place {spaced.lower()[:-1]} 1",
        "ai turn",
        "battle",
    ]
    await run_script(tmp_path, lines, images=True)
    out = capsys.readouterr().out
    name = "Player 1"
    assert f"{name} set standing orders: defend all · losses cheapest." in out
    assert "✗ “plce” is not a command here. Did you mean place?" in out
    assert f"{name} placed 1 troop on {spaced}." in out
    assert f"Did you mean {spaced}" in out
    # The AI played the rest of the turn, the battles and whatever came after them, to the turn's end.
    ended = out.index("turn 2: AI 1 to play")
    assert "Battle for" in out[:ended] and f"(AI for {name}: end)" in out[:ended]
    assert "Wrote" in out and (tmp_path / "pictures" / "t-game-1" / "battle.png").exists()
    assert "(s)" not in out and " 1 dice" not in out, out


def test_typed_names_may_have_spaces() -> None:
    from bot.games.skirmish.text import TEXT
    from rules.skirmish import actions as sk
    from rules.skirmish.pieces import Units

    words = ["attack", "elder", "fen", "sable", "ford", "2", "troops", "dice", "2"]
    assert TEXT.parse(words, None) == sk.Attack("elder fen", "sable ford", Units(troop=2), 2, None)
    assert TEXT.parse(["move", "oakhollow", "yarrow", "downs", "1", "cannon"], None) == sk.Move(
        "oakhollow", "yarrow downs", Units(cannon=1)
    )
    assert TEXT.parse(["place", "Elder", "Fen", "3"], None) == sk.Place("Elder Fen", 3)
    assert TEXT.parse(["exchange", "elder", "fen", "2", "cav", "for", "cannon"], None) == sk.Exchange(
        "elder fen", Units(cavalry=2), "cannon"
    )
    assert TEXT.parse(["card", "4", "upper", "wold"], None) == sk.PlayCard(4, None, "upper wold")


async def test_the_terminal_refuses_options_the_seats_cannot_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29, item 6: two players with five troops a territory is refused before anything is stored."""
    db = tmp_path / "t.db"
    args = ["--game", "skirmish", "--seats", "human,ai", "--db", str(db), "--no-images"]
    assert await console.main([*args, "--option=start_troops=5"], WITH) == 2
    assert "start_troops can be at most 3 for 2 players." in capsys.readouterr().err
    # Nothing was kept: the next run makes a new game rather than resuming a lobby.
    script = tmp_path / "none.txt"
    script.write_text("status", encoding="utf-8")
    assert await console.main([*args, "--script", str(script)], WITH) == 0
    assert "Resuming" not in capsys.readouterr().out


async def test_a_newcomer_types_troops_after_the_count_and_the_prompt_names_the_battle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A newcomer's second game: ``place elder fen 3 troops`` (the words of the help's "3 troops") is the
    same as ``place elder fen 3``, and a battle's prompt names the attacked territory as the board does
    ("battle for Elder Fen: defend"), not by its key (``elder_fen``)."""
    order, _ = seat_order(SEED, 2, {})
    human = order.index(0)
    state, _ = RULES.setup({"round_limit": 2}, 2, SeededRng(SEED))
    board = skirmish_map()
    spaced = next(
        board.names[t] for t in range(board.size) if state.owner[t] == human and " " in board.names[t]
    )
    attack = next(a for a in attacks(state, human, board) if "_" in a.target)
    target = board.names[board.ids.index(attack.target)]
    lines = [
        "reinforce",
        f"place {spaced.lower()} 1 troops",
        "end",
        "draw",
        "end",
        f"attack {attack.source} {attack.target}",
        "status",  # (a line more, to see the prompt the battle waits at)
    ]
    await run_script(tmp_path, lines)
    out = capsys.readouterr().out
    assert f"Player 1 placed 1 troop on {spaced}." in out
    assert f", battle for {target}: " in out, out
    assert "✗" not in out, out


def test_orders_alone_keeps_the_orders_and_a_slip_after_extra_is_named() -> None:
    """A newcomer typed ``orders`` to see their standing orders and had them all cleared ("set standing
    orders: none"); and ``extra mvoe`` was told “extra” is not a command. Bare ``orders`` now says how to
    set, clear and see them (nothing changes); ``orders clear`` still clears; a slip after ``extra`` gets
    the likely extra action."""
    from bot.games.skirmish.text import TEXT
    from bot.models import ServiceError
    from rules.skirmish import actions as sk
    from rules.skirmish.state import StandingOrders

    with pytest.raises(ServiceError) as caught:
        TEXT.parse(["orders"], None)
    assert caught.value.message == (
        "Write the orders to set (orders defend=all losses=cheapest), or orders clear to clear them; "
        "cards shows the orders set now."
    )
    assert TEXT.parse(["orders", "clear"], None) == sk.SetOrders(StandingOrders())
    with pytest.raises(ServiceError) as caught:
        TEXT.parse(["extra", "mvoe"], None)
    assert caught.value.message == "An extra action is extra move or extra exchange. Did you mean extra move?"
    assert TEXT.parse(["extra", "Exchange"], None) == sk.ExtraExchange()


def test_a_card_is_played_or_discarded_by_its_name() -> None:
    """A newcomer typed ``card stand fast`` (the name ``cards`` showed) and was told "The card is a whole
    number from 0 to 999, not “stand”": a card in the hand of the seat to act is named as well as
    numbered, spaces and all, and a slip in its name gets the likely card."""
    from msgspec.structs import replace

    from bot.games.skirmish.text import TEXT
    from bot.models import ServiceError
    from rules.skirmish import actions as sk
    from rules.skirmish.pieces import pieces

    state, _ = RULES.setup({}, 2, SeededRng(SEED))
    kinds = pieces().cards
    stand = next(i for i, kind in enumerate(kinds) if kind.name == "Stand Fast")
    push = next(i for i, kind in enumerate(kinds) if kind.name == "Push")
    hands = tuple((stand, push) if seat == state.current else () for seat in range(state.players))
    state = replace(state, hands=hands)
    assert TEXT.parse(["card", "stand", "fast"], state) == sk.PlayCard(stand, None, None)
    assert TEXT.parse(["card", "Push", "2"], state) == sk.PlayCard(push, 2)
    assert TEXT.parse(["card", "push", "upper", "wold"], state) == sk.PlayCard(push, None, "upper wold")
    assert TEXT.parse(f"card {push} 2".split(), state) == sk.PlayCard(push, 2)
    assert TEXT.parse(["discard", "stand", "fast"], state) == sk.Discard(stand)
    with pytest.raises(ServiceError) as caught:
        TEXT.parse(["card", "stand", "fst", "2"], state)
    assert caught.value.message == (
        "You hold no “stand fst” card; cards shows yours, with their numbers. Did you mean Stand Fast?"
    )


def test_extra_dice_may_be_typed_as_two_words() -> None:
    """The prompt asks to "add the attacker's extra dice"; `extra dice 1 2` was "not a command here"."""
    from bot.games.skirmish.text import TEXT
    from rules.skirmish import actions as sk

    assert TEXT.parse(["extra", "dice", "1", "2"], None) == sk.AssignExtra((1, 2))
    assert TEXT.parse(["extradice", "1", "2"], None) == sk.AssignExtra((1, 2))
    assert TEXT.parse(["extra", "move"], None) == sk.ExtraMove()


def test_an_exchange_takes_the_short_forms_of_the_unit_it_is_for() -> None:
    """Help's own example writes `2 cav`; `for cav` (or `for gens`) was refused with a list of types."""
    from bot.games.skirmish.text import TEXT
    from rules.skirmish import actions as sk
    from rules.skirmish.pieces import Units

    assert TEXT.parse(["exchange", "raven", "spire", "3", "troops", "for", "cav"], None) == sk.Exchange(
        "raven spire", Units(troop=3), "cavalry"
    )
    assert TEXT.parse(["exchange", "oakhollow", "2", "cav", "for", "Cannons"], None) == sk.Exchange(
        "oakhollow", Units(cavalry=2), "cannon"
    )
    assert TEXT.parse(["exchange", "oakhollow", "2", "cavs", "for", "gens"], None) == sk.Exchange(
        "oakhollow", Units(cavalry=2), "general"
    )
    with pytest.raises(ServiceError, match=re.escape("“cavlry” is not a unit. Did you mean cavalry?")):
        TEXT.parse(["exchange", "oakhollow", "3", "troops", "for", "cavlry"], None)


def test_standing_orders_are_typed_as_help_and_the_log_write_them() -> None:
    """Help said "(clear: none)" but `orders none` was refused; `cards from=2`, as the log and the moves
    list write it, was refused too."""
    from bot.games.skirmish.text import TEXT
    from rules.skirmish import actions as sk
    from rules.skirmish.state import StandingOrders

    none = sk.SetOrders(StandingOrders())
    assert TEXT.parse(["orders", "none"], None) == none and TEXT.parse(["orders", "clear"], None) == none
    wanted = sk.SetOrders(StandingOrders(defend="all", cards_from=2))
    assert TEXT.parse(["orders", "cards", "from=2", "defend=all"], None) == wanted
    assert TEXT.parse(["orders", "cards_from=2", "defend=all"], None) == wanted
    assert TEXT.parse(describe_action(GAMES["skirmish"], wanted).split(), None) == wanted
    with pytest.raises(ServiceError, match="not “losses”"):
        TEXT.parse(["orders", "defend=all", "losses"], None)

"""Skirmish in the terminal client (``python -m bot.console --game skirmish``) with a registry that includes
it: a human seat types its turn (a standard action, placing, a card, a refused exchange, an attack), the
AI answers the battle, and ``ai`` finishes what is left."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import console
from bot.lobby import seat_order
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
    args += ["--script", str(script), "--no-images", "--option=round_limit=2"]
    assert await console.main(args, WITH) == 0
    out = capsys.readouterr().out
    name = f"Player {1}"  # the human's default name
    assert f"{name} reinforced" in out and f"{name} placed 1 troop(s) on" in out
    assert f"{name} drew a card." in out and "Hand limit at the end of your turn" in out
    assert "✗ An exchange trades in units of one type only; you offered troops and cavalry." in out
    assert f"{name} attacked" in out and "with 2 troops" in out
    assert out.count("✗") == 1, out

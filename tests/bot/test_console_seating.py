"""The terminal says who plays which seat and how the order was decided (drawn, or kept with --order)."""

from pathlib import Path

import pytest

from bot.console import main


async def test_the_drawn_seat_order_is_said_and_as_given_keeps_yours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "quit.txt"
    script.write_text("quit\n")
    common = ["--game", "axis_allies", "--seats", "ai,human,ai", "--no-images", "--script", str(script)]
    assert await main([*common, "--db", str(tmp_path / "drawn.db"), "--seed", "s1"]) == 0
    drawn = capsys.readouterr().out.splitlines()[0]
    assert drawn.startswith("Seat order drawn with the game's dice (--order as-given keeps yours): Player 2")
    assert await main([*common, "--db", str(tmp_path / "kept.db"), "--order", "as-given"]) == 0
    kept = capsys.readouterr().out.splitlines()[0]
    assert kept == "Seat order kept as --seats gave it: Player 2 plays seat 2 (Germany)."

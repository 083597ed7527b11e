"""The terminal says who plays which seat and how the order was decided (drawn, or kept with --order)."""

from pathlib import Path

import pytest

from bot.console import CONSOLE_CHANNEL, main
from bot.store import SqliteStore


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


async def test_as_given_keeps_every_seat_where_seats_put_it_the_ai_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--order as-given` kept only the humans' places: the AI seats were drawn among the rest, so an
    easy AI asked for seat 1 could end in seat 3. Seeds that drew them swapped show it kept."""
    script = tmp_path / "quit.txt"
    script.write_text("quit\n")
    kept = []
    for seed in ("s1", "s2", "s3", "s4"):
        db = tmp_path / f"{seed}.db"
        args = [
            "--game",
            "axis_allies",
            "--seats",
            "ai:easy,human,ai",
            "--no-images",
            "--script",
            str(script),
        ]
        assert await main([*args, "--db", str(db), "--seed", seed, "--order", "as-given"]) == 0
        capsys.readouterr()
        store = await SqliteStore.open(str(db))
        try:
            game = await store.latest_game(CONSOLE_CHANNEL)
            assert game is not None
            seats = await store.seats(game.id)
        finally:
            await store.close()
        kept.append([(s.controller, s.ai_level) for s in seats])
    assert kept == [[("ai", "easy"), ("human", None), ("ai", "normal")]] * 4


async def test_the_logs_first_line_says_the_order_was_given_not_claimed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--order as-given`: the log's first line said "The game started with the seats as claimed", though
    nobody claimed a seat; it says the order was given."""
    script = tmp_path / "log.txt"
    script.write_text("log\nquit\n")
    args = [
        "--game",
        "risk",
        "--seats",
        "human,ai",
        "--names",
        "Ann,Bo",
        "--no-images",
        "--script",
        str(script),
    ]
    assert await main([*args, "--db", str(tmp_path / "kept.db"), "--order", "as-given"]) == 0
    out = capsys.readouterr().out
    assert "The game started with the seats in the order given, none drawn: Ann, Bo." in out
    assert "as claimed" not in out
    # The seat-order die decided nothing, so the log shows none ("🎲 seat order: [1]" read as a draw).
    assert "seat order" not in out

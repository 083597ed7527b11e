"""The terminal client as a user runs it: a scripted game end to end, resumed from its database file,
and ``python -m bot`` without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run(args: list[str], tmp_path: Path, script: str | None = None, env: dict[str, str] | None = None) -> str:
    if script is not None:
        (tmp_path / "moves.txt").write_text(script, encoding="utf-8")
        args = [*args, "--script", str(tmp_path / "moves.txt")]
    done = subprocess.run(
        [sys.executable, *args],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_scripted_game_resumed_from_its_database(tmp_path: Path) -> None:
    db = str(tmp_path / "console.db")
    first = run(
        ["-m", "bot.console", "--seats", "human,ai", "--names", "Ann,Bot", "--db", db, "--seed", "console"],
        tmp_path,
        "# the first evening\nstatus\nplace nowhere 3\nplace alaska many\nai turn\ncards\nmap\nquit\n",
    )
    assert "Game #1: Risk, running" in first and "Seats: " in first and "Ann" in first
    assert "There is no territory called “nowhere” on this map." in first
    assert "The number of armies is a whole number, not “many”. Usage: place <territory> <armies>" in first
    assert "(AI for Ann: place " in first
    assert "You hold no cards." in first
    assert (tmp_path / "out" / "console-game-1" / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"it is saved in {db}" in first

    second = run(
        ["-m", "bot.console", "--db", db, "--out", str(tmp_path / "pictures")],
        tmp_path,
        "status\nundo\nresign\nstatus\nlog 3\nverify\nexport game.json\n",
    )
    assert "Resuming game #1" in second
    assert "Ann resigned" in second and "🏆 Bot wins the game!" in second
    assert "Game #1: Risk, ended" in second and "Seed: console" in second
    assert "dice of game #1 match the revealed seed" in second
    assert (tmp_path / "game.json").exists()
    assert any(p.name.startswith("turn-") for p in (tmp_path / "pictures" / "console-game-1").iterdir())


def test_ai_only_game_plays_to_the_end(tmp_path: Path) -> None:
    out = run(["-m", "bot.console", "--seats", "ai,ai", "--no-images"], tmp_path, "status\n")
    assert "wins the game!" in out and "Game #1: Risk, ended" in out
    assert "it is saved in warboard.db" in out and (tmp_path / "warboard.db").exists()  # kept by default


def test_python_m_bot_without_a_token_is_the_terminal_client(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--game", "axis_allies", "--no-images"],
        cwd=tmp_path,
        env={k: v for k, v in {**os.environ, "PYTHONPATH": str(ROOT)}.items() if k != "DISCORD_TOKEN"},
        capture_output=True,
        text=True,
        timeout=60,
        input="status\nquit\n",
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == (
        "DISCORD_TOKEN is not set, so this is the terminal client (set it to run the Discord bot). "
        "Options: python -m bot --help; `help` lists the commands, `quit` leaves."
    )
    assert any(line.startswith("Game #1: Axis & Allies, running") for line in lines)
    assert "Bye. Game #1: it is saved in warboard.db" in lines[-1]

"""Attack! in the terminal client, as a person types it (hot seat: three human seats in one terminal):
setup, actions begun by their verb and carried out step by step, a navy battle's line-ups and an army
battle's lines, refusals in one sentence, and the private hand; with a fixed seed, so the dice are the
same every run. The registry includes the game (the lead lists it in ``bot/games`` when integrating)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from bot import console
from tests.bot.attack.atk_play import WITH

SCRIPT = """\
help
government monarchy minerals
government fascism rail
government democracy minerals
capital france iberia italy
capital west_africa maghreb sahel
capital quebec ontario eastern_us
direction clockwise
march france iberia
move
march nowhere iberia
march france iberia 1 infantry, 2 artillery, 1 tank, 1 plane
end
navigate
sail west_africa central_atlantic 1 sub, 1 dd
end
cards
build
buy quebec 2 infantry
end
navigate
sail france central_atlantic
end
lineup destroyer, submarine, battleship
lineup
move
march west_africa maghreb 1 artillery, 1 tank, 1 plane
end
pass
move
march iberia maghreb
march italy maghreb 2 infantry
end
deploy 1 infantry
deploy 2 infantry, 1 tank, 1 plane
deploy
deploy
status
"""


async def test_a_hot_seat_game_in_the_terminal(tmp_path: Path) -> None:
    (tmp_path / "moves.txt").write_text(SCRIPT, encoding="utf-8")
    args = ["--game", "attack", "--seats", "human,human,human", "--names", "Ann,Bob,Cat"]
    args += [
        "--db",
        str(tmp_path / "atk.db"),
        "--seed",
        "atk-console",
        "--script",
        str(tmp_path / "moves.txt"),
    ]
    args += ["--out", str(tmp_path / "out")]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert await console.main(args, WITH) == 0
    out = printed.getvalue()
    assert "sail <from> <to> [ships] [with <army>]" in out, "help lists the game's own commands"
    assert "Cat chose Monarchy" in out and "Cat placed the capital in France" in out
    assert "Cat chose to play clockwise: Cat, Ann, Bob." in out
    assert "✗ Choose this season's action first (or pass)." in out, "a step before its action is refused"
    assert "✗ There is no region called “nowhere” on this board." in out
    assert "Cat moved 1 infantry, 2 artillery, 1 tank, 1 plane from France to Iberia." in out
    assert "#8 Blitzkrieg: tanks and planes join this Blitz from up to 5 regions away." in out, "Bob's hand"
    # The mover reads their own line-up, where the table reads only that one was set (the terminal printed
    # the public line, then the private one after it).
    assert "Cat set a line-up in the Central Atlantic: destroyer, submarine, battleship." in out
    assert "Cat set a line-up in the Central Atlantic.\n" not in out
    assert "line-ups revealed — destroyer, submarine, battleship against destroyer, submarine" in out
    assert "» Battle for Maghreb: deploy 4 from your reserve" in out, (
        "the terminal says what the battle waits for"
    )
    assert "✗ Your first line takes exactly 4 units from your reserve" in out
    assert "Cat won the battle for Maghreb." in out and "Cat took Maghreb from Ann." in out
    assert list((tmp_path / "out").rglob("*.png")), "board pictures were written"

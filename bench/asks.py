"""How often a battle pings its players when both asked to be asked (``/game questions ask``): two members
play a 2-seat game on the fake Discord, each making the move the game's AI would choose through the game's
own commands and buttons, each move 30 s of the bot's clock after the last (``--pace``), and the channel
is counted: decisions asked of a player not on turn, those that pinged, turn pings, and battles fought
(the game's battle-start events in the log). Asserts nothing.

    python bench/asks.py [--games skirmish,axis_allies] [--moves 200] [--prefix r9-] [--count 3]

Seeds: ``<prefix>0`` .. ``<prefix><count-1>``, each hashed into the game's seed. Results (players9,
2026-11-30, ``--moves 200 --count 3``, fresh seeds; "before" is the same script on main at 743fb6d, where
every decision asked pinged; the games and their asks are the same, only the pings differ):

| game | seeds | asks | asks pinging (before → after) | battles | pinging asks a battle |
| --- | --- | --- | --- | --- | --- |
| skirmish | r9-0..2 | 162 | 162 → 15 | 41 | 3.95 → 0.37 |
| axis_allies | r9-0..2 | 70 | 70 → 11 | 45 | 1.56 → 0.24 |

After: a player is pinged by the first decision of a sitting (a turn's first battle, or one after a pause
of 10 minutes), so in these scripted games, 30 s a move, a battle rarely pings at all: the turn's
first one does. Turn pings (18 and 19) are unchanged.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import bot.service  # noqa: E402
from bot.games import GAMES  # noqa: E402
from tests.bot.discord_world import ask_me, discord_world  # noqa: E402
from tests.bot.players_play import open_table, play  # noqa: E402

CHANNEL = "lobby"
MEMBERS = ["alice", "bob"]
# The events that begin a battle, per game, as their JSON tags (Risk's count every roll).
STARTS = {
    "axis_allies": ['"BattleStarted"'],
    "skirmish": ['"AttackDeclared"'],
    "attack": ['"ArmyBattleBegan"', '"NavyBattleBegan"'],
    "risk": ['"BattleFought"'],
}


def fixed(seed: str) -> object:
    class Seed:  # stands in for bot.service's ``secrets``: the game draws this seed
        @staticmethod
        def token_hex(nbytes: int = 32) -> str:
            return hashlib.sha256(seed.encode()).hexdigest()

    return Seed


async def one(name: str, seed: str, moves: int, pace: float) -> tuple[int, int, int, int]:
    """(asks, asks that pinged, turn pings, battles) of one game."""
    bot.service.secrets = fixed(seed)  # type: ignore[assignment]
    now = [datetime(2026, 11, 30, tzinfo=UTC)]
    with tempfile.TemporaryDirectory() as folder:
        async with discord_world(f"{folder}/g.db", clock=lambda: now[0]) as (fd, app):
            game = GAMES[name]
            await open_table(fd, game, CHANNEL, MEMBERS)
            await ask_me(fd, CHANNEL, MEMBERS)

            async def tick(state: object) -> None:
                now[0] += timedelta(seconds=pace)

            game_id = await play(fd, app, game, CHANNEL, MEMBERS, moves=moves, after_move=tick)
            await fd.wait_idle(settle=0.3)
            posted = [m for m in fd.messages(CHANNEL) if not m.ephemeral]
            asks = [m for m in posted if "waits for your decision" in (m.content or "")]
            turn_pings = [m for m in posted if m.pings and m not in asks]
            rows = await app.store.log(game_id)
            battles = sum(row.events.count(tag) for row in rows for tag in STARTS.get(name, []))
            return len(asks), sum(1 for m in asks if m.pings), len(turn_pings), battles


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="skirmish,axis_allies")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--prefix", default="r9-")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--pace", type=float, default=30.0, help="seconds of the bot's clock a move")
    args = parser.parse_args()
    for name in args.games.split(","):
        total = [0, 0, 0, 0]
        for i in range(args.count):
            seed = f"{args.prefix}{i}"
            got = await one(name, seed, args.moves, args.pace)
            print(f"{name} {seed}: asks {got[0]}, pinging {got[1]}, turn pings {got[2]}, battles {got[3]}")
            total = [a + b for a, b in zip(total, got, strict=True)]
        per = total[1] / max(total[3], 1)
        print(
            f"{name} {args.prefix}0..{args.count - 1} ({args.moves} moves each): asks {total[0]}, "
            f"pinging {total[1]}, turn pings {total[2]}, battles {total[3]}, pinging asks a battle {per:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    asyncio.run(main())

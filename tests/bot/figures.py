"""How loud a game is in its channel (issue 28): three members play a 3-seat game on the fake Discord,
each making the move the game's AI would choose through the game's own commands and buttons, from the
first setup turn through three full rounds, and the channel is counted as a player would feel it.

What is counted (``Figures``):

- ``waits``: each time the game starts waiting on someone new (a turn passing, a defender asked);
- ``turns``: each time the turn passes (the game's own notion of a turn, ``TURNS`` below);
- ``public``: new public messages the bot posts in the channel from the start on (edits are not new);
- ``pictures``: the pictures those messages carry when posted;
- ``longest_ping``: the characters of the longest message that pings someone (its text and embeds);
- ``log_lines``: log lines ("#24 Bob: ...", "(rolls ...)") in messages that ping;
- ``lookups`` and ``public_lookups``: the look-ups a member not on turn makes once the setup is over
  (``/game status``, ``map``, ``log``, ``replay`` and the game's odds) and how many answered publicly;
- ``setup_turns``: the most times the setup started waiting on one seat.

The figures are printed by ``tests/bot/test_figures.py`` (``-s``) and checked against the issue's aims.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.game import Games, Slash
from tests.bot.discord_world import discord_world

CHANNEL = "risk"  # the test guild's first channel
MEMBERS = ("alice", "bob", "carol")
ROUNDS = 3

# Per game, tests may name games: is the state in its setup, which round is it, which turn (a key that
# changes when the turn passes, not when a question is asked inside it).
SETUP: dict[str, Callable[[Any], bool]] = {
    "risk": lambda s: s.turn == 0,
    "axis_allies": lambda s: False,
    "hexwar": lambda s: s.round == 0,
    "skirmish": lambda s: False,
    "attack": lambda s: str(s.stage) in ("government", "capital"),
}
ROUND: dict[str, Callable[[Any], int]] = {
    "risk": lambda s: s.round,
    "axis_allies": lambda s: s.round,
    "hexwar": lambda s: s.round,
    "skirmish": lambda s: s.round,
    "attack": lambda s: s.year * 4 + s.season,
}
TURNS: dict[str, Callable[[Any], object]] = {
    "risk": lambda s: s.turn,
    "axis_allies": lambda s: s.turn,
    "hexwar": lambda s: (s.turn, s.current if s.round == 0 else -1),
    "skirmish": lambda s: (s.turn, s.current),
    "attack": lambda s: (s.year, s.season, s.position, str(s.stage)),
}
ODDS: dict[str, tuple[str, dict[str, object]]] = {
    "risk": ("risk odds", {"attackers": 6, "defenders": 4}),
    "axis_allies": ("aa odds", {"attackers": "3 infantry, 1 tank", "defenders": "2 infantry"}),
}
LOG_LINE = re.compile(r"(^|\n)\s*\\?#\d+ |\(rolls ")


@dataclass
class Figures:
    game: str
    waits: int = 0
    turns: int = 0
    public: int = 0
    pictures: int = 0
    longest_ping: int = 0
    log_lines: int = 0
    lookups: int = 0
    public_lookups: int = 0
    setup_turns: int = 0
    moves: int = 0
    pings: list[str] = field(default_factory=list)

    def line(self) -> str:
        per_wait = self.public / max(self.waits, 1)
        pictures = self.pictures / max(self.waits, 1)
        per_turn = self.public / max(self.turns, 1)
        return (
            f"{self.game:<12} moves {self.moves:4} waits {self.waits:3} turns {self.turns:3} | "
            f"public {self.public:4} ({per_wait:.2f}/wait, {per_turn:.2f}/turn) pictures {self.pictures:4} "
            f"({pictures:.2f}/wait) | longest ping {self.longest_ping:5} log lines {self.log_lines:4} | "
            f"public look-ups {self.public_lookups}/{self.lookups} | setup turns {self.setup_turns}"
        )


def message_text(message: Any) -> str:
    """What a player reads of a message: its text and its embeds' titles, descriptions and footers."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [
            embed.get("title", ""),
            embed.get("description", ""),
            (embed.get("footer") or {}).get("text", ""),
        ]
    return "\n".join(p for p in parts if p)


def count_channel(figures: Figures, fd: Any, since: set[int]) -> None:
    """Count the bot's public messages in the channel that are not in ``since`` (ids seen before)."""
    bot_id = None
    for message in fd.messages(CHANNEL, ephemeral=False):
        if message.id in since:
            continue
        bot_id = bot_id or message.author_id
        if message.author_id != bot_id or message.loading:
            continue
        figures.public += 1
        figures.pictures += sum(1 for a in message.attachments if a.filename.endswith((".png", ".gif")))
        if message.pings:
            text = message_text(message)
            figures.pings.append(text)
            figures.longest_ping = max(figures.longest_ping, len(text))
            figures.log_lines += len(LOG_LINE.findall(text))


async def settled(bot: Any, game_id: int) -> tuple[Any, Any]:
    """The game once the bot has told everything (its turn lock free)."""
    for _ in range(1500):
        if not bot.turns.busy(game_id):
            record = await bot.service.load(game_id)
            return record, bot.service.state_of(record)
        await asyncio.sleep(0.02)
    raise AssertionError("the bot stayed busy for 30 seconds")


async def click(fd: Any, user: str, game_id: int, version: int, verb: str, arg: str) -> Any:
    wanted = f"wb:{game_id}:{version}:{verb}" + (f":{arg}" if arg else "")
    for message in reversed(fd.messages(CHANNEL)):
        if wanted in message.custom_ids:
            return await fd.click(user, message, wanted)
    raise AssertionError(f"no button {wanted} under the recent messages")


async def look_up(fd: Any, figures: Figures, name: str, user: str) -> None:
    """A member not on turn looks at the game once each way; count the answers the table sees."""
    asks: list[tuple[str, dict[str, object]]] = [
        ("game status", {}),
        ("game map", {}),
        ("game log", {}),
        ("game replay", {}),
    ]
    if name in ODDS:
        asks.append(ODDS[name])
    for command, options in asks:
        answer = await fd.slash(user, CHANNEL, command, **options)
        figures.lookups += 1
        figures.public_lookups += not answer.ephemeral


async def play_and_count(games: Games, name: str, folder: Path, seed: int = 1) -> Figures:
    game = games[name]
    figures = Figures(name)
    async with discord_world(str(folder / "figures.db"), games=games) as (fd, bot):
        await fd.slash("alice", CHANNEL, "game new", ruleset=name, seats=len(MEMBERS))
        for option, value in game.short_game.items():
            await fd.slash("alice", CHANNEL, "game options", name=option, value=str(value))
        before: set[int] = set()
        for member in MEMBERS[1:]:
            # From the last join's answer on, everything is the game's own: the lobby is not counted.
            before = {m.id for m in fd.messages(CHANNEL, ephemeral=False)}
            joined = await fd.slash(member, CHANNEL, "game join")
        before |= {m.id for m in joined.messages}
        await fd.wait_idle(settle=0.3)
        found = await bot.service.channel_game(fd.channel_id(CHANNEL))
        assert found is not None and found.game.status == "running", "the game starts when full"
        game_id = found.game.id
        member_of = {s.seat: next(m for m in MEMBERS if fd.user_id(m) == s.user_id) for s in found.seats}
        agent = game.agent(seed)
        waiting: tuple[int, ...] = ()
        turn: object = None
        setup_waits: Counter[int] = Counter()
        first_round: int | None = None
        looked = False
        while figures.moves < 3000:
            record, state = await settled(bot, game_id)
            if record.status != "running":
                break
            now = tuple(game.rules.to_act(state))
            in_setup = SETUP[name](state)
            if set(now) - set(waiting):
                figures.waits += 1
                if in_setup:
                    setup_waits.update(set(now) - set(waiting))
            key = TURNS[name](state)
            if key != turn and turn is not None:
                figures.turns += 1
            turn, waiting = key, now
            if not in_setup:
                round_now = ROUND[name](state)
                first_round = round_now if first_round is None else first_round
                if round_now >= first_round + ROUNDS:
                    break
                if not looked:
                    idle = next((m for s, m in member_of.items() if s not in now), MEMBERS[-1])
                    seen = {m.id for m in fd.messages(CHANNEL, ephemeral=False)}
                    await look_up(fd, figures, name, idle)
                    before |= {m.id for m in fd.messages(CHANNEL, ephemeral=False)} - seen
                    looked = True
            seat = now[0]
            action = agent.choose(state, seat)
            made = game.making(action)
            user = member_of[seat]
            if isinstance(made, Slash):
                answer = await fd.slash(user, CHANNEL, made.name, **dict(made.options))
            else:
                answer = await click(fd, user, game_id, record.version, made.verb, made.arg)
            after, _ = await settled(bot, game_id)
            assert after.version > record.version, f"{action!r} refused: {answer.content}"
            figures.moves += 1
        figures.setup_turns = max(setup_waits.values(), default=0)
        count_channel(figures, fd, before)
        fd.assert_clean()
    return figures

"""The terminal client: play any game through the same game service the Discord bot uses.

    python -m bot.console --seats human,ai,ai             # you against two AIs
    python -m bot.console --db game.db                    # keep the game; run again to resume it
    python -m bot.console --seats ai,ai --script moves.txt # non-interactive: one command per line

Commands are shaped like each game's slash commands (its ``TextCommands``); ``help`` lists them.
Several human seats share the terminal (hot seat): the prompt names whose move it is. Board pictures are
drawn as on Discord (each game's ``pictures``). This module is the terminal's composition root: ``main``
takes the registry of games (``bot/games``) and hands it to the service and the client.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from bot import lobby
from bot.commands import action_from_words, describe_action, help_text, situation
from bot.game import Game, Games, check_games
from bot.gamelog import mover_lines
from bot.games import GAMES
from bot.models import ActResult, GameStatus, ServiceError
from bot.parsing import is_count, quoted
from bot.records import SchemaTooNew
from bot.replays import replay_of, replayed
from bot.service import GameService
from bot.settings import SettingsError
from bot.store import SqliteStore
from bot.trouble import storage_trouble
from rules.core.errors import IllegalAction
from rules.core.events import Event

CONSOLE_CHANNEL = 0  # the terminal is one "channel": one active game per database file
HOST = 1  # the terminal user: hosts the game and has moderator rights over it


log = logging.getLogger("warboard.console")
# A command that failed on a bug: its change, if any, was never committed (a move commits at its end).
BATTLE_EVENTS = 400  # enough for the longest battle's events, and the picture drawn from them
SOMETHING_WENT_WRONG = "Something went wrong on our side; the game was not changed. Please try again."


class Console:
    def __init__(self, service: GameService, game_id: int, out: Path | None, db: str) -> None:
        self.service, self.game_id, self.db = service, game_id, db
        # Each game's pictures in a folder of their own: a second game never overwrites the first's.
        stem = Path(db).stem if db != ":memory:" else datetime.now().strftime("memory-%Y%m%d-%H%M%S")
        self.out = out / f"{stem}-game-{game_id}" if out is not None else None
        self._noticed = -1  # the game version whose notice (what a battle waits for) was printed
        self._recent: list[Event] = []  # public events since the last picture, for its highlights
        self._battles: list[Event] = []  # the latest public events, for the last battle's picture
        self.names: list[str] = []
        self._pictured_turn = -1
        self.ruleset = ""

    # -- the loop --------------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.service.games[self.ruleset]

    async def run(self, commands: Iterator[str] | None) -> None:
        status = await self.service.status(self.game_id)
        self.names, self.ruleset = status.names, status.ruleset
        print(terminal_words(status.summary()))
        await self.let_ai_play()
        while True:
            status = await self.service.status(self.game_id)
            self.names = status.names
            await self.tell_what_waits(status)
            prompt = await self.prompt(status)
            if commands is None:
                try:
                    line = input(prompt)
                except EOFError:
                    print()
                    break
            else:
                scripted = next(commands, None)
                if scripted is None:
                    break
                line = scripted
                print(f"{prompt}{line}")
            if not line.strip():
                continue
            try:
                if not await self.command(status, line.split()):
                    break
            except (ServiceError, IllegalAction) as refusal:
                print(f"  ✗ {refusal.message}")
            except Exception:  # a bug of ours: say so, keep the traceback in the log, play on
                log.exception("command %r failed", line)
                print(f"  ✗ {SOMETHING_WENT_WRONG}")
            await self.let_ai_play()
        where = (
            f"it is saved in {self.db}; run again with --db {self.db} to resume"
            if self.db != ":memory:"
            else ("it was kept in memory only (use --db FILE to keep it)")
        )
        print(f"Bye. Game #{self.game_id}: {where}.")

    async def prompt(self, status: GameStatus) -> str:
        if status.status != "running":
            return f"[game {status.status}]> "
        human = self.human_to_act(status)
        view = await self.service.view(self.game_id)
        extra = situation(self.game, view)
        who = status.name(human[0]) if human else "?"
        return f"[{status.turn_label or 'lobby'}{extra}] {who}> "

    async def tell_what_waits(self, status: GameStatus) -> None:
        """Once per game version: what the game waits for from the human to move (a battle's casualties,
        with the default choice), as the ruleset words it."""
        if status.status != "running" or status.version == self._noticed or not self.human_to_act(status):
            return
        self._noticed = status.version
        text = self.game.text.notice(self.service.state_of(await self.service.load(self.game_id)))
        if text:
            print(f"  » {text}")

    def human_to_act(self, status: GameStatus) -> tuple[int, int] | None:
        """(seat, user id) of the human who must move now, if any."""
        for seat in status.waiting_for:
            info = status.seats[seat]
            if info.controller == "human" and info.user_id is not None and info.status == "playing":
                return seat, info.user_id
        return None

    def acting_user(self, status: GameStatus) -> int:
        human = self.human_to_act(status)
        if human:
            return human[1]
        return next((s.user_id for s in status.seats if s.user_id is not None), HOST)

    async def let_ai_play(self) -> None:
        await self.let_ai_play_any()

    async def let_ai_play_any(self) -> bool:
        """The AI seats' moves now waiting; whether there were any."""
        results = await self.service.play_ai(self.game_id)
        for result in results:
            self.show(result, None)
        return bool(results)

    def show(self, result: ActResult, status: GameStatus | None, own: bool = False) -> None:
        """A move's lines, as the table reads them, or with ``own`` as its mover does: what only they may
        see (the card drawn, standing orders set) in its place among the rest, not after a public twin."""
        for line in self.own_lines(result) if own else result.lines:
            print(f"  {terminal_words(line)}")
        self._recent.extend(result.public_events)
        self._battles = [*self._battles, *result.public_events][-BATTLE_EVENTS:]
        if result.turn != self._pictured_turn or result.result:
            self._pictured_turn = result.turn
            # The picture of the board as the turn ended, from the view the service returned with it.
            self.picture(result.view, self.names, f"turn-{result.turn:03d}.png")
        outcome = outcome_line(result.lines, result.result)
        if outcome:
            print(f"  {outcome}")

    def own_lines(self, result: ActResult) -> list[str]:
        """The move's lines as its mover may read them (``events`` are as the acting seat sees them): the
        public lines alone would answer a move that only they may see (standing orders set) with silence,
        or tell them only that a card was drawn."""
        return mover_lines(
            self.game.presenter, self.game.rules, result.events, result.seat, self.names, result.turn_changed
        )

    # -- commands --------------------------------------------------------------------------------------

    async def command(self, status: GameStatus, words: list[str]) -> bool:
        """Run one command; False means quit."""
        verb, args = words[0].lower(), words[1:]
        svc, gid, user = self.service, self.game_id, self.acting_user(status)
        game = self.game
        if verb in ("quit", "exit"):
            return False
        if verb == "help":
            print(help_text(game))
        elif verb == "status":
            print(terminal_words(status.summary()))
        elif verb == "log":
            asked = number(args, 20, "log [n]")
            lines = await svc.log_lines(gid, None, last=asked)
            # Moves kept secret (orders being written) show nothing: say so rather than print a blank.
            print("\n".join(lines) or f"  {nothing_to_show(asked)}")
        elif verb == "map":
            if status.status == "lobby":
                raise ServiceError("not_started", "The game has not started yet.")
            self.picture(await svc.view(gid), status.names, "board.png", announce=True)
        elif verb == "replay":
            last = number(args, 0, "replay [turns]") or None
            if self.out is None:
                print("  Pictures are off (--no-images).")
            else:
                made = await replay_of(svc, game.pictures, gid, last=last)
                self.out.mkdir(parents=True, exist_ok=True)
                (self.out / "replay.gif").write_bytes(made.gif.data)
                print(
                    f"  Wrote {self.out / 'replay.gif'}: {replayed(made.whole, made.turns, made.gif.frames)}."
                )
        elif verb == "cards":
            self.cards(await svc.view(gid, user), gid)
        elif verb == "moves":
            state = svc.state_of(await svc.load(gid))
            seat = self.human_to_act(status)
            moves = game.rules.legal(state, seat[0]) if seat else []
            print("\n".join(f"  {describe_action(game, m)}" for m in moves[:25]) or "  (none)")
            if len(moves) > 25:
                print(f"  ... and {len(moves) - 25} more")
        elif verb == "undo":
            print(f"  {(await svc.undo(gid, user)).message}")
        elif verb == "rollback":
            steps = number(args, 1, "rollback [n]")
            print(f"  {(await svc.rollback(gid, HOST, steps, moderator=True)).message}")
        elif verb == "resign":
            result = await svc.resign(gid, user)
            if isinstance(result, ActResult):
                self.show(result, status)
        elif verb in ("pause", "resume", "endgame"):  # not "end": that is the ruleset's end-phase move
            operation = {"pause": svc.pause, "resume": svc.resume, "endgame": svc.end}[verb]
            print(terminal_words((await operation(gid, HOST, moderator=True)).summary()))
        elif verb == "verify":
            print((await svc.verify(gid)).text())
        elif verb == "export":
            path = Path(args[0] if args else f"game-{gid}.json")
            path.write_text(await svc.export(gid), encoding="utf-8")
            print(f"  Wrote {path}.")
        elif verb == "ai":
            await self.ai_moves(status, args)
        elif (answer := game.text.query(words)) is not None:
            print("\n".join(f"  {line}" for line in answer.splitlines()))
        else:
            try:
                action = action_from_words(game, words, svc.state_of(await svc.load(gid)))
            except ServiceError as refusal:
                # "battle" writes the battle board, unless the game reads the word as a move of its own.
                if refusal.code != "unknown_command" or words != ["battle"] or status.status == "lobby":
                    raise
                self.battle_picture(await svc.view(gid))
                return True
            result = await svc.act(gid, user, action, version=status.version)
            self.show(result, status, own=True)
        return True

    async def ai_moves(self, status: GameStatus, args: Sequence[str]) -> None:
        """``ai`` / ``ai 5`` / ``ai turn``: the AI plays your next move(s) for you."""
        human = self.human_to_act(status)
        if human is None:
            raise ServiceError("no_human", "No human seat has to move now.")
        seat, user = human
        whole_turn = bool(args) and args[0] == "turn"
        count = 10_000 if whole_turn else number(args, 1, "ai [n|turn]")
        turn, made = None, 0
        while made < count:  # your moves: the AI seats' in between are not counted
            record = await self.service.load(self.game_id)
            state = self.service.state_of(record)
            if record.status != "running":
                break
            turn = self.game.rules.turn_key(state) if turn is None else turn
            if seat not in self.game.rules.to_act(state):
                # The game waits on another seat: an AI's move or answer (a defender's, mid-battle) comes
                # in between, and ``ai n`` / ``ai turn`` go on after it; another human's move stops them,
                # and so does the end of your turn for ``ai turn``.
                if whole_turn and self.game.rules.turn_key(state) != turn:
                    break
                if not await self.let_ai_play_any():
                    break
                continue
            action = self.service.seat_agent(record).choose(state, seat)
            print(f"  (AI for {status.name(seat)}: {describe_action(self.game, action)})")
            self.show(await self.service.act(self.game_id, user, action), status, own=True)
            made += 1

    def cards(self, view: Any, game_id: int) -> None:
        """What only the acting player holds, in the game's words, and its picture."""
        text = self.game.presenter.private_text(view) or "You hold nothing hidden in this game."
        print("\n".join(f"  {line}" for line in text.splitlines()))
        if self.out is not None:
            png = self.game.pictures.private(view, self.names)
            if png is not None:
                self.out.mkdir(parents=True, exist_ok=True)
                (self.out / "hand.png").write_bytes(png)
                print(f"  Wrote {self.out / 'hand.png'}.")

    # -- pictures ----------------------------------------------------------------------------------------

    def battle_picture(self, view: Any) -> None:
        """The battle board as the Discord bot posts it: the battle being fought, else the last one."""
        if self.out is None:
            print("  Pictures are off (--no-images).")
            return
        png = self.game.pictures.battle(view, self._battles, self.names)
        if png is None:
            print("  No battle to show: none is being fought, and none was since this terminal opened.")
            return
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "battle.png").write_bytes(png)
        print(f"  Wrote {self.out / 'battle.png'}.")

    def picture(self, view: Any, names: Sequence[str], filename: str, announce: bool = False) -> None:
        """The board as the Discord bot draws it (the game's ``pictures.board``), written to ``--out``."""
        if self.out is None:
            if announce:
                print("  Pictures are off (--no-images).")
            return
        recent, self._recent = self._recent, []
        png = self.game.pictures.board(view, names, recent=recent, title=self.game.title)
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / filename).write_bytes(png)
        if announce:
            print(f"  Wrote {self.out / filename}.")


def terminal_words(text: str) -> str:
    """Words written for Discord, its slash commands (`/game verify`, a game's own /<group> end) as typed
    here (`verify`, end): a command's group names the game, which the terminal already plays."""
    return re.sub(r"(?<![\w/])/[a-z_]+ (?=[a-z])", "", text)


def outcome_line(lines: Sequence[str], result: str | None) -> str | None:
    """How the game ended, as a sentence, unless a line of the move already said it: a win was printed
    "🏆 AI 1 wins: Germany, a capital, was captured." and then "Germany, a capital, was captured"."""
    if not result or any(result.rstrip(".") in line for line in lines):
        return None
    return result if result.endswith((".", "!", "?")) else f"{result}."


def nothing_to_show(moves: int) -> str:
    """What ``log n`` says when its moves have no line to show (orders being written are secret)."""
    if moves == 0:
        return "Nothing to show: log 0 asks for no moves."
    last = "the last move is" if moves == 1 else f"the last {moves} moves are"
    return f"Nothing to show: {last} kept secret for now."


def number(args: Sequence[str], default: int, usage: str) -> int:
    """The whole number a command was given (``log 5``), or ``default`` without one."""
    if not args:
        return default
    if not is_count(args[0]):
        raise ServiceError("bad_command", f"“{quoted(args[0])}” is not a whole number. Usage: {usage}")
    return int(args[0])


async def open_game(service: GameService, args: argparse.Namespace) -> int:
    """The active game of this database, or a new one from ``--game``/``--seats``."""
    active = await service.game_in_channel(CONSOLE_CHANNEL)
    if active is not None:
        print(f"Resuming game #{active} from {args.db} (--game and --seats apply to new games only).")
        return active
    kinds = [k.strip().lower() for k in args.seats.split(",") if k.strip()]
    if any(k != "human" and k.partition(":")[0] != "ai" for k in kinds):
        raise ServiceError(
            "bad_seats",
            "--seats is a comma-separated list of human and ai (ai:easy for an AI of that level), "
            "e.g. human,ai,ai:easy.",
        )
    names = [n.strip() for n in (args.names or "").split(",") if n.strip()]
    options = dict(pair.split("=", 1) for pair in args.option if "=" in pair)
    # Refused before the game is stored, so a refused start leaves no lobby behind to resume.
    rules = service.rules(args.game)
    lobby.check_players(rules, lobby.parse_options(rules, {}, options), len(kinds))
    status = await service.create(CONSOLE_CHANNEL, HOST, "You", args.game, options, join=False)
    for i, kind in enumerate(kinds):
        name = names[i] if i < len(names) else ""
        if kind.startswith("ai"):
            level = kind.partition(":")[2] or None  # plain "ai": the game's default level
            await service.join(status.game_id, HOST, name, ai=True, level=level)
        else:
            # Played live at one keyboard: a question on another seat's turn is asked, not answered for
            # the player as it is by post.
            await service.join(status.game_id, HOST + i, name or f"Player {i + 1}", off_turn="ask")
    if args.order == "as-given":  # every seat where --seats put it, the AI's too
        await service.keep_order(status.game_id)
    as_given = args.order == "as-given"
    started = await service.start(status.game_id, HOST, moderator=True, seed=args.seed, as_given=as_given)
    print(seating(started, service.games[args.game].presenter.seat_roles(len(started.seats)), args.order))
    return status.game_id


def seating(status: GameStatus, roles: Sequence[str], order: str) -> str:
    """Who plays which seat, and how that was decided: the seat order is drawn, as at the table, unless
    ``--order as-given`` kept the order of ``--seats``."""
    how = (
        "kept as --seats gave it"
        if order == "as-given"
        else "drawn with the game's dice (--order as-given keeps yours)"
    )
    humans = [
        f"{s.name} plays seat {s.seat + 1}"
        + (f" ({roles[s.seat]})" if s.seat < len(roles) and roles[s.seat] else "")
        for s in status.seats
        if s.controller == "human"
    ]
    return f"Seat order {how}: {'; '.join(humans) or 'the AI plays every seat'}."


def parse_args(argv: Sequence[str], games: Games = GAMES) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.console", description="Play Warboard in a terminal.")
    parser.add_argument("--game", default=next(iter(games)), choices=sorted(games), help="the game to play")
    parser.add_argument(
        "--seats",
        default="human,ai,ai",
        help="who plays each seat, e.g. human,ai,ai:easy (ai: the game's default level, ai:LEVEL that level)",
    )
    parser.add_argument("--names", help="seat names in the same order, e.g. Ann,Bob")
    parser.add_argument(
        "--order",
        choices=("drawn", "as-given"),
        default="drawn",
        help="the seat order: drawn with the game's dice, as at the table (default), or as --seats gives it",
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a ruleset option"
    )
    parser.add_argument(
        "--db",
        default=os.environ.get("PBP_DATABASE") or "warboard.db",
        help="SQLite file the game is kept in, resumed if it has one (default: $PBP_DATABASE or "
        "./warboard.db; :memory: keeps nothing)",
    )
    parser.add_argument("--script", help="read commands from this file instead of the keyboard")
    parser.add_argument(
        "--out",
        default=os.environ.get("PBP_PICTURES") or "out",
        help="folder for board pictures, one folder a game (default: $PBP_PICTURES or ./out)",
    )
    parser.add_argument("--no-images", action="store_true", help="do not write board pictures")
    parser.add_argument("--seed", help="fix the dice (for debugging rules); normally a fresh secret seed")
    return parser.parse_args(argv)


async def main(argv: Sequence[str], games: Games = GAMES) -> int:
    """The terminal client over ``games`` (every registered game unless a test says otherwise)."""
    check_games(games)
    args = parse_args(argv, games)
    try:
        store = await SqliteStore.open(args.db)
    except sqlite3.Error as error:  # a folder or file it may not write, a full disk: the --db named
        said = storage_trouble(error, args.db)
        if said is None:
            raise
        raise SettingsError(said) from None
    try:
        service = GameService(store, games)
        try:
            game_id = await open_game(service, args)
        except ServiceError as refusal:
            print(refusal.message, file=sys.stderr)
            return 2
        commands = None
        if args.script:
            text = Path(args.script).read_text(encoding="utf-8")
            commands = iter([ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")])
        out = None if args.no_images else Path(args.out)
        await Console(service, game_id, out, args.db).run(commands)
        return 0
    finally:
        await store.close()


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main(sys.argv[1:])))
    except (SettingsError, SchemaTooNew) as error:  # a database it cannot open: one line, as python -m bot
        print(error, file=sys.stderr)
        sys.exit(2)

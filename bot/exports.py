"""A game as a JSON document (export), back again with every action re-checked (import), and the
dice check of a finished game (verify).

The document puts one log entry per line, so a refusal can name the line to look at:

    {"format": "warboard-game", ..., "seed_hash": "...", "seed": null, "log": [
    {"seq": 1, "kind": "system", "action": {"type": "start", "order": [1, 0]}, "events": [...], ...},
    ...
    ]}

While a game runs the seed is withheld and private events are redacted as for the public, so an export
is safe to post. Only a finished game's export (seed included) can be imported: without the seed
neither its dice nor its future could be checked.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.gamelog import (
    claims_of,
    decode_events,
    encode,
    live_actions,
    rebuild,
    seat_order,
    secret,
    standing,
    visible,
)
from bot.models import ServiceError, VerifyReport
from bot.records import CONTROLLERS, SEAT_STATES, one_of
from bot.store import GameRecord, GameStore, GameUpdate, LogEntry, LogRecord, SeatRecord, now_text
from rules.core.codec import from_builtins, from_json, to_builtins
from rules.core.dice import SeededRng, seed_hash, verify_rolls
from rules.core.errors import IllegalAction
from rules.core.events import Action, DiceRolled, Event
from rules.core.options import resolve_options
from rules.core.ruleset import Ruleset

FORMAT = "warboard-game"
FORMAT_VERSION = 1
# Every kind of system row the service writes (timeouts and reclaims: bot/deadlines.py).
SYSTEM_KINDS = ("pause", "resume", "end", "replace", "kick", "timeout", "reclaim")


# Rows read and written per step of an export: the store is read a chunk at a time, and each chunk is
# formatted in a worker thread, so a long game's export never holds the event loop.
EXPORT_CHUNK = 500


async def export_game(
    store: GameStore, ruleset: Ruleset, game: GameRecord, seats: Sequence[SeatRecord]
) -> str:
    """``export_document`` of a stored game, streamed from the store in chunks of rows (the same text)."""
    parts = [await asyncio.to_thread(export_head, ruleset, game, seats)]
    first, last = 1, (await store.log_length(game.id))
    while first <= last:
        rows = await store.log_rows(game.id, first, min(first + EXPORT_CHUNK - 1, last))
        if not rows:
            break
        parts.append(await asyncio.to_thread(export_rows, ruleset, game, rows, rows[-1].seq == last))
        first = rows[-1].seq + 1
    parts.append("]}\n")
    return "".join(parts)


def export_document(
    ruleset: Ruleset, game: GameRecord, seats: Sequence[SeatRecord], rows: Sequence[LogRecord]
) -> str:
    """The whole document in one go (rows in hand); ``export_game`` streams it from the store."""
    body = export_rows(ruleset, game, rows, True) if rows else ""
    return export_head(ruleset, game, seats) + body + "]}\n"


def export_head(ruleset: Ruleset, game: GameRecord, seats: Sequence[SeatRecord]) -> str:
    """The document's first line: everything but the log, which follows an entry a line."""
    ended = game.status == "ended"
    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ruleset": ruleset.name,
        "game_id": game.id,
        "status": game.status,
        "options": game.options,
        "seats": [
            {
                "seat": s.seat,
                "user_id": s.user_id,
                "name": s.name,
                "controller": s.controller,
                "status": s.status,
            }
            for s in seats
        ],
        "seed_hash": game.seed_hash,
        "seed": game.seed if ended else None,
        "exported_at": now_text(),
    }
    return json.dumps(header, ensure_ascii=False)[:-1] + ', "log": [\n'


def export_rows(ruleset: Ruleset, game: GameRecord, rows: Sequence[LogRecord], final: bool) -> str:
    """Log entries a line each, every line ending with a comma but the very last (``final``)."""
    ended = game.status == "ended"
    lines = []
    for i, row in enumerate(rows):
        every = decode_events(ruleset, row.events)
        events = visible(ruleset, every, None, ended)
        action = json.loads(row.action) if row.action else None
        if not ended and row.kind == "action" and (secret(ruleset, every, None) or standing(ruleset, row)):
            action = {"type": "secret"}  # revealed in the export of the finished game
        entry = {
            "seq": row.seq,
            "kind": row.kind,
            "seat": row.seat,
            "user_id": row.user_id,
            "action": action,
            "events": to_builtins(events),
            "at": row.at,
        }
        last = final and i == len(rows) - 1
        lines.append(json.dumps(entry, ensure_ascii=False) + ("" if last else ",") + "\n")
    return "".join(lines)


@dataclass(frozen=True, slots=True)
class CheckedImport:
    ruleset: str
    options: dict[str, Any]
    update: GameUpdate
    seats: list[SeatRecord]
    entries: list[LogEntry]


def _refuse(message: str) -> ServiceError:
    return ServiceError("bad_import", message)


def check_import(document: str, rules_of: Callable[[str], Ruleset]) -> CheckedImport:
    """Replay every entry of an exported finished game from its seed; the first entry that does not
    reproduce exactly (a changed die, action or event) is refused by index and line. ``rules_of``
    gives the rules of a game by name (refusing an unknown one)."""
    try:
        doc = json.loads(document)
    except json.JSONDecodeError as error:
        raise _refuse(f"This is not a JSON document (line {error.lineno}: {error.msg}).") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _refuse("This is not a Warboard game export.")
    if doc.get("format_version") != FORMAT_VERSION:
        raise _refuse(
            f"This export has format version {doc.get('format_version')}; "
            f"this Warboard reads version {FORMAT_VERSION}."
        )
    ruleset = rules_of(str(doc.get("ruleset")))
    seed = doc.get("seed")
    if not isinstance(seed, str) or not seed:
        raise _refuse(
            "This export has no seed: only finished games can be imported (a running game's seed is secret)."
        )
    if seed_hash(seed) != doc.get("seed_hash"):
        raise _refuse("The seed in this export does not match its published seed hash.")
    try:
        options = resolve_options(ruleset.options, doc.get("options") or {})
        seats = [_seat(s) for s in doc.get("seats", [])]
    except (IllegalAction, KeyError, TypeError, ValueError) as error:
        raise _refuse(f"The options or seats of this export are not valid ({error}).") from None
    log = doc.get("log")
    if not isinstance(log, list) or not log:
        raise _refuse("This export has no game log.")
    lines = document.splitlines()
    # Entry i sits on line i + 2 in the layout export_document writes; if the file was reformatted we
    # cannot know the line, and say only the index.
    canonical = len(lines) == len(log) + 2
    replay = _Replay(ruleset, seed, options, len(seats))
    entries = [replay.check(i, raw, f" (line {i + 2})" if canonical else "") for i, raw in enumerate(log)]
    if doc.get("status") != "ended":
        raise _refuse("Only a finished game can be imported.")
    update = GameUpdate(status="ended", seed=seed, seed_hash=seed_hash(seed), state=encode(replay.state))
    return CheckedImport(ruleset.name, options, update, seats, entries)


class _Replay:
    """Walks an export's log, keeping the state and the live actions as the service would have."""

    def __init__(self, ruleset: Ruleset, seed: str, options: dict[str, Any], seats: int) -> None:
        self.ruleset, self.seed, self.options, self.seats = ruleset, seed, options, seats
        self.rng = SeededRng(seed)
        self.state: Any = None
        self.live: list[LogRecord] = []

    def check(self, index: int, raw: Any, line: str) -> LogEntry:
        where = f"Log entry {index}{line}"
        if not isinstance(raw, dict) or raw.get("seq") != index + 1:
            raise _refuse(f"{where} is damaged: entries must be numbered 1, 2, 3... in order.")
        kind, seat, meta = raw.get("kind"), raw.get("seat"), raw.get("action")
        try:
            events: list[Event] = from_builtins(raw.get("events", []), list[self.ruleset.event_type])  # type: ignore[name-defined]
        except Exception as error:
            raise _refuse(f"{where}: its events are not valid ({error}).") from None
        # Stored exactly as the service writes rows: engine actions in the codec's JSON, the rest json.dumps.
        text = json.dumps(meta) if meta is not None else None
        if index == 0:
            self._start(where, kind, meta, events)
        elif kind == "action":
            text = encode(self._action(where, seat, meta, events, raw))
        elif kind in ("undo", "rollback"):
            self._revert(where, meta)
        elif kind != "system" or not isinstance(meta, dict) or meta.get("type") not in SYSTEM_KINDS:
            raise _refuse(f"{where} is of an unknown kind.")
        reverts = tuple(meta["reverts"]) if kind in ("undo", "rollback") and isinstance(meta, dict) else ()
        return LogEntry(
            str(kind), seat, raw.get("user_id"), text, encode(events), raw.get("at"), reverts=reverts
        )

    def _start(self, where: str, kind: Any, meta: Any, events: list[Event]) -> None:
        if kind != "system" or not isinstance(meta, dict) or meta.get("type") != "start":
            raise _refuse(f"{where} should be the start of the game.")
        order, expected = seat_order(self.seed, self.seats, claims_of(meta))
        self.state, setup_events = self.ruleset.setup(self.options, self.seats, self.rng)
        if meta.get("as_given") and len(events) == len(setup_events):
            expected = []  # seats in the order given: the draw decided nothing (older logs kept it)
        if list(order) != meta.get("order"):
            raise _refuse(f"{where}: the seat order is not the one the seed draws ({list(order)}).")
        self._compare(where, [*expected, *setup_events], events)

    def _action(self, where: str, seat: Any, meta: Any, events: list[Event], raw: dict[str, Any]) -> Action:
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise _refuse(f"{where}: seat {seat!r} is not in this game.")
        try:
            action: Action = from_builtins(meta, self.ruleset.action_type)
        except Exception as error:
            raise _refuse(f"{where}: not a valid action ({error}).") from None
        try:
            self.state, happened = self.ruleset.apply(self.state, seat, action, self.rng)
        except IllegalAction as refusal:
            raise _refuse(f"{where}: the rules refuse this action: {refusal.message}") from None
        self._compare(where, happened, events)
        self.live.append(LogRecord(int(raw["seq"]), "action", seat, None, encode(action), "[]", ""))
        return action

    def _revert(self, where: str, meta: Any) -> None:
        reverts = meta.get("reverts") if isinstance(meta, dict) else None
        tail = [row.seq for row in self.live[-len(reverts) :]] if reverts else []
        if not reverts or tail != reverts:
            raise _refuse(f"{where}: it takes back actions that are not the latest ones.")
        self.live = self.live[: -len(reverts)]
        self.state = rebuild(self.ruleset, self.seed, self.options, self.seats, self.live)

    def _compare(self, where: str, replayed: list[Event], recorded: list[Event]) -> None:
        for got, saw in zip(replayed, recorded, strict=False):
            if got == saw:
                continue
            if isinstance(got, DiceRolled) and isinstance(saw, DiceRolled):
                raise _refuse(
                    f"{where}: roll {saw.first} ({saw.reason}) is recorded as {list(saw.values)}, "
                    f"but the seed gives {list(got.values)}."
                )
            raise _refuse(
                f"{where}: the recorded events differ from a replay: {_short(saw)} where the rules give "
                f"{_short(got)}."
            )
        if len(replayed) != len(recorded):
            raise _refuse(
                f"{where}: {len(recorded)} events are recorded, but the replay gives {len(replayed)}."
            )


def _short(event: Event) -> str:
    text = json.dumps(to_builtins(event))
    return text if len(text) <= 160 else text[:157] + "..."


def verify(
    ruleset: Ruleset, game: GameRecord, seats: Sequence[SeatRecord], rows: Sequence[LogRecord]
) -> VerifyReport:
    """Recompute every die of a finished game from its revealed seed, and check the saved board is
    what the log replays to."""
    assert game.seed is not None
    problems: list[str] = []
    if seed_hash(game.seed) != game.seed_hash:
        problems.append("The revealed seed does not match the hash published when the game started.")
    events: list[Event] = []
    for row in rows:
        try:
            events.extend(decode_events(ruleset, row.events))
        except Exception:
            problems.append(f"Log entry #{row.seq} cannot be read.")
    problems.extend(verify_rolls(game.seed, events))
    rolls = sum(len(e.values) for e in events if isinstance(e, DiceRolled))
    try:
        replayed = rebuild(ruleset, game.seed, game.options, len(seats), live_actions(rows))
        if game.state is None or replayed != from_json(game.state, ruleset.state_type):
            problems.append("The saved board differs from a replay of the game log.")
    except Exception as error:
        problems.append(f"The game log does not replay ({error}).")
    return VerifyReport(game.id, not problems, rolls, tuple(problems))


def _seat(raw: dict[str, Any]) -> SeatRecord:
    """An exported seat, its controller and status checked against their closed sets (ValueError)."""
    controller, status = one_of(raw["controller"], CONTROLLERS), one_of(raw["status"], SEAT_STATES)
    if controller is None or status is None:
        number, who, how = int(raw["seat"]) + 1, raw["controller"], raw["status"]
        raise ValueError(f"seat {number} is played by “{who}” as “{how}”")
    return SeatRecord(int(raw["seat"]), raw.get("user_id"), str(raw["name"]), controller, status)

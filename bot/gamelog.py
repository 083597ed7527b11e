"""Reading the action log: which rows still count, rebuilding a state from them, and log text.

The log is append-only. Undo and rollback rows name the rows they revert (``{"reverts": [seq...]}``,
also kept in the store's ``reverted`` table); the *live* log is every ``action`` row not reverted. A
game's state is, by definition, the ruleset's setup from the seed followed by the live actions in
order; the state in ``games.state`` is a cache of exactly that, written in the same transaction as the
row that changed it, and so is each stored snapshot (the state after the live actions up to its row).

What the store keeps beside a move so that nothing later has to read the whole log (``kept_beside``):
a snapshot at a turn's first move and at least every ``SNAPSHOT_EVERY`` versions (so an undo or a
rollback replays a few dozen actions at most, from ``state_before``), the seats a new turn waits on
(a seat's "since your last turn" reads from its previous turn), and whether the row's public text opens
a round (a turn's announcement shows the log from the second latest such row).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import msgspec

from bot.game import Presenter
from bot.store import GameRecord, GameStore, GameUpdate, LogEntry, LogRecord
from rules.core import words
from rules.core.codec import from_json, to_json
from rules.core.dice import DiceCup, SeededRng
from rules.core.events import Action, DiceRolled, Event
from rules.core.options import OptionValue
from rules.core.ruleset import Ruleset
from rules.core.words import counted

# The seat order is drawn with the game's own dice, but from roll numbers no engine reaches (2**62 on),
# so it never reuses a roll of the game and ``verify_rolls`` can still recompute it from the seed.
SEAT_ORDER_FIRST_ROLL = 1 << 62


def draw_seat_order(seed: str, seats: int) -> tuple[tuple[int, ...], list[Event]]:
    """A verifiable random seating: ``order[i]`` is the lobby position of the player in seat i."""
    events: list[Event] = []
    order = DiceCup(SeededRng(seed), SEAT_ORDER_FIRST_ROLL, events).shuffle(range(seats), None, "seat order")
    return order, events


def seat_order(
    seed: str, seats: int, claims: Mapping[int, int] | None = None
) -> tuple[tuple[int, ...], list[Event]]:
    """The seating with claims kept: ``claims`` maps a seat to the lobby position of the player who
    claimed it; everyone else fills the free seats in the order the game's dice drew them. The draw is
    the same with or without claims, so a replay recomputes it from the seed and the recorded claims."""
    drawn, events = draw_seat_order(seed, seats)
    if not claims:
        return drawn, events
    taken = set(claims.values())
    rest = iter(j for j in drawn if j not in taken)
    return tuple(claims[i] if i in claims else next(rest) for i in range(seats)), events


def claims_of(meta: Mapping[str, Any]) -> dict[int, int]:
    """The claims recorded in a start entry (``"claims": [[seat, lobby position], ...]``)."""
    return {int(seat): int(position) for seat, position in meta.get("claims", ())}


def decode_action(ruleset: Ruleset, text: str | bytes) -> Action:
    action: Action = from_json(text, ruleset.action_type)
    return action


def decode_events(ruleset: Ruleset, text: str | bytes) -> list[Event]:
    events: list[Event] = from_json(text, list[ruleset.event_type])  # type: ignore[name-defined]
    return events


def encode(value: object) -> str:
    return to_json(value).decode()


def reverted_seqs(rows: Iterable[LogRecord]) -> set[int]:
    gone: set[int] = set()
    for row in rows:
        if row.kind in ("undo", "rollback") and row.action:
            gone.update(json.loads(row.action).get("reverts", ()))
    return gone


def live_actions(rows: Sequence[LogRecord]) -> list[LogRecord]:
    """The engine actions that still count, in order."""
    gone = reverted_seqs(rows)
    return [row for row in rows if row.kind == "action" and row.seq not in gone]


def rebuild(
    ruleset: Ruleset, seed: str, options: Mapping[str, OptionValue], seats: int, live: Sequence[LogRecord]
) -> Any:
    """The state the live log leads to, replayed from the seed."""
    state, _ = ruleset.setup(options, seats, SeededRng(seed))
    return replay(ruleset, seed, state, live)


def replay(ruleset: Ruleset, seed: str, state: Any, live: Sequence[LogRecord]) -> Any:
    """``state`` with the live actions ``live`` applied in order. The dice are counter based (the
    counter is in the state), so a replay may start from any snapshot with a fresh ``SeededRng``."""
    rng = SeededRng(seed)
    for row in live:
        assert row.action is not None and row.seat is not None
        state, _ = ruleset.apply(state, row.seat, decode_action(ruleset, row.action), rng)
    return state


# A snapshot at a turn's first move, unless the last one is fewer versions back than this (a game whose
# "turn" changes with every decision would otherwise keep one per move)...
SNAPSHOT_MIN_GAP = 4
# ... and one at least this many versions apart, so no replay from a snapshot is longer.
SNAPSHOT_EVERY = 32
# Replays longer than this run in a worker thread (a snapshot was lost to a long rollback, or an old
# game has none yet): the event loop never waits for the engine more than a few milliseconds.
REPLAY_ON_LOOP = 64
ROUND_MARK = "— Round"  # a line of the log that opens a round (each ruleset's text says so)
TIME_MARK = "— "  # a line that marks time passing (a round, a turn, a season), each ruleset's text says so


def opens_round(lines: Iterable[str]) -> bool:
    """Whether one of ``lines`` (event lines; indented or not, as in the log) opens a round."""
    return any(line.lstrip().startswith(ROUND_MARK) for line in lines)


def kept_beside(
    entry: LogEntry,
    update: GameUpdate,
    game: GameRecord,
    ruleset: Ruleset,
    after: Any,
    turn_changed: bool,
    lines: Sequence[str],
) -> tuple[LogEntry, GameUpdate]:
    """``entry`` (a move's row) and ``update`` (its commit, whose ``state`` is ``after``) with what the
    store keeps beside the row: a snapshot when due, the seats a new turn waits on, its round mark."""
    version = game.version + 1  # the commit's; the version check makes it exact
    gap = version - game.snapshot_version
    snapshot = gap >= SNAPSHOT_EVERY or (turn_changed and gap >= SNAPSHOT_MIN_GAP)
    entry = replace(
        entry,
        snapshot=update.state if snapshot else None,
        turn_seats=tuple(ruleset.to_act(after)) if turn_changed else (),
        opens_round=opens_round(lines),
    )
    return entry, replace(update, snapshot_version=version) if snapshot else update


async def state_before(store: GameStore, ruleset: Ruleset, game: GameRecord, seats: int, seq: int) -> Any:
    """The game as it was before log row ``seq``: the live actions below ``seq`` applied to the nearest
    snapshot below it (or to the setup, if there is none), read and replayed without the rest."""
    assert game.seed is not None, "a started game has a seed"
    snapshot = await store.snapshot_before(game.id, seq)
    rows = await store.live_actions(game.id, after=snapshot.seq if snapshot else 0, before=seq)
    if snapshot is not None:
        start = from_json(snapshot.state, ruleset.state_type)
        if len(rows) <= REPLAY_ON_LOOP:
            return replay(ruleset, game.seed, start, rows)
        return await asyncio.to_thread(replay, ruleset, game.seed, start, rows)
    if len(rows) <= REPLAY_ON_LOOP:
        return rebuild(ruleset, game.seed, game.options, seats, rows)
    return await asyncio.to_thread(rebuild, ruleset, game.seed, game.options, seats, rows)


def hides_something(ruleset: Ruleset, events: Iterable[Event]) -> bool:
    """Dice were rolled or something hidden was shown to someone: then an action can't be taken back.

    "Hidden" is whatever the ruleset redacts from the public, so this works for every game.
    """
    return any(isinstance(e, DiceRolled) or ruleset.redact(e, None) != e for e in events)


def visible(ruleset: Ruleset, events: Iterable[Event], viewer: int | None, ended: bool) -> list[Event]:
    """What ``viewer`` (None: everyone) may see of ``events``; everything once the game has ended."""
    if ended:
        return list(events)
    shown = (ruleset.redact(e, viewer) for e in events)
    return [e for e in shown if e is not None]


def secret(ruleset: Ruleset, events: Sequence[Event], viewer: int | None) -> bool:
    """A move whose every event is hidden from ``viewer`` (a secret order being written): its action
    is hidden too, or the log's headline would tell what the events keep back."""
    return bool(events) and all(ruleset.redact(e, viewer) is None for e in events)


def dice_text(event: DiceRolled) -> str:
    """The dice as players read them: what they were for and what they showed. The rolls' numbers
    (which ``/game verify`` recomputes from the seed) are the machine's, not a player's (issue 28)."""
    return f"🎲 {event.reason}: {words.dice_text(event.values)}"


def event_lines(ruleset: Ruleset, events: Iterable[Event], names: Sequence[str]) -> list[str]:
    """Sentences for events; every die shows once: as its own line when the ruleset has no sentence for
    it (``describe`` None), not when another sentence tells it ("")."""
    lines = []
    for event in events:
        text = ruleset.describe(event, names)
        if text is None and isinstance(event, DiceRolled):
            text = dice_text(event)
        if text:
            lines.append(text)
    return lines


def mover_lines(
    presenter: Presenter,
    ruleset: Ruleset,
    events: Sequence[Event],
    seat: int,
    names: Sequence[str],
    turn_ended: bool = False,
) -> list[str]:
    """A move's lines for its mover: the game's short answer where it has one, else the log's lines.
    A move that tells nothing itself but the mark of the turn or round it led to ("— Round 1, turn 2:
    AI 1 to play.", the whole answer to a newcomer's last move) says first what it did."""
    short = presenter.answer(events, seat, names)
    lines = event_lines(ruleset, events, names) if short is None else short
    if lines and all(line.startswith(TIME_MARK) for line in lines):
        return ["You ended your turn." if turn_ended else "Done.", *lines]
    return lines


def row_lines(
    ruleset: Ruleset, row: LogRecord, names: Sequence[str], viewer: int | None, ended: bool
) -> list[str]:
    """The log text of one row: a headline, then its events indented.

    Rows carry no numbers: while a game runs some rows are shown only to their seat (secret orders,
    standing orders), and numbered lines would let anyone count them from the gaps (issue 29)."""
    who = names[row.seat] if row.seat is not None and 0 <= row.seat < len(names) else "The game"
    meta: dict[str, Any] = json.loads(row.action) if row.action else {}
    if row.kind == "undo":
        return [took_back(who, meta.get("move"))]
    if row.kind == "rollback":
        reverts = len(meta.get("reverts", []))
        return [f"A moderator rolled back {counted(reverts, 'move')}."]
    every = decode_events(ruleset, row.events)
    events = visible(ruleset, every, viewer, ended)
    hidden = not ended and viewer != row.seat and (secret(ruleset, every, viewer) or standing(ruleset, row))
    if row.kind == "system":
        head = _system_text(meta, names)
    elif hidden and not event_lines(ruleset, events, names):
        # A secret move (an order written or taken back) shows nothing at all to those it is hidden
        # from: a line saying "a secret move" would let anyone count a seat's orders and changes of mind.
        return []
    elif hidden:  # it also answered a step whose outcome is public: that shows, the move does not
        head = f"{who}: a move kept secret until it is revealed"
    elif not ended and viewer != row.seat and events != every:
        # Part of what it did is kept from this viewer (a navy line-up shows only that it was set): the
        # move's own words would tell that part ("line up carrier, destroyer, submarine"), so only its kind.
        head = f"{who}: {_action_text({'type': meta.get('type')})}"
    else:
        head = f"{who}: {headline(ruleset, row.action, meta)}"
    return [head] + [f"    {line}" for line in event_lines(ruleset, events, names)]


def took_back(who: str, move: str | None) -> str:
    """An undo in players' words, naming the move taken back when it may be shown (an undo from before
    the move was kept beside it, or of a move kept from the others, says only that one was)."""
    if not move:
        return f"{who} took back their last move."
    # A move's words may end with a name's own full stop ("to Ukraine S.S.R."): one full stop, not two.
    return f"{who} took back their last move: {move}" + ("" if move.endswith(".") else ".")


def undone_move(ruleset: Ruleset, row: LogRecord) -> str | None:
    """The move an undo takes back, as the log's headline writes it, unless the others may not read it
    (a standing order is the seat's own plan)."""
    if row.action is None or standing(ruleset, row):
        return None
    return headline(ruleset, row.action, json.loads(row.action))


def headline(ruleset: Ruleset, text: str | bytes | None, meta: Mapping[str, Any]) -> str:
    """A move in players' words: the game's own headline for it if it has one, else the generic "verb
    field field" with places by their names ("fortify Egypt → Congo", not "fortify egypt congo")."""
    action = _decoded(ruleset, text)
    words = getattr(ruleset, "headline", None)  # optional hooks (``rules.core.ruleset.Ruleset``)
    own = words(action) if words is not None and action is not None else None
    if own is not None:
        return str(own)
    return _action_text(_typed(action, meta), getattr(ruleset, "place_name", lambda key: None))


def _decoded(ruleset: Ruleset, text: str | bytes | None) -> Action | None:
    try:
        return decode_action(ruleset, text) if text else None
    except msgspec.MsgspecError:  # not this ruleset's action (a system row)
        return None


def _typed(action: Action | None, meta: Mapping[str, Any]) -> Mapping[str, Any]:
    """``action``'s JSON ``meta`` without the fields left at their defaults, which the player did not type:
    a battle's headline read "battle Manchuria -1", where -1 meant the default (every ship that may
    bombard)."""
    if action is None:  # not this ruleset's action (a system row): as it is
        return meta
    left = {
        field.encode_name
        for field in msgspec.structs.fields(action)
        if field.default is not msgspec.NODEFAULT and getattr(action, field.name) == field.default
    }
    return {key: value for key, value in meta.items() if key not in left}


def standing(ruleset: Ruleset, row: LogRecord) -> bool:
    """A move a seat may make at any time (standing orders): what it says is that seat's own plan, kept
    from the others while the game runs, even when it also answered a step whose outcome is public."""
    return (
        row.kind == "action"
        and row.action is not None
        and ruleset.anytime(decode_action(ruleset, row.action))
    )


# Rows formatted on the event loop at the most; more go to a worker thread (decoding and describing a row
# takes some tens of microseconds).
ROWS_ON_LOOP = 32


def log_text(
    ruleset: Ruleset, rows: Iterable[LogRecord], names: Sequence[str], viewer: int | None, ended: bool
) -> list[str]:
    """The log text of ``rows``: ``row_lines`` of each, in order, where a move that did nothing to tell,
    made again and again in a row, is one line: "AI 1: end phase (3 times)" (an AI passing through a
    turn's empty phases wrote it three times over)."""
    out: list[str] = []
    bare, times = None, 0  # the headline-only line just written, and how often in a row
    for row in rows:
        lines = row_lines(ruleset, row, names, viewer, ended)
        if len(lines) == 1 and lines[0] == bare:
            times += 1
            out[-1] = f"{bare} ({times} times)"
            continue
        out.extend(lines)
        bare, times = (lines[0], 1) if len(lines) == 1 else (None, 0)
    return out


async def rows_text(
    ruleset: Ruleset, rows: Sequence[LogRecord], names: Sequence[str], viewer: int | None, ended: bool
) -> list[str]:
    """``log_text`` of ``rows``, off the loop when there are many."""
    if len(rows) <= ROWS_ON_LOOP:
        return log_text(ruleset, rows, names, viewer, ended)
    return await asyncio.to_thread(log_text, ruleset, rows, names, viewer, ended)


def from_second_mark(lines: list[str]) -> list[str]:
    """The lines from the second latest that opens a round (the round before this one, and this one so
    far); all of them when fewer than two do."""
    marks = [i for i, line in enumerate(lines) if opens_round([line])]
    return lines[marks[-2] :] if len(marks) > 1 else lines


def _action_text(meta: Mapping[str, Any], place: Callable[[str], str | None] = lambda key: None) -> str:
    """An engine action as the command a player would type, from its JSON, in players' words: keys such
    as ``eastern_united_states`` or ``aa_gun`` written with spaces, as every game's reader takes them; an
    action within it (a Blitz's first march) as its own words, side-by-side unit counts (army and navy)
    as one list, a source and a target as "A → B", and numbers whose field says what they count as words
    ("with 3 dice", "until 1 left"; bare, "attack egypt east africa 3 1" read as a puzzle). ``place``: a
    place's name by its id, None for a value that is not one."""
    kind = re.sub(r"(?<!^)(?=[A-Z])", " ", str(meta.get("type", "?"))).lower()  # PlaceArmies -> place armies
    words = [kind]
    counts_before = False
    for key, value in meta.items():
        if key == "type" or (key == "target" and meta.get("source") is not None):
            continue
        if key == "source" and meta.get("target") is not None:
            text: str | None = f"{_named(value, place)} → {_named(meta['target'], place)}"
        else:
            text = _value_text(key, value, place)
        if not text:
            continue
        counts = _is_counts(value)
        words[-1] += "," if (counts and counts_before) or key in _AFTER_COMMA else ""
        words[-1] += ":" if isinstance(value, dict) and "type" in value else ""  # "begin move: march …"
        words.append(text)
        counts_before = counts
    return " ".join(words).replace("_", " ")


def _named(value: Any, place: Callable[[str], str | None]) -> str:
    return (place(value) or value) if isinstance(value, str) else str(value)


# Numbers written as words by their field's name: a bare "3 1" after a move left players guessing.
_NUMBER_WORDS = {"dice": lambda n: f"with {counted(n, 'die', 'dice')}", "until": lambda n: f"until {n} left"}
_AFTER_COMMA = frozenset({"until"})  # a condition on the move reads after a comma


def _is_counts(value: Any) -> bool:
    return isinstance(value, dict) and "type" not in value and all(isinstance(n, int) for n in value.values())


def _value_text(key: str, value: Any, place: Callable[[str], str | None]) -> str | None:
    """A field as typed: counts as "3 infantry, 1 tank", a path as "A → B", a set flag by its name, a card
    by "card" and its number."""
    if value is None or value is False:
        return None
    if value is True:
        return key
    if isinstance(value, dict) and "type" in value:  # an action within the action
        return _action_text(value, place)
    if isinstance(value, dict):  # counts by kind: {"troop": 3} reads "3 troops"
        return ", ".join(_count(n, what) for what, n in value.items() if n) or None
    if isinstance(value, list):
        if value and all(isinstance(v, list) and len(v) == 2 for v in value):  # (kind, count) pairs
            return ", ".join(_count(n, what) for what, n in value)
        return (" → " if key == "path" else ", ").join(_named(v, place) for v in value)
    if key == "card" and isinstance(value, int):
        return f"card {value}"
    if key in _NUMBER_WORDS and isinstance(value, int):
        return _NUMBER_WORDS[key](value)
    return _named(value, place)


def _count(n: Any, kind: Any) -> str:
    """``2 tanks``, ``1 tank``, ``3 infantry``: a count of a kind of unit as players write it."""
    what = str(kind).replace("_", " ")
    return counted(n, what, words.plural(what)) if isinstance(n, int) else f"{n} {what}"


def _start_text(claims: Mapping[int, int], names: Sequence[str], as_given: bool = False) -> str:
    """The seating as it came about: a newcomer who claimed seat 1 with ``/game seat`` read "seats drawn
    with the game's dice" over it, and the terminal's ``--order as-given`` "the seats as claimed"."""
    order = ", ".join(names)
    if as_given:
        return f"The game started with the seats in the order given, none drawn: {order}."
    if not claims:
        return f"The game started; seats drawn with the game's dice: {order}."
    if len(claims) >= len(names):
        return f"The game started with the seats as claimed: {order}."
    claimed = [f"{names[seat]} seat {seat + 1}" for seat in sorted(claims) if 0 <= seat < len(names)]
    return (
        f"The game started; seats claimed ({', '.join(claimed)}), the others drawn with the game's dice: "
        f"{order}."
    )


def _system_text(meta: Mapping[str, Any], names: Sequence[str]) -> str:
    kind = meta.get("type")
    if kind == "start":
        return _start_text(claims_of(meta), names, bool(meta.get("as_given")))
    if kind == "pause":
        return "The game was paused."
    if kind == "resume":
        return "The game was resumed."
    if kind == "end":
        return "The game was ended by its host or a moderator."
    if kind == "replace":
        if meta.get("from"):  # since issue 35: whose turns end here and whose begin
            return f"{meta['name']} took over {meta['from']}'s seat: the turns from here are theirs."
        return f"Seat {meta.get('seat', 0) + 1} is now played by {meta.get('name')}."
    if kind == "kick":
        return f"Seat {meta.get('seat', 0) + 1} was removed from the game."
    seat = meta.get("seat", 0)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "A player"
    if kind == "timeout":
        handed = "; the AI plays the seat until they take it back" if meta.get("to_ai") else ""
        return f"{who} missed the turn deadline ({meta.get('missed', 1)} missed){handed}."
    if kind == "reclaim":
        return f"{who} took their seat back from the AI."
    return str(kind)

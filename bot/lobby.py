"""Pure helpers of the game service for the lobby and for seats: permission checks, options, seating
and the start of a game. No I/O here, so each rule can be read (and tested) on its own."""

from __future__ import annotations

import json
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from bot.gamelog import encode, seat_order
from bot.models import ServiceError
from bot.records import Controller, OffTurn
from bot.store import GameRecord, GameUpdate, GuildSettings, LogEntry, SeatRecord
from rules.core.dice import SeededRng, seed_hash
from rules.core.errors import IllegalAction
from rules.core.events import Action
from rules.core.options import OptionValue, check_seats, resolve_options
from rules.core.ruleset import Ruleset


def check_host(game: GameRecord, user_id: int, moderator: bool, what: str) -> None:
    if not moderator and user_id != game.created_by:
        raise ServiceError("not_allowed", f"Only the game's host or a moderator can {what}.")


def check_lobby(game: GameRecord, refusal: str) -> None:
    if game.status == "ended":
        raise ServiceError("ended", "This game has ended.")
    if game.status != "lobby":
        raise ServiceError("started", refusal)


def started_refusal(game: GameRecord, seated: int) -> str:
    """The answer to starting a game that runs already: with a ``capacity``, a game whose seats are all
    taken began by itself when the last one was (its players may not know it was not the host)."""
    if game.capacity is not None and seated >= game.capacity:
        return (
            f"This game has already started: it began by itself when its last seat was taken "
            f"({seated} of {game.capacity}). `/game status` shows whose turn it is."
        )
    return "This game has already started. `/game status` shows whose turn it is."


def parse_options(
    ruleset: Ruleset, current: Mapping[str, Any], given: Mapping[str, str]
) -> dict[str, OptionValue]:
    """``given`` is text as typed (``{"deal": "claim"}``); returns every option, typed and checked."""
    specs = {spec.name: spec for spec in ruleset.options}
    values: dict[str, object] = dict(current)
    try:
        for name, text in given.items():
            spec = specs.get(name.strip().lower())
            if spec is None:
                raise IllegalAction(
                    "bad_option",
                    f"{ruleset.title} has no option “{name}”; its options are {', '.join(sorted(specs))}.",
                )
            values[spec.name] = spec.parse(str(text))
        return resolve_options(ruleset.options, values)
    except IllegalAction as refusal:
        raise ServiceError(refusal.code, refusal.message) from None


def check_players(ruleset: Ruleset, options: Mapping[str, OptionValue], seats: int | None) -> None:
    """Refuse options a game of ``seats`` players cannot be set up with (None: not known yet), in the
    ruleset's own words, before anything is stored or started."""
    if seats is None:
        return
    try:
        check_seats(ruleset, options, seats)
    except IllegalAction as refusal:
        raise ServiceError(refusal.code, refusal.message) from None


MAX_TURN_HOURS = 14 * 24


def check_settings(ruleset: Ruleset, capacity: int | None, turn_hours: int | None) -> None:
    if capacity is not None and not ruleset.min_seats <= capacity <= ruleset.max_seats:
        raise ServiceError(
            "seats",
            f"{ruleset.title} is for {ruleset.min_seats} to {ruleset.max_seats} players, not {capacity}.",
        )
    if turn_hours is not None and not 0 <= turn_hours <= MAX_TURN_HOURS:
        raise ServiceError(
            "bad_deadline",
            f"A turn deadline is 1 to {MAX_TURN_HOURS} hours (0: no deadline), not {turn_hours}.",
        )


def renumber(seats: Iterable[SeatRecord]) -> list[SeatRecord]:
    """Lobby seats are simply the join order, with no gaps (each keeps its claim and its choices)."""
    return [replace(s, seat=i) for i, s in enumerate(seats)]


def joined(
    game: GameRecord,
    ruleset: Ruleset,
    seats: Sequence[SeatRecord],
    user_id: int | None,
    name: str,
    ai: bool,
    off_turn: OffTurn = "answer",
    level: str | None = None,
) -> list[SeatRecord]:
    check_lobby(game, "The game has already started; ask the host to give you a seat instead.")
    room = game.capacity or ruleset.max_seats
    if len(seats) >= room:
        raise ServiceError("full", f"The game is full: all {room} seats are taken.")
    if ai:
        if user_id is not None:
            check_host(game, user_id, False, "add an AI player")
        number = sum(1 for s in seats if s.controller == "ai") + 1
        return [*seats, SeatRecord(len(seats), None, name or f"AI {number}", "ai", ai_level=level)]
    if user_id is None:
        raise ServiceError("not_a_player", "A human player needs a user id.")
    if any(s.user_id == user_id for s in seats):
        raise ServiceError("already_joined", "You have already joined this game.")
    return [*seats, SeatRecord(len(seats), user_id, name or f"Player {len(seats) + 1}", off_turn=off_turn)]


def replaced(seats: Sequence[SeatRecord], seat: int, new_user: int | None, name: str) -> list[SeatRecord]:
    if not 0 <= seat < len(seats):
        raise ServiceError("no_seat", f"There is no seat {seat + 1}.")
    if seats[seat].status != "playing":
        raise ServiceError(
            "not_playing", f"{seats[seat].name} is no longer playing, so the seat cannot be handed over."
        )
    if new_user is not None and any(s.user_id == new_user for s in seats if s.seat != seat):
        raise ServiceError("already_joined", "That member already plays another seat in this game.")
    controller: Controller = "human" if new_user is not None else "ai"
    label = name or ("AI" if new_user is None else f"Player {seat + 1}")
    return [s if s.seat != seat else SeatRecord(seat, new_user, label, controller, "playing") for s in seats]


def start(
    ruleset: Ruleset, game: GameRecord, seats: Sequence[SeatRecord], seed: str, *, as_given: bool = False
) -> tuple[GameUpdate, list[SeatRecord], LogEntry]:
    """Seat order from the game's dice, then the ruleset's setup; returns what to commit. ``as_given``:
    every seat kept its place in the order the seats were given (the terminal's ``--order as-given``),
    which the log's first line says."""
    if not ruleset.min_seats <= len(seats) <= ruleset.max_seats:
        raise ServiceError(
            "seats",
            f"{ruleset.title} needs {ruleset.min_seats} to {ruleset.max_seats} players; {len(seats)} joined.",
        )
    claims = {s.claim: j for j, s in enumerate(seats) if s.claim is not None}
    beyond = sorted(seat for seat in claims if seat >= len(seats))
    if beyond:
        raise ServiceError(
            "claim_too_high",
            f"Seat {beyond[0] + 1} was claimed, but only {len(seats)} players joined; "
            "that player can `/game seat` again, or more players can join.",
        )
    check_players(ruleset, game.options, len(seats))
    order, events = seat_order(seed, len(seats), claims)
    if as_given:
        events = []  # every seat was given its place: the draw decided nothing, and the log shows no die
    seated = [replace(seats[j], seat=i, claim=None) for i, j in enumerate(order)]  # claims now met
    try:
        state, setup_events = ruleset.setup(game.options, len(seats), SeededRng(seed))
    except IllegalAction as refusal:  # a game without a check_seats hook refusing in its setup
        raise ServiceError(refusal.code, refusal.message) from None
    meta: dict[str, Any] = {"type": "start", "order": list(order)}
    if claims:
        meta["claims"] = sorted([seat, j] for seat, j in claims.items())
    if as_given:
        meta["as_given"] = True
    entry = LogEntry("system", None, game.created_by, json.dumps(meta), encode([*events, *setup_events]))
    update = GameUpdate(status="running", seed=seed, seed_hash=seed_hash(seed), state=encode(state))
    return update, seated, entry


def claim(
    game: GameRecord, ruleset: Ruleset, seats: Sequence[SeatRecord], user_id: int, number: int
) -> list[SeatRecord]:
    """Claim seat ``number`` (1-based; 0 gives a claim up) before the start; the rest are drawn."""
    check_lobby(game, "Seats are fixed once the game has started.")
    room = game.capacity or ruleset.max_seats
    mine = next((s for s in seats if s.user_id == user_id), None)
    if mine is None:
        raise ServiceError("not_a_player", "Join the game with /game join before claiming a seat.")
    if not 0 <= number <= room:
        raise ServiceError("no_seat", f"Seats are numbered 1 to {room} in this game.")
    holder = next((s for s in seats if number and s.claim == number - 1 and s is not mine), None)
    if holder is not None:
        raise ServiceError("seat_claimed", f"Seat {number} is already claimed by {holder.name}.")
    return [replace(s, claim=number - 1 if number else None) if s is mine else s for s in seats]


def in_join_order(game: GameRecord, seats: Sequence[SeatRecord]) -> list[SeatRecord]:
    """Before the start, each seat claims the place it joined in, so the draw leaves the order as it is."""
    check_lobby(game, "Seats are fixed once the game has started.")
    return [replace(s, claim=j) for j, s in enumerate(seats)]


def resign_action(ruleset: Ruleset) -> Action:
    """The ruleset's own resignation (an action class named ``Resign``), so the engine decides what
    happens to the seat's pieces; a ruleset without one cannot be resigned from mid-game."""
    for kind in typing.get_args(ruleset.action_type):
        if kind.__name__ == "Resign":
            action: Action = kind()
            return action
    raise ServiceError(
        "cannot_resign", f"{ruleset.title} has no way to resign mid-game; ask the host to end it."
    )


@dataclass(frozen=True, slots=True)
class TurnSettings:
    """A new game's turn settings as the host gave them (None: not given)."""

    turn_hours: int | None
    timeout_action: str | None
    reminders: str | None
    ai_level: str | None


def with_server_defaults(asked: TurnSettings, server: GuildSettings | None) -> tuple[TurnSettings, list[str]]:
    """The settings with what the host left out taken from the server's defaults (``/mod defaults``),
    and the names of those taken; what neither gives stays None (Warboard's own default)."""
    taken: dict[str, Any] = {}
    for f in fields(TurnSettings):
        default = None if server is None else getattr(server, f"default_{f.name}")
        if getattr(asked, f.name) is None and default is not None:
            taken[f.name] = default
    return replace(asked, **taken), list(taken)

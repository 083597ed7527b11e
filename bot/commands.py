"""Text commands to engine actions, for the terminal client (and anything else that reads typed moves).

Every game works without extra code: a command is an action class name (``place_armies``, or
``placearmies``) followed by its fields in declaration order. A game names friendlier verbs shaped like
its slash commands (``place alaska 3``) in its ``TextCommands.verbs``; a game whose actions do not read
as a row of plain values (unit lists like ``3 infantry, 1 tank``, routes) parses its own verbs first in
``TextCommands.parse``. Values are converted and checked by msgspec against the action's field types,
so ``place alaska three`` is refused here, before the engine.

``PlainText`` is the typed commands of a game that needs nothing beyond the generic parser; games
subclass it to add verbs, help and their own parsing.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from bot.game import Game, no_secrets
from bot.models import ServiceError
from bot.parsing import quoted
from rules.core.events import Action
from rules.core.names import did_you_mean


class PlainText:
    """Typed commands read by the generic parser alone (every ``TextCommands`` default)."""

    verbs: Mapping[str, str] = {}
    help: Sequence[tuple[str, str]] = ()
    note: str = ""

    def parse(self, words: Sequence[str], state: Any) -> Action | None:
        return None

    def describe(self, action: Action) -> str | None:
        return None

    def situation(self, view: Any) -> str:
        phase = getattr(view, "phase", None)
        return str(getattr(phase, "value", phase)) if phase is not None else ""

    def notice(self, state: Any) -> str | None:
        return None

    def query(self, words: Sequence[str]) -> str | None:
        return None


CLIENT_COMMANDS = (
    ("cards", "what only you hold (cards), with the numbers to play them by"),
    ("moves", "list moves you can make now"),
    ("ai [n|turn]", "let the AI make your next move, your next n (AIs move between) or your whole turn"),
    ("undo", "take back your last move (not after dice or a card)"),
    ("resign", "leave the game"),
    ("log [n]", "the game log: the last n moves and what each did (20)"),
    ("status", "who plays, whose turn, the seed hash"),
    ("map", "write the board picture now"),
    ("battle", "write the battle board picture: the battle now, else the last one"),
    ("replay [n]", "write an animated replay (GIF) of the whole game, or of its last n turns"),
    ("rollback [n]", "moderator: take back the last n moves of anyone"),
    ("pause / resume / endgame", "host: pause, resume or end the game (reveals the seed)"),
    ("verify", "after the game: check every die against the revealed seed"),
    ("export [file]", "write the game as JSON"),
    ("help / quit", "this list / leave (the game stays in --db)"),
)


def known_verbs(game: Game) -> list[str]:
    """Every word that starts a command of ``game`` in the terminal: its moves' and the client's own."""
    moves = [*game.text.verbs, *(usage.split()[0] for usage, _ in game.text.help if usage.strip())]
    moves += [snake(name) for name in action_classes(game)]
    client = [verb for usage, _ in CLIENT_COMMANDS for verb in usage.split()]
    words = [*moves, *client, "quit", "exit"]
    return list(dict.fromkeys(w for w in words if w.replace("_", "").isalpha()))


def action_classes(game: Game) -> dict[str, type[Action]]:
    kinds = typing.get_args(game.rules.action_type) or (game.rules.action_type,)
    return {cls.__name__: cls for cls in kinds}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _find(game: Game, verb: str) -> type[Action] | None:
    classes = action_classes(game)
    name = game.text.verbs.get(verb)
    if name:
        return classes.get(name)
    wanted = verb.replace("_", "").lower()
    return next((cls for n, cls in classes.items() if n.lower() == wanted), None)


def _verb(game: Game, cls: type[Action]) -> str:
    return next((v for v, n in game.text.verbs.items() if n == cls.__name__), snake(cls.__name__))


def usage(game: Game, cls: type[Action]) -> str:
    parts = [_verb(game, cls)]
    for field in msgspec.structs.fields(cls):
        parts.append(f"<{field.name}>" if field.required else f"[{field.name}]")
    return " ".join(parts)


def unknown_command(word: str, known: Iterable[str]) -> ServiceError:
    """The one refusal of a word that is no command, every game alike: the likely command first where
    one is near ("“plce” is not a command here. Did you mean place? Type help for the list.")."""
    hint = did_you_mean(word, known)
    said = f".{hint} Type" if hint else "; type"
    return ServiceError("unknown_command", f"“{quoted(word)}” is not a command here{said} help for the list.")


def action_from_words(game: Game, words: list[str], state: Any = None) -> Action:
    """``["move", "north", "south", "3"]`` -> ``Move("north", "south", 3)``, as the game reads it. ``state``:
    the game's, for a game's own commands that read the position."""
    found = game.text.parse(words, state)
    if found is not None:
        return found
    cls = _find(game, words[0].lower())
    if cls is None and words[0].lower() in known_verbs(game):  # not offered as its own correction
        said = f"“{quoted(words[0])}” is a command, but not written that way"
        raise ServiceError("unknown_command", f"{said}; type help for the list.")
    if cls is None:
        raise unknown_command(words[0], known_verbs(game))
    fields = msgspec.structs.fields(cls)
    args = words[1:]
    data: dict[str, Any] = {}
    for i, field in enumerate(fields):
        if i >= len(args):
            break
        if typing.get_origin(field.type) is tuple and i == len(fields) - 1:
            data[field.name] = args[i:]  # the last field takes the rest: trade 1 2 3
            args = args[: i + 1]
            break
        data[field.name] = None if args[i].lower() == "none" else args[i]
    if len(args) > len(fields):
        raise ServiceError("bad_command", f"Too many values. Usage: {usage(game, cls)}")
    try:
        action: Action = msgspec.convert(data, cls, strict=False)
    except msgspec.ValidationError as error:
        raise ServiceError("bad_command", f"{_reason(error)}. Usage: {usage(game, cls)}") from None
    return action


_KINDS = {"int": "a whole number", "str": "a name", "bool": "yes or no"}


def _reason(error: msgspec.ValidationError) -> str:
    """msgspec's "Expected `int`, got `str` - at `$.armies`" as "armies must be a whole number"."""
    text = str(error)
    if text.startswith("Object missing required field"):
        return "A value is missing"
    found = re.match(r"Expected `(\w+)[^`]*`, got `\w+` - at `\$\.(\w+)", text)
    if found:
        return f"{found.group(2).capitalize()} must be {_KINDS.get(found.group(1), found.group(1))}"
    return text.replace("`$.", "").replace("`", "").rstrip(".")


def describe_action(game: Game, action: Action) -> str:
    """An action as the command that would make it (the inverse of ``action_from_words``), in the
    players' words: keys such as ``western_united_states`` or ``aa_gun`` are written with spaces, which
    every game's reader takes."""
    return _command(game, action).replace("_", " ")


def _command(game: Game, action: Action) -> str:
    own = game.text.describe(action)
    if own is not None:
        return own
    cls = type(action)
    values = []
    for field in msgspec.structs.fields(cls):
        value = getattr(action, field.name)
        if value is None or (not field.required and value == field.default):
            continue
        values.append(" ".join(map(str, value)) if isinstance(value, tuple) else str(value))
    return " ".join([_verb(game, cls), *values])


def help_text(game: Game) -> str:
    text = game.text
    if text.help:
        moves = _table(text.help, 30)
    else:
        moves = [f"  {usage(game, c)}" for name, c in action_classes(game).items() if name != "Resign"]
    note = [f"  {text.note}"] if text.note else []
    hides = game.vary_secrets is not no_secrets  # "cards" only where a player holds something hidden
    own = {usage.split()[0] for usage, _ in text.help if usage.split()}  # "battle" may be a game's move
    other = _table([(n, what) for n, what in CLIENT_COMMANDS if (hides or n != "cards") and n not in own], 22)
    return "\n".join(["Moves:", *moves, *note, "Other commands:", *other])


def _table(rows: Iterable[tuple[str, str]], width: int) -> list[str]:
    """Usages and what each does in two columns, two spaces apart at least; a usage too long for its
    column has its own line, the words under the column (the terminal's help ran "… [counters N] attack
    (default: …)" together)."""
    lines = []
    for usage, what in rows:
        if len(usage) > width:
            lines += [f"  {usage}", f"  {'':<{width}}  {what}"]
        else:
            lines.append(f"  {usage:<{width}}  {what}")
    return lines


def situation(game: Game, view: Any) -> str:
    """The prompt's details after the turn label, as the game words them (``, attack, 3 to place``)."""
    said = game.text.situation(view)
    return f", {said}" if said else ""

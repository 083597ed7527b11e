"""Text commands to engine actions, for the terminal client (and anything else that reads typed moves).

Every ruleset works without extra code: a command is an action class name (``place_armies``, or
``placearmies``) followed by its fields in declaration order. Friendlier verbs shaped like the slash
commands (``place alaska 3``) are listed per ruleset in ``VERBS``. Values are converted and checked by
msgspec against the action's field types, so ``place alaska three`` is refused here, before the engine.

A ruleset whose actions do not read as a row of plain values (Axis & Allies: ``3 infantry, 1 tank``,
routes) has its own text module in ``TEXT_COMMANDS``, consulted first; see ``TextCommands``.
"""

from __future__ import annotations

import importlib
import re
import typing
from collections.abc import Sequence
from typing import Any, Protocol, cast

import msgspec

from bot.models import ServiceError
from rules.core.events import Action
from rules.core.ruleset import Ruleset

VERBS: dict[str, dict[str, str]] = {
    "risk": {
        "place": "PlaceArmies",
        "attack": "Attack",
        "occupy": "Occupy",
        "fortify": "Fortify",
        "trade": "TradeCards",
        "end": "EndPhase",
        "claim": "ClaimTerritory",
        "neutral": "PlaceNeutral",
        "defend": "Defend",
    },
}

# ruleset -> the module with its own typed commands (a ``TextCommands``), imported when first needed
TEXT_COMMANDS = {"axis_allies": "bot.aa_text"}


class TextCommands(Protocol):
    """A ruleset's typed commands. ``parse`` returns None for a verb it does not know (the generic parser
    then tries it) and raises ``ServiceError`` with a sentence for bad input; ``state`` is the game's."""

    HELP: tuple[tuple[str, str], ...]  # (usage, what it does, with an example)
    NOTE: str  # one more line for help

    def parse(self, words: Sequence[str], state: Any) -> Action | None: ...

    def describe(self, action: Action) -> str: ...

    def situation(self, view: Any) -> str: ...  # for the prompt: whose turn, phase, money...

    def notice(self, state: Any) -> str | None: ...  # what the game waits for, as commands to type

    def query(self, words: Sequence[str]) -> str | None: ...  # commands that only look (no action)


def text_commands(ruleset: Ruleset) -> TextCommands | None:
    module = TEXT_COMMANDS.get(ruleset.name)
    return cast(TextCommands, importlib.import_module(module)) if module else None


CLIENT_COMMANDS = (
    ("cards", "show your cards (with the numbers to trade them by)"),
    ("moves", "list moves you can make now"),
    ("ai [n|turn]", "let the AI make your next move, n moves, or the rest of your turn"),
    ("undo", "take back your last move (not after dice or a card)"),
    ("resign", "leave the game"),
    ("log [n]", "the last n lines of the game log (20)"),
    ("status", "who plays, whose turn, the seed hash"),
    ("map", "write the board picture now"),
    ("rollback [n]", "moderator: take back the last n moves of anyone"),
    ("pause / resume / endgame", "host: pause, resume or end the game (reveals the seed)"),
    ("verify", "after the game: check every die against the revealed seed"),
    ("export [file]", "write the game as JSON"),
    ("help / quit", "this list / leave (the game stays in --db)"),
)


def action_classes(ruleset: Ruleset) -> dict[str, type[Action]]:
    return {cls.__name__: cls for cls in typing.get_args(ruleset.action_type)}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _find(ruleset: Ruleset, verb: str) -> type[Action] | None:
    classes = action_classes(ruleset)
    name = VERBS.get(ruleset.name, {}).get(verb)
    if name:
        return classes.get(name)
    wanted = verb.replace("_", "").lower()
    return next((cls for n, cls in classes.items() if n.lower() == wanted), None)


def usage(ruleset: Ruleset, cls: type[Action]) -> str:
    verb = next((v for v, n in VERBS.get(ruleset.name, {}).items() if n == cls.__name__), snake(cls.__name__))
    parts = [verb]
    for field in msgspec.structs.fields(cls):
        required = field.required
        parts.append(f"<{field.name}>" if required else f"[{field.name}]")
    return " ".join(parts)


def action_from_words(ruleset: Ruleset, words: list[str], state: Any = None) -> Action:
    """``["attack", "alaska", "kamchatka", "3"]`` -> ``Attack("alaska", "kamchatka", 3)``. ``state``: the
    game's, for a ruleset's own commands that fill in defaults from it (an A&A move's route)."""
    own = text_commands(ruleset)
    if own is not None:
        found = own.parse(words, state)
        if found is not None:
            return found
    cls = _find(ruleset, words[0].lower())
    if cls is None:
        raise ServiceError("unknown_command", f"“{words[0]}” is not a command here; type help for the list.")
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
        raise ServiceError("bad_command", f"Too many values. Usage: {usage(ruleset, cls)}")
    try:
        action: Action = msgspec.convert(data, cls, strict=False)
    except msgspec.ValidationError as error:
        raise ServiceError("bad_command", f"{_reason(error)}. Usage: {usage(ruleset, cls)}") from None
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


def describe_action(ruleset: Ruleset, action: Action) -> str:
    """An action as the command that would make it (the inverse of ``action_from_words``)."""
    own = text_commands(ruleset)
    if own is not None:
        return own.describe(action)
    cls = type(action)
    verb = next((v for v, n in VERBS.get(ruleset.name, {}).items() if n == cls.__name__), snake(cls.__name__))
    values = []
    for field in msgspec.structs.fields(cls):
        value = getattr(action, field.name)
        if value is None or (not field.required and value == field.default):
            continue
        values.append(" ".join(map(str, value)) if isinstance(value, tuple) else str(value))
    return " ".join([verb, *values])


def help_text(ruleset: Ruleset) -> str:
    own = text_commands(ruleset)
    if own is not None:
        moves = [f"  {name:<30} {text}" for name, text in own.HELP]
        places = f"  {own.NOTE}"
    else:
        moves = [f"  {usage(ruleset, c)}" for name, c in action_classes(ruleset).items() if name != "Resign"]
        places = (
            "  Places are written as ids without spaces: north_africa, or northafrica."
            if ruleset.name == "risk"
            else ""
        )
    other = [f"  {name:<22} {text}" for name, text in CLIENT_COMMANDS]
    return "\n".join(["Moves:", *moves, places, "Other commands:", *other]).replace("\n\n", "\n")


def situation(ruleset: Ruleset, view: Any) -> str:
    """The prompt's details after the turn number: ``, attack, 3 to place`` (Risk) or the ruleset's own."""
    own = text_commands(ruleset)
    if own is not None:
        return f", {own.situation(view)}"
    phase = getattr(view, "phase", None)
    left = getattr(view, "reinforcements", 0)
    return (f", {phase}" if phase else "") + (f", {left} to place" if left else "")


def notice(ruleset: Ruleset, state: Any) -> str | None:
    own = text_commands(ruleset)
    return own.notice(state) if own is not None else None


def query(ruleset: Ruleset, words: list[str]) -> str | None:
    own = text_commands(ruleset)
    return own.query(words) if own is not None else None

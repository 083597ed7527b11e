"""Text commands to engine actions, for the terminal client (and anything else that reads typed moves).

Every ruleset works without extra code: a command is an action class name (``place_armies``, or
``placearmies``) followed by its fields in declaration order. Friendlier verbs shaped like the slash
commands (``place alaska 3``) are listed per ruleset in ``VERBS``. Values are converted and checked by
msgspec against the action's field types, so ``place alaska three`` is refused here, before the engine.
"""

from __future__ import annotations

import re
import typing
from typing import Any

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


def action_from_words(ruleset: Ruleset, words: list[str]) -> Action:
    """``["attack", "alaska", "kamchatka", "3"]`` -> ``Attack("alaska", "kamchatka", 3)``."""
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
    moves = [f"  {usage(ruleset, cls)}" for name, cls in action_classes(ruleset).items() if name != "Resign"]
    other = [f"  {name:<22} {text}" for name, text in CLIENT_COMMANDS]
    places = (
        "  Places are written as ids without spaces: north_africa, or northafrica."
        if ruleset.name == "risk"
        else ""
    )
    return "\n".join(["Moves:", *moves, places, "Other commands:", *other]).replace("\n\n", "\n")

"""Ruleset options declared as data: name, type, default, allowed values and a line of help.

Options are validated once, when a game is configured, and the typed values are stored with the game.
Text from a slash command or the terminal is parsed by the same spec, so every front end agrees.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules.core.errors import IllegalAction
from rules.core.words import clipped

OptionValue = bool | int | str

_WHOLE = re.compile(r"-?[0-9]{1,9}")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a ruleset. ``choices`` applies to text options, ``minimum``/``maximum`` to numbers."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    choice_help: Mapping[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> type:
        return type(self.default)

    def parse(self, text: str) -> OptionValue:
        """Turn what a player typed into a typed value, or explain what this option accepts."""
        raw = text.strip()
        if self.kind is bool:
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            raise IllegalAction("bad_option", f"Option {self.name} is on or off; “{raw}” is neither.")
        if self.kind is int:
            # ASCII digits only, and few of them: int() would also read "٣", "1_000" and 4,000 digits.
            if not _WHOLE.fullmatch(raw):
                shown = clipped(raw, 20)
                raise IllegalAction("bad_option", f"Option {self.name} takes a whole number, not “{shown}”.")
            return self.check(int(raw))
        return self.check(raw)

    def check(self, value: object) -> OptionValue:
        """Validate an already typed value (from storage or code); returns it."""
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise IllegalAction("bad_option", f"Option {self.name} takes a whole number.")
        if not isinstance(value, self.kind):
            raise IllegalAction("bad_option", f"Option {self.name} takes a {self.kind.__name__} value.")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise IllegalAction("bad_option", f"Option {self.name} is at least {self.minimum}.")
            if self.maximum is not None and value > self.maximum:
                raise IllegalAction("bad_option", f"Option {self.name} is at most {self.maximum}.")
        if isinstance(value, str) and self.choices and value not in self.choices:
            raise IllegalAction(
                "bad_option", f"Option {self.name} is one of {', '.join(self.choices)}; not “{value}”."
            )
        assert isinstance(value, bool | int | str)
        return value

    def describe(self) -> str:
        """The accepted values, for help texts and autocomplete."""
        if self.kind is bool:
            return "on or off"
        if self.choices:
            return " | ".join(self.choices)
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"a number {low}..{high}"


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Defaults overlaid with ``given``, each value checked; an unknown name is refused by name."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise IllegalAction(
            "bad_option", f"There is no option {unknown[0]}; options are {', '.join(sorted(by_name))}."
        )
    return {spec.name: spec.check(given[spec.name]) if spec.name in given else spec.default for spec in specs}


class SeatCheck(Protocol):
    """A ruleset whose options some seat counts cannot play (a starting stock too small for the land one
    player is dealt in a two-player game) says so before the setup: ``check_seats`` raises
    ``IllegalAction`` with a sentence naming the option, the seat count and what would work."""

    def check_seats(self, options: Mapping[str, OptionValue], seats: int) -> None: ...


def check_seats(ruleset: object, options: Mapping[str, OptionValue], seats: int) -> None:
    """Refuse ``options`` for a game of ``seats`` players when the ruleset says they cannot be played.
    The hook is optional (most games' options suit every seat count), so the contract stays small; the
    lobby calls this before a game starts, and wherever it already knows the number of seats."""
    hook = getattr(ruleset, "check_seats", None)
    if callable(hook):
        hook(options, seats)

"""A game, as the framework above the rules sees it: one value bundling every face a game shows.

Each game builds its ``Game`` in ``bot/games/<game>/__init__.py``; the composition roots (the Discord app,
the terminal client) list them in ``bot/games/__init__.py`` and hand the table to everything else. Shared
code asks a game for its faces and never names one, so a new game plugs in by registering, and a game
without a face it needs is refused at start-up by ``check_games`` instead of falling through to another.

Nothing here imports Discord: a game's slash commands and menus live in its ``extension`` module, which
the Discord app loads (``async def setup(bot)``), so the terminal client runs without them.
"""

from __future__ import annotations

import dataclasses
import importlib
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

from render.core.pictures import Pictures
from rules.core.agents import Agent
from rules.core.events import Action, DiceRolled, Event
from rules.core.options import OptionValue
from rules.core.ruleset import Ruleset


class Presenter(Protocol):
    """A game's words for the shared messages: standings, what each seat plays, the "since your last
    turn" digest and the names of a seat's hidden things (its cards)."""

    def standing(self, view: Any, seat: int) -> str | None:
        """A seat's numbers for the status message (None: nothing to say)."""
        ...

    def seat_roles(self, seats: int) -> list[str]:
        """What each seat plays, before the start (empty when all seats are alike)."""
        ...

    def digest(self, events: Sequence[Event], seat: int, names: Sequence[str], view: Any) -> list[str]:
        """What ``seat`` missed since its last turn, from the events it may see (empty: board only)."""
        ...

    def private_text(self, view: Any) -> str | None:
        """What only the viewer holds, in words (a hand of cards); None for the public view or a game
        with nothing hidden."""
        ...

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        """A move's outcome for its mover (``events`` as ``seat`` may see them), where the game tells it
        in fewer lines than the log (an attack of many rolls as their sum, its dice left to the log);
        None: the log's lines for the move."""
        ...

    def still_to_do(self, view: Any) -> str | None:
        """Under a move's answer while the turn is still the mover's: what is left of it that no button
        shows ("7 more hexes to place this turn"), from the view after the move; None: nothing to add."""
        ...


@dataclass(frozen=True, slots=True)
class Step:
    """A next-step button as data. The shared layer draws it with the custom id
    ``wb:<game>:<version>:<verb>[:<arg>]`` and, when clicked, asks the game's ``Steps.action`` for the
    move; a step with ``menu`` set opens the game's own private menu instead (its custom id is
    ``wbm:<game>:<version>:<arg>``, answered by a dynamic item the game's extension registers)."""

    verb: str
    arg: str = ""
    label: str = ""
    style: str = "secondary"  # primary | secondary | success | danger
    menu: bool = False


class Steps(Protocol):
    """The natural next moves after a move, and the move each step stands for."""

    def next(self, view: Any, events: Sequence[Event]) -> list[Step]:
        """Steps for the seat that moved, from the public view after the move and its public events."""
        ...

    def action(self, verb: str, arg: str, state: Any) -> Action | None:
        """The move a step stands for in ``state`` (None: no such step, e.g. an old button's verb)."""
        ...


class TextCommands(Protocol):
    """A game's typed commands for the terminal client (see ``bot/commands.py``, which reads any action
    class by name when a game's own parser does not know a verb)."""

    @property
    def verbs(self) -> Mapping[str, str]:  # friendly verb -> action class name, e.g. "end" -> "EndTurn"
        ...

    @property
    def help(self) -> Sequence[tuple[str, str]]:  # (usage, what it does); empty: from the action classes
        ...

    @property
    def note(self) -> str:  # one more line for help (how places are written)
        ...

    def parse(self, words: Sequence[str], state: Any) -> Action | None: ...

    def describe(self, action: Action) -> str | None: ...  # None: the generic "verb field field"

    def situation(self, view: Any) -> str: ...  # for the prompt: phase, money, what is left to do

    def notice(self, state: Any) -> str | None: ...  # what the game waits for, as commands to type

    def query(self, words: Sequence[str]) -> str | None: ...  # commands that only look (odds, units)


@dataclass(frozen=True, slots=True)
class Slash:
    """An action made by a slash command: ``name`` as typed after the slash, with its options."""

    name: str
    options: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class Click:
    """An action made by clicking the next-step button ``verb``/``arg`` under the last message."""

    verb: str
    arg: str = ""


Making = Slash | Click


@dataclass(frozen=True, slots=True)
class Game:
    """Every face of one game. All fields are required: a game states each one, even when it is "none"
    (``Pictures.battle`` may return None for a game without battles)."""

    rules: Ruleset
    pictures: Pictures
    # The game's AIs by level, weakest first ("easy", "normal"...), each from a seed (the same seed, the
    # same choices). AI seats and stand-ins play the level they were given, else ``default_level``.
    levels: Mapping[str, Callable[[int], Agent]]
    presenter: Presenter
    steps: Steps
    text: TextCommands
    extension: str  # the module whose ``setup(bot)`` adds the slash-command cog and the menus
    command: str  # the slash-command group: "x" for /x
    help: str  # the game's paragraph of /help
    making: Callable[[Action], Making]  # how a player makes an action through Discord
    # The same position with one seat's hidden things changed (for the tests proving no one else sees
    # them); the identity for a game that hides nothing.
    vary_secrets: Callable[[Any, int, int], Any]
    short_game: Mapping[str, OptionValue]  # options for a short whole game (tests and demonstrations)
    # Where playing by post needs other defaults than the rule document's (a setup of one piece a turn
    # would take weeks of turns): the options a new game starts with. The engine's own defaults stay the
    # document's, so every stored game replays as it was set up; a host can still pick the box rule.
    post_defaults: Mapping[str, OptionValue] = dataclasses.field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.rules.name

    def usual_options(self) -> dict[str, OptionValue]:
        """What a new game's options are unless its host changes them: the engine's defaults with the
        defaults for play by post over them."""
        return {spec.name: spec.default for spec in self.rules.options} | dict(self.post_defaults)

    @property
    def default_level(self) -> str:
        """The level AI seats and stand-ins play unless told: "normal" where the game has it, else its
        strongest."""
        return DEFAULT_LEVEL if DEFAULT_LEVEL in self.levels else list(self.levels)[-1]

    def level(self, wanted: str | None) -> str:
        """``wanted`` if the game has that level, else its default (a level stored for a seat may be
        one a later version of the game no longer has)."""
        return wanted if wanted is not None and wanted in self.levels else self.default_level

    def agent(self, seed: int, level: str | None = None) -> Agent:
        """The AI of ``level`` (None or unknown: the default), seeded."""
        return self.levels[self.level(level)](seed)

    @property
    def title(self) -> str:
        return self.rules.title


Games = Mapping[str, Game]

DEFAULT_LEVEL = "normal"
# Levels in players' words, for the commands' choices and the status message.
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def level_name(level: str) -> str:
    return LEVEL_NAMES.get(level, level.replace("_", " ").capitalize())


def no_secrets(state: Any, seat: int, seed: int) -> Any:
    """``vary_secrets`` of a game that hides nothing: every seat sees the same position."""
    return state


class GameSetupError(Exception):
    """A registered game is incomplete or clashes with another; raised at start-up."""


_RULES_FACES = (
    "name",
    "title",
    "min_seats",
    "max_seats",
    "options",
    "state_type",
    "action_type",
    "event_type",
    *(name for name in dir(Ruleset) if not name.startswith("_") and callable(getattr(Ruleset, name))),
)


def check_games(games: Mapping[str, Game]) -> None:
    """Refuse an incomplete registry before anything runs: every face present, names and slash groups
    unique, each extension importable with a ``setup``."""
    commands: dict[str, str] = {}
    for key, game in games.items():
        if not isinstance(game, Game):
            raise GameSetupError(f"{key!r} is registered with {type(game).__name__}, not a Game")
        for field in fields(game):
            if getattr(game, field.name, None) is None:
                raise GameSetupError(f"the game {key!r} has no {field.name}")
        missing = [face for face in _RULES_FACES if not hasattr(game.rules, face)]
        if missing:
            raise GameSetupError(f"the rules of {key!r} lack {', '.join(missing)}")
        if game.name != key:
            raise GameSetupError(f"the game registered as {key!r} calls itself {game.name!r}")
        if not game.levels:
            raise GameSetupError(f"the game {key!r} has no AI level")
        if not game.help.strip():
            raise GameSetupError(f"the game {key!r} has no help text")
        if game.command in commands:
            raise GameSetupError(f"{key!r} and {commands[game.command]!r} both use /{game.command}")
        commands[game.command] = key
        module = importlib.import_module(game.extension)
        if not callable(getattr(module, "setup", None)):
            raise GameSetupError(f"{game.extension} (the extension of {key!r}) has no setup(bot)")
        if DiceRolled not in typing.get_args(game.rules.event_type):
            # The start of every game records the seat order's dice among the game's own events.
            raise GameSetupError(f"the event type of {key!r} leaves out DiceRolled")


def catalog(games: Iterable[Game]) -> dict[str, Game]:
    """The registry from a list of games, keyed by name, checked."""
    table = {game.name: game for game in games}
    check_games(table)
    return table

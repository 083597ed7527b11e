"""Issue 33, item 8: every game's cog derives from ``bot.cogs.game_cog.GameCog`` and leaves it the
plumbing (no ``__init__`` or error handler of its own), the base's autocomplete finds nothing to suggest
outside its own game's command, and a command of several moves stops where the engine refuses one."""

from __future__ import annotations

import asyncio
import importlib
from types import SimpleNamespace
from typing import Any

import pytest
from discord.ext import commands

from bot.cogs.game_cog import GameCog, Typed, offer, suggest
from bot.cogs.moves import act_several, merged
from bot.games import GAMES
from bot.models import ActResult, Position, ServiceError
from tests.conformance.stub_cog import StubCog


def cog_class(extension: str) -> type[commands.Cog]:
    module = importlib.import_module(extension)
    (cog,) = [
        c
        for c in vars(module).values()
        if isinstance(c, type) and issubclass(c, commands.Cog) and c.__module__ == module.__name__
    ]
    return cog


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_cog_derives_from_the_base_and_keeps_none_of_its_plumbing(name: str) -> None:
    cog = cog_class(GAMES[name].extension)
    assert issubclass(cog, GameCog), cog
    assert cog.game == name and cog.__cog_group_name__ == GAMES[name].command
    own = [k for k in cog.__mro__[: cog.__mro__.index(GameCog)]]
    redefined = [
        f"{k.__name__}.{m}" for k in own for m in ("__init__", "cog_app_command_error") if m in vars(k)
    ]
    assert redefined == [], redefined


def test_the_stub_game_follows_the_same_pattern() -> None:
    # By name, not identity: a test that loads and unloads the extension on the same worker (discord.py
    # drops an unloaded extension's module) leaves a fresh import of it here, with a class of its own.
    cog = cog_class("tests.conformance.stub_cog")
    assert (cog.__module__, cog.__qualname__) == (StubCog.__module__, StubCog.__qualname__)
    assert issubclass(cog, GameCog) and issubclass(StubCog, GameCog)


def interaction(binding: Any, **options: str) -> Any:
    """An autocomplete interaction as the callback sees it: its command's cog and the options typed."""
    return SimpleNamespace(command=SimpleNamespace(binding=binding), namespace=SimpleNamespace(**options))


def test_a_suggestion_outside_a_game_cog_offers_nothing_and_a_fixed_list_reads_the_other_options() -> None:
    asked: list[Any] = []
    complete = suggest(lambda q: asked.append(q) or [("x", "x")])
    assert asyncio.run(complete(interaction(None), "")) == []  # no game cog: no game to ask about
    assert asked == []
    fixed = offer(lambda q: [(f"{q.option('kind')} {q.typed}", q.option("missing") or "none")])
    (choice,) = asyncio.run(fixed(interaction(None, kind="city"), "ai"))
    assert (choice.name, choice.value) == ("city ai", "none")
    assert Typed("", interaction(None, **{"from": "C7"})).option("from") == "C7"


def after(n: int) -> Any:
    """The game as move ``n`` left it (what the next move starts from)."""
    return Position(SimpleNamespace(version=n), None)  # type: ignore[arg-type]


def result(n: int, turn_changed: bool = False) -> ActResult:
    return ActResult(
        n, n, n, 0, (), (), (f"move {n}",), None, (), None, turn_changed=turn_changed, position=after(n)
    )


class Service:
    """Accepts the moves named in ``accept`` (as numbers) and refuses the rest; the first reads ``found``."""

    def __init__(self, accept: set[int], turn_ends: int = 0) -> None:
        self.accept, self.turn_ends = accept, turn_ends
        self.given: list[Any] = []

    async def act(self, game: Any, user_id: int, action: int) -> ActResult:
        self.given.append(game)
        if action not in self.accept:
            raise ServiceError("no", f"Move {action} is refused.")
        return result(action, action == self.turn_ends)


def test_several_moves_stop_at_a_later_refusal_and_the_first_refusal_changes_nothing() -> None:
    found = SimpleNamespace(game=SimpleNamespace(id=7))
    service = Service({1, 2})
    done, refusal = asyncio.run(act_several(SimpleNamespace(service=service), 5, found, [1, 2, 3, 4]))
    assert (
        [r.version for r in done] == [1, 2]
        and refusal is not None
        and refusal.message == "Move 3 is refused."
    )
    # The first move uses the game as read, each later one the game as the move before left it.
    assert service.given == [found, after(1).found, after(2).found]
    assert merged(done).lines == ("move 1", "move 2") and merged(done, ["both"]).lines == ("both",)
    with pytest.raises(ServiceError):
        asyncio.run(act_several(SimpleNamespace(service=Service(set())), 5, found, [1, 2]))
    ends = Service({1, 2, 3}, turn_ends=2)
    done, refusal = asyncio.run(
        act_several(SimpleNamespace(service=ends), 5, found, [1, 2, 3], until_turn_ends=True)
    )
    assert [r.version for r in done] == [1, 2] and refusal is None
    assert merged(done).turn_changed

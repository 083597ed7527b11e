"""The shape of the house, checked from the source: no import circles, no import that runs up a layer or
from one game into another, no game named in shared code, and every game laid out the same way.

Imports are read with ``ast``, so those inside functions and under ``TYPE_CHECKING`` count as much as
the ones at the top of a module. The layers, lowest first: ``data``, ``rules``, ``render``, ``bot``; in
each of rules and render a ``core`` that knows no game; in bot the shared modules, then the games
(``bot/games/<game>/``), then the composition roots that list them (``bot.app``, ``bot.console``).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
OURS = ("data", "rules", "render", "bot")
LAYER = {name: rank for rank, name in enumerate(OURS)}
# The composition roots (the bot, the terminal client, the SQLite-to-PostgreSQL move, the ratings'
# rebuild): they may import the registry.
ROOTS = {"bot.app", "bot.console", "bot.__main__", "bot.migrate", "bot.ratings.__main__"}
GAME_NAMES = sorted(GAMES)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    module_name(path): path
    for top in OURS
    for path in (ROOT / top).rglob("*.py")
    if "__pycache__" not in path.parts
}


def resolve(name: str) -> str | None:
    """The module of ours that ``name`` refers to (a module, or a package for a name inside it)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            target = resolve(name)
            if target is not None and target != module:
                found.add(target)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def game_of(module: str) -> str | None:
    """The game a module belongs to (``rules.risk.x``, ``render.risk``, ``bot.games.risk.cog``: risk)."""
    parts = module.split(".")
    if parts[0] in ("rules", "render", "data") and len(parts) > 1 and parts[1] in GAME_NAMES:
        return parts[1]
    if parts[:2] == ["bot", "games"] and len(parts) > 2:
        return parts[2]
    return None


def test_the_graph_is_read() -> None:
    """The checks below see real edges (a guard against a parser that finds nothing)."""
    assert "rules.core.ruleset" in GRAPH["rules.risk"]
    assert "bot.service" in GRAPH["bot.app"]
    assert any(target.startswith("render.") for target in GRAPH["bot.games.risk"])


def test_no_import_circles() -> None:
    assert cycles(GRAPH) == []


def test_cycles_are_found_when_there_are_some() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_runs_up_a_layer() -> None:
    wrong = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if LAYER[target.split(".")[0]] > LAYER[module.split(".")[0]]
    ]
    assert wrong == []


def test_cores_know_no_game_and_games_know_no_other_game() -> None:
    wrong = []
    for module, targets in GRAPH.items():
        mine = game_of(module)
        for target in targets:
            theirs = game_of(target)
            if theirs is not None and theirs != mine and module not in ROOTS and module != "bot.games":
                wrong.append(f"{module} imports {target}")
    assert wrong == []


def permitted(module: str, target: str) -> bool:
    """May a game's own module import ``target``? Its own packages in its layer and below, the cores and
    data; a game's bot package also the shared bot and render layers, but no other game's."""
    game = game_of(module)
    if game_of(target) not in (None, game):
        return False
    layer = module.split(".")[0]
    allowed = {
        "rules": ("rules.core", f"rules.{game}", "data"),
        "render": ("render.core", f"render.{game}", "rules.core", f"rules.{game}", "data"),
        "bot": ("bot", "render", "rules.core", f"rules.{game}", "data"),
    }[layer]
    return any(target == a or target.startswith(f"{a}.") for a in allowed)


def test_a_games_packages_import_only_the_cores_and_their_own_game() -> None:
    wrong = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if game_of(module) is not None
        for target in targets
        if not permitted(module, target)
    ]
    assert wrong == []


def test_rules_and_render_never_load_discord_the_store_or_the_bot() -> None:
    """Importing every rules and render module (and drawing every game's start) pulls in nothing of the
    Discord layer: checked in a fresh interpreter, so the test process's own imports do not hide it."""
    modules = ", ".join(sorted(m for m in MODULES if m.split(".")[0] in ("rules", "render")))
    code = (
        f"import sys; import {modules}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'aiosqlite', 'bot')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_only_the_composition_roots_import_the_registry() -> None:
    users = {module for module, targets in GRAPH.items() if "bot.games" in targets}
    assert users <= ROOTS, sorted(users - ROOTS)


def is_agent(module: str) -> bool:
    """A game's agents: its AI (``ai.py`` or ``ai/``) and the absent player (``absent.py``, the safe move
    for a seat whose deadline passed, which may ask the AI for its choices)."""
    parts = module.split(".")
    return parts[0] == "rules" and len(parts) > 2 and parts[2] in ("ai", "absent")


def test_a_games_agents_sit_above_its_rules() -> None:
    """Nothing that computes a game's rules imports its agents (the AI plays the rules, not the other way
    round); only the package's entry point wires the absent player into ``RULES.absent_move``."""
    wrong = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if module.startswith("rules.") and not is_agent(module) and module.count(".") > 1
        for target in targets
        if is_agent(target)
    ]
    assert wrong == []


def shared_files() -> list[Path]:
    """Everything above ``rules/`` that is not a game's own (nor the registry that lists them), and
    ``rules/core``: what must never name a game."""
    files = []
    for top in (ROOT / "bot", ROOT / "render", ROOT / "rules" / "core"):
        for path in top.rglob("*.py"):
            module = module_name(path)
            if game_of(module) is None and module != "bot.games" and "__pycache__" not in path.parts:
                files.append(path)
    return files


# Game names that are also everyday words of war games ("attack" a territory): as bare words they say
# nothing, so they are caught only as a string (``ruleset == "attack"``); their titles stay caught.
EVERYDAY_NAMES = {"attack"}


def name_patterns() -> list[re.Pattern[str]]:
    words = set()
    for name, game in GAMES.items():
        words |= {game.title, f"/{game.command}"} | ({name} - EVERYDAY_NAMES)
    words |= {"A&A"}  # how players shorten a title
    bare = [rf"(?<![\w/]){re.escape(w)}(?!\w)" for w in sorted(words)]
    quoted = [rf"[\"']{re.escape(name)}[\"']" for name in sorted(EVERYDAY_NAMES & set(GAMES))]
    return [re.compile(p, re.IGNORECASE) for p in bare + quoted]


def test_no_shared_file_names_a_game() -> None:
    found = []
    for path in shared_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for pattern in name_patterns():
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_name_check_would_notice_a_game_name() -> None:
    assert any(p.search('if ruleset == "risk":') for p in name_patterns())
    assert any(p.search("draws Axis & Allies here") for p in name_patterns())
    assert any(p.search('if ruleset == "attack":') for p in name_patterns())
    assert any(p.search("the Attack! map") for p in name_patterns())
    assert not any(p.search("a game's own command group") for p in name_patterns())
    assert not any(p.search("the attack from Alaska") for p in name_patterns())


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_has_the_same_layout(name: str) -> None:
    for folder in (f"rules/{name}", f"render/{name}", f"bot/games/{name}", f"tests/rules/{name}"):
        assert (ROOT / folder / "__init__.py").exists() or (ROOT / folder).is_dir(), folder
    for face in ("cog.py", "steps.py", "text.py", "presenter.py", "making.py"):
        assert (ROOT / "bot" / "games" / name / face).exists(), f"bot/games/{name}/{face}"
    assert (ROOT / "docs" / "rules" / f"{name}.md").exists()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_has_its_section_in_the_architecture_naming_each_of_its_modules(name: str) -> None:
    """Issue 33: docs/architecture.md has a section per registered game, "## <title> (`rules/<game>`...",
    and it names every module of the game's rules, pictures and Discord folders, so the doc stays true
    to the code as modules come and go."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", doc, flags=re.MULTILINE)
    section = next((s for s in sections if f"(`rules/{name}`" in s.split("\n", 1)[0]), None)
    assert section is not None, f"docs/architecture.md has no section headed with (`rules/{name}`)"
    assert section.startswith(GAMES[name].title.split(" ")[0]), section.split("\n", 1)[0]
    unnamed = [
        str(module.relative_to(ROOT))
        for folder in (f"rules/{name}", f"render/{name}", f"bot/games/{name}")
        for module in sorted((ROOT / folder).rglob("*.py"))
        if module.name != "__init__.py" and not re.search(rf"\b{re.escape(module.name)}\b", section)
    ]
    assert unnamed == [], f"the {name} section of docs/architecture.md does not name {unnamed}"


def _templates() -> dict[str, list[str]]:
    """Every registered game's custom-id templates (its extension's dynamic items), by game."""
    import importlib
    import pkgutil

    import discord

    for game in GAMES.values():
        package = importlib.import_module(game.extension.rpartition(".")[0])
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
    found: dict[str, list[str]] = {name: [] for name in GAMES}
    todo = list(discord.ui.DynamicItem.__subclasses__())
    while todo:
        item = todo.pop()
        todo += item.__subclasses__()
        owner = item.__module__.split(".")
        if owner[:2] == ["bot", "games"] and owner[2] in found:
            found[owner[2]].append(item.__discord_ui_compiled_template__.pattern)
    return found


def test_no_games_buttons_answer_another_games_clicks() -> None:
    """discord.py hands a click to every dynamic item whose template matches its custom id, so each
    game's ids start with a prefix of its own: ``wbm:<command>:`` for the shared menu steps, else a
    word beginning with its slash group (``aac:``, ``atkl:``) and no other game's."""
    owners: dict[str, str] = {}
    found = _templates()
    assert any(found.values()), "no game registers a button: the check below reads nothing"
    for name, templates in found.items():  # a game may have no buttons of its own (Risk has none)
        for template in templates:
            head = template.split(":", 1)[0]
            if head == "wbm":
                command = re.escape(GAMES[name].command)
                assert template.startswith(f"wbm:{command}:"), (name, template)
                continue
            assert re.fullmatch(r"[a-z]+", head) and head.startswith(GAMES[name].command), (name, template)
            assert owners.setdefault(head, name) == name, f"{name} and {owners[head]} both use {head}:"

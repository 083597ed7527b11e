"""The next steps an Attack! player is offered as buttons, and the move each one makes.

During an action: End it (its battles are fought then). In an army battle: the strongest line (the
deadline default: one of each kind, strongest first) or a private menu to choose the line. In a navy
battle: a private menu to set your line-up (both sides set theirs at once, so the button is for either,
and the menu is drawn for whoever opens it), then fight on or retreat. Pure data (``bot.game.Step``);
the menus, and the item answering every button, are in ``menus.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import Step
from bot.games.attack.units import lineup_from_code, troops_value
from rules.attack.actions import Deploy, EndAction, FightOn, LineUp, Retreat, Troops
from rules.attack.battle.lines import strongest_line
from rules.attack.state import AttackState, Stage
from rules.attack.views import AttackView
from rules.core.events import Action, Event

COMMAND = "atk"  # the slash-command group, /atk; menu buttons carry it in their ids


def pick_code(units: tuple[int, int, int, int]) -> str:
    """Army units as a custom id's argument: ``"2.0.1.1"`` (infantry, artillery, tank, plane)."""
    return ".".join(str(n) for n in units)


def pick_from_code(code: str) -> tuple[int, int, int, int] | None:
    parts = code.split(".")
    if len(parts) != 4 or not all(p.isdigit() and len(p) <= 3 for p in parts):
        return None
    return (int(parts[0]), int(parts[1]), int(parts[2]), int(parts[3]))


def strongest(state: AttackState) -> Troops:
    """The default line of the army battle waiting now (nothing when none waits)."""
    battle = state.army_battle
    if battle is None:
        return Troops()
    return Troops.of(strongest_line(battle.reserve[battle.side], battle.need))


def battle_steps(view: AttackView) -> list[Step]:
    """The buttons of the battle decision waiting now (none when no battle waits)."""
    navy, army = view.navy_battle, view.army_battle
    if navy is not None:
        if navy.awaiting == "lineup":
            return [Step("pick", "atk.lineup", "Set your line-up…", "primary", True)]
        return [
            Step("pick", "atk.fight", "Fight on", "danger", True),
            Step("pick", "atk.retreat", "Retreat", menu=True),
        ]
    if army is not None:
        reserve = army.attacker_reserve if army.deciding == army.attacker else army.defender_reserve
        line = troops_value(Troops.of(strongest_line(reserve.counts(), army.need)))
        return [
            Step("pick", "atk.auto", f"Strongest: {line}", "danger", True),
            Step("pick", "atk.deploy", "Choose the line…", "primary", True),
        ]
    return []


class AttackSteps:
    """Every button is a ``menu`` step (``wbm:<game>:<version>:atk.<verb>``), answered by this game's own
    item (``menus.MenuButton``): it opens a private menu or makes the move, then asks the next battle
    decision with its buttons. ``action`` still maps each verb to its move, for the shared button."""

    def next(self, view: AttackView, events: Sequence[Event]) -> list[Step]:
        steps = battle_steps(view)
        if steps:
            return steps
        action = view.action
        if view.stage is Stage.SEASON and action is not None and not action.fighting:
            targets = {r.id: r.name for r in view.regions}
            fights = [targets.get(t, t) for t, _ in action.assaults]
            label = f"End the {action.kind.title()}"
            if fights or action.navy_assaults:
                count = len(fights) + len(action.navy_assaults)
                label += f": fight {fights[0] if count == 1 and fights else str(count) + ' battles'}"
            return [Step("pick", "atk.end", label, "success", True)]
        return []

    def action(self, verb: str, arg: str, state: AttackState) -> Action | None:
        if verb == "end":
            return EndAction()
        if verb == "fight":
            return FightOn()
        if verb == "retreat":
            return Retreat()
        if verb == "auto" or (verb == "deploy" and arg == "auto"):
            return Deploy(strongest(state))
        if verb == "deploy":
            units = pick_from_code(arg)
            return Deploy(Troops.of(units)) if units is not None else None
        if verb == "lineup":
            line = lineup_from_code(arg)
            return LineUp(line) if line else None
        return None


STEPS = AttackSteps()

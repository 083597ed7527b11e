"""The next steps an Axis & Allies player is offered as buttons, and the move each one makes.

Steps come from the public view after a move (``AAView``: the battle's decision, its retreat places,
the battles open now), so presenting a move needs no second read of the game. Spaces travel as board
indexes (names have spaces and dots, which custom ids of this template do not take). A step with
``menu`` set opens the private casualty or retreat menu of ``menus.py``. Pure: no Discord here.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import Step
from bot.games.axis_allies.choices import decode_pick, default_casualties, shown
from rules.axis_allies import combat
from rules.axis_allies.actions import Battle, Casualties, CasualtyOrder, EndPhase, PressOn, Retreat, Submerge
from rules.axis_allies.board import POWER_NAMES, classic_board
from rules.axis_allies.common import NAMES
from rules.axis_allies.state import AAState, Phase
from rules.axis_allies.views import AAView
from rules.core.events import Action, Event

COMMAND = "aa"  # the slash-command group, /aa; menu buttons carry it in their ids

MAX_BUTTONS = 5  # the next-step buttons shown (one row)
DONE = {
    Phase.PURCHASE: "Done buying: combat move",
    Phase.COMBAT_MOVE: "Done moving: fight the battles",
    Phase.COMBAT: "End combat",
    Phase.NONCOMBAT_MOVE: "Done moving: place units",
    Phase.MOBILIZE: "End the turn",
}


def _index(name: str) -> str:
    return str(classic_board().territories[name].index)


class AxisAlliesSteps:
    def next(self, view: AAView, events: Sequence[Event]) -> list[Step]:
        """The natural next moves now: a battle's decisions, the battles to fight, or ending the phase."""
        battle = view.battle
        decision = battle.decision if battle is not None else None
        if battle is not None and decision == "casualties":
            n = battle.hits
            return [
                Step("pick", "casualties", f"Choose {n} casualt{'y' if n == 1 else 'ies'}", "primary", True),
                Step("auto", "", "Lose the cheapest", "primary"),
            ]
        if battle is not None and decision == "casualty_order":
            return [Step("order", p, f"{POWER_NAMES[p]} loses first") for p in battle.order_powers[:5]]
        if decision == "submerge":
            return [Step("sub", "", "Submerge"), Step("press", "", "Stay and fight", "danger")]
        if battle is not None and decision == "press_on":
            steps = [Step("press", "", f"Press on in {shown(battle.where)}", "danger")]
            places = battle.retreat_to
            if battle.can_retreat and 1 + len(places) + battle.can_submerge <= MAX_BUTTONS:
                steps += [Step("retreat", _index(t), f"Retreat to {shown(t)}") for t in places]
            elif battle.can_retreat:  # too many for buttons: a private menu of them
                steps.append(Step("pick", "retreat", f"Retreat… ({len(places)} places)", "primary", True))
            if battle.can_submerge:
                steps.append(Step("sub", "", "Submerge"))
            return steps[:MAX_BUTTONS]
        if view.phase is Phase.COMBAT and battle is None:
            return [Step("fight", _index(b), f"Fight in {shown(b)}", "danger") for b in view.open_battles[:5]]
        if view.phase in DONE and battle is None:
            return [Step("done", "", DONE[view.phase])]
        return []

    def action(self, verb: str, arg: str, state: AAState) -> Action | None:
        """The move a step makes; ``auto`` takes the rules' cheapest-first casualties of the battle now."""
        if verb == "press":
            return PressOn()
        if verb == "sub":
            return Submerge()
        if verb == "retreat" and arg.isdigit() and int(arg) < len(NAMES):
            return Retreat(NAMES[int(arg)])
        if verb == "fight" and arg.isdigit() and int(arg) < len(NAMES):
            return Battle(NAMES[int(arg)])
        if verb == "order":
            return CasualtyOrder((arg,))
        if verb == "cas":
            return Casualties(tuple(decode_pick(arg).items()))
        if verb == "auto":
            return auto_casualties(state)
        if verb == "done":
            return EndPhase()
        return None


def auto_casualties(state: AAState) -> Action:
    """The cheapest-first casualties the rules would take by default (the "Lose the cheapest" button)."""
    if state.battle is None or not isinstance(state.battle.pending, combat.AwaitCasualties):
        return Casualties(())  # the engine refuses it with its own sentence
    return Casualties(tuple(default_casualties(state.battle).items()))


STEPS = AxisAlliesSteps()

"""The next steps an Axis & Allies player is offered as buttons, and the action each button stands for.

A step is ``(verb, arg, label)``; ``bot/ui.py`` turns it into a persistent ``GameButton`` whose custom id
is ``wb:<game>:<version>:<verb>[:<arg>]``. Spaces travel as board indexes (names have spaces and dots,
which custom ids of this template do not take). ``pick`` opens a private menu (bot/aa_ui.py) for the
decision the battle waits for: casualties, or where to retreat when there are too many places for
buttons. Pure: no Discord here.
"""

from __future__ import annotations

from rules.axis_allies import combat
from rules.axis_allies.actions import Battle, Casualties, CasualtyOrder, EndPhase, PressOn, Retreat, Submerge
from rules.axis_allies.battles import blocking
from rules.axis_allies.board import POWER_NAMES, classic_board
from rules.axis_allies.common import NAMES
from rules.axis_allies.state import AAState, Phase
from rules.core.events import Action

Step = tuple[str, str, str]  # (verb, arg, label)
MAX_BUTTONS = 5  # the next-step buttons bot/ui.py shows (one row)
VERBS = frozenset({"press", "sub", "retreat", "fight", "order", "cas", "auto", "done", "pick"})
STYLES = {"press": "danger", "fight": "danger", "pick": "primary", "auto": "primary", "cas": "success"}
DONE = {
    Phase.PURCHASE: "Done buying: combat move",
    Phase.COMBAT_MOVE: "Done moving: fight the battles",
    Phase.COMBAT: "End combat",
    Phase.NONCOMBAT_MOVE: "Done moving: place units",
    Phase.MOBILIZE: "End the turn",
}


def next_steps(state: AAState) -> list[Step]:
    """The natural next moves now: a battle's decisions, the battles to fight, or ending the phase."""
    battle = state.battle
    pending = battle.pending if battle is not None else None
    if battle is not None and isinstance(pending, combat.AwaitCasualties):
        n = pending.total
        return [
            ("pick", "", f"Choose {n} casualt{'y' if n == 1 else 'ies'}"),
            ("auto", "", "Lose the cheapest"),
        ]
    if isinstance(pending, combat.AwaitCasualtyOrder):
        return [("order", p, f"{POWER_NAMES[p]} loses first") for p in pending.powers[:5]]
    if isinstance(pending, combat.AwaitSubmerge):
        return [("sub", "", "Submerge"), ("press", "", "Stay and fight")]
    if battle is not None and isinstance(pending, combat.AwaitPressOn):
        steps: list[Step] = [("press", "", f"Press on in {battle.where}")]
        if pending.can_retreat and 1 + len(battle.retreat_to) + pending.can_submerge <= MAX_BUTTONS:
            board = classic_board()
            steps += [
                ("retreat", str(board.territories[t].index), f"Retreat to {t}") for t in battle.retreat_to
            ]
        elif pending.can_retreat:  # too many for buttons: a private menu of them (bot/aa_ui.py)
            steps.append(("pick", "retreat", f"Retreat… ({len(battle.retreat_to)} places)"))
        if pending.can_submerge:
            steps.append(("sub", "", "Submerge"))
        return steps[:MAX_BUTTONS]
    if state.phase is Phase.COMBAT and battle is None:
        open_ = [b for b in state.battles if blocking(state, b) is None]
        return [("fight", str(b), f"Fight in {NAMES[b]}") for b in open_[:5]]
    if state.phase in DONE and battle is None:
        return [("done", "", DONE[state.phase])]
    return []


def action_for(verb: str, arg: str) -> Action | None:
    """The A&A action a button stands for (None for ``pick``, which opens a menu, or a foreign verb)."""
    from bot.aa_choices import decode_pick

    if verb == "press":
        return PressOn()
    if verb == "sub":
        return Submerge()
    if verb == "retreat":
        return Retreat(NAMES[int(arg)])
    if verb == "fight":
        return Battle(NAMES[int(arg)])
    if verb == "order":
        return CasualtyOrder((arg,))
    if verb == "cas":
        return Casualties(tuple(decode_pick(arg).items()))
    if verb == "done":
        return EndPhase()
    return None


def auto_casualties(state: AAState) -> Action:
    """The cheapest-first casualties the rules would take by default (the "Lose the cheapest" button)."""
    from bot.aa_choices import default_casualties

    if state.battle is None or not isinstance(state.battle.pending, combat.AwaitCasualties):
        return Casualties(())  # the engine refuses it with its own sentence
    return Casualties(tuple(default_casualties(state.battle).items()))

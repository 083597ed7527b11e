"""The next steps a Risk player is offered as buttons, and the move each one makes.

After an attack: attack again or until conquered, or stop attacking; after a conquest: move in the
most or the fewest armies; when a defender chooses dice (game option): defend with 2 or 1; on reaching
the fortify step: end the turn without fortifying. Pure data
(``bot.game.Step``); the shared layer draws the buttons and applies the move. An attack names no dice,
so the engine rolls the most the armies allow at the moment of the click.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import Step
from rules.core.events import Action, Event
from rules.risk.actions import Attack, Defend, EndPhase, Occupy
from rules.risk.events import BattleFought
from rules.risk.state import Phase, RiskState
from rules.risk.views import RiskView

COMMAND = "risk"  # the slash-command group, /risk; menu buttons carry it in their ids

MAX_DEFENCE_DICE = 2


class RiskSteps:
    def next(self, view: RiskView, events: Sequence[Event]) -> list[Step]:
        pending = view.pending
        if pending is not None and pending.kind == "occupy":
            counts = sorted({pending.maximum, pending.minimum}, reverse=True)
            return [Step("occupy", str(n), f"Move in {n}", "primary") for n in counts]
        if pending is not None and pending.kind == "defend":
            armies = next(t.armies for t in view.territories if t.id == pending.target)
            most = min(MAX_DEFENCE_DICE, armies)
            return [
                Step("defend", str(n), f"Defend with {n} {'die' if n == 1 else 'dice'}", "danger")
                for n in range(most, 0, -1)
            ]
        if view.phase is Phase.FORTIFY:  # "moves on to fortify" had no button: the turn's end was unsaid
            return [Step("end", "", "End turn without fortifying")]
        if view.phase is not Phase.ATTACK or view.must_trade_down or view.reinforcements:
            return []
        steps: list[Step] = []
        battles = [e for e in events if isinstance(e, BattleFought)]
        if battles:
            last = battles[-1]
            source = next(t for t in view.territories if t.id == last.source)
            target = next(t for t in view.territories if t.id == last.target)
            if target.owner != source.owner and source.armies >= 2:
                pair = f"{source.id}.{target.id}"
                steps += [
                    Step("roll", pair, "Attack again", "danger"),
                    Step("blitz", pair, "Attack until conquered", "danger"),
                ]
        steps.append(Step("stop", "", "Stop attacking"))
        return steps

    def action(self, verb: str, arg: str, state: RiskState) -> Action | None:
        if verb in ("roll", "blitz"):
            source, _, target = arg.partition(".")
            return Attack(source, target, until=1 if verb == "blitz" else None)
        if verb == "occupy" and arg.isdigit():
            return Occupy(int(arg))
        if verb == "defend" and arg.isdigit():
            return Defend(int(arg))
        if verb in ("stop", "end"):
            return EndPhase()
        return None


STEPS = RiskSteps()

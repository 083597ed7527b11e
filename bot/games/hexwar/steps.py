"""The next-step buttons of Hex war, as data for the shared layer (``bot.game.Step``).

A public move in Hex war (a setup placement, a submission) hands the turn on or leaves the mover
nothing to choose, so no step follows one. The buttons a player does get are private: under the reply to
each order they write (submit, take back, see them on the board), drawn by this game's own menu items
(``menus.py``), which stay valid while the other players write theirs. ``action`` still reads the shared
verbs, so an old or hand-made ``wb:`` button for submitting or taking back an order makes its move.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import Step
from rules.core.events import Action, Event
from rules.hexwar.actions import CancelOrder, SubmitOrders
from rules.hexwar.state import HexState
from rules.hexwar.views import HexWarView

COMMAND = "hex"  # the slash-command group, /hex; menu buttons carry it in their ids


class HexWarSteps:
    def next(self, view: HexWarView, events: Sequence[Event]) -> list[Step]:
        return []

    def action(self, verb: str, arg: str, state: HexState) -> Action | None:
        if verb == "submit":
            return SubmitOrders()
        if verb == "hold":
            return SubmitOrders(hold=True)
        if verb == "cancel" and arg.isdigit():
            return CancelOrder(int(arg))
        return None


STEPS = HexWarSteps()

"""The next steps a Skirmish player is offered as buttons, and the move each one makes.

Steps come from the public view after a move: whoever the game waits for now (``view.waiting``) gets
the common answers to their question, even when that is another player than the one who moved (a
defender is asked in the same message that shows the attack). Battle answers name a style (``best``,
``highest``...) and become the policy's answer in the position the click finds (the version check makes
that the position the button was drawn for). "Play a card…" opens a private menu (``menus.py``), because
a hand is secret. Pure data: no Discord here.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import Step
from rules.core.events import Action, Event
from rules.skirmish.absent import threatened
from rules.skirmish.actions import (
    Attack,
    Defend,
    DrawCard,
    EndPhase,
    ExtraExchange,
    ExtraMove,
    Occupy,
    OrderSkirmishes,
    Pass,
    Place,
    PlayCard,
    Reinforce,
    TakeLosses,
)
from rules.skirmish.battle import flow, policy
from rules.skirmish.board import skirmish_map
from rules.skirmish.events import BattleEnded
from rules.skirmish.legal import strongest
from rules.skirmish.pieces import NONE
from rules.skirmish.state import Phase, SkirmishState
from rules.skirmish.views import SkirmishView

COMMAND = "sk"  # the slash-command group, /sk; menu buttons carry it in their ids

CARDS_MENU = "sk_cards"  # the menu step's argument (see menus.py): digits and _ keep it apart from others'
STOP_MENU = "sk_stop"  # "Stop placing, lose N…": a private "are you sure?" before troops are lost
STYLED = {"assign", "extra", "order", "occupy"}
DONE = {
    Phase.STANDARD: "No more actions: exchange",
    Phase.EXCHANGE: "Done exchanging: attack",
    Phase.ATTACK: "Stop attacking",
    Phase.MOVE: "Done: end the turn",
    Phase.REDUCE: "Discard for me",
}


class SkirmishSteps:
    def next(self, view: SkirmishView, events: Sequence[Event]) -> list[Step]:
        waiting = view.waiting
        if waiting is None:
            return []
        step = waiting.step
        if step == "defend":
            return [Step("defend", "", "Defend with everything", "danger")]
        if step == "losses":
            return [Step("losses", "", "Lose the cheapest", "primary")]
        if step == "assign":
            return [
                Step("assign", "best", "Form skirmishes: win the most", "primary"),
                Step("assign", "highest", "Highest dice v highest"),
                Step("assign", "lowest", "Highest dice v lowest"),
            ]
        if step == "extra":
            return [
                Step("extra", "best", "Extra dice where they count", "primary"),
                Step("extra", "highest", "On the highest defender die"),
                Step("extra", "lowest", "On the lowest defender die"),
            ]
        if step == "cards":
            steps = [Step("pass", "", "Pass (counters placed for you)", "primary")]
            if waiting.seat < len(view.seats) and view.seats[waiting.seat].cards:
                steps.append(Step("cards", CARDS_MENU, "Play a card…", "secondary", True))
            return steps
        if step == "order":
            return [
                Step("order", "best", "Resolve: my wins first", "primary"),
                Step("order", "formed", "As formed"),
            ]
        if step == "occupy":
            return [
                Step("occupy", "advance", "Advance the survivors", "primary"),
                Step("occupy", "one", "Move in one unit"),
                Step("occupy", "all", "Move in everything"),
            ]
        if step == "place":
            return [
                Step("front", "", f"Place all {view.placing} on the front", "primary"),
                # Throwing troops away sits apart (red, last) and asks first, privately (menus.py).
                Step("stop", STOP_MENU, f"Stop placing, lose {view.placing}…", "danger", True),
            ]
        if step == "reduce":
            return [Step("end", "", DONE[Phase.REDUCE], "primary")]
        return self._turn(view, events)

    def _turn(self, view: SkirmishView, events: Sequence[Event]) -> list[Step]:
        steps: list[Step] = []
        if view.phase is Phase.STANDARD and view.actions_left:
            steps = [
                Step("reinforce", "", "Reinforce", "primary"),
                Step("draw", "", "Draw a card"),
                Step("xmove", "", "Extra free move"),
                Step("xexchange", "", "Extra exchange"),
            ]
            if not view.deck_size and not view.discard:
                steps.pop(1)
        elif view.phase is Phase.ATTACK:
            again = _attack_again(view, events)
            if again is not None:
                steps.append(again)
        if view.phase in DONE:
            steps.append(Step("end", "", DONE[view.phase]))
        return steps

    def action(self, verb: str, arg: str, state: SkirmishState) -> Action | None:
        simple: dict[str, Action] = {
            "reinforce": Reinforce(),
            "draw": DrawCard(),
            "xmove": ExtraMove(),
            "xexchange": ExtraExchange(),
            "end": EndPhase(),
            "pass": Pass(),
        }
        if verb in simple:
            return simple[verb]
        if verb == "front":
            return _front(state)
        if verb == "again":
            return _again(state, arg)
        if verb == "card":
            return _card(arg)
        if verb in ("defend", "losses") or verb in STYLED:
            return battle_answer(verb, arg, state)
        return None


def _attack_again(view: SkirmishView, events: Sequence[Event]) -> Step | None:
    """After a battle this turn: the same attack once more, if it still can be made."""
    ended = [e for e in events if isinstance(e, BattleEnded)]
    if not ended or view.attacks_barred:
        return None
    last = ended[-1]
    places = {t.id: t for t in view.territories}
    source, target = places.get(last.source), places.get(last.target)
    if source is None or target is None or source.owner != view.current or not source.units.total:
        return None
    if target.owner == view.current or target.truce:
        return None
    return Step("again", f"{source.id}.{target.id}", f"Attack {target.name} again", "danger")


def _front(state: SkirmishState) -> Action:
    """All the troops still to place, on the territory facing the most enemy units."""
    if state.placing is None:
        return Place("", 0)  # the engine refuses it with its own sentence
    board = skirmish_map()
    return Place(board.ids[threatened(state, state.current, board)], state.placing.troops)


def _again(state: SkirmishState, arg: str) -> Action:
    board = skirmish_map()
    source, _, target = arg.partition(".")
    held = state.units[board.index(source)] if source in board.id_index else NONE
    return Attack(source, target, strongest(held) if held.total else NONE)


def _card(arg: str) -> Action:
    """``12.2``: card 12 on skirmish 2 (``12.0``: a card for the whole battle)."""
    card, _, skirmish = arg.partition(".")
    number = int(skirmish) if skirmish.isdigit() and int(skirmish) > 0 else None
    return PlayCard(int(card) if card.isdigit() else -1, number)


def battle_answer(verb: str, style: str, state: SkirmishState) -> Action:
    """The policy's answer to the battle step ``verb`` in ``state``, in ``style`` where it has styles.

    Outside that step it is an answer the engine refuses with its own sentence (a click or command that
    arrives when the battle has moved on is told why, and nothing changes)."""
    battle = state.battle
    asked = flow.waiting(battle) if battle is not None else None
    if battle is None or asked is None or asked[1] != verb:
        refused: dict[str, Action] = {"defend": Defend(NONE), "losses": TakeLosses(), "occupy": Occupy(NONE)}
        return refused.get(verb, OrderSkirmishes(()))
    board = skirmish_map()
    if verb == "defend":
        return policy.defend_all(state)
    if verb == "losses":
        return policy.losses_cheapest(state, battle.owed[0])
    if verb == "assign":
        return policy.assign(state, style or "best", board)
    if verb == "extra":
        return policy.assign_extra(state, style or "best", board)
    if verb == "order":
        if style == "formed":
            return OrderSkirmishes(tuple(range(1, len(battle.skirmishes) + 1)))
        return policy.order_best(state, board)
    return policy.occupy(state, style or "advance")


STEPS = SkirmishSteps()

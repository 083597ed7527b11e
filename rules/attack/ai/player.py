"""An Attack! AI for any government: it expands into neutrals early, strikes rivals where the odds are
good (above all their capitals), keeps its capital garrisoned against the threat in reach, builds with
every spare season, researches with idle units, claims empty sea zones, and burns oil in Winter when a
good action is there to take.

It is stateless (every choice is computed from the state), so it can take over any seat at any moment;
its own seeded ``random.Random`` only breaks ties and picks a government, never the game's dice.
"""

from __future__ import annotations

import random

from rules.attack.actions import (
    Begin,
    Burn,
    ChooseDirection,
    ChooseGovernment,
    Deploy,
    FightOn,
    LineUp,
    Negotiate,
    Pass,
    PlaceCapital,
    Retreat,
    Troops,
)
from rules.attack.ai import orders, plans
from rules.attack.battle import navy
from rules.attack.battle.lines import default_lineup, should_retreat, strongest_line
from rules.attack.board import Layout
from rules.attack.common import board_of
from rules.attack.legal import legal_actions
from rules.attack.state import AttackState, Stage
from rules.attack.tables import (
    CARD_ACTIONS,
    GOVERNMENTS,
    MILD_WINTER,
    NAVY_TYPES,
    START_CARDS,
    SUITS,
    WINTER,
    card_kind,
)
from rules.core.events import Action

BURN_WORTH = 6.0  # a Winter action must promise this much to be worth the oil
IDLE = 1.0  # below this, no action is worth taking: pass


class AttackAI:
    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, state: AttackState, seat: int) -> Action:
        board = board_of(state)
        fleet = state.navy_battle
        if fleet is not None:
            side = navy.side_of(fleet, seat)
            if fleet.awaiting == "lineup":
                line = default_lineup(fleet.ships[side], sum(fleet.cargo[side]), state.options.ship_capacity)
                return LineUp(tuple(NAVY_TYPES[k] for k in line))
            own, enemy = fleet.ships[fleet.side], fleet.ships[1 - fleet.side]
            return Retreat() if navy.may_retreat(state, fleet) and should_retreat(own, enemy) else FightOn()
        battle = state.army_battle
        if battle is not None:
            return Deploy(Troops.of(strongest_line(battle.reserve[battle.side], battle.need)))
        if state.stage is Stage.GOVERNMENT:
            return self._government(state)
        if state.stage is Stage.CAPITAL:
            return self._capital(state, seat, board)
        if state.stage is Stage.DIRECTION:
            return ChooseDirection(self._random.random() < 0.5)
        if state.turn is not None:
            return orders.next_step(state, seat, board, self._random)
        return self._season(state, seat, board)

    def _government(self, state: AttackState) -> Action:
        """A government at random among those left (so AI games sample every one), with its best card."""
        open_ = [a for a in legal_actions(state, state.current()) if isinstance(a, ChooseGovernment)]
        governments = sorted({a.government for a in open_})
        government = self._random.choice(governments)
        gov = GOVERNMENTS.index(government)
        preferred = "factories" if SUITS.index("factories") in START_CARDS[gov] else "minerals"
        choices = [a for a in open_ if a.government == government]
        return next((a for a in choices if a.economics == preferred), choices[0])

    def _capital(self, state: AttackState, seat: int, board: Layout) -> Action:
        """Room to grow: neutral regions around, coasts, and distance from the capitals placed."""
        options = [a for a in legal_actions(state, seat) if isinstance(a, PlaceCapital)]
        taken = [s.capital for s in state.seats if s.capital >= 0]

        def score(action: PlaceCapital) -> float:
            region = board.index[action.region]
            room = sum(1 for n in board.army_neighbours(region) if state.owner[n] < 0)
            apart = sum(0 if t in board.army_neighbours(region) else 1 for t in taken)
            return (
                room + len(action.outposts) + 0.5 * len(board.coasts[region]) + apart + self._random.random()
            )

        return max(options, key=score)

    def _season(self, state: AttackState, seat: int, board: Layout) -> Action:
        current = state.seats[seat]
        mild = next((c for c in current.hand if card_kind(c) == MILD_WINTER), None)
        winter = state.season == WINTER
        options = plans.season_plans(state, seat, board, self._random)
        worth, kind, detail = max(options, key=lambda p: p[0])
        if worth < IDLE:
            return Pass()
        if winter and not state.burned:
            if worth < BURN_WORTH:
                return Pass()
            if mild is not None:
                return self._with_card(state, seat, kind, detail, mild)
            if current.oil >= state.options.burn_oil:
                return Burn()
            return Pass()
        return self._with_card(state, seat, kind, detail, None)

    def _with_card(
        self, state: AttackState, seat: int, kind: str, detail: str | None, card: int | None
    ) -> Action:
        """The planned action, with a card that helps it (the Winter card when it pays for it)."""
        if card is None:
            card = next(
                (
                    c
                    for c in state.seats[seat].hand
                    if kind in CARD_ACTIONS[card_kind(c)] and card_kind(c) != MILD_WINTER
                ),
                None,
            )
        if kind == "negotiate":
            return Negotiate(detail, card)
        if kind == "research":
            return plans.research_action(state, seat, detail, card)
        return Begin(kind, card, detail if kind == "blitz" else None)

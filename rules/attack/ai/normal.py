"""The `normal` Attack! AI: the `easy` AI's army play, plus a navy it builds and uses, Blitzes on
neutrals as well as rivals, navy line-ups chosen against the enemy's expected one, retreat when the
simulated odds turn or fighting on costs more than it wins, at five and six players a capital with room
to grow once every capital is down (``capital.py``), and never an action that does nothing (a Move that
moves nothing is not begun: the next best action is taken, or a pass).

Like the `easy` AI it is stateless and reads only what every seat sees, plus its own hand; its seeded
``random.Random`` only breaks ties.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.actions import Burn, EndAction, FightOn, LineUp, Pass, PlaceCapital, Retreat
from rules.attack.ai import fleet, orders, plans, shipyard
from rules.attack.ai.capital import choose_capital
from rules.attack.ai.fleet_odds import best_lineup, fleet_chance
from rules.attack.ai.forces import chance, counts, needed, spare
from rules.attack.ai.player import BURN_WORTH, IDLE, AttackAI
from rules.attack.ai.survey import region_worth
from rules.attack.battle import navy
from rules.attack.board import Layout
from rules.attack.common import board_of, own_regions
from rules.attack.legal import legal_actions
from rules.attack.movement import blitz_sources
from rules.attack.state import ATTACKER, NEUTRAL, TURN_KINDS, AttackState, Stage, Turn
from rules.attack.tables import (
    CARD_ACTIONS,
    MILD_WINTER,
    NAVY_TYPES,
    NONE,
    WARS,
    WINTER,
    Counts,
    add,
    army_value,
    card_kind,
    navy_value,
)
from rules.core.events import Action

# After a round, a side this unlikely to hold the zone takes its ships home (issue 31: 0.3 left the even
# duels of one ship against one, 0.39-0.46 each side, fought to the end, and retreats in 45% of games).
RETREAT_ODDS = 0.45
CROWDED = 5  # players from which capitals are placed by guessed room (``capital.py``): the joined world
ZONE_WORTH = 2.5  # holding the zone after the battle: a victory point while the ships stay
TALKS_BY_YEAR = 1.0  # worth added to talks each year, as neutral garrisons grow
STEPPED = ("move", "blitz", "transport", "navigate")  # actions whose first step must move something


class AttackNormalAI(AttackAI):
    def choose(self, state: AttackState, seat: int) -> Action:
        battle = state.navy_battle
        if battle is not None:
            return self._navy_battle(state, seat)
        turn = state.turn
        if (
            state.army_battle is None
            and state.stage is Stage.SEASON
            and turn is not None
            and not turn.fighting
        ):
            return self._step(state, seat, board_of(state)) or EndAction()
        return super().choose(state, seat)

    def _capital(self, state: AttackState, seat: int, board: Layout) -> Action:
        if state.players < CROWDED:
            # one theatre, two to four capitals: the `easy` AI's choice won more against `easy` (67% of
            # 200 games, 62% with the guessed room: issue 31)
            return super()._capital(state, seat, board)
        options = [a for a in legal_actions(state, seat) if isinstance(a, PlaceCapital)]
        return choose_capital(state, board, seat, options, self._random)

    # --- navy battles -------------------------------------------------------------------------------

    def _navy_battle(self, state: AttackState, seat: int) -> Action:
        battle = state.navy_battle
        assert battle is not None
        side = navy.side_of(battle, seat)
        own, enemy = battle.ships[side], battle.ships[1 - side]
        bonus = 1 if battle.supremacy and side == ATTACKER else 0
        if battle.awaiting == "lineup":
            capacity = state.options.ship_capacity
            keep_out = -(-sum(battle.cargo[side]) // capacity) if any(battle.cargo[side]) else 0
            line = best_lineup(own, enemy, keep_out, bonus)
            return LineUp(tuple(NAVY_TYPES[k] for k in line))
        odds = fleet_chance(own, enemy, bonus)
        if navy.may_retreat(state, battle) and retreat_pays(odds, own, enemy, battle.cargo[side]):
            return Retreat()
        return FightOn()

    # --- the season's action ------------------------------------------------------------------------

    def _step(self, state: AttackState, seat: int, board: Layout) -> Action | None:
        turn = state.turn
        assert turn is not None
        if turn.kind == "navigate":
            return fleet.next_sail(state, board, seat)
        if turn.kind == "build":
            return shipyard.next_buy(state, board, seat, self._random)
        step = orders.next_step(state, seat, board, self._random)
        return None if isinstance(step, EndAction) else step

    def _season(self, state: AttackState, seat: int, board: Layout) -> Action:
        current = state.seats[seat]
        winter = state.season == WINTER
        final = state.year >= WARS[state.options.war]
        ranked = sorted(self._plans(state, seat, board, final), key=lambda p: -p[0])
        chosen = next(
            (p for p in ranked if p[0] >= IDLE and self._does_something(state, seat, board, p[1], p[2])),
            None,
        )
        if chosen is None:
            return Pass()
        worth, kind, detail = chosen
        mild = next((c for c in current.hand if card_kind(c) == MILD_WINTER), None)
        if winter and not state.burned:
            # in the war's last Winter, oil buys nothing later: any action worth taking is worth it
            if worth < (IDLE if final else BURN_WORTH):
                return Pass()
            if mild is not None:
                return self._with_card(state, seat, kind, detail, mild)
            if current.oil >= state.options.burn_oil:
                return Burn()
            marker = next((r for r in own_regions(state, seat) if state.oil[r] > 0), None)
            if final and marker is not None:
                return Burn(board.region_ids[marker])
            return Pass()
        return self._with_card(state, seat, kind, detail, None)

    def _plans(self, state: AttackState, seat: int, board: Layout, final: bool) -> list[plans.Plan]:
        """The `easy` AI's plans with the navy's worth and Blitzes on neutrals added. In the war's last
        year a Build is worth only the seasons left to use its units (points count regions, zones and
        cards, never units)."""
        found = []
        for worth, kind, detail in plans.season_plans(state, seat, board, self._random):
            if kind == "navigate":
                continue
            if kind == "build" and final:
                worth *= (WINTER - state.season) / WINTER
            if kind == "negotiate":
                # a neutral's garrison grows with the year: later, talks beat an attack more often
                worth += TALKS_BY_YEAR * (state.year - 1)
            found.append((worth, kind, detail))
        sea = fleet.navy_worth(state, board, seat)
        if sea > 0:
            found.append((sea, "navigate", None))
        blitz = neutral_blitz(state, board, seat)
        if blitz is not None:
            found.append(blitz)
        return found

    def _does_something(
        self, state: AttackState, seat: int, board: Layout, kind: str, detail: str | None
    ) -> bool:
        """Would this action's first step move something? (Asked of the position with the action begun:
        nothing is applied.)"""
        if kind not in STEPPED:
            return True
        target = board.index[detail] if kind == "blitz" and detail is not None else -1
        # with the card ``_with_card`` will play: Blitzkrieg widens the threat its units guard against
        card = next(
            (
                c
                for c in state.seats[seat].hand
                if kind in CARD_ACTIONS[card_kind(c)] and card_kind(c) != MILD_WINTER
            ),
            None,
        )
        mild = next((c for c in state.seats[seat].hand if card_kind(c) == MILD_WINTER), None)
        if state.season == WINTER and not state.burned and mild is not None:
            card = mild  # the Winter card pays for the action instead
        begun = replace(state, turn=Turn(seat, TURN_KINDS[kind], card=card, target=target))
        return self._step(begun, seat, board) is not None


def retreat_pays(odds: float, own: Counts, enemy: Counts, cargo: Counts) -> bool:
    """After a round: take the ships home when the odds have turned (under ``RETREAT_ODDS``), or, behind
    (under even odds), when fighting on is expected to lose more than it wins: the ships (and the armies
    aboard, which sink with them) at stake against the enemy's ships and the zone. Never while ahead."""
    if odds < RETREAT_ODDS:
        return True
    if odds >= 0.5:
        return False
    at_stake = navy_value(own) + army_value(cargo)
    return odds * (navy_value(enemy) + ZONE_WORTH) < (1 - odds) * at_stake


def neutral_blitz(state: AttackState, board: Layout, seat: int) -> plans.Plan | None:
    """The best Blitz on a neutral region (the `easy` AI's Blitz plans aim only at rivals'): infantry
    and artillery from next door, tanks and planes from within the Blitz range."""
    best: plans.Plan | None = None
    mine = own_regions(state, seat)
    for target in range(board.regions):
        if state.owner[target] != NEUTRAL:
            continue
        pool = NONE
        for source in mine:
            allowed = blitz_sources(state, board, seat, target, source)
            if not any(allowed):
                continue
            units = spare(state, board, seat, source, state.army[source])
            pool = add(pool, counts([n if ok else 0 for n, ok in zip(units, allowed, strict=True)]))
        if not any(pool):
            continue
        odds = chance(state, pool, target)
        if odds >= needed(state, target):
            worth = region_worth(state, seat, target) * odds
            if best is None or worth > best[0]:
                best = (worth, "blitz", board.region_ids[target])
    return best

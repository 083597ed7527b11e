"""The `normal` Skirmish AI: today's AI (`easy`, ``SkirmishAI``) with one decision changed at a time, each
kept where it won more games against `easy` (``bench/skirmish_ai.py --versus``), or, for the cavalry and
the extra move, where it used more of the game at no measurable cost.

- Standard actions: reinforce with both while the garrison holds three troops (`easy` draws a card with
  the second once the garrison holds under half a roll: a card is one +2 in one skirmish, a troop stays);
  with fewer troops, an extra move when two stacks inside its lands could step to the front (the free
  move brings one), else as `easy` (a card, else an extra move).
- Exchanges: ten troops for a general where a stack has them to spare beside three (games of up to five
  players), then troops up into cannons as `easy`, then cavalry once three cannons or fewer are left in the
  garrison (``rules.skirmish.ai.army``); an extra exchange when a general and cannons are both to buy, in
  place of a card, or of the second roll (a garrison short of troops for the exchange places few with it);
  up to four players, also in place of a card (with one already in hand) where troops left after the
  cannons buy cavalry (``LADDER``).
- Placement: `easy`'s choice of territory, but no more troops than fill it to 12 units (ten attack, two
  stay); the rest goes where `easy` would place next. `easy` piles a whole roll on one stack, and an attack
  takes at most ten units, so the excess waited idle.
- Attacks at a chance of 0.7 rather than 0.6, and the target's worth (a weak or leading owner, few
  defenders) counts twice as much against the chance.
- The last round: the score is the territories held at the end of one's own last turn, and nothing after
  it can be lost, so the turn reinforces twice and takes every attack with a fair chance, the surest
  first (a lost battle ends the attacks).
  With up to three players a territory of a seat still to play goes before one of a seat whose last turn
  is over (``LAST_RIVAL``): that seat's score is counted already, so taking from it only raises ours.
- Once the strike stack is full, a roll first gives a second troop to each lone unit that an enemy stack
  next door could sweep one but not two (games of up to four players).
- A five to one leaves two units at home where the strongest enemy stack next door could sweep one unit
  five to one (5 dice or more): against 5 to 9 dice the next attack there must be fought on the board,
  against more it needs twice the dice (games of up to four players). In the last round, two stay where
  a seat still to play this round borders the source (its score is counted after ours: without this the
  later seats swept up the earlier seats' last-round trails, and the first seat fell behind), three where
  that seat's stack next door could sweep two (10 dice or more; games of up to three players).
- In the first nine rounds (thirteen in games of up to three players) the same two stay at home wherever
  the source borders another enemy at all, whatever its dice (games of up to four players): more battles
  are fought on the board.
- A battle won on the board leaves at home what a five to one from there would (``OCCUPY_BEHIND``; games
  of up to three players): the survivors move in but for the units that make up the home's two. `easy`
  moved them all in, and the lone unit left at home was the trail the next seat swept most.
- A Truce, at the end of its own turn, on the territory of most worth that an enemy stack next door
  outnumbers in dice.

Only public information and its own hand and garrison. Stateless: it can take over any seat at any moment.
"""

from __future__ import annotations

from rules.core.events import Action
from rules.skirmish import actions
from rules.skirmish.actions import Attack, EndPhase, ExtraExchange, ExtraMove, Place, PlayCard, Reinforce
from rules.skirmish.ai import army
from rules.skirmish.ai.player import SkirmishAI
from rules.skirmish.battle import flow
from rules.skirmish.battle.declare import FIVE_TO_ONE, MOST_ATTACKERS
from rules.skirmish.board import SkirmishMap, skirmish_map
from rules.skirmish.common import cheapest, dearest
from rules.skirmish.pieces import pieces
from rules.skirmish.state import EMPTY, Phase, SkirmishState

BOLDNESS = 0.7  # the least estimated chance it attacks at (`easy`: 0.6)
WORTH = 2.0  # how much a target's worth counts against the chance (`easy`: 1)
REINFORCE_FROM = 3  # garrison troops worth a reinforcement roll
STACK = MOST_ATTACKERS + 2  # the units a placement fills a territory up to: ten attack, two stay
LAST_ROUND_BOLDNESS = 0.25  # the least chance worth an attack when no later turn can lose what it takes
BEHIND = 2  # the most units a sure attack leaves at home to stop a five to one against it (1: off)
BEHIND_OVER = 1  # 1: leave BEHIND at home even where the stack next door could sweep that many too (0: one)
LAST_BEHIND = 1  # 1: in the last round, BEHIND at home where a seat still to play borders the source
BEHIND_EARLY = 9  # up to this round, BEHIND stay at home wherever the source borders another enemy (0: never)
BEHIND_PLAYERS = 4  # ... in games of at most this many players (with 5 and 6 the first seat fell behind)
BEHIND_EARLY_FEW = 13  # ... and in games of at most OCCUPY_PLAYERS players (9 before 2026-11-29)
LAST_DEEP = 3  # in the last round, the most left at home where a later seat's stack next door could sweep
# BEHIND units five to one, games of up to OCCUPY_PLAYERS players (2: BEHIND as before 2026-11-29)
CAVALRY_AT = 3  # cannons left in the garrison at or below which troops go into cavalry instead ...
CAVALRY_AT_MANY = 2  # ... and in games of more than BEHIND_PLAYERS (at six, 3 left seat 4 1.42x its share)
GENERALS = 8  # units a stack holds before troops buy it a general (0: never)
GENERALS_PLAYERS = 5  # ... in games of at most this many players (at six, seat 4 won 1.56x its share)
EXTRA_EXCHANGE = 2  # 1: an extra exchange when a general and cannons (or cavalry) are both to buy, in
# place of a card; 2: in place of the second roll too (0: never)
LADDER = 1  # 1: an extra exchange in place of a card where cannons are to buy and troops left after them
# buy cavalry, and the hand holds LADDER_HAND cards (games of up to BEHIND_PLAYERS players; 0: never)
LADDER_HAND = 1  # ... the fewest cards in hand (0: in place of every such card: card kinds fell to 0.07-0.24)
OCCUPY_BEHIND = 1  # 1: a won battle's survivors leave at home what a five to one would (0: advance all)
OCCUPY_PLAYERS = 3  # ... in games of at most this many players (at four the last seat won 1.47x its share)
LAST_RIVAL = 2.0  # the last round: what a target of a seat still to play adds to an attack's score
RIVAL_PLAYERS = 3  # ... in games of at most this many players
PAD = 1  # 1: once the strike stack is full, a roll gives a lone unit that 5-9 enemy dice face a second


class SkirmishNormalAI(SkirmishAI):
    # The settings as class attributes, so a bench may try one at another value for one side only
    # (``bench/skirmish_ai.py --set NAME=VALUE``).
    BOLDNESS = BOLDNESS
    WORTH = WORTH
    REINFORCE_FROM = REINFORCE_FROM
    STACK = STACK
    LAST_ROUND_BOLDNESS = LAST_ROUND_BOLDNESS
    BEHIND = BEHIND
    BEHIND_PLAYERS = BEHIND_PLAYERS
    BEHIND_OVER = BEHIND_OVER
    LAST_BEHIND = LAST_BEHIND
    BEHIND_EARLY = BEHIND_EARLY
    BEHIND_EARLY_FEW = BEHIND_EARLY_FEW
    LAST_DEEP = LAST_DEEP
    PAD = PAD
    LAST_RIVAL = LAST_RIVAL
    RIVAL_PLAYERS = RIVAL_PLAYERS
    OCCUPY_BEHIND = OCCUPY_BEHIND
    OCCUPY_PLAYERS = OCCUPY_PLAYERS
    CAVALRY_AT = CAVALRY_AT
    CAVALRY_AT_MANY = CAVALRY_AT_MANY
    GENERALS = GENERALS
    GENERALS_PLAYERS = GENERALS_PLAYERS
    EXTRA_EXCHANGE = EXTRA_EXCHANGE
    LADDER = LADDER
    LADDER_HAND = LADDER_HAND

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, self.BOLDNESS)
        self._last_round = False

    def choose(self, state: SkirmishState, seat: int) -> Action:
        board = skirmish_map()
        if state.battle is None and state.placing is not None:
            return self._place(state, seat, board)
        if state.battle is None and state.placing is None:
            last = state.round >= state.options.round_limit
            if state.phase is Phase.STANDARD:
                return self._standard_action(state, seat, last)
            if state.phase is Phase.EXCHANGE:
                return (
                    army.best_exchange(state, seat, board, self._cavalry_at(state), self._generals(state))
                    or EndPhase()
                )
            if last and state.phase is Phase.ATTACK:
                return self._last_attack(state, seat, board) or EndPhase()
            if state.phase is Phase.MOVE:
                truce = self._truce(state, seat, board)
                if truce is not None:
                    return truce
        return super().choose(state, seat)

    def _standard_action(self, state: SkirmishState, seat: int, last: bool) -> Action:
        troops = state.garrison[seat].troop
        if state.actions_left == 1 and not last and self.EXTRA_EXCHANGE >= 2 and self._two_pairs(state, seat):
            return ExtraExchange()
        if state.actions_left and troops >= (1 if last else self.REINFORCE_FROM):
            return Reinforce()
        if state.actions_left and not last and self._two_pairs(state, seat):
            return ExtraExchange()
        if state.actions_left and not last and state.moves_left < 2 and len(self._inner(state, seat)) >= 2:
            return ExtraMove()
        if state.actions_left and not last and self._ladder(state, seat):
            return ExtraExchange()
        return self._standard(state, seat)

    def _generals(self, state: SkirmishState) -> int:
        """The stack size from which troops buy a general, 0 for none: in games of more than
        ``GENERALS_PLAYERS`` players none (over 300 six-player games on seeds `stop42-sk` seat 4 won 1.56x
        its share with them, 1.20x the worst seat without)."""
        return self.GENERALS if state.players <= self.GENERALS_PLAYERS else 0

    def _cavalry_at(self, state: SkirmishState) -> int:
        """Three cannons where two stay at home after a sweep (up to ``BEHIND_PLAYERS`` players): there more
        battles on the board send cannons back to the garrison, so two or fewer came seldom."""
        return self.CAVALRY_AT if state.players <= self.BEHIND_PLAYERS else self.CAVALRY_AT_MANY

    def _two_pairs(self, state: SkirmishState, seat: int) -> bool:
        """A general and cannons (or cavalry) both to buy this turn: one pair each, so an extra exchange."""
        generals = self._generals(state)
        if not (self.EXTRA_EXCHANGE and generals) or state.exchanges_allowed > 1:
            return False
        board = skirmish_map()
        return (
            army.general_exchange(state, seat, board, generals) is not None
            and army.pile_exchange(state, seat, board, self._cavalry_at(state)) is not None
        )

    def _ladder(self, state: SkirmishState, seat: int) -> bool:
        """Cannons to buy this turn and troops left after them for cavalry: a second pair, so an extra
        exchange in place of a card (games of up to ``BEHIND_PLAYERS`` players)."""
        if not self.LADDER or state.players > self.BEHIND_PLAYERS or state.exchanges_allowed > 1:
            return False
        if len(state.hands[seat]) < self.LADDER_HAND:
            return False
        return army.ladder(state, seat, skirmish_map(), self._cavalry_at(state))

    def _place(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action:
        """`easy`'s territory, filled up to ``STACK`` units; all of the troops where it holds that many."""
        assert state.placing is not None
        pad = self._pad(state, seat, board)
        if pad is not None:
            return Place(board.ids[pad], 1)
        t = self._placement(state, seat, board)
        left = state.placing.troops
        room = self.STACK - state.units[t].total
        return Place(board.ids[t], room if 0 < room < left else left)

    def _pad(self, state: SkirmishState, seat: int, board: SkirmishMap) -> int | None:
        """Once a stack of ours holds ``STACK`` units, a lone unit of ours that an enemy stack next door
        could sweep five to one, but not two units (5 to 9 dice), gets a second troop first (the lowest
        numbered first); games of up to ``BEHIND_PLAYERS`` players, as two left at home."""
        if not self.PAD or state.players > self.BEHIND_PLAYERS:
            return None
        if not any(state.owner[t] == seat and state.units[t].total >= self.STACK for t in range(board.size)):
            return None
        lone = [
            t
            for t in range(board.size)
            if state.owner[t] == seat
            and state.units[t].total == 1
            and FIVE_TO_ONE <= self.enemy_dice(state, seat, t, board) < 2 * FIVE_TO_ONE
        ]
        return min(lone) if lone else None

    def _inner(self, state: SkirmishState, seat: int) -> list[int]:
        """Territories of ours away from the front holding units to spare (what `easy`'s free move moves)."""
        board = skirmish_map()
        front = set(self._front(state, seat, board))
        return [
            t
            for t in range(board.size)
            if state.owner[t] == seat and t not in front and state.units[t].total > 1
        ]

    # -- what an attack leaves at home -------------------------------------------------------------------

    def _attack(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action | None:
        """`easy`'s attack, but a five to one leaves a second unit at home where the strongest enemy stack
        next door (the target aside) could sweep one unit five to one: where it could not sweep two, it
        must then fight on the board, or not at all; where it could, it needs ten dice rather than five
        (``BEHIND_OVER``). Left out where one is safe, and in games of more than ``BEHIND_PLAYERS`` players
        (there the first seat fell behind the others). In the last round (``LAST_BEHIND``) two stay where a
        seat still to play this round borders the source, whatever it holds: our score is counted as our
        turn ends, theirs after they sweep back what we left thin; ``LAST_DEEP`` (three) where that seat's
        strongest stack next door could sweep two units five to one (up to ``OCCUPY_PLAYERS`` players)."""
        action = super()._attack(state, seat, board)
        if not isinstance(action, Attack) or action.units is None:
            return action
        table = pieces()
        source, target = board.index(action.source), board.index(action.target)
        want = self._home(state, seat, source, target, board, self._last_round)
        stay = state.units[source].total - action.units.total
        if stay >= want:
            return action
        fewer = action.units.minus(cheapest(action.units, want - stay))
        if not fewer.total or table.dice(fewer) < FIVE_TO_ONE * table.dice(state.units[target]):
            return action
        return Attack(action.source, action.target, fewer)

    def _home(
        self, state: SkirmishState, seat: int, source: int, target: int, board: SkirmishMap, last: bool
    ) -> int:
        """The units an attack from ``source`` on ``target`` should leave at home (1: as `easy`)."""
        if state.players > self.BEHIND_PLAYERS or (last and not self.LAST_BEHIND):
            return 1
        if last:
            later = {s for s in state.playing() if s > seat}
            if not any(state.owner[n] in later for n in board.neighbours[source] if n != target):
                return 1
            if state.players > self.OCCUPY_PLAYERS:
                return self.BEHIND
            dice = self.enemy_dice(state, seat, source, board, skip=target, only=later)
            return max(self.BEHIND, min(self.LAST_DEEP, dice // FIVE_TO_ONE + 1))
        want = self.enemy_dice(state, seat, source, board, skip=target) // FIVE_TO_ONE + 1
        if self._early_behind(state, seat, source, target, board):
            want = max(want, self.BEHIND)
        if want > self.BEHIND:
            return self.BEHIND if self.BEHIND_OVER else 1
        return want

    def _battle(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action:
        """`easy`'s battle steps, but a won battle's survivors leave at home what a five to one leaves
        there (``OCCUPY_BEHIND``): a board battle's source kept one, the trail the next seat swept most."""
        battle = state.battle
        assert battle is not None
        asked = flow.waiting(battle)
        occupy = asked is not None and asked[1] == "occupy"
        if occupy and self.OCCUPY_BEHIND and state.players <= self.OCCUPY_PLAYERS:
            last = state.round >= state.options.round_limit
            want = self._home(state, seat, battle.source, battle.target, board, last)
            home, moving = state.units[battle.source], battle.attacker.units
            if home.total < want and moving.total - (want - home.total) >= want:
                return actions.Occupy(moving.minus(cheapest(moving, want - home.total)))
        return super()._battle(state, seat, board)

    def _early_behind(
        self, state: SkirmishState, seat: int, source: int, target: int, board: SkirmishMap
    ) -> bool:
        """In the first ``BEHIND_EARLY`` rounds (``BEHIND_EARLY_FEW`` in games of up to ``OCCUPY_PLAYERS``
        players) ``BEHIND`` stay at home wherever the source borders another enemy territory, whatever its
        dice: the next attack there must be fought on the board. Later a sweep leaves one, as before: left
        on in every round, at three players seat 1 won 0.56 of its share and seat 3 1.48 (its last turn
        meets the single units the all-out last round leaves, seat 1's the two-unit stacks of the round
        before), and fewer games ended by the victory share (8 of 150, not 24). Thirteen rounds with up to
        three players lift the battles on the board there from 0.48 to 0.55 (issue 32's aim, 0.5)."""
        early = self.BEHIND_EARLY_FEW if state.players <= self.OCCUPY_PLAYERS else self.BEHIND_EARLY
        if state.round > early:
            return False
        return any(n != target and state.owner[n] not in (seat, EMPTY) for n in board.neighbours[source])

    # -- the last round --------------------------------------------------------------------------------

    def _last_attack(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action | None:
        """Every attack with a fair chance, the surest first: the target's worth no longer counts."""
        keep = self.boldness
        self.boldness, self._last_round = self.LAST_ROUND_BOLDNESS, True
        try:
            return self._attack(state, seat, board)
        finally:
            self.boldness, self._last_round = keep, False

    def _target_value(self, state: SkirmishState, seat: int, target: int, board: SkirmishMap) -> float:
        if self._last_round:
            return self._rival(state, seat, target)
        return self.WORTH * super()._target_value(state, seat, target, board)

    def _rival(self, state: SkirmishState, seat: int, target: int) -> float:
        """The last round (games of up to ``RIVAL_PLAYERS`` players): a territory of a seat still to play
        this round is worth ``LAST_RIVAL`` more than one of a seat that has played its last turn, whose score
        is counted already: taking it raises ours by one and lowers a score still open by one, where the
        other only raises ours."""
        if state.players > self.RIVAL_PLAYERS or state.owner[target] <= seat:
            return 0.0
        return self.LAST_RIVAL

    # -- cards -----------------------------------------------------------------------------------------

    def enemy_dice(
        self,
        state: SkirmishState,
        seat: int,
        t: int,
        board: SkirmishMap,
        skip: int = -1,
        only: set[int] | None = None,
    ) -> int:
        """The most dice one enemy stack next door (``skip`` aside; of the seats ``only``, if given) could
        bring against ``t``."""
        table = pieces()
        return max(
            (
                table.dice(dearest(state.units[n], min(MOST_ATTACKERS, state.units[n].total - 1)))
                for n in board.neighbours[t]
                if n != skip
                and state.owner[n] not in (seat, EMPTY)
                and (only is None or state.owner[n] in only)
                and state.units[n].total > 1
            ),
            default=0,
        )

    def _truce(self, state: SkirmishState, seat: int, board: SkirmishMap) -> Action | None:
        """A truce lasts until our next turn, so it is played as the turn ends (the free move), on the
        territory of most exchange value that an enemy stack next door outnumbers in dice."""
        table = pieces()
        cards = [c for c in state.hands[seat] if table.cards[c].kind == "truce"]
        if not cards:
            return None
        covered = {t.territory for t in state.truces if t.seat == seat}
        best: tuple[int, int] | None = None
        for t in range(board.size):
            if state.owner[t] != seat or t in covered:
                continue
            if self.enemy_dice(state, seat, t, board) <= table.dice(state.units[t]):
                continue
            worth = table.value(state.units[t])
            if best is None or (worth, -t) > (best[0], -best[1]):
                best = (worth, t)
        if best is None:
            return None
        return PlayCard(cards[0], territory=board.ids[best[1]])

"""Views: each seat sees its own hand and standing orders and nobody else's; a view is enough to draw the
map and the battle board at every step."""

from __future__ import annotations

from rules.core.agents import RandomAgent
from rules.core.codec import to_json
from rules.core.conformance import play as play_out
from rules.core.events import DiceRolled
from rules.skirmish import RULES
from rules.skirmish.actions import (
    AssignDice,
    Attack,
    Defend,
    OrderSkirmishes,
    Pass,
    PlaceCounter,
    PlayCard,
    TakeLosses,
)
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.events import CardDrawn, OrdersSet
from rules.skirmish.pieces import Units
from tests.rules.skirmish.position import BOARD, LEVEL, card_of, play, position, troops

SOURCE, TARGET = LEVEL


def test_no_view_or_redacted_event_shows_another_players_hand():
    agents = [SkirmishAI(0), RandomAgent(RULES, 1), RandomAgent(RULES, 2), SkirmishAI(3)]
    game = play_out(RULES, 4, agents, "views", max_actions=600)
    state = game.state
    assert sum(len(h) for h in state.hands) > 0, "the sample game should leave cards in hands"
    for seat in (None, 0, 1, 2, 3):
        seen = RULES.view(state, seat)
        assert seen.hand == (None if seat is None else tuple(c for c in seen.hand or ()))
        if seat is not None:
            assert tuple(c.id for c in seen.hand) == state.hands[seat]
        assert [s.cards for s in seen.seats] == [len(h) for h in state.hands]
        text = to_json(seen).decode()
        assert '"deck":' not in text and '"rolls"' not in text and '"hands"' not in text
        for _, _, events in game.log:
            for event in events:
                shown = RULES.redact(event, seat)
                if isinstance(event, CardDrawn) and event.seat != seat:
                    assert shown == CardDrawn(event.seat, None)
                if isinstance(event, DiceRolled) and event.private and event.seat != seat:
                    assert shown is None
                if isinstance(event, OrdersSet) and event.seat != seat:
                    assert shown is None


def test_the_view_holds_the_map_to_draw():
    state = position(holdings={SOURCE: (0, Units(troop=2, cannon=1))})
    seen = RULES.view(state, None)
    assert len(seen.territories) == BOARD.size == 33 and seen.width and seen.outline and seen.lakes
    first = next(t for t in seen.territories if t.id == SOURCE)
    assert first.units == Units(troop=2, cannon=1) and first.owner == 0 and first.elevation == 0
    assert len(first.polygon) >= 3 and first.label == BOARD.labels[BOARD.index(SOURCE)]


def test_the_battle_board_view_at_every_step():
    push = card_of("push")
    state = position(
        holdings={SOURCE: (0, Units(troop=2, cavalry=1)), TARGET: (1, troops(3)), "greyhorn": (0, troops(1))},
        hands={0: (push, push + 1)},
    )
    state, _ = play(state, 0, Attack(SOURCE, TARGET, Units(troop=2, cavalry=1)))
    board = RULES.view(state, 1).battle
    assert board.stage == "defend" and board.attacker.units == Units(troop=2, cavalry=1)
    assert board.attacker.declared_dice == 3 and board.attacker.counters == 1 and board.skirmishes == ()
    assert RULES.view(state, 1).waiting.step == "defend"
    state, _ = play(state, 1, Defend(troops(3)), dice=[6, 5, 4] + [5, 4, 3])
    board = RULES.view(state, None).battle
    assert board.attacker.dice == (6, 5, 4) and board.defender.dice == (5, 4, 3) and board.stage == "assign"
    state, _ = play(state, 1, AssignDice((1, 2, 3)))
    board = RULES.view(state, None).battle
    lines = [
        (s.attack_dice, s.defend_dice, s.attack_total, s.defend_total, s.leader) for s in board.skirmishes
    ]
    assert lines == [
        ((6,), (5,), 6, 6, "defender"),
        ((5,), (4,), 5, 5, "defender"),
        ((4,), (3,), 4, 4, "defender"),
    ]
    state, _ = play(state, 0, PlaceCounter(1))
    state, _ = play(state, 0, PlayCard(push, 2))
    board = RULES.view(state, 1).battle
    assert board.skirmishes[0].attack_counters == 1 and board.skirmishes[0].leader == "attacker"
    assert [c.kind for c in board.skirmishes[1].attack_cards] == ["push"] and board.skirmishes[
        1
    ].attack_total == 7
    assert [c.name for c in board.attacker.played] == ["Push"]
    state, _ = play(state, 0, Pass())  # the defender has neither counters nor cards: it passes at once
    assert RULES.view(state, None).waiting.step == "order"
    state, _ = play(state, 1, OrderSkirmishes((3, 1, 2)))
    board = RULES.view(state, None).battle
    assert board.skirmishes[2].winner == "defender" and (
        board.skirmishes[2].attack_total,
        board.skirmishes[2].defend_total,
    ) == (4, 4)
    assert RULES.view(state, 0).waiting.step == "losses" and "one unit" in board.owed
    state, _ = play(state, 0, TakeLosses(units=troops(1)))
    assert state.battle.stage.value == "occupy"
    board = RULES.view(state, None).battle
    assert [s.winner for s in board.skirmishes] == ["attacker", "attacker", "defender"]
    assert board.order == (3, 1, 2) and board.resolved == 3 and board.winner == "attacker"

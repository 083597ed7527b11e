"""Rule cases for reinforcements and cards."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from rules.risk import RULES
from rules.risk.actions import Attack, EndPhase, Fortify, Occupy, PlaceArmies, TradeCards
from rules.risk.cards import is_set
from rules.risk.events import CardDrawn, CardsCaptured, CardsTraded, DeckReshuffled, SeatEliminated, TurnBegan
from rules.risk.state import Phase, RiskState
from rules.risk.turns import begin_turn
from rules.risk.views import set_value
from tests.rules.risk.position import BOARD, WILDS, armies, card, cards_of, position

INF, CAV, ART = cards_of("infantry"), cards_of("cavalry"), cards_of("artillery")
NONE = ScriptedRng([])


def start_turn(state: RiskState, seat: int) -> tuple[RiskState, TurnBegan]:
    events: list = []
    new = begin_turn(replace(state, current=(seat - 1) % state.players), seat, events)
    return new, events[0]


def test_income_is_a_third_of_territories_at_least_three():
    few = position(holdings={"alaska": (0, 1), "peru": (0, 1)})
    _, began = start_turn(few, 0)
    assert began.reinforcements == 3
    ids = [t for t in BOARD.ids if t not in ("alaska", "brazil", "argentina", "venezuela", "peru")][:14]
    many = position(holdings={t: (0, 1) for t in ids})
    _, began = start_turn(many, 0)
    assert began.reinforcements == 14 // 3


def test_continent_bonuses_are_added():
    holdings = {
        t: (0, 1)
        for t in (
            "venezuela",
            "peru",
            "brazil",
            "argentina",
            "eastern_australia",
            "western_australia",
            "new_guinea",
            "indonesia",
        )
    }
    _, began = start_turn(position(holdings=holdings), 0)
    assert began.reinforcements == 3 + 2 + 2 and set(began.continents) == {"south_america", "australia"}


@pytest.mark.parametrize("bonus", [("north_america", 5), ("europe", 5), ("africa", 3), ("asia", 7)])
def test_each_continent_bonus(bonus):
    continent = next(c for c in BOARD.continents if c.id == bonus[0])
    holdings = {BOARD.ids[m]: (0, 1) for m in continent.members}
    _, began = start_turn(position(holdings=holdings), 0)
    assert began.reinforcements == max(3, len(continent.members) // 3) + bonus[1]


def test_placing_reinforcements():
    state = position(holdings={"alaska": (0, 1)}, phase=Phase.REINFORCE, reinforcements=5)
    new, _ = RULES.apply(state, 0, PlaceArmies("alaska", 3), NONE)
    assert armies(new, "alaska") == 4 and new.reinforcements == 2
    with pytest.raises(IllegalAction) as too_many:
        RULES.apply(new, 0, PlaceArmies("alaska", 3), NONE)
    assert too_many.value.code == "bad_count"
    with pytest.raises(IllegalAction) as enemy:
        RULES.apply(new, 0, PlaceArmies("peru", 1), NONE)
    assert enemy.value.code == "not_yours"
    with pytest.raises(IllegalAction) as early:
        RULES.apply(new, 0, EndPhase(), NONE)
    assert early.value.code == "place_first"


@pytest.mark.parametrize(
    ("cards", "valid"),
    [
        ((INF[0], INF[1], INF[2]), True),  # three alike
        ((INF[0], CAV[0], ART[0]), True),  # one of each
        ((INF[0], CAV[0], WILDS[0]), True),  # two and a wild
        ((INF[0], INF[1], WILDS[0]), True),
        ((INF[0], WILDS[0], WILDS[1]), True),
        ((INF[0], INF[1], CAV[0]), False),
        ((INF[0], INF[0], INF[1]), False),
    ],
)
def test_card_sets(cards, valid):
    assert is_set(BOARD, cards) is valid


def test_set_values_escalate_over_the_whole_game():
    assert [set_value(n) for n in range(1, 11)] == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]


def test_trading_gives_the_next_value_in_the_game_whoever_trades():
    hand = (INF[0], INF[1], INF[2])
    state = position(phase=Phase.REINFORCE, reinforcements=3, hands={1: hand}, current=1, sets_traded=6)
    new, events = RULES.apply(state, 1, TradeCards(hand), NONE)
    traded = next(e for e in events if isinstance(e, CardsTraded))
    assert traded.armies == 20 and traded.set_number == 7 and new.reinforcements == 23
    assert new.hands[1] == () and set(hand) <= set(new.discard)


def test_territory_bonus_two_armies_once_a_turn():
    first = (card("alaska"), card("venezuela"), card("peru"))  # all infantry
    second = (card("argentina"), card("iceland"), INF[5])
    assert is_set(BOARD, first) and is_set(BOARD, second)
    state = position(
        holdings={"alaska": (0, 1), "venezuela": (0, 1), "argentina": (0, 1)},
        phase=Phase.REINFORCE,
        reinforcements=3,
        hands={0: first + second},
    )
    new, _events = RULES.apply(state, 0, TradeCards(first), NONE)
    assert armies(new, "alaska") == 3 and armies(new, "venezuela") == 1  # only one territory, +2
    assert new.reinforcements == 3 + 4
    again, _ = RULES.apply(new, 0, TradeCards(second), NONE)
    assert armies(again, "argentina") == 1, "at most 2 bonus armies per turn"
    assert again.reinforcements == 3 + 4 + 6


def test_no_territory_bonus_for_territories_of_others():
    hand = (card("alaska"), card("venezuela"), card("peru"))
    state = position(phase=Phase.REINFORCE, reinforcements=3, hands={0: hand}, rest=(1, 1))
    new, _ = RULES.apply(state, 0, TradeCards(hand), NONE)
    assert new.armies == state.armies


def test_cards_must_be_a_set_from_your_hand():
    state = position(phase=Phase.REINFORCE, reinforcements=3, hands={0: (INF[0], INF[1], CAV[0])})
    with pytest.raises(IllegalAction) as not_set:
        RULES.apply(state, 0, TradeCards((INF[0], INF[1], CAV[0])), NONE)
    assert not_set.value.code == "not_a_set"
    with pytest.raises(IllegalAction) as not_held:
        RULES.apply(state, 0, TradeCards((INF[0], INF[1], INF[2])), NONE)
    assert not_held.value.code == "not_your_cards"


def test_must_trade_at_the_start_of_a_turn_holding_five():
    hand = (INF[0], INF[1], CAV[0], CAV[1], ART[0])
    state = position(holdings={"alaska": (0, 1)}, phase=Phase.REINFORCE, reinforcements=3, hands={0: hand})
    for action in (PlaceArmies("alaska", 1), EndPhase()):
        with pytest.raises(IllegalAction) as refused:
            RULES.apply(state, 0, action, NONE)
        assert refused.value.code == "must_trade"
    new, _ = RULES.apply(state, 0, TradeCards((INF[0], CAV[0], ART[0])), NONE)
    placed, _ = RULES.apply(new, 0, PlaceArmies("alaska", 7), NONE)
    assert placed.reinforcements == 0


def test_cards_are_traded_only_at_the_start_of_a_turn():
    hand = (INF[0], INF[1], INF[2])
    state = position(phase=Phase.ATTACK, hands={0: hand})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, TradeCards(hand), NONE)
    assert refused.value.code == "trade_at_start"


def _conquer_then_end(state: RiskState, draw: list[int]) -> tuple[RiskState, list]:
    state, _ = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    if state.pending is not None:
        state, _ = RULES.apply(state, 0, Occupy(3), NONE)
    state, _ = RULES.apply(state, 0, EndPhase(), NONE)
    return RULES.apply(state, 0, EndPhase(), ScriptedRng(draw))


def test_one_card_for_a_turn_with_a_conquest():
    state = position(holdings={"ukraine": (0, 9), "ural": (1, 1), "afghanistan": (1, 1)})
    state, _ = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    state, _ = RULES.apply(state, 0, Occupy(3), NONE)
    state, _ = RULES.apply(state, 0, Attack("ukraine", "afghanistan", 3), ScriptedRng([6, 6, 6, 1]))
    state, _ = RULES.apply(state, 0, Occupy(3), NONE)
    state, _ = RULES.apply(state, 0, EndPhase(), NONE)
    deck_before = state.deck
    new, events = RULES.apply(state, 0, EndPhase(), ScriptedRng([10]))
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn == [CardDrawn(0, deck_before[9])] and new.hands[0] == (deck_before[9],)
    assert len(new.deck) == len(deck_before) - 1


def test_no_card_without_a_conquest():
    state = position(holdings={"ukraine": (0, 9)}, phase=Phase.FORTIFY)
    new, events = RULES.apply(state, 0, EndPhase(), NONE)
    assert not any(isinstance(e, CardDrawn) for e in events) and new.hands[0] == ()


def test_fortifying_also_ends_the_turn_with_its_card():
    state = position(holdings={"ukraine": (0, 9), "scandinavia": (0, 1)}, conquered=True)
    new, _events = RULES.apply(state, 0, Fortify("ukraine", "scandinavia", 4), ScriptedRng([1]))
    assert len(new.hands[0]) == 1 and new.current == 1


def test_traded_cards_are_reshuffled_when_the_deck_runs_out():
    everyone = tuple(range(len(BOARD.cards)))
    state = position(
        holdings={"ukraine": (0, 9), "ural": (1, 1)},
        hands={1: everyone[:40]},
        deck=(),
        discard=everyone[40:],
        conquered=True,
        phase=Phase.FORTIFY,
    )
    new, events = RULES.apply(state, 0, EndPhase(), ScriptedRng([2]))
    assert DeckReshuffled(4) in events and new.hands[0] == (everyone[41],)
    assert new.discard == () and new.deck == (everyone[40], everyone[42], everyone[43])


def test_elimination_hands_over_the_cards():
    victim_hand = (INF[0], CAV[0])
    state = position(
        holdings={"ukraine": (0, 9), "ural": (1, 1), "alaska": (2, 1)}, rest=(0, 1), hands={1: victim_hand}
    )
    new, events = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    assert SeatEliminated(1, 0, 2) in events and CardsCaptured(0, 1, victim_hand, 2) in events
    assert new.hands[0] == victim_hand and new.hands[1] == () and not new.must_trade_down


def test_six_captured_cards_are_traded_at_once_down_to_four():
    mine = (INF[0], INF[1], INF[2])
    theirs = (CAV[0], CAV[1], CAV[2], ART[0])
    state = position(
        holdings={"ukraine": (0, 9), "ural": (1, 1), "alaska": (2, 1), "kamchatka": (0, 5)},
        rest=(0, 1),
        hands={0: mine, 1: theirs},
    )
    new, _ = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    new, _ = RULES.apply(new, 0, Occupy(8), NONE)
    assert new.must_trade_down and len(new.hands[0]) == 7
    with pytest.raises(IllegalAction) as must_trade:
        RULES.apply(new, 0, Attack("kamchatka", "alaska", 3), NONE)
    assert must_trade.value.code == "trade_down"
    with pytest.raises(IllegalAction) as no_end:
        RULES.apply(new, 0, EndPhase(), NONE)
    assert no_end.value.code == "trade_down"
    new, _ = RULES.apply(new, 0, TradeCards(mine), NONE)
    assert len(new.hands[0]) == 4 and not new.must_trade_down and new.reinforcements == 4
    with pytest.raises(IllegalAction) as place_first:
        RULES.apply(new, 0, EndPhase(), NONE)
    assert place_first.value.code == "place_first"
    new, _ = RULES.apply(new, 0, PlaceArmies("ural", 4), NONE)
    assert armies(new, "ural") == 12


def test_seven_captured_cards_mean_two_trades():
    mine = (INF[0], INF[1], INF[2], WILDS[0])
    theirs = (CAV[0], CAV[1], CAV[2], ART[0])
    state = position(
        holdings={"ukraine": (0, 9), "ural": (1, 1), "alaska": (2, 1)},
        rest=(0, 1),
        hands={0: mine, 1: theirs},
    )
    new, _ = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 6, 6, 1]))
    new, _ = RULES.apply(new, 0, Occupy(3), NONE)
    new, _ = RULES.apply(new, 0, TradeCards(mine[:3]), NONE)
    assert new.must_trade_down and len(new.hands[0]) == 5
    new, _ = RULES.apply(new, 0, TradeCards((CAV[0], CAV[1], CAV[2])), NONE)
    assert not new.must_trade_down and new.reinforcements == 4 + 6

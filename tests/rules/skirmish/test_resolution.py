"""Resolving skirmishes: totals with battle and skirmish modifiers (+1 to the higher territory, +1 per
defender die), ties to the defender, the loser's unit, the 10-point rout, the 2x extra loss, the
defender's order, winning and losing the battle, and the winner's redistribution."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.core.errors import IllegalAction
from rules.skirmish import RULES
from rules.skirmish.actions import Attack, Occupy, OrderSkirmishes, TakeLosses
from rules.skirmish.battle.state import ATTACKER, DEFENDER, Skirmish, Stage
from rules.skirmish.events import (
    BattleEnded,
    LossesTaken,
    SkirmishResolved,
    TerritoryTaken,
    UnitsRedistributed,
)
from rules.skirmish.pieces import Units
from rules.skirmish.state import StandingOrders
from tests.rules.skirmish.position import (
    DOWNHILL,
    LEVEL,
    UPHILL,
    at_battle,
    of_type,
    owner_of,
    play,
    position,
    troops,
    units_at,
)

ONE, TWO, THREE = troops(1), troops(2), troops(3)


def ordering(
    pair=LEVEL,
    fights=((6,), (5,)),
    attackers=THREE,
    defenders=THREE,
    at_home=(ONE, TWO),
    **kw,
):
    """A battle waiting for the defender's order. ``fights``: per skirmish (attacker die, defender die)."""
    source, target = pair
    attack_dice = tuple(sorted((f[0] for f in fights), reverse=True))
    defend_dice = tuple(sorted((f[1] for f in fights), reverse=True))
    skirmishes = []
    used_a: set[int] = set()
    used_d: set[int] = set()
    for a, d in fights:
        ia = next(i for i, v in enumerate(attack_dice) if v == a and i not in used_a)
        idd = next(i for i, v in enumerate(defend_dice) if v == d and i not in used_d)
        used_a.add(ia)
        used_d.add(idd)
        skirmishes.append(Skirmish(attack=(ia,), defend=(idd,)))
    state = position(
        holdings={
            source: (0, attackers.plus(at_home[0])),
            target: (1, defenders.plus(at_home[1])),
            "greyhorn" if "greyhorn" not in pair else "raven_spire": (0, troops(1)),
        }
    )
    return at_battle(
        state,
        source,
        target,
        attackers,
        defenders,
        stage=Stage.ORDER,
        attack_dice=attack_dice,
        defend_dice=defend_dice,
        skirmishes=tuple(skirmishes),
        **kw,
    )


def resolved(events):
    return [(e.skirmish, e.attack_total, e.defend_total, e.winner) for e in of_type(events, SkirmishResolved)]


def test_totals_add_dice_and_one_per_defender_die_highest_wins():
    state = ordering(fights=((6, 3), (3, 5)))
    _, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert resolved(events) == [(1, 6, 4, ATTACKER), (2, 3, 6, DEFENDER)]


def test_ties_go_to_the_defender():
    state = ordering(fights=((6, 5), (4, 3)))  # 6 v 5+1, 4 v 3+1: both tied
    _, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert [w for *_, w in resolved(events)] == [DEFENDER, DEFENDER]


def test_the_higher_territory_adds_one_to_each_skirmish():
    down = ordering(pair=DOWNHILL, fights=((6, 5), (4, 3)))
    _, events = play(down, 1, OrderSkirmishes((1, 2)))
    assert resolved(events) == [(1, 7, 6, ATTACKER), (2, 5, 4, ATTACKER)]
    up = ordering(pair=UPHILL, fights=((6, 4), (5, 3)))
    _, events = play(up, 1, OrderSkirmishes((1, 2)))
    assert resolved(events) == [(1, 6, 6, DEFENDER), (2, 5, 5, DEFENDER)]


def test_each_defender_die_in_a_skirmish_adds_one():
    state = ordering(fights=((6, 2), (5, 2)))
    two_dice = Skirmish(attack=(0,), defend=(0, 1))
    state = replace(state, battle=replace(state.battle, skirmishes=(two_dice,)))
    _, events = play(state, 1, OrderSkirmishes((1,)))
    assert resolved(events) == [(1, 6, 6, DEFENDER)]  # 2 + 2 + 2 dice


def test_a_generals_banner_adds_one_to_every_skirmish_of_its_side():
    state = ordering(fights=((6, 5), (4, 3)), attackers=Units(troop=2, general=1), banners=(1, 0))
    _, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert resolved(events) == [(1, 7, 6, ATTACKER), (2, 5, 4, ATTACKER)]


def test_the_defender_orders_the_resolution():
    state = ordering(fights=((6, 2), (3, 5)))
    with pytest.raises(IllegalAction) as bad:
        play(state, 1, OrderSkirmishes((1, 1)))
    assert bad.value.code == "bad_order"
    _, events = play(state, 1, OrderSkirmishes((2, 1)))
    assert [k for k, *_ in resolved(events)] == [2, 1]


def test_the_loser_of_a_skirmish_chooses_the_unit_it_loses():
    state = ordering(fights=((6, 2), (3, 5)), defenders=Units(troop=1, cavalry=1, cannon=1))
    waiting, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert RULES.to_act(waiting) == (1,) and waiting.battle.owed[0].reason == "skirmish"
    after, events = play(waiting, 1, TakeLosses(units=Units(cannon=1)))
    assert of_type(events, LossesTaken)[0].units == Units(cannon=1)
    assert after.battle.defender.units == Units(troop=1, cavalry=1)


def test_a_ten_point_rout_the_defender_picks_two_attackers_and_nothing_more_is_resolved():
    attackers = Units(troop=2, cannon=2)
    state = ordering(fights=((2, 6), (6, 2)), attackers=attackers, counters=(0, 0))
    first = state.battle.skirmishes[0]
    state = replace(
        state,
        battle=replace(
            state.battle, skirmishes=(replace(first, defend_counters=5), state.battle.skirmishes[1])
        ),
    )
    waiting, events = play(state, 1, OrderSkirmishes((1, 2)))
    (rout,) = of_type(events, SkirmishResolved)
    assert rout.rout and (rout.attack_total, rout.defend_total) == (2, 12)
    assert waiting.battle.owed[0].reason == "rout" and RULES.to_act(waiting) == (1,)  # the defender picks
    after, events = play(waiting, 1, TakeLosses(units=Units(cannon=2)))
    (taken,) = of_type(events, LossesTaken)  # the rout's two units replace the loser's own one
    assert taken.seat == 0 and taken.chooser == 1 and taken.units == Units(cannon=2)
    assert len(of_type(events, SkirmishResolved)) == 0  # skirmish 2 is never resolved
    (ended,) = of_type(events, BattleEnded)
    assert ended.ended_by == "count" and ended.winner == DEFENDER and ended.bars_attacks
    with pytest.raises(IllegalAction) as barred:
        play(after, 0, Attack(LEVEL[0], LEVEL[1], troops(1)))
    assert barred.value.code == "attacks_barred"


def test_twice_the_defenders_total_costs_the_defender_an_extra_unit_board_or_territory():
    state = ordering(fights=((6, 2), (5, 5)), defenders=troops(3), at_home=(troops(1), Units(cavalry=2)))
    waiting, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert resolved(events)[0] == (1, 6, 3, ATTACKER) and of_type(events, SkirmishResolved)[0].double
    assert [o.reason for o in waiting.battle.owed] == ["double"]  # the skirmish's own troop was obvious
    with pytest.raises(IllegalAction) as two:
        play(waiting, 1, TakeLosses(units=troops(1), territory=Units(cavalry=1)))
    assert two.value.code == "bad_count"
    after, events = play(waiting, 1, TakeLosses(territory=Units(cavalry=1)))
    assert of_type(events, LossesTaken)[0].territory == Units(cavalry=1)
    # Then skirmish 2 (5 v 5+1) costs the attacker a troop: 2 against 2 left, the defender holds.
    assert of_type(events, BattleEnded)[0].winner == DEFENDER
    assert units_at(after, LEVEL[1]) == Units(troop=2, cavalry=1)


def test_the_order_losses_cheapest_pays_a_2x_with_a_troop_before_a_cannon_at_home():
    """Issue 29, item 7: the 2x unit is the cheapest the defender has, board or territory; the order
    "board" keeps the board's count instead and gives up the territory's cheapest, a cannon here."""
    base = ordering(fights=((6, 2), (5, 5)), defenders=troops(3), at_home=(troops(1), Units(cannon=1)))
    cheap = replace(base, orders=(StandingOrders(), StandingOrders(losses="cheapest")))
    after, events = play(cheap, 1, OrderSkirmishes((1, 2)))
    double = [e for e in of_type(events, LossesTaken) if e.territory.total or e.by_order]
    assert [(e.units, e.territory, e.by_order) for e in double] == [(troops(1), Units(), True)]
    # The board's count then decides: 2 attackers against 1 defender, the attacker wins the battle.
    assert of_type(events, BattleEnded)[0].winner == ATTACKER
    keep = replace(base, orders=(StandingOrders(), StandingOrders(losses="board")))
    after, events = play(keep, 1, OrderSkirmishes((1, 2)))
    double = [e for e in of_type(events, LossesTaken) if e.territory.total or e.by_order]
    assert [(e.units, e.territory, e.by_order) for e in double] == [(Units(), Units(cannon=1), True)]
    assert of_type(events, BattleEnded)[0].winner == DEFENDER  # 2 against 2: the defender holds
    assert units_at(after, LEVEL[1]) == troops(2)


def test_the_side_with_more_units_left_wins_and_a_tie_goes_to_the_defender():
    state = ordering(fights=((6, 3), (3, 5)), attackers=troops(3), defenders=troops(3))
    _, events = play(state, 1, OrderSkirmishes((1, 2)))
    (ended,) = of_type(events, BattleEnded)  # 2 attackers left, 2 defenders left
    assert ended.winner == DEFENDER and ended.ended_by == "count"
    state = ordering(fights=((6, 3), (3, 5)), attackers=troops(4), defenders=troops(3))
    _, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert of_type(events, BattleEnded)[0].winner == ATTACKER


def test_the_defender_wins_units_go_home_and_the_attacker_attacks_no_more():
    state = ordering(fights=((3, 5), (2, 5)))
    after, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert of_type(events, BattleEnded)[0].winner == DEFENDER
    assert units_at(after, LEVEL[0]) == troops(2) and units_at(after, LEVEL[1]) == troops(5)
    assert after.battle is None and after.attacks_barred


def test_the_winner_destroys_every_defender_and_shares_its_units_as_it_likes():
    state = ordering(
        fights=((6, 4), (5, 3)), attackers=troops(3), defenders=troops(2), at_home=(troops(2), troops(4))
    )
    waiting, events = play(state, 1, OrderSkirmishes((1, 2)))
    assert of_type(events, BattleEnded)[0].winner == ATTACKER
    assert units_at(waiting, LEVEL[1]) == Units() and waiting.garrison[1].troop == state.garrison[1].troop + 6
    with pytest.raises(IllegalAction) as too_many:
        play(waiting, 0, Occupy(troops(6)))
    assert too_many.value.code == "not_yours_to_move"
    after, events = play(waiting, 0, Occupy(troops(4)))  # all but one of the board's 3 and the home 2
    assert units_at(after, LEVEL[1]) == troops(4) and units_at(after, LEVEL[0]) == troops(1)
    assert owner_of(after, LEVEL[1]) == 0 and of_type(events, TerritoryTaken)
    assert of_type(events, UnitsRedistributed)[0].into_source == troops(1)


def test_the_winner_may_move_none_in_leaving_the_territory_empty():
    state = ordering(fights=((6, 4), (5, 3)), attackers=troops(3), defenders=troops(2))
    waiting, _ = play(state, 1, OrderSkirmishes((1, 2)))
    after, events = play(waiting, 0, Occupy(Units()))
    assert owner_of(after, LEVEL[1]) == -1 and not of_type(events, TerritoryTaken)

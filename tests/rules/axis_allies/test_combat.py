"""Land battle rule cases with scripted dice: each test names the rule it checks.

Dice are consumed in this order: AA fire, bombardment, the attacker's volley (units in UNIT_ORDER:
infantry, artillery, tank, fighter, bomber...), then each defending power's volley in turn order.
"""

from __future__ import annotations

import pytest

from rules.axis_allies.combat import (
    AwaitCasualties,
    AwaitCasualtyOrder,
    AwaitPressOn,
    Battle,
    OrderCasualties,
    Outcome,
    PressOn,
    Retreat,
    Submerge,
    TakeCasualties,
    Unit,
    advance,
    decide,
    default_choice,
    outcome,
    start_battle,
)
from rules.axis_allies.combat.events import (
    BattleEnded,
    CasualtiesTaken,
    CasualtyOrderChosen,
    UnitsRetreated,
    Volley,
)
from rules.axis_allies.combat.state import TURN_ORDER
from rules.axis_allies.units import Carried
from rules.core.codec import from_json, to_json
from rules.core.dice import DiceCup, ScriptedRng
from rules.core.errors import IllegalAction
from rules.core.events import DiceRolled

G, R, UK = "germany", "russia", "uk"
SEATS = {R: 0, G: 1, UK: 2}


def units(owner, kind, n=1, **extra):
    return [Unit(owner, kind, **extra)] * n


def land(attackers, defenders, **extra):
    return start_battle("Ukraine", sea=False, attacker=G, attackers=attackers, defenders=defenders, **extra)


def roll(battle, dice, choice=None, power=None):
    rng = ScriptedRng(dice)
    events = []
    cup = DiceCup(rng, 0, events)
    if choice is None:
        battle, happened = advance(battle, cup, SEATS)
    else:
        battle, happened = decide(battle, power or battle.pending.power, choice, cup, SEATS)
    events += happened
    assert rng.unused == 0, "every scripted die must be rolled"
    assert from_json(to_json(battle), Battle) == battle
    return battle, events


def volleys(events, step=None):
    return [e for e in events if isinstance(e, Volley) and step in (None, e.step)]


def lost(events, power):
    return [u.kind for e in events if isinstance(e, CasualtiesTaken) and e.power == power for u in e.units]


def test_turn_order_matches_the_board():
    from rules.axis_allies.board import POWERS

    assert TURN_ORDER == POWERS


def test_aa_gun_fires_once_per_plane_hitting_on_1_only():
    battle = land(units(G, "tank") + units(G, "fighter", 3), units(R, "infantry"), aa_gun=R)
    # AA 1, 2, 6: one hit (a 2 misses); attack tank 3 hits, fighters 6 6; defence 6.
    done, events = roll(battle, [1, 2, 6] + [3, 6, 6] + [6])
    (aa,) = volleys(events, "aa")
    assert aa.power == R and aa.hits == 1 and aa.groups[0].count == 3
    aa_dice = next(e for e in events if isinstance(e, DiceRolled))
    assert aa_dice.reason == "aa Ukraine" and aa_dice.seat == SEATS[R]
    assert lost(events, G) == ["fighter"]  # all alike: no question asked
    (attack,) = volleys(events, "attack")
    assert [g.count for g in attack.groups] == [1, 2]  # the downed fighter did not fire
    assert outcome(done) is Outcome.ATTACKER and lost(events, R) == ["infantry"]


def test_the_attacker_chooses_which_aircraft_the_aa_gun_downs():
    attackers = [Unit(G, "tank"), Unit(G, "fighter"), Unit(G, "bomber")]
    battle = land(attackers, units(R, "infantry"), aa_gun=R)
    waiting, _ = roll(battle, [1, 5])
    assert waiting.pending == AwaitCasualties(G, 1, 0, True, "aa", 1)
    with pytest.raises(IllegalAction) as refused:
        roll(waiting, [], TakeCasualties((Unit(G, "tank"),)))
    assert refused.value.code == "aircraft_only"
    assert default_choice(waiting) == TakeCasualties((Unit(G, "fighter"),))  # cheaper plane first
    # The bomber goes; tank 6 and fighter 6 miss, the infantry 2 hits.
    after, events = roll(waiting, [6, 6] + [2], TakeCasualties((Unit(G, "bomber"),)))
    assert lost(events, G) == ["bomber"]
    assert [g.kind for g in volleys(events, "attack")[0].groups] == ["tank", "fighter"]
    assert isinstance(after.pending, AwaitCasualties) and after.pending.total == 1


def test_aa_gun_fires_only_before_the_first_round():
    battle = land(units(G, "fighter"), units(R, "infantry"), aa_gun=R, retreat_to=("Poland",))
    waiting, events = roll(battle, [4] + [6] + [6])
    assert len(volleys(events, "aa")) == 1 and isinstance(waiting.pending, AwaitPressOn)
    _, events = roll(waiting, [6] + [6], PressOn())
    assert volleys(events, "aa") == [] and len(volleys(events, "attack")) == 1


def test_bombardment_fires_in_the_first_round_only_and_its_casualties_fire_back():
    landed = units(G, "infantry", 2, landed=True)
    battle = land(landed, units(R, "infantry", 2), bombard=units(G, "battleship"))
    # Round 1: bombard 4 hits (4 or less); infantry 6 6 miss; the defence 2 and 6: one hit back, so the
    # bombarded infantry fired before it was removed. Landed units cannot retreat: no question, round 2
    # follows, without bombardment: infantry 1 hits, the last defender 6 misses.
    done, events = roll(battle, [4] + [6, 6] + [2, 6] + [1] + [6])
    assert [v.step for v in volleys(events)] == ["bombard", "attack", "defend", "attack", "defend"]
    assert volleys(events, "bombard")[0].hits == 1 and volleys(events, "defend")[0].groups[0].count == 2
    assert lost(events, R) == ["infantry", "infantry"] and lost(events, G) == ["infantry"]
    assert outcome(done) is Outcome.ATTACKER and done.round == 2


def test_bombardment_needs_a_landing_and_a_battleship_that_fought_no_sea_battle():
    ship = Unit(G, "battleship", tag=Carried(moved=1))
    with pytest.raises(IllegalAction) as no_landing:
        land(units(G, "infantry"), units(R, "infantry"), bombard=[ship])
    assert no_landing.value.code == "bombard_needs_landing"
    with pytest.raises(IllegalAction) as fought:
        land(units(G, "infantry", landed=True), units(R, "infantry"), bombard=[ship], fought_at_sea=[ship])
    assert fought.value.code == "bombard_after_sea_battle"
    elsewhere = [Unit(G, "battleship", tag=Carried(moved=2))]
    landed = units(G, "infantry", landed=True)
    other = land(landed, units(R, "infantry"), bombard=[ship], fought_at_sea=elsewhere)
    assert other.bombard == (ship,)


def test_defender_casualties_fire_back():
    battle = land(units(G, "tank", 2), units(R, "infantry", 2))
    done, events = roll(battle, [1, 2] + [2, 2])  # both defenders die, and both hit back first
    assert lost(events, R) == ["infantry", "infantry"] and lost(events, G) == ["tank", "tank"]
    assert outcome(done) is Outcome.DRAW
    assert [e.outcome for e in events if isinstance(e, BattleEnded)] == ["draw"]


def test_multinational_defence_rolls_separately_and_the_attacker_picks_who_loses_first():
    battle = land(units(G, "tank", 2), units(R, "infantry", 2) + units(UK, "fighter"), retreat_to=("Poland",))
    waiting, events = roll(battle, [1, 6] + [6, 6] + [6])
    defend = [e for e in events if isinstance(e, DiceRolled) and e.reason.startswith("defend")]
    assert [d.seat for d in defend] == [SEATS[R], SEATS[UK]]
    assert [v.power for v in volleys(events, "defend")] == [R, UK]
    assert waiting.pending == AwaitCasualtyOrder(G, (R, UK))
    with pytest.raises(IllegalAction) as bad:
        roll(waiting, [], OrderCasualties(("japan",)))
    assert bad.value.code == "bad_casualty_order"
    with pytest.raises(IllegalAction) as not_theirs:
        roll(waiting, [], OrderCasualties((UK,)), power=R)
    assert not_theirs.value.code == "not_your_decision"
    after, events = roll(waiting, [], OrderCasualties((UK,)))
    assert [e.order for e in events if isinstance(e, CasualtyOrderChosen)] == [(UK, R)]
    assert lost(events, UK) == ["fighter"] and after.casualty_order == (UK, R)
    assert isinstance(after.pending, AwaitPressOn)
    _, events = roll(after, [3, 6] + [6, 6], PressOn())  # round 2: only Russia is left to lose
    assert lost(events, R) == ["infantry"] and not any(isinstance(e, CasualtyOrderChosen) for e in events)


def test_no_casualty_order_question_when_every_defender_dies():
    battle = land(units(G, "tank", 2), units(R, "infantry") + units(UK, "fighter"))
    done, events = roll(battle, [1, 1] + [6] + [6])
    assert outcome(done) is Outcome.ATTACKER
    assert lost(events, R) == ["infantry"] and lost(events, UK) == ["fighter"]


def test_retreat_to_a_territory_the_engine_offers():
    battle = land(units(G, "tank", 2), units(R, "infantry", 3), retreat_to=("Poland", "Romania"))
    waiting, _ = roll(battle, [6, 6] + [6, 6, 6])
    assert waiting.pending == AwaitPressOn(G, True, False)
    with pytest.raises(IllegalAction) as bad:
        roll(waiting, [], Retreat("Moscow"))
    assert bad.value.code == "bad_retreat"
    done, events = roll(waiting, [], Retreat("Poland"))
    assert [e.to for e in events if isinstance(e, UnitsRetreated)] == ["Poland"]
    assert outcome(done) is Outcome.DEFENDER and done.retreated_to == "Poland"
    assert [u.kind for u in done.retreated] == ["tank", "tank"] and done.attackers == ()


def test_amphibious_landed_units_cannot_retreat_but_aircraft_may():
    attackers = units(G, "infantry", landed=True) + units(G, "fighter")
    battle = land(attackers, units(R, "infantry", 3), retreat_to=("Poland",))
    waiting, _ = roll(battle, [6, 6] + [6, 6, 6])
    assert waiting.pending == AwaitPressOn(G, True, False)
    # The fighter leaves; the landed infantry fights on alone (round 2 dice, no further question).
    after, events = roll(waiting, [6] + [2, 6, 6], Retreat("Poland"))
    assert [u.kind for u in after.retreated] == ["fighter"]
    assert outcome(after) is Outcome.DEFENDER and lost(events, G) == ["infantry"]


def test_an_all_amphibious_attack_is_never_asked_to_retreat():
    battle = land(units(G, "infantry", landed=True), units(R, "infantry"), retreat_to=("Poland",))
    done, _ = roll(battle, [6] + [6] + [6] + [6] + [1] + [6])
    assert outcome(done) is Outcome.ATTACKER and done.round == 3


def test_casualty_choices_are_checked():
    attackers = units(G, "infantry", 2) + units(G, "tank")
    battle = land(attackers, units(R, "infantry") + units(R, "tank"), retreat_to=("Poland",))
    waiting, _ = roll(battle, [6, 6, 6] + [2, 6])
    assert waiting.pending == AwaitCasualties(G, 1, 0, False, "round", 1)
    cases = [
        (TakeCasualties(()), G, "casualty_count"),
        (TakeCasualties((Unit(G, "infantry"), Unit(G, "tank"))), G, "casualty_count"),
        (TakeCasualties((Unit(R, "infantry"),)), G, "not_your_unit"),
        (TakeCasualties((Unit(G, "fighter"),)), G, "not_in_battle"),
        (TakeCasualties((Unit(G, "tank", tag=Carried(moved=1)),)), G, "not_in_battle"),
        (PressOn(), G, "wrong_decision"),
        (Submerge(()), G, "wrong_decision"),
        (TakeCasualties((Unit(R, "infantry"),)), R, "not_your_decision"),
    ]
    for choice, power, code in cases:
        with pytest.raises(IllegalAction) as refused:
            roll(waiting, [], choice, power)
        assert refused.value.code == code, choice
    after, events = roll(waiting, [], TakeCasualties((Unit(G, "tank"),)))
    assert lost(events, G) == ["tank"] and isinstance(after.pending, AwaitPressOn)


def test_no_decision_pending_is_refused():
    battle = land(units(G, "tank"), units(R, "infantry"))
    done, _ = roll(battle, [1] + [6])
    with pytest.raises(IllegalAction) as refused:
        roll(done, [], PressOn(), power=G)
    assert refused.value.code == "no_decision"


def test_default_casualties_attacker_cheapest_first_defender_keeps_its_best_defenders():
    kinds = ["bomber", "fighter", "tank", "artillery", "infantry"]
    attackers = [Unit(G, kind) for kind in kinds]
    battle = land(attackers, units(R, "infantry", 5) + units(R, "tank") + units(R, "fighter"))
    # Attack: infantry (supported), artillery, tank, fighter, bomber all 6; defence: 4 infantry hit.
    waiting, _ = roll(battle, [6, 6, 6, 6, 6] + [1, 1, 1, 1, 6, 6, 6])
    assert [u.kind for u in default_choice(waiting).units] == ["infantry", "artillery", "tank", "fighter"]
    defenders = [Unit(R, kind) for kind in ("fighter", "bomber", "tank", "infantry")]
    battle = land(units(G, "bomber", 5), defenders)
    waiting, _ = roll(battle, [1, 1, 1, 6, 6] + [6, 6, 6, 6])
    assert [u.kind for u in default_choice(waiting).units] == ["bomber", "infantry", "tank"]


def test_jet_fighters_defend_at_5():
    battle = land(units(G, "tank"), units(UK, "fighter"), techs={UK: ["jet_power"]})
    done, events = roll(battle, [6] + [5])
    assert volleys(events, "defend")[0].groups[0].hits_on == 5 and outcome(done) is Outcome.DEFENDER
    plain = land(units(G, "tank"), units(UK, "fighter"), retreat_to=("Poland",))
    waiting, events = roll(plain, [6] + [5])
    assert volleys(events, "defend")[0].hits == 0 and isinstance(waiting.pending, AwaitPressOn)


def test_heavy_bombers_roll_three_dice_each_hitting_at_4():
    heavy = {G: ["heavyBomber"]}  # the data's id is accepted as well as ours (heavy_bombers)
    battle = land(units(G, "bomber"), units(R, "infantry", 3), techs=heavy, retreat_to=("Poland",))
    done, events = roll(battle, [4, 1, 5] + [6, 6, 6])
    (attack,) = volleys(events, "attack")
    assert attack.groups[0].dice == (4, 1, 5) and attack.hits == 2
    assert lost(events, R) == ["infantry", "infantry"] and outcome(done) is Outcome.ONGOING


def test_artillery_lifts_one_infantry_to_2_one_for_one():
    attackers = units(G, "infantry", 2) + units(G, "artillery")
    battle = land(attackers, units(R, "infantry", 3), retreat_to=("Poland",))
    _, events = roll(battle, [2, 2, 2] + [6, 6, 6])
    (attack,) = volleys(events, "attack")
    groups = [(g.kind, g.count, g.hits_on) for g in attack.groups]
    assert groups == [("infantry", 1, 2), ("infantry", 1, 1), ("artillery", 1, 2)]
    assert attack.hits == 2


def test_a_battle_survives_a_json_round_trip_mid_decision():
    battle = land(units(G, "tank", 2), units(R, "infantry", 2) + units(UK, "fighter"))
    waiting, _ = roll(battle, [1, 6] + [6, 6] + [6])
    restored = from_json(to_json(waiting), Battle)
    assert restored == waiting and isinstance(restored.pending, AwaitCasualtyOrder)


def test_malformed_battles_are_refused():
    with pytest.raises(ValueError):
        land([], units(R, "infantry"))
    with pytest.raises(ValueError):
        land(units(G, "transport"), units(R, "infantry"))
    with pytest.raises(ValueError):
        land(units(G, "tank"), units(R, "aa_gun"))
    with pytest.raises(ValueError):
        land(units(G, "tank"), units(G, "infantry"))


def test_a_units_movement_state_is_a_struct_and_the_old_text_of_saved_games_still_decodes():
    carried = Carried(moved=2, flags=17, cargo=("infantry", "tank"), target=5, unloaded_to=7)
    new = Unit(G, "transport", carried)
    assert from_json(to_json(new), Unit) == new
    saved = b'{"owner":"germany","kind":"transport","tag":"2|17|infantry+tank|5|7","landed":false}'
    old = from_json(saved, Unit)
    oldest = from_json(b'{"owner":"germany","kind":"transport","tag":"2|17|infantry+tank|5"}', Unit)
    empty = from_json(b'{"owner":"germany","kind":"infantry","tag":""}', Unit)
    assert old == new and old.tag == new.tag
    assert oldest.tag == Carried(2, 17, ("infantry", "tank"), 5, -1)
    assert empty == Unit(G, "infantry") and empty.tag == Carried()

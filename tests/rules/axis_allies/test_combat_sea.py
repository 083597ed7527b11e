"""Sea battle rule cases with scripted dice: first strike, submarine targets, submerging, destroyers.

Dice order: attacking submarines' first strike, then the attacker's volley (without the submarines that
struck first), then each defending power's volley in turn order; within a volley, UNIT_ORDER
(fighter, bomber, transport, submarine, destroyer, carrier, battleship).
"""

from __future__ import annotations

import pytest

from rules.axis_allies.combat import (
    AwaitCasualties,
    AwaitPressOn,
    AwaitSubmerge,
    Battle,
    Outcome,
    PressOn,
    Retreat,
    Submerge,
    TakeCasualties,
    Unit,
    Withdrawal,
    advance,
    decide,
    outcome,
    start_battle,
)
from rules.axis_allies.combat.events import CasualtiesTaken, SubmarinesSubmerged, Volley
from rules.core.codec import from_json, to_json
from rules.core.dice import DiceCup, ScriptedRng
from rules.core.errors import IllegalAction

G, UK, US = "germany", "uk", "usa"
SUB, BB, TRANSPORT = Unit(G, "submarine"), Unit(G, "battleship"), Unit(UK, "transport")


DIVES = {"attacker_dive_to": ("Baltic Sea Zone",), "defender_dive_to": ("Karelia Sea Zone",)}


def sea(attackers, defenders, **extra):
    """A battle in the North Sea; the attack came from the Baltic, and the Karelia zone is open to the
    defence (where each side's submarines would withdraw to)."""
    zone = "North Sea Zone"
    extra = DIVES | extra
    return start_battle(zone, sea=True, attacker=G, attackers=attackers, defenders=defenders, **extra)


def roll(battle, dice, choice=None, power=None):
    rng = ScriptedRng(dice)
    cup = DiceCup(rng, 0, [])
    if choice is None:
        battle, events = advance(battle, cup)
    else:
        battle, events = decide(battle, power or battle.pending.power, choice, cup)
    assert rng.unused == 0, "every scripted die must be rolled"
    assert from_json(to_json(battle), Battle) == battle
    return battle, events


def steps(events):
    return [e.step for e in events if isinstance(e, Volley)]


def lost(events, power):
    return [u.kind for e in events if isinstance(e, CasualtiesTaken) and e.power == power for u in e.units]


def test_attacking_submarines_fire_first_and_their_victims_do_not_fire_back():
    done, events = roll(sea([SUB], [TRANSPORT]), [2])
    assert steps(events) == ["sub_first_strike"] and lost(events, UK) == ["transport"]
    assert outcome(done) is Outcome.ATTACKER


def test_the_defender_chooses_the_first_strike_victim_and_it_never_fires():
    battle = sea([SUB, BB], [TRANSPORT, Unit(UK, "battleship")])
    waiting, _ = roll(battle, [1])
    assert waiting.pending == AwaitCasualties(UK, 0, 1, False, "sub_first_strike", 1)
    # The British battleship goes; the German battleship 6 misses; only the transport defends (6).
    after, events = roll(waiting, [6] + [6], TakeCasualties((Unit(UK, "battleship"),)))
    assert steps(events) == ["attack", "defend"]
    attack, defend = (e for e in events if isinstance(e, Volley))
    assert [g.kind for g in attack.groups] == ["battleship"]  # the submarine already fired
    assert [g.kind for g in defend.groups] == ["transport"] and defend.groups[0].hits_on == 1
    assert after.pending == AwaitPressOn(G, False, True)


def test_defending_submarines_fire_with_the_defence_not_first():
    done, events = roll(sea([BB], [Unit(UK, "submarine")]), [6] + [2])
    assert steps(events) == ["attack", "defend"] and lost(events, G) == ["battleship"]
    assert outcome(done) is Outcome.DEFENDER


def test_submarine_hits_sink_only_ships():
    battle = sea([SUB], [Unit(UK, "carrier")] + [Unit(UK, "fighter")] * 2)
    waiting, events = roll(battle, [1] + [6, 6])  # first strike hits: the carrier is the only ship
    assert lost(events, UK) == ["carrier"] and waiting.pending == AwaitPressOn(G, False, True)
    again, events = roll(waiting, [1] + [6, 6], PressOn())  # a hit with no ship left is wasted
    assert lost(events, UK) == [] and len(again.defenders) == 2
    fighter_only = sea([Unit(G, "fighter")], [Unit(UK, "submarine")], retreat_to=("Baltic Sea Zone",))
    waiting, events = roll(fighter_only, [6] + [1])  # the defending sub's hit finds no ship
    assert lost(events, G) == [] and isinstance(waiting.pending, AwaitSubmerge)


def test_a_submarine_hit_must_be_taken_by_a_ship():
    attackers = [SUB, Unit(G, "transport"), Unit(G, "fighter")]
    battle = sea(attackers, [Unit(UK, "submarine"), Unit(UK, "fighter")])
    # First strike 6; the German fighter 6 (the transport has no attack); the UK fighter 6, its sub 1.
    waiting, _ = roll(battle, [6] + [6] + [6, 1])
    assert waiting.pending == AwaitCasualties(G, 0, 1, False, "round", 1)
    with pytest.raises(IllegalAction) as refused:
        roll(waiting, [], TakeCasualties((Unit(G, "fighter"),)))
    assert refused.value.code == "ships_only"
    after, events = roll(waiting, [], TakeCasualties((Unit(G, "transport"),)))
    assert lost(events, G) == ["transport"] and isinstance(after.pending, AwaitSubmerge)


def test_super_submarines_attack_at_3():
    done, _ = roll(sea([SUB], [TRANSPORT], techs={G: ["super_submarines"]}), [3])
    assert outcome(done) is Outcome.ATTACKER
    waiting, events = roll(sea([SUB], [TRANSPORT]), [3] + [6])
    assert [e.groups[0].hits_on for e in events if isinstance(e, Volley)] == [2, 1]
    assert waiting.pending == AwaitPressOn(G, False, True)


def test_attacking_submarines_may_submerge():
    waiting, _ = roll(sea([SUB], [TRANSPORT]), [6] + [6])
    with pytest.raises(IllegalAction) as refused:
        roll(waiting, [], Submerge((Unit(G, "battleship"),)))
    assert refused.value.code == "not_a_submarine"
    with pytest.raises(IllegalAction) as cannot:
        roll(waiting, [], Retreat("Baltic Sea Zone"))
    assert cannot.value.code == "cannot_retreat"
    with pytest.raises(IllegalAction) as elsewhere:
        roll(waiting, [], Submerge((SUB,), "Karelia Sea Zone"))
    assert elsewhere.value.code == "bad_dive"  # the attack came from the Baltic
    done, events = roll(waiting, [], Submerge((SUB,)))
    assert [(e.units, e.to) for e in events if isinstance(e, SubmarinesSubmerged)] == [
        ((SUB,), "Baltic Sea Zone")
    ]
    assert outcome(done) is Outcome.DEFENDER and done.submerged == (SUB,) and done.attackers == ()
    assert done.withdrawals == (Withdrawal((SUB,), "Baltic Sea Zone"),)


def test_defending_submarines_may_submerge():
    uk_sub = Unit(UK, "submarine")
    waiting, _ = roll(sea([BB], [TRANSPORT, uk_sub]), [6] + [6, 6])
    assert waiting.pending == AwaitSubmerge(UK)
    with pytest.raises(IllegalAction) as refused:
        roll(waiting, [], Retreat("Baltic Sea Zone"))
    assert refused.value.code == "wrong_decision"
    # The sub dives; the battleship 1 sinks the transport, which fires back (6) in vain.
    done, _ = roll(waiting, [1] + [6], Submerge((uk_sub,)))
    assert done.submerged == (uk_sub,) and outcome(done) is Outcome.ATTACKER
    assert done.withdrawals == (Withdrawal((uk_sub,), "Karelia Sea Zone"),)


def test_submarines_with_no_zone_to_withdraw_to_cannot_submerge():
    # Classic: a submerging submarine withdraws; with nowhere to go (every zone next door holds the
    # enemy, or the attack came only from land) nobody is asked, and the subs fight on. Round 1: the
    # first strike, the battleship and the British sub all miss; round 2: the first strike sinks it.
    uk_sub = Unit(UK, "submarine")
    battle = sea([BB, SUB], [uk_sub], attacker_dive_to=(), defender_dive_to=())
    done, events = roll(battle, [6] + [6] + [6] + [1])
    assert outcome(done) is Outcome.ATTACKER and done.round == 2
    assert not any(isinstance(e, SubmarinesSubmerged) for e in events)


def test_destroyers_cancel_the_first_strike_and_submerging():
    destroyer = Unit(UK, "destroyer")
    done, events = roll(sea([SUB], [destroyer]), [2] + [3])  # sub fires with the attack; both sink
    assert steps(events) == ["attack", "defend"] and outcome(done) is Outcome.DRAW
    waiting, _ = roll(sea([SUB], [destroyer, TRANSPORT], retreat_to=("Baltic Sea Zone",)), [6] + [6, 6])
    assert waiting.pending == AwaitPressOn(G, True, False)
    with pytest.raises(IllegalAction) as refused:
        roll(waiting, [], Submerge((SUB,)))
    assert refused.value.code == "destroyer_present"
    # An attacking destroyer keeps defending submarines from diving: no question is asked.
    battle = sea([Unit(G, "destroyer")], [Unit(UK, "submarine")], retreat_to=("Baltic Sea Zone",))
    waiting, _ = roll(battle, [6] + [6])
    assert waiting.pending == AwaitPressOn(G, True, False)


def test_transports_defend_at_1_in_sea_battles():
    done, _ = roll(sea([Unit(G, "fighter")], [TRANSPORT]), [6] + [1])
    assert outcome(done) is Outcome.DEFENDER


def test_retreat_from_a_sea_battle():
    waiting, _ = roll(sea([BB], [TRANSPORT], retreat_to=("Baltic Sea Zone",)), [6] + [6])
    done, _ = roll(waiting, [], Retreat("Baltic Sea Zone"))
    assert outcome(done) is Outcome.DEFENDER and done.retreated == (BB,)


def test_allied_fighters_on_a_carrier_defend_with_it_and_roll_their_own_dice():
    battle = sea([SUB], [Unit(UK, "carrier"), Unit(US, "fighter")])
    waiting, events = roll(battle, [1] + [6])  # the sub sinks the carrier: only the UK can lose a ship
    assert lost(events, UK) == ["carrier"] and [e.power for e in events if isinstance(e, Volley)][-1] == US
    assert isinstance(waiting.pending, AwaitPressOn)


def test_land_units_cannot_fight_at_sea():
    with pytest.raises(ValueError):
        sea([Unit(G, "tank")], [TRANSPORT])
    with pytest.raises(ValueError):
        sea([SUB], [TRANSPORT], aa_gun=UK)

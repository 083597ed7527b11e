"""Battles as a small state machine over one immutable ``Battle`` value the engine keeps in its state.

``start_battle`` builds it (no dice); ``advance`` rolls until a player must decide or the battle is over;
``decide`` applies one decision (checked; ``IllegalAction`` otherwise) and advances again. The waiting
decision is ``battle.pending``; ``default_choice`` answers it as an absent player or the AI would, and
``outcome`` says who won. A battle therefore survives a restart between any two clicks.

A round (rule document, section 5 "Combat"):

- land, first round only: the AA gun fires 1 die per attacking aircraft, hitting on 1; the attacker
  chooses which aircraft fall, and they are gone before anyone else fires;
- sea: attacking submarines fire first (unless the defence has a destroyer, optional rule) and their
  victims are removed before they can fire back;
- land, first round only: bombarding battleships fire once each, hitting on 4; then every other
  attacker fires; then every defending unit fires, each defending power rolling its own dice;
  casualties of this step (bombardment's too) have fired back and are removed now;
- sea: each defending power with submarines may submerge them (they withdraw to a zone of
  ``defender_dive_to``); then the attacker presses on, retreats every unit that may retreat (units
  that came ashore from transports may not) to one space of ``retreat_to`` (aircraft stay over the
  battle and fly on in the non-combat move), or submerges submarines (to a zone of
  ``attacker_dive_to``) while the rest press on.

Hits on a multinational defence: the attacker chooses once per battle which allied power takes
casualties first (``AwaitCasualtyOrder``); each power then chooses among its own units.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from msgspec.structs import replace

from rules.axis_allies.combat import casualties as cas
from rules.axis_allies.combat import fire
from rules.axis_allies.combat.events import (
    BattleAwaits,
    BattleEnded,
    CasualtiesTaken,
    CasualtyOrderChosen,
    SubmarinesSubmerged,
    UnitsRetreated,
    VolleyStep,
)
from rules.axis_allies.combat.state import (
    ATTACKER,
    DEFENDER,
    TURN_ORDER,
    AwaitCasualties,
    AwaitCasualtyOrder,
    AwaitPressOn,
    AwaitSubmerge,
    Battle,
    Choice,
    OrderCasualties,
    Outcome,
    Owed,
    Pending,
    PowerTechs,
    PressOn,
    Retreat,
    Stage,
    Submerge,
    TakeCasualties,
    Withdrawal,
    start_battle,
)
from rules.axis_allies.units import Unit, is_air, unit_type
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event


def outcome(battle: Battle) -> Outcome:
    return battle.result


def techs_of(battle: Battle, power: str) -> tuple[str, ...]:
    return next((t.techs for t in battle.techs if t.power == power), ())


def defending_powers(battle: Battle) -> tuple[str, ...]:
    return cas.powers_of(battle.defenders, TURN_ORDER)


def advance(
    battle: Battle, cup: DiceCup, seats: Mapping[str, int] | None = None
) -> tuple[Battle, list[Event]]:
    """Roll on until a decision is needed (``battle.pending``) or the battle is over.

    Returns the battle and its events; the dice themselves are logged by ``cup`` as ``DiceRolled``
    (numbered, so the log can be put back in order; each ``Volley`` also carries its dice). ``seats``
    maps powers to the seats their dice are logged for.
    """
    events: list[Event] = []
    return _run(battle, cup, seats or {}, events), events


def decide(
    battle: Battle, power: str, choice: Choice, cup: DiceCup, seats: Mapping[str, int] | None = None
) -> tuple[Battle, list[Event]]:
    """``power`` answers the pending decision; the battle then advances to the next one or its end."""
    pending = battle.pending
    if pending is None:
        raise IllegalAction("no_decision", f"The battle in {battle.where} is not waiting for a decision.")
    if pending.power != power:
        raise IllegalAction(
            "not_your_decision", f"The battle in {battle.where} is waiting for {pending.power}, not you."
        )
    events: list[Event] = []
    b = replace(battle, pending=None)
    if isinstance(pending, AwaitCasualties) and isinstance(choice, TakeCasualties):
        b = _take(b, pending, choice.units, events)
    elif isinstance(pending, AwaitCasualtyOrder) and isinstance(choice, OrderCasualties):
        b = _order(b, pending, choice.powers, events)
    elif isinstance(pending, AwaitSubmerge | AwaitPressOn) and isinstance(choice, PressOn):
        b = replace(b, asked=(*b.asked, power))
    elif isinstance(pending, AwaitSubmerge | AwaitPressOn) and isinstance(choice, Submerge):
        b = _submerge(b, power, choice.units, choice.to, events)
    elif isinstance(pending, AwaitPressOn) and isinstance(choice, Retreat):
        b = _retreat(b, pending, choice.to, events)
    else:
        raise IllegalAction("wrong_decision", f"The battle in {battle.where} waits for {wants(pending)}.")
    return _run(b, cup, seats or {}, events), events


_WANTS = {
    AwaitCasualties: "casualties to be chosen",
    AwaitCasualtyOrder: "the attacker to choose which defending power takes casualties first",
    AwaitSubmerge: "the defender to submerge submarines or stay",
}


def wants(pending: Pending) -> str:
    """What the battle waits for, naming only the choices open (no "submerge" without a submarine that
    may submerge, issue 29)."""
    if isinstance(pending, AwaitPressOn):
        others = (["retreat"] if pending.can_retreat else []) + (["submerge"] if pending.can_submerge else [])
        return "the attacker to press on" + (" or " + " or ".join(others) if others else "")
    return _WANTS[type(pending)]


def default_choice(battle: Battle) -> Choice:
    """What an absent player (deadline passed) or the AI answers: cheapest casualties first, casualty
    order in turn order, submarines stay, the attacker presses on."""
    pending = battle.pending
    if isinstance(pending, AwaitCasualties):
        units = _units_of(battle, pending.power)
        attacking = pending.power == battle.attacker
        techs = techs_of(battle, pending.power)
        return TakeCasualties(
            cas.default_casualties(units, pending.hits, pending.sea_hits, pending.air_only, attacking, techs)
        )
    if isinstance(pending, AwaitCasualtyOrder):
        return OrderCasualties(pending.powers)
    if pending is None:
        raise ValueError(f"the battle in {battle.where} is not waiting for a decision")
    return PressOn()


def _run(b: Battle, cup: DiceCup, seats: Mapping[str, int], events: list[Event]) -> Battle:
    while b.pending is None and b.stage is not Stage.OVER:
        if b.owed:
            b = _settle(b, events)
        elif b.stage is Stage.OPEN:
            b = _open(b, cup, seats, events)
        elif not b.attackers or not b.defenders:
            b = _finish(b, events)
        elif b.stage is Stage.FIRST_STRIKE:
            b = _first_strike(b, cup, seats, events)
        elif b.stage is Stage.FIRE:
            b = _fire(b, cup, seats, events)
        else:
            b = _after_round(b, events)
    return b


def _open(b: Battle, cup: DiceCup, seats: Mapping[str, int], events: list[Event]) -> Battle:
    b = replace(b, round=1, stage=Stage.FIRST_STRIKE)
    planes = sum(1 for u in b.attackers if is_air(u.kind))
    if b.aa_gun is None or b.sea or not planes:
        return b
    hits = _volley(b, fire.aa_groups(planes), cup, seats, b.aa_gun, "aa", events)[0]
    return replace(b, owed=(Owed(ATTACKER, b.attacker, hits, 0, True, "aa"),))


def _subs_strike_first(b: Battle) -> bool:
    return b.sea and not any(unit_type(u.kind).destroyer for u in b.defenders)


def _first_strike(b: Battle, cup: DiceCup, seats: Mapping[str, int], events: list[Event]) -> Battle:
    b = replace(b, stage=Stage.FIRE)
    subs = [u for u in b.attackers if unit_type(u.kind).submarine]
    if not subs or not _subs_strike_first(b):
        return b
    groups = fire.attack_groups(subs, techs_of(b, b.attacker))
    hits, sea_hits = _volley(b, groups, cup, seats, b.attacker, "sub_first_strike", events)
    return replace(b, owed=(Owed(DEFENDER, None, hits, sea_hits, False, "sub_first_strike"),))


def _fire(b: Battle, cup: DiceCup, seats: Mapping[str, int], events: list[Event]) -> Battle:
    hits = sea_hits = 0
    if b.round == 1 and b.bombard:
        hits += _volley(b, fire.bombard_groups(len(b.bombard)), cup, seats, b.attacker, "bombard", events)[0]
    firing = b.attackers
    if _subs_strike_first(b):
        firing = tuple(u for u in firing if not unit_type(u.kind).submarine)
    groups = fire.attack_groups(firing, techs_of(b, b.attacker))
    h, s = _volley(b, groups, cup, seats, b.attacker, "attack", events)
    hits, sea_hits = hits + h, sea_hits + s
    back = back_sea = 0
    for power in defending_powers(b):
        own = [u for u in b.defenders if u.owner == power]
        groups = fire.defense_groups(own, techs_of(b, power))
        h, s = _volley(b, groups, cup, seats, power, "defend", events)
        back, back_sea = back + h, back_sea + s
    owed = (
        Owed(DEFENDER, None, hits, sea_hits, False, "round"),
        Owed(ATTACKER, b.attacker, back, back_sea, False, "round"),
    )
    return replace(b, stage=Stage.AFTER_ROUND, asked=(), owed=owed)


def _volley(
    b: Battle,
    groups: list[fire.Group],
    cup: DiceCup,
    seats: Mapping[str, int],
    power: str,
    step: VolleyStep,
    events: list[Event],
) -> tuple[int, int]:
    volley, hits, sea_hits = fire.fire(groups, cup, seats.get(power), b.where, power, b.round, step)
    if volley is not None:
        events.append(volley)
    return hits, sea_hits


def _settle(b: Battle, events: list[Event]) -> Battle:
    """Turn the first owed hits into casualties: split them among defending powers, remove forced ones,
    or wait for a choice."""
    head, rest = b.owed[0], b.owed[1:]
    if head.power is None:
        units = b.defenders
        losing = [p for p in defending_powers(b) if _owes(b, p, head)]
        everyone = cas.losses_owed(units, head.hits, head.sea_hits, head.air_only)[0] == len(units)
        if len(losing) > 1 and not everyone and not b.casualty_order:
            events.append(BattleAwaits(b.where, b.attacker, "casualty_order"))
            return replace(b, pending=AwaitCasualtyOrder(b.attacker, tuple(losing)))
        order = (*b.casualty_order, *(p for p in losing if p not in b.casualty_order))
        shares = cas.split_hits(order, units, head.hits, head.sea_hits, head.air_only)
        split = tuple(Owed(DEFENDER, p, h, s, head.air_only, head.reason) for p, h, s in shares)
        return replace(b, owed=(*split, *rest))
    units = _units_of(b, head.power)
    total, _ = cas.losses_owed(units, head.hits, head.sea_hits, head.air_only)
    if not total:
        return replace(b, owed=rest)
    if cas.is_forced(units, head.hits, head.sea_hits, head.air_only):
        attacking = head.side == ATTACKER
        chosen = cas.default_casualties(units, head.hits, head.sea_hits, head.air_only, attacking)
        return _remove(replace(b, owed=rest), head.power, chosen, head.reason, False, events)
    events.append(BattleAwaits(b.where, head.power, "casualties", total))
    return replace(
        b, pending=AwaitCasualties(head.power, head.hits, head.sea_hits, head.air_only, head.reason, total)
    )


def _owes(b: Battle, power: str, owed: Owed) -> bool:
    return cas.losses_owed(_units_of(b, power), owed.hits, owed.sea_hits, owed.air_only)[0] > 0


def _units_of(b: Battle, power: str) -> tuple[Unit, ...]:
    side = b.attackers if power == b.attacker else b.defenders
    return tuple(u for u in side if u.owner == power)


def _take(b: Battle, pending: AwaitCasualties, chosen: Sequence[Unit], events: list[Event]) -> Battle:
    units = _units_of(b, pending.power)
    cas.check_casualties(pending.power, units, chosen, pending.hits, pending.sea_hits, pending.air_only)
    return _remove(replace(b, owed=b.owed[1:]), pending.power, tuple(chosen), pending.reason, True, events)


def _remove(
    b: Battle, power: str, chosen: tuple[Unit, ...], reason: str, by_choice: bool, events: list[Event]
) -> Battle:
    events.append(CasualtiesTaken(b.where, power, chosen, reason, by_choice))
    if power == b.attacker:
        return replace(b, attackers=cas.remove(b.attackers, chosen), lost_attackers=b.lost_attackers + chosen)
    return replace(b, defenders=cas.remove(b.defenders, chosen), lost_defenders=b.lost_defenders + chosen)


def _order(b: Battle, pending: AwaitCasualtyOrder, powers: Sequence[str], events: list[Event]) -> Battle:
    if not powers or len(set(powers)) != len(powers) or not set(powers) <= set(pending.powers):
        raise IllegalAction(
            "bad_casualty_order",
            f"Name which of {', '.join(pending.powers)} takes casualties first (each power once).",
        )
    order = (*powers, *(p for p in pending.powers if p not in powers))
    events.append(CasualtyOrderChosen(b.where, b.attacker, order))
    return replace(b, casualty_order=order)


def _submerge(b: Battle, power: str, units: Sequence[Unit], to: str, events: list[Event]) -> Battle:
    """Submarines withdraw (Classic): an attacker's to a zone the attack came from, a defender's to a
    neighbouring zone free of enemy units; ``to`` names it ("" takes the first offered)."""
    own = _units_of(b, power)
    if any(not unit_type(u.kind).submarine for u in units):
        raise IllegalAction("not_a_submarine", "Only submarines submerge.")
    if Counter(units) - Counter(own):
        raise IllegalAction("not_in_battle", "Submerge only your own submarines still in this battle.")
    enemies = b.defenders if power == b.attacker else b.attackers
    if units and any(unit_type(u.kind).destroyer for u in enemies):
        raise IllegalAction(
            "destroyer_present", "Submarines cannot submerge while an enemy destroyer is here."
        )
    b = replace(b, asked=(*b.asked, power))
    if not units:
        return b
    places = b.attacker_dive_to if power == b.attacker else b.defender_dive_to
    if not places:
        raise IllegalAction(
            "nowhere_to_dive",
            "Submarines withdraw when they submerge, and no sea zone is open to them here: they fight on.",
        )
    zone = to or places[0]
    if zone not in places:
        raise IllegalAction("bad_dive", f"Submarines withdraw to one of: {', '.join(places)}; not {zone}.")
    events.append(SubmarinesSubmerged(b.where, power, tuple(units), zone))
    if power == b.attacker:
        b = replace(b, attackers=cas.remove(b.attackers, units))
    else:
        b = replace(b, defenders=cas.remove(b.defenders, units))
    return replace(
        b, submerged=(*b.submerged, *units), withdrawals=(*b.withdrawals, Withdrawal(tuple(units), zone))
    )


def _retreat(b: Battle, pending: AwaitPressOn, to: str, events: list[Event]) -> Battle:
    """Every unit that may retreat leaves the battle: aircraft stay over it (they fly on in the
    non-combat move), the others go to ``to``. Retreating to the battle's own space retreats the
    aircraft alone (an amphibious assault whose other units have nowhere to go)."""
    if not pending.can_retreat:
        raise IllegalAction(
            "cannot_retreat", "No unit here may retreat (units that came ashore from transports stay)."
        )
    if to not in b.retreat_to:
        raise IllegalAction("bad_retreat", f"Retreat to one of: {', '.join(b.retreat_to)}; not {to}.")
    air_only = to == b.where
    going = tuple(u for u in b.attackers if not u.landed and (is_air(u.kind) or not air_only))
    events.append(UnitsRetreated(b.where, b.attacker, going, to))
    return replace(
        b,
        attackers=cas.remove(b.attackers, going),
        retreated=b.retreated + going,
        retreated_to=to,
        asked=(*b.asked, b.attacker),
    )


def _after_round(b: Battle, events: list[Event]) -> Battle:
    if b.sea and b.defender_dive_to and not any(unit_type(u.kind).destroyer for u in b.attackers):
        for power in defending_powers(b):
            if power not in b.asked and any(unit_type(u.kind).submarine for u in _units_of(b, power)):
                events.append(BattleAwaits(b.where, power, "submerge"))
                return replace(b, pending=AwaitSubmerge(power))
    if b.attacker not in b.asked:
        can_retreat = bool(b.retreat_to) and any(not u.landed for u in b.attackers)
        can_submerge = (
            b.sea
            and bool(b.attacker_dive_to)
            and not any(unit_type(u.kind).destroyer for u in b.defenders)
            and any(unit_type(u.kind).submarine for u in b.attackers)
        )
        if can_retreat or can_submerge:
            events.append(BattleAwaits(b.where, b.attacker, "press_on"))
            return replace(b, pending=AwaitPressOn(b.attacker, can_retreat, can_submerge))
    return replace(b, round=b.round + 1, stage=Stage.FIRST_STRIKE, asked=())


def _finish(b: Battle, events: list[Event]) -> Battle:
    if b.attackers:
        result = Outcome.ATTACKER
    elif b.defenders:
        result = Outcome.DEFENDER
    else:
        result = Outcome.DRAW
    events.append(BattleEnded(b.where, b.attacker, result.value, b.round))
    return replace(b, stage=Stage.OVER, result=result)


__all__ = [
    "ATTACKER",
    "DEFENDER",
    "TURN_ORDER",
    "AwaitCasualties",
    "AwaitCasualtyOrder",
    "AwaitPressOn",
    "AwaitSubmerge",
    "Battle",
    "Choice",
    "OrderCasualties",
    "Outcome",
    "Owed",
    "Pending",
    "PowerTechs",
    "PressOn",
    "Retreat",
    "Stage",
    "Submerge",
    "TakeCasualties",
    "Unit",
    "Withdrawal",
    "advance",
    "decide",
    "default_choice",
    "defending_powers",
    "outcome",
    "start_battle",
    "techs_of",
]

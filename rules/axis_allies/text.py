"""Axis & Allies events as English sentences for the game log; every die rolled is shown."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import get_args

from rules.axis_allies.actions import (
    Battle,
    Buy,
    Casualties,
    CasualtyOrder,
    Move,
    Place,
    Research,
    Retreat,
    Rocket,
    Submerge,
)
from rules.axis_allies.board import POWER_NAMES, classic_board
from rules.axis_allies.combat.events import (
    BattleAwaits,
    BattleEnded,
    BombingRaid,
    CasualtiesTaken,
    CasualtyOrderChosen,
    RocketStrike,
    SubmarinesSubmerged,
    TechResearched,
    UnitsRetreated,
    Volley,
    VolleyGroup,
    VolleyStep,
)
from rules.axis_allies.common import counts_text, ipcs_text
from rules.axis_allies.events import (
    AircraftRelocated,
    AmphibiousDeclared,
    BattleStarted,
    CapitalCaptured,
    GameStarted,
    GameWon,
    IncomeCollected,
    NeutralEntered,
    PhaseBegan,
    SeatResigned,
    TerritoryCaptured,
    TurnBegan,
    TurnEnded,
    UnitsBought,
    UnitsLost,
    UnitsMoved,
    UnitsPlaced,
)
from rules.axis_allies.units import UNIT_ORDER, UNIT_TYPES, Unit, unit_words
from rules.core.events import Action, DiceRolled, Event
from rules.core.words import counted, dice_text

PHASE_NAMES = {
    "purchase": "weapons development and purchase",
    "combat_move": "combat move",
    "combat": "combat",
    "noncombat_move": "non-combat move",
    "mobilize": "mobilize",
}
TECH_NAMES = {
    "jet_power": "Jet Power",
    "rockets": "Rockets",
    "super_submarines": "Super Submarines",
    "long_range_aircraft": "Long-Range Aircraft",
    "industrial_technology": "Industrial Technology",
    "heavy_bombers": "Heavy Bombers",
}


def power(p: str | None) -> str:
    return "nobody" if p is None else POWER_NAMES.get(p, p)


def battle_units(units: Sequence[Unit]) -> str:
    counts = Counter(u.kind for u in units)
    return counts_text(tuple((k, counts[k]) for k in UNIT_ORDER if counts[k]))


def _retreated(where: str, who: str, units: Sequence[Unit], to: str) -> str:
    """Aircraft that retreat stay over the battle (they fly on in the non-combat move); the rest go."""
    planes = [u for u in units if UNIT_TYPES[u.kind].domain == "air"]
    others = [u for u in units if UNIT_TYPES[u.kind].domain != "air"]
    parts = []
    if others:
        parts.append(f"retreated {battle_units(others)} to {to}")
    if planes:
        parts.append(f"pulled {battle_units(planes)} out of the fight, circling over {where}")
    return f"{where}: {who} " + " and ".join(parts) + "."


def unit_name(kind: str, n: int) -> str:
    return unit_words(kind, n)


def headline(action: Action) -> str | None:
    """A move in players' words where the generic headline reads like a command line ("battle Manchuria",
    "casualties 1 infantry", "place 6 infantry Karelia S.S.R.", "retreat East Europe", "move 1
    transport:tank Karelia Sea Zone → North Sea Zone")."""
    match action:
        case Buy(units=bought):
            return f"buy {counts_text(bought)}"
        case Move(units=moved, path=path, bomb=True):
            return f"send {counts_text(moved)} from {path[0]} to bomb the industrial complex in {path[-1]}"
        case Move(units=moved, path=path):
            via = f" via {', '.join(path[1:-1])}" if len(path) > 2 else ""
            return f"move {counts_text(moved)} from {path[0]} to {path[-1]}{via}"
        case Battle(territory=where, bombard=ships):
            bombarding = f", with {counted(ships, 'battleship')} bombarding" if ships >= 0 else ""
            return f"fight the battle in {where}{bombarding}"
        case Casualties(units=lost):
            return f"lose {counts_text(lost)}"
        case CasualtyOrder(powers=powers):
            return f"casualties from {', '.join(power(p) for p in powers)} first"
        case Retreat(to=to):
            return f"retreat to {to}"
        case Submerge(to=to):
            return f"submerge the submarines{f' to {to}' if to else ''}"
        case Rocket(target=target):
            return f"fire rockets at the industrial complex in {target}"
        case Place(units=placed, territory=where):
            return f"place {counts_text(placed)} in {where}"
        case Research(dice=dice):
            return f"roll {counted(dice, 'research die', 'research dice')}"
    return None


# What each roll was for, as the engine records it (``"<key> <where or power>"``, in ``combat/fire.py``
# and ``combat/raids.py``). The reason is stored with the roll and is what ``verify`` names, so it stays;
# only the log shows it in players' words.
DICE_REASONS = {
    "aa": "AA fire in {}",
    "bombard": "bombardment of {}",
    "sub_first_strike": "submarines' first strike in {}",
    "attack": "attack in {}",
    "defend": "defence in {}",
    "sbr": "strategic bombing raid on {}",
    "rocket": "rocket strike on {}",
    "research": "{}'s research",
    "research_chart": "{}'s breakthrough chart",
}


# Rolls whose event's line shows every die (Volley unit by unit, BombingRaid's bombs, RocketStrike): the
# log tells them there, not twice.
TOLD_DICE = frozenset(get_args(VolleyStep)) | {"sbr", "rocket"}


def dice_reason(reason: str) -> str:
    """``sub_first_strike North Sea Zone`` as ``submarines' first strike in North Sea Zone``."""
    key, _, rest = reason.partition(" ")
    if key not in DICE_REASONS or not rest:
        return reason.replace("_", " ")
    return DICE_REASONS[key].format(power(rest) if key.startswith("research") else rest)


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One line for ``event``; "" for a volley's dice (its Volley line tells them), None for events
    another line already tells. Every die shows once, with what it was for in players' words."""
    line = _line(event, names)
    if line is None:
        return None
    # Names such as "Ukraine S.S.R." end in a full stop of their own: end the sentence on it.
    return classic_board().shown(line[:-1] if line.endswith("..") else line)


def _volley_group(g: VolleyGroup) -> str:
    if g.kind == "aa_gun":  # one die per aircraft, however many guns: the count is the aircraft's
        return f"AA gun {dice_text(g.dice)} hitting on {g.hits_on}, a die per aircraft"
    each = len(g.dice) // g.count if g.count else 0
    many = f" (×{each} dice each)" if g.count and len(g.dice) > g.count else ""
    return f"{unit_name(g.kind, g.count)} {dice_text(g.dice)} hitting on {g.hits_on}{many}"


def _subs_hits(sea: int, hits: int) -> str:
    if sea == hits:
        return "the submarine's" if sea == 1 else "the submarines'"
    return f"{sea} of them by submarine{'s' if sea != 1 else ''}"


def _line(event: Event, names: Sequence[str]) -> str | None:

    def seat(i: int) -> str:
        return names[i] if 0 <= i < len(names) else f"Seat {i + 1}"

    match event:
        case DiceRolled(reason=reason) if reason.partition(" ")[0] in TOLD_DICE:
            return ""  # the roll's own line (a volley's, a raid's, a rocket's) tells its dice: shown once
        case DiceRolled(reason=reason, values=values):
            return f"🎲 {dice_reason(reason)}: {dice_text(values)}"
        case GameStarted(seats=seats, ipcs=ipcs):
            parts = [f"{seat(i)} plays {', '.join(power(p) for p in ps)}" for i, ps in enumerate(seats)]
            return "Spring 1942. " + "; ".join(parts) + "."
        case TurnBegan(power=p, seat=s, round=r, ipcs=ipcs):
            return f"— Round {r}: {power(p)} ({seat(s)}) begins with {ipcs_text(ipcs)}."
        case PhaseBegan(power=p, phase=phase):
            return f"{power(p)}: {PHASE_NAMES.get(phase, phase)}."
        case UnitsBought(power=p, units=units, cost=cost, ipcs_left=left):
            return f"{power(p)} bought {counts_text(units)} for {ipcs_text(cost)} ({left} left)."
        case UnitsMoved(power=p, units=units, path=path, how=how):
            via = f" via {', '.join(path[1:-1])}" if len(path) > 2 and how in ("move", "bomb") else ""
            what = counts_text(units)
            if how == "load":
                return f"{power(p)} loaded {what} from {path[0]} onto transports in {path[-1]}."
            if how == "unload":
                return f"{power(p)} unloaded {what} from {path[0]} into {path[-1]}."
            if how == "bridge":
                return f"{power(p)} ferried {what} from {path[0]} across {path[1]} to {path[-1]}."
            if how == "bomb":
                return f"{power(p)} sent {what} from {path[0]}{via} to bomb the industry of {path[-1]}."
            return f"{power(p)} moved {what} from {path[0]} to {path[-1]}{via}."
        case AmphibiousDeclared(power=p, units=units, zone=zone, territory=t):
            return f"{power(p)}'s {counts_text(units)} will land in {t} once {zone} is cleared."
        case NeutralEntered(power=p, territory=t, cost=cost):
            return f"{power(p)} entered neutral {t}, paying {ipcs_text(cost)}."
        case TerritoryCaptured(power=p, territory=t, previous=prev, to=to):
            if to != p:
                return f"{power(p)} liberated {t} from {power(prev)}; it returns to {power(to)}."
            return f"{power(p)} captured {t}" + (f" from {power(prev)}." if prev else ".")
        case CapitalCaptured(power=p, territory=t, victim=v, ipcs=ipcs):
            return f"{power(p)} took {power(v)}'s capital {t} and its {counted(ipcs, 'unspent IPC')}."
        case UnitsLost(power=p, territory=t, units=units, reason="shot down by AA fire"):
            # Aircraft fall to the guns of a territory they fly over, not where they were going: the
            # AA fire's own line (just before) names that territory.
            return f"{power(p)} lost {counts_text(units)} to AA fire on the way to {t}."
        case UnitsLost(power=p, territory=t, units=units, reason=reason):
            where = f" in {t}" if t else ""
            return f"{power(p)} lost {counts_text(units)}{where}: {reason}."
        case BattleStarted(power=p, territory=t, kind=kind):
            if kind == "raid":
                return f"{power(p)} raids the industrial complex in {t}."
            return f"Battle of {t}: {power(p)} attacks ({kind})."
        case AircraftRelocated(power=p, territory=t, to=to, units=units):
            return f"{power(p)}'s {counts_text(units)} from {t}, their carrier lost, flew to {to}."
        case UnitsPlaced(power=p, territory=t, units=units):
            return f"{power(p)} mobilized {counts_text(units)} in {t}."
        case IncomeCollected(power=p, income=gained, ipcs=total, capital_lost=lost):
            if lost:
                return f"{power(p)} collects no income: its capital is in enemy hands ({ipcs_text(total)})."
            return f"{power(p)} collected {ipcs_text(gained)} (now {total})."
        case TurnEnded():
            return None
        case SeatResigned(seat=s, powers=ps, to=to):
            held = ", ".join(power(p) for p in ps)
            if to is None:
                return f"{seat(s)} resigned ({held}); their side concedes."
            return f"{seat(s)} resigned; {seat(to)} now plays {held}."
        case GameWon(side=side, reason=reason):
            return f"🏆 The {side} win: {reason}."
        case Volley(where=w, power=p, round=r, step=step, groups=groups, hits=hits, sea_hits=sea):
            shown = "; ".join(_volley_group(g) for g in groups)
            what = {
                "aa": "AA fire",
                "bombard": "bombardment",
                "sub_first_strike": "submarine first strike",
                "attack": "attack",
                "defend": "defence",
            }.get(step, step)
            at = f", round {r}" if r else ""
            # A submarine's hit among others may find no ship to sink (Classic subs cannot hit aircraft):
            # said here, so a hit that costs the other side nothing does not read as a lost casualty.
            subs = f" ({_subs_hits(sea, hits)}: ships only)" if sea and step != "sub_first_strike" else ""
            return f"{w}{at}: {power(p)} {what}: {shown} → {hits} hit{'s' if hits != 1 else ''}{subs}."
        case BattleAwaits(where=w, power=p, kind=kind, hits=hits):
            wants = {
                "casualties": f"to choose {hits} casualt{'y' if hits == 1 else 'ies'}",
                "casualty_order": "to choose which defending power takes casualties first",
                "submerge": "to submerge its submarines or stay",
                "press_on": "to press on or withdraw",
            }.get(kind, kind)
            return f"{w}: waiting for {power(p)} {wants}."
        case CasualtyOrderChosen(where=w, power=p, order=order):
            return f"{w}: {power(p)} has {', then '.join(power(o) for o in order)} take casualties."
        case CasualtiesTaken(where=w, power=p, units=units, reason=reason):
            cause = {"aa": "to AA fire", "sub_first_strike": "to the submarines' first strike"}.get(
                reason, ""
            )
            return f"{w}: {power(p)} lost {battle_units(units)}{' ' + cause if cause else ''}."
        case UnitsRetreated(where=w, power=p, units=units, to=to):
            return _retreated(w, power(p), units, to)
        case SubmarinesSubmerged(where=w, power=p, units=units, to=to):
            gone = f" and withdrew to {to}" if to else ""
            return f"{w}: {power(p)}'s {battle_units(units)} submerged{gone}."
        case BattleEnded(where=w, attacker=a, outcome=outcome, rounds=rounds):
            result = {
                "attacker": f"{power(a)} won",
                "defender": "the defence held",
                "draw": "both sides were wiped out",
            }.get(outcome, outcome)
            return f"Battle of {w} over after {rounds} round{'s' if rounds != 1 else ''}: {result}."
        case BombingRaid(
            where=w, attacker=a, defender=d, bombers=n, shot_down=down, rolled=rolled, damage=damage
        ):
            return (
                f"Raid on {w}: {n} {power(a)} bomber{'s' if n != 1 else ''}, {down} shot down; "
                f"bombs {dice_text(rolled)} cost {power(d)} {ipcs_text(damage)}."
            )
        case RocketStrike(source=src, where=w, attacker=a, defender=d, rolled=rolled, damage=damage):
            damage_text = ipcs_text(damage)
            return f"{power(a)} fired a rocket from {src} at {w}: [{rolled}] cost {power(d)} {damage_text}."
        case TechResearched(power=p, dice=thrown, chart=chart, tech=tech, techs=techs):
            developed = ", ".join(TECH_NAMES.get(t, t) for t in (techs or ((tech,) if tech else ())))
            many = "breakthroughs" if len(techs) > 1 else "a breakthrough"
            found = f"{many} — chart {dice_text(chart)}: {developed}!" if tech else "no breakthrough"
            what = "die" if len(thrown) == 1 else "dice"
            return f"{power(p)} rolled {len(thrown)} research {what} {dice_text(thrown)}: {found}"
    return None

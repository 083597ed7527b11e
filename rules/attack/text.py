"""Attack! events as sentences for the game log, turn summaries and the terminal client."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from rules.attack import actions as act
from rules.attack.actions import Ships, Troops
from rules.attack.board import LAYOUTS, board
from rules.attack.events import (
    ActionBegan,
    ActionEnded,
    ArmyBattleBegan,
    ArmyBattleEnded,
    ArmyMoved,
    AssaultGathered,
    Burned,
    CardDrawn,
    CargoLost,
    DamagedWithdrew,
    DirectionChosen,
    ForcesPlaced,
    GameEnded,
    GovernmentChosen,
    IncomeCollected,
    LineSet,
    LinesRevealed,
    LineUpSet,
    MarkerRevealed,
    NavyBattleBegan,
    NavyBattleEnded,
    NavyRetreated,
    Negotiated,
    NeutralsSet,
    OrderRolled,
    Passed,
    RegionConquered,
    Researched,
    Scored,
    SeasonBegan,
    SeatResigned,
    ShipsEngaged,
    ShipsSailed,
    UnitsBuilt,
    Volley,
    YearBegan,
    YearEnded,
)
from rules.attack.tables import ARMY_FACES, ARMY_TYPES, NAVY_TYPES, card_name
from rules.core.events import Action, DiceRolled, Event
from rules.core.words import counted, dice_text


@cache
def _places() -> dict[str, str]:
    world = board(LAYOUTS[-1])
    names = dict(zip(world.region_ids, world.region_names, strict=True))
    names.update(zip(world.zone_ids, world.zone_names, strict=True))
    return names


def place_name(key: str) -> str | None:
    """A region's or a sea zone's name by its id (``west_africa`` is "West Africa"); None for any other."""
    return _places().get(key)


def headline(action: Action) -> str | None:
    """A move in players' words, as the log's headline and an undo line say it: the generic headline read
    as a command ("choose direction clockwise", "begin build card 32", "march Amazonia → Venezuela 2
    planes", "buy Germany 2 tanks")."""

    def at(key: str) -> str:
        return place_name(key) or key

    def playing(card: int | None) -> str:
        return f", playing {card_name(card)}" if card is not None else ""

    def both(army: Troops, navy: Ships) -> str:
        parts = (troops(army), ships(navy))
        return ", ".join(part for part in parts if not part.startswith("no ")) or "nothing"

    match action:
        case act.ChooseGovernment(government=government, economics=economics):
            return f"choose {government.title()}, starting with {economics.title()}"
        case act.PlaceCapital(region=region, outposts=outposts):
            out = f", with armies in {' and '.join(at(o) for o in outposts)}" if outposts else ""
            return f"place the capital in {at(region)}{out}"
        case act.ChooseDirection(clockwise=clockwise):
            return f"play {'clockwise' if clockwise else 'counterclockwise'}"
        case act.Begin(action=kind, card=card, target=target, first=first):
            on = f" on {at(target)}" if target else ""
            step = headline(first) if first is not None else None
            return f"take {kind.title()}{on}{playing(card)}" + (f": {step}" if step else "")
        case act.March(source=source, target=target, army=army):
            return f"march {troops(army)} from {at(source)} to {at(target)}"
        case act.Sail(source=source, target=target, ships=fleet, army=army):
            cargo = f" carrying {troops(army)}" if any(army.counts()) else ""
            return f"sail {ships(fleet)}{cargo} from {at(source)} to {at(target)}"
        case act.Buy(region=region, army=army, navy=navy):
            return f"buy {both(army, navy)} in {at(region)}"
        case act.Research(suit=suit, region=region, army=army, navy=navy, card=card):
            return f"research {suit.title()}, scrapping {both(army, navy)} in {at(region)}{playing(card)}"
        case act.Burn(oil_marker=marker):
            return f"burn the oil marker in {at(marker)}" if marker else "burn oil certificates"
        case act.Negotiate(region=region, card=card):
            return f"negotiate with {at(region)}{playing(card)}" if region else f"negotiate{playing(card)}"
        case act.Deploy(army=army):
            return f"deploy {troops(army)}"
    return None


def troops(units: Troops) -> str:
    plural = ("infantry", "artillery", "tanks", "planes")
    parts = [f"{n} {ARMY_TYPES[k] if n == 1 else plural[k]}" for k, n in enumerate(units.counts()) if n]
    return ", ".join(parts) or "no units"


def certificates(production: int, oil: int) -> str:
    """``7 production and 2 oil``, ``7 production``, ``2 oil``: a sum in certificates, with no zero part."""
    parts = [f"{n} {what}" for n, what in ((production, "production"), (oil, "oil")) if n]
    return " and ".join(parts) or "nothing"


def ships(fleet: Ships) -> str:
    parts = [
        f"{n} {kind if n == 1 else kind + 's'}"
        for kind, n in zip(NAVY_TYPES, fleet.counts(), strict=True)
        if n
    ]
    return ", ".join(parts) or "no ships"


def faces(values: Sequence[int]) -> str:
    shown = [ARMY_TYPES[face] if (face := ARMY_FACES[v - 1]) is not None else "blank" for v in values]
    return "[" + " ".join(shown) + "]"


def order_totals(totals: Sequence[Sequence[int]], order: Sequence[int], who: Callable[[int], str]) -> str:
    """Who rolled what on the two order dice: ``Ann rolled 7 then 2, Bob rolled 12``; the totals are in
    seat order (the seats that rolled are those in ``order``), a tie rolled again shown after "then"."""
    return ", ".join(
        f"{who(seat)} rolled {' then '.join(str(t) for t in rolled)}"
        for seat, rolled in zip(sorted(order), totals, strict=True)
    )


# The navy battle's dice name their sea zone by its key (``navy destroyer in the north_sea``, ``air
# support in the north_sea``, in ``battle/navy.py``). The reason is stored with the roll and named by
# ``verify``, so it stays; the log shows the zone by its name.
_NAVY_REASON = re.compile(r"(?P<what>navy \w+|air support) in the (?P<zone>\w+)")


def dice_reason(reason: str, place: dict[str, str]) -> str:
    """``navy destroyer in the north_sea`` as ``destroyer's engagement in the North Sea``."""
    m = _NAVY_REASON.fullmatch(reason)
    if m is None:
        return reason
    what = m["what"]
    what = f"{what.removeprefix('navy ')}'s engagement" if what.startswith("navy ") else what
    return f"{what} in the {place.get(m['zone'], m['zone'].replace('_', ' '))}"


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One line for ``event``; None for events another line already tells (the dice of a battle)."""
    place = _places()

    def who(seat: int) -> str:
        if seat < 0:
            return "the neutral"
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    def at(pid: str | None) -> str:
        return "" if pid is None else place.get(pid, pid)

    match event:
        case DiceRolled(reason=reason, values=values) if _NAVY_REASON.match(reason):
            return f"🎲 {dice_reason(reason, place)}: {dice_text(values)}"
        case DiceRolled(seat=int(seat), reason="order dice", values=values):  # "🎲 order dice: [4 3]": whose?
            return f"🎲 {who(seat)}'s order dice: {dice_text(values)}"
        case DiceRolled(reason="action card"):
            return ""  # a place in the deck, no player's number: "drew <card>" tells the draw
        case DiceRolled():
            return None
        case OrderRolled(purpose=purpose, totals=totals, order=order):
            rolled = order_totals(totals, order, who)
            if purpose == "government":
                chosen = ", ".join(who(s) for s in order)
                return f"Order dice: {rolled}. Governments are chosen in the order {chosen}."
            if purpose == "capital":
                placing = ", ".join(who(s) for s in order)
                return f"Order dice: {rolled}. Capitals are placed in the order {placing}."
            return f"Order dice: {rolled}. {who(order[0])} starts the year."
        case GovernmentChosen(seat=seat, government=gov, economics=econ):
            return f"{who(seat)} chose {gov.title()}, starting with {econ.title()} 1."
        case ForcesPlaced(seat=seat, region=r, army=a, navy=n, capital=capital):
            what = f"placed the capital in {at(r)}" if capital else f"took {at(r)}"
            fleet = f"; ships: {ships(n)}" if any(n.counts()) else ""
            return f"{who(seat)} {what} with {troops(a)}{fleet}."
        case NeutralsSet(regions=regions):
            return f"{len(regions)} regions are neutral, their government markers face down."
        case DirectionChosen(seat=seat, clockwise=cw, order=order):
            way = "clockwise" if cw else "counterclockwise"
            return f"{who(seat)} chose to play {way}: {', '.join(who(s) for s in order)}."
        case YearBegan(year=year):
            return f"— Year {year} begins."
        case SeasonBegan(season=season):
            return f"— {season.title()}."
        case ActionBegan(seat=seat, action=action, card=card, target=target):
            with_card = f", playing {card_name(card)}" if card is not None else ""
            on = f" on {at(target)}" if target else ""
            # "the Move action": "Ann took Move." read as a noun left hanging on a phone
            return f"{who(seat)} took the {action.title()} action{on}{with_card}."
        case Passed(seat=seat):
            return f"{who(seat)} passed."
        case Burned(seat=seat, oil=oil, marker=marker):
            paid = f"{oil} oil certificates" if marker is None else f"the oil marker in {at(marker)}"
            return f"{who(seat)} burned {paid} for a Winter action."
        case ArmyMoved(seat=seat, source=s, target=t, army=a):
            return f"{who(seat)} moved {troops(a)} from {at(s)} to {at(t)}."
        case AssaultGathered(seat=seat, source=s, target=t, army=a):
            return f"{who(seat)} sent {troops(a)} from {at(s)} against {at(t)}."
        case ShipsSailed(seat=seat, source=s, target=t, ships=n, army=a, path=path):
            cargo = f" carrying {troops(a)}" if any(a.counts()) else ""
            # The zones on the way: for a landing, the last is where the ships wait while the army
            # lands ("from Maghreb via the Western Atlantic to Southern United States").
            crossed = [z for z in path if z not in (s, t)]
            via = f" via the {' and the '.join(at(z) for z in crossed)}" if crossed else ""
            return f"{who(seat)} sailed {ships(n)}{cargo} from {at(s)}{via} to {at(t)}."
        case IncomeCollected(seat=seat, production=p, oil=o, year_end=year_end):
            when = " at the year's end" if year_end else ""
            return f"{who(seat)} collected {certificates(p, o)}{when}."
        case UnitsBuilt(seat=seat, region=r, army=a, navy=n, production=p, oil=o):
            what = ", ".join(
                x for x in (troops(a) if any(a.counts()) else "", ships(n) if any(n.counts()) else "") if x
            )
            cost = f" for {certificates(p, o)}" if p or o else " free"
            return f"{who(seat)} built {what} in {at(r)}{cost}."
        case Researched(seat=seat, suit=suit, level=level, region=r, army=a, navy=n):
            scrapped = ", ".join(x for x in (troops(a), ships(n)) if not x.startswith("no "))
            return f"{who(seat)} reached {suit.title()} {level}, scrapping {scrapped} in {at(r)}."
        case MarkerRevealed(region=r, government=gov):
            return f"{at(r)}'s government marker is turned up: {gov.title()}."
        case Negotiated(seat=seat, region=r, government=gov, cost=cost, success=ok):
            if ok:
                return f"{who(seat)} won over {at(r)} ({gov.title()}) for {cost} production."
            return f"{who(seat)} could not pay {cost} production for {at(r)} ({gov.title()}); talks failed."
        case CardDrawn(seat=seat, card=card):
            return f"{who(seat)} drew {'an action card' if card is None else card_name(card)}."
        case ArmyBattleBegan(seat=seat, defender=d, deputy=deputy, region=r, attackers=a, defenders=dd):
            side = f"the neutral garrison (commanded by {who(deputy)})" if d < 0 else who(d)
            return f"Battle for {at(r)}: {who(seat)} with {troops(a)} against {side} with {troops(dd)}."
        case LineSet():
            return None
        case Volley(region=r, side=side, salvo=salvo, dice=dice, hits=hits, destroyed=lost):
            what = "opening salvo" if salvo else f"{side} fires"
            struck = f"{hits} hit{'' if hits == 1 else 's'}"
            return f"  {at(r)}: {what} {faces(dice)}: {struck}, destroying {troops(lost)}."
        case ArmyBattleEnded(region=r, winner=w, attacker_left=a):
            if w < 0:
                return f"The neutral garrison held {at(r)}."
            return f"{who(w)} won the battle for {at(r)}."
        case RegionConquered(seat=seat, region=r, previous=prev, capital=capital, navy_lost=lost):
            sunk = f"; {ships(lost)} on its coast lost" if any(lost.counts()) else ""
            what = "the capital " if capital else ""
            return f"{who(seat)} took {what}{at(r)} from {who(prev)}{sunk}."
        case NavyBattleBegan(seat=seat, defender=d, zone=z, attackers=a, defenders=dd):
            return (
                f"Navy battle in the {at(z)}: {who(seat)} with {ships(a)} against {who(d)} with {ships(dd)}."
            )
        case LineUpSet(seat=seat, zone=z, ships=line):
            shown = "" if line is None else f": {', '.join(line)}"
            return f"{who(seat)} set a line-up in the {at(z)}{shown}."
        case LinesRevealed(zone=z, attacker=a, defender=d):
            return f"  {at(z)}: line-ups revealed — {', '.join(a)} against {', '.join(d)}."
        case ShipsEngaged(attacker_ship=a, defender_ship=d, attacker_score=sa, defender_score=sd, hits=hits):
            told = "; ".join(f"{side}'s {ship} {fate}" for side, ship, fate in hits) or "no hit"
            return f"  {a} {sa} against {d} {sd}: {told}."
        case DamagedWithdrew(seat=seat, battleships=n, home=home):
            return f"{who(seat)}'s {counted(n, 'damaged battleship')} sailed home to {at(home)} for repair."
        case CargoLost(seat=seat, army=a):
            return f"{who(seat)} lost {troops(a)} at sea with the ships carrying them."
        case NavyRetreated(seat=seat, zone=z, to=to):
            return f"{who(seat)} retreated from the {at(z)} to {at(to)}."
        case NavyBattleEnded(zone=z, winner=w):
            return f"{who(w)} holds the {at(z)}." if w >= 0 else f"No ship is left afloat in the {at(z)}."
        case ActionEnded():
            return None
        case YearEnded(year=year):
            return f"— Year {year} is over."
        case SeatResigned(seat=seat, regions=n):
            return f"{who(seat)} resigned; {n} regions turned neutral."
        case Scored(seat=seat, regions=r, zones=z, capitals=c, economics=e, total=t):
            parts = f"{r} regions, {z} sea zones, {c} capitals, {e} for economics"
            return f"{who(seat)}: {t} victory points ({parts})."
        case GameEnded(winners=winners, reason=reason):
            verb = "wins" if len(winners) == 1 else "share the win"
            return f"🏆 {' and '.join(who(s) for s in winners)} {verb}: {reason}."
    return None

"""What an Axis & Allies player can ask for; one action per Discord command.

Territories and sea zones are board names (``"Karelia S.S.R."``; ``Board.lookup`` also takes short and
corrected spellings). Units are ``(unit, count)`` pairs with board unit ids (``"infantry"``, ``"tank"``,
``"aa_gun"``...). A transport may be named with its cargo, ``"transport:infantry+tank"`` (or
``"transport:empty"``); plain ``"transport"`` takes loaded transports first.
"""

from __future__ import annotations

from rules.core.events import Action

UnitCounts = tuple[tuple[str, int], ...]


class Research(Action, frozen=True):
    """Weapons development: buy ``dice`` research dice at 5 IPCs each and roll them (once a turn)."""

    dice: int


class Buy(Action, frozen=True):
    """Purchase units; they are mobilized at the end of the turn. May be repeated until EndPhase."""

    units: UnitCounts


class Move(Action, frozen=True):
    """Move units along ``path`` (first entry: where they are).

    Land units load by moving into a sea zone with your transports, unload by moving from a sea zone
    to a coastal territory, and ``[land, sea zone, land]`` loads and unloads at once (the bridge).
    Moving into enemy spaces during the combat move starts a battle. ``bomb``: bombers on a strategic
    bombing raid against the destination's industrial complex.
    """

    units: UnitCounts
    path: tuple[str, ...]
    bomb: bool = False


class Battle(Action, frozen=True):
    """Fight the battle in ``territory`` next (battles are fought one at a time, in any order).

    ``bombard``: at most that many of the battleships that may bombard this amphibious assault do
    (-1: all of them). A battleship next to two assaults supports the first one fought that takes it,
    so this is how the attacker keeps one for the other."""

    territory: str
    bombard: int = -1


class Casualties(Action, frozen=True):
    """The units lost to the hits just scored (the deciding side names them)."""

    units: UnitCounts


class CasualtyOrder(Action, frozen=True):
    """The attacker names which defending power takes casualties first (a multinational defence)."""

    powers: tuple[str, ...]


class Retreat(Action, frozen=True):
    """The attacker retreats the battle's attackers to ``to``."""

    to: str


class PressOn(Action, frozen=True):
    """The attacker fights another round."""


class Submerge(Action, frozen=True):
    """Submarines leave the battle by submerging: they withdraw to the sea zone ``to`` (empty: the
    first the battle offers; an attacker's go to a zone the attack came from, a defender's to a
    neighbouring zone free of enemy units)."""

    to: str = ""


class Rocket(Action, frozen=True):
    """Rockets: one AA gun within 3 spaces fires at the enemy industrial complex in ``target``."""

    target: str


class Place(Action, frozen=True):
    """Mobilize purchased units in ``territory`` (a land territory with your factory, or a sea zone
    next to one)."""

    units: UnitCounts
    territory: str


class EndPhase(Action, frozen=True):
    """Finish the current phase (purchase, combat move, combat, non-combat move, mobilize)."""


class Resign(Action, frozen=True):
    """Leave the game: your powers pass to a teammate; with none left, your side concedes."""


AAAction = (
    Research
    | Buy
    | Move
    | Battle
    | Casualties
    | CasualtyOrder
    | Retreat
    | PressOn
    | Submerge
    | Rocket
    | Place
    | EndPhase
    | Resign
)

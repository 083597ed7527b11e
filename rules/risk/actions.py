"""What a Risk player can ask for. Territories are map ids (``"alaska"``); counts are armies."""

from __future__ import annotations

from rules.core.events import Action


class ClaimTerritory(Action, frozen=True):
    """Claiming draft: put one army on an unclaimed territory."""

    territory: str


class PlaceArmies(Action, frozen=True):
    """Place armies (starting armies, reinforcements) on one of your territories."""

    territory: str
    armies: int


class PlaceNeutral(Action, frozen=True):
    """Two-player setup: add ``armies`` neutral armies to a neutral territory, after your own."""

    territory: str
    armies: int = 1


class TradeCards(Action, frozen=True):
    """Trade a set of three cards (card ids) for armies."""

    cards: tuple[int, int, int]


class Attack(Action, frozen=True):
    """Attack ``target`` from ``source`` with ``dice`` dice (None: as many as allowed, up to three).

    ``until`` None rolls once. A number repeats the roll until the target falls or the attacking
    territory is down to ``until`` armies (1: fight to the end).
    """

    source: str
    target: str
    dice: int | None = None
    until: int | None = None


class Defend(Action, frozen=True):
    """Defender-chooses option: the number of dice to defend with against the attack waiting on you."""

    dice: int


class Occupy(Action, frozen=True):
    """After a conquest: how many armies move into the conquered territory."""

    armies: int


class Fortify(Action, frozen=True):
    """Move armies between your own territories; this ends your turn."""

    source: str
    target: str
    armies: int


class EndPhase(Action, frozen=True):
    """Finish placing, attacking or fortifying."""


class Resign(Action, frozen=True):
    """Leave the game; your armies stay on the board as neutral."""


RiskAction = (
    ClaimTerritory
    | PlaceArmies
    | PlaceNeutral
    | TradeCards
    | Attack
    | Defend
    | Occupy
    | Fortify
    | EndPhase
    | Resign
)

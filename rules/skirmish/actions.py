"""What a Skirmish player can ask for. Territories are map ids; units are ``Units`` counts by type.

Skirmishes and dice are numbered from 1 as players see them on the battle board: skirmish 1 is the
first formed, die 1 the highest of its side's line.
"""

from __future__ import annotations

from rules.core.events import Action
from rules.skirmish.pieces import NONE, Units
from rules.skirmish.state import StandingOrders

# 1) standard actions (up to two a turn, repeats allowed)


class Reinforce(Action, frozen=True):
    """Standard action A: roll a die per controlled territory, then place up to that many troops."""


class DrawCard(Action, frozen=True):
    """Standard action B: take one card."""


class ExtraMove(Action, frozen=True):
    """Standard action C: one more free move this turn (step 4)."""


class ExtraExchange(Action, frozen=True):
    """Standard action D: one more pair of unit types to exchange this turn (step 2)."""


class Place(Action, frozen=True):
    """Place reinforcement troops on one of your territories."""

    territory: str
    troops: int


# 2) exchange


class Exchange(Action, frozen=True):
    """Trade in ``give`` (units of one type, all from ``territory``) for units of type ``get`` from your
    garrison, one exchange at a time: each exchange takes the fewest units in that are worth at least
    one unit out, so ``give`` must be a whole number of exchanges."""

    territory: str
    give: Units
    get: str


# 3) attack and the battle


class Attack(Action, frozen=True):
    """Declare an attack: at most 10 units from ``source`` against the adjacent ``target``.

    ``units`` left out means the strongest ten the source holds (the dearest first); ``dice`` and
    ``counters`` left out mean the most the units bring."""

    source: str
    target: str
    units: Units | None = None
    dice: int | None = None
    counters: int | None = None


class Defend(Action, frozen=True):
    """Declare the defenders from the attacked territory, with their dice and counters."""

    units: Units
    dice: int | None = None
    counters: int | None = None


class TakeLosses(Action, frozen=True):
    """Say which units go to the garrison for what is owed: ``units`` off the battle board, ``traded``
    (for 2s rolled) each swapped for a troop, ``territory`` from the attacked territory (the defender's
    extra loss after a 2x skirmish)."""

    units: Units = NONE
    traded: Units = NONE
    territory: Units = NONE


class AssignDice(Action, frozen=True):
    """The defender forms the skirmishes: ``against[i]`` is the attacker die (numbered from 1) that
    defender die i+1 is set against. ``territory``: the units from the attacked territory that go to the
    garrison for the attacker's extra dice."""

    against: tuple[int, ...]
    territory: Units = NONE


class AssignExtra(Action, frozen=True):
    """The attacker adds each extra die to a skirmish: ``to[j]`` is the skirmish of extra die j+1."""

    to: tuple[int, ...]


class PlaceCounter(Action, frozen=True):
    """Put counters from your side of the board on one skirmish."""

    skirmish: int
    counters: int = 1


class PlayCard(Action, frozen=True):
    """Play a card from your hand: a skirmish card names its skirmish, a truce its territory."""

    card: int
    skirmish: int | None = None
    territory: str | None = None


class Pass(Action, frozen=True):
    """Finish your counters-and-cards step; counters not yet placed are placed for you."""


class OrderSkirmishes(Action, frozen=True):
    """The defender's order of resolution (skirmish numbers, each once)."""

    order: tuple[int, ...]


class Occupy(Action, frozen=True):
    """After winning: ``units`` go into the conquered territory, the rest of the battle board and the
    attacking territory's units stay in the attacking territory."""

    units: Units


# 4) free move, 5) reduce cards, and the rest


class Move(Action, frozen=True):
    """Move units between two adjacent territories you control."""

    source: str
    target: str
    units: Units


class Discard(Action, frozen=True):
    """Discard a card (reduce cards); its penalty, if any, applies."""

    card: int


class EndPhase(Action, frozen=True):
    """Finish the current step: stop placing troops (the rest are lost), or go on to the next phase."""


class SetOrders(Action, frozen=True):
    """Your standing orders for battle steps; allowed at any time, even while others are to act."""

    orders: StandingOrders


class Resign(Action, frozen=True):
    """Leave the game; your units go to your garrison and your territories are left empty."""


SkirmishAction = (
    Reinforce
    | DrawCard
    | ExtraMove
    | ExtraExchange
    | Place
    | Exchange
    | Attack
    | Defend
    | TakeLosses
    | AssignDice
    | AssignExtra
    | PlaceCounter
    | PlayCard
    | Pass
    | OrderSkirmishes
    | Occupy
    | Move
    | Discard
    | EndPhase
    | SetOrders
    | Resign
)

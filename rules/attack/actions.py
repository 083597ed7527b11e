"""What an Attack! player can ask for. Places are map ids (``"britain"``, ``"north_sea"``); units are
counted by type (``Troops``, ``Ships``) so a log reads as plain JSON."""

from __future__ import annotations

import msgspec

from rules.attack.tables import Counts
from rules.core.events import Action


class Troops(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """Army units by type (small units; a large piece is 5)."""

    infantry: int = 0
    artillery: int = 0
    tank: int = 0
    plane: int = 0

    def counts(self) -> Counts:
        return (self.infantry, self.artillery, self.tank, self.plane)

    @classmethod
    def of(cls, counts: Counts) -> Troops:
        return cls(*counts)


class Ships(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """Navy units by type."""

    submarine: int = 0
    destroyer: int = 0
    battleship: int = 0
    carrier: int = 0

    def counts(self) -> Counts:
        return (self.submarine, self.destroyer, self.battleship, self.carrier)

    @classmethod
    def of(cls, counts: Counts) -> Ships:
        return cls(*counts)


NO_TROOPS = Troops()
NO_SHIPS = Ships()


class ChooseGovernment(Action, frozen=True):
    """Setup: take a government placard and your starting economics card (``minerals``, ``rail``, or for
    Communism ``factories``)."""

    government: str
    economics: str


class PlaceCapital(Action, frozen=True):
    """Setup: your capital (a region on a sea zone, outside the Arctic Circle, on a continent no earlier
    capital is on) and up to two adjacent regions of the same continent for your starting armies."""

    region: str
    outposts: tuple[str, ...] = ()


class ChooseDirection(Action, frozen=True):
    """The year's starting player: play goes clockwise (up the seat numbers) or counterclockwise."""

    clockwise: bool


class Begin(Action, frozen=True, omit_defaults=True):
    """Start this season's action: ``move``, ``blitz`` (on ``target``), ``navigate``, ``transport`` or
    ``build``, playing an action card with it if you like, and take its ``first`` step at once if you
    like (a March, Sail or Buy: one command, ``/atk move from:germany to:france``, is one move, refused
    whole if either part is). Defaults are left out of the log, so a Begin stored before ``first``
    existed reads and replays as it did."""

    action: str
    card: int | None = None
    target: str | None = None
    first: March | Sail | Buy | None = None


class Negotiate(Action, frozen=True):
    """This season's action: draw an action card and offer terms to one adjacent neutral region."""

    region: str | None = None
    card: int | None = None


class Research(Action, frozen=True):
    """This season's action: take the next level of an economics suit by scrapping units in one region
    (and on its coastline) worth at least the level's research cost."""

    suit: str
    region: str
    army: Troops = NO_TROOPS
    navy: Ships = NO_SHIPS
    card: int | None = None


class Burn(Action, frozen=True):
    """Winter: pay for an extra action with oil certificates, or by removing an oil marker of yours."""

    oil_marker: str | None = None


class Pass(Action, frozen=True):
    """Take no action this season."""


class March(Action, frozen=True):
    """Move, Blitz or Transport: army units from ``source`` to ``target``; into a hostile region they
    gather for a battle fought when the action ends."""

    source: str
    target: str
    army: Troops


class Sail(Action, frozen=True):
    """Navigate: ships from ``source`` (a region's coastline or a sea zone) to ``target`` (a sea zone or
    a region), carrying ``army`` (embarked from the source region, or already aboard)."""

    source: str
    target: str
    ships: Ships
    army: Troops = NO_TROOPS


class Buy(Action, frozen=True):
    """Build: units for ``region`` (ships on its coastline), paid in production and oil certificates."""

    region: str
    army: Troops = NO_TROOPS
    navy: Ships = NO_SHIPS


class EndAction(Action, frozen=True):
    """Finish the action; gathered battles are fought now, one after another."""


class Deploy(Action, frozen=True):
    """A battle line: your first line (deploy) or the units you add from reserve (re-deploy)."""

    army: Troops


class LineUp(Action, frozen=True):
    """A navy battle round: your ships' cards, left to right (at most 8), secret until both are set."""

    ships: tuple[str, ...]


class Retreat(Action, frozen=True):
    """After a navy battle round: take your remaining ships out of the battle."""


class FightOn(Action, frozen=True):
    """After a navy battle round: stay and set new line-ups."""


class Resign(Action, frozen=True):
    """Leave the game: your regions turn neutral and your units leave the board."""


AttackAction = (
    ChooseGovernment
    | PlaceCapital
    | ChooseDirection
    | Begin
    | Negotiate
    | Research
    | Burn
    | Pass
    | March
    | Sail
    | Buy
    | EndAction
    | Deploy
    | LineUp
    | Retreat
    | FightOn
    | Resign
)

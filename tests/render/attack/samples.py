"""Sample Attack! positions and events for the render tests, golden pictures and the bench. States are
built by hand (``tests.rules.attack.position``), events written out, so they stay put whatever the AI
does; counts include two digits and large stacks (the worst case for the badges)."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack import RULES
from rules.attack.actions import Ships, Troops
from rules.attack.events import (
    ArmyBattleBegan,
    ArmyMoved,
    AssaultGathered,
    LineSet,
    LinesRevealed,
    NavyBattleBegan,
    Negotiated,
    RegionConquered,
    ShipsEngaged,
    ShipsSailed,
    UnitsBuilt,
    Volley,
)
from rules.attack.state import AttackState, NavyBattle, Stage
from rules.attack.tables import AUTUMN, WINTER
from rules.attack.views import AttackView
from rules.core.dice import DiceRolled
from rules.core.events import Event
from tests.rules.attack.position import position

NAMES = ("Alice", "Bartholomew the Unready", "Chen", "Dörte", "Émile", "Farah al-Rashid")


def western_state() -> AttackState:
    """Three seats in the Western theatre, autumn of year 3, Chen to act; zones held, markers turned up."""
    state = position(
        {
            "france": (0, (12, 3, 2, 1)),
            "iberia": (0, (3, 0, 1, 0)),
            "italy": (0, (2, 1, 0, 0)),
            "britain": (0, (4, 0, 0, 1)),
            "west_africa": (1, (6, 2, 2, 1)),
            "maghreb": (0, (5, 1, 1, 1)),
            "sahel": (1, (2, 0, 0, 0)),
            "egypt": (1, (3, 1, 0, 0)),
            "quebec": (2, (25, 4, 3, 2)),
            "ontario": (2, (2, 0, 0, 0)),
            "eastern_us": (2, (3, 1, 0, 0)),
            "southern_us": (2, (1, 0, 0, 0)),
        },
        players=3,
        governments=("monarchy", "fascism", "democracy"),
        capitals=("france", "west_africa", "quebec"),
        coasts={"france": (1, 1, 1, 0), "quebec": (0, 1, 0, 1)},
        zones={
            "central_atlantic": (0, (0, 2, 1, 0), (2, 0, 0, 0)),
            "gulf_of_guinea": (1, (1, 0, 0, 0), (0, 0, 0, 0)),
        },
        year=3,
        season=AUTUMN,
        order=(1, 2, 0),
        position=1,
        hands={0: (5,), 1: (), 2: (17, 33)},
    )
    board_marker = list(state.marker)
    from rules.attack.board import board

    west = board("western")
    for rid, gov in (("greenland", 3), ("congo", 0), ("venezuela", 1)):
        board_marker[west.index[rid]] = gov
    return replace(state, marker=tuple(board_marker))


def western_recent() -> list[Event]:
    """What happened since the last look: a move, an attack won, a sailing, a purchase, a negotiation."""
    return [
        ArmyMoved(0, "france", "iberia", Troops(2, 0, 1, 0)),
        AssaultGathered(0, "iberia", "maghreb", Troops(5, 1, 1, 1)),
        Volley(
            "maghreb",
            1,
            "defender",
            False,
            (1, 5, 6, 2),
            2,
            Troops(2, 0, 0, 0),
            Troops(3, 1, 1, 1),
            Troops(),
            Troops(2, 1, 0, 1),
            Troops(),
        ),
        Volley(
            "maghreb",
            2,
            "attacker",
            False,
            (1, 2, 4, 3, 6),
            4,
            Troops(2, 1, 0, 1),
            Troops(3, 1, 1, 1),
            Troops(),
            Troops(),
            Troops(),
        ),
        RegionConquered(0, "maghreb", 1, False, Ships(1, 0, 0, 0), 1),
        ShipsSailed(2, "quebec", "western_atlantic", Ships(0, 1, 0, 0), Troops(), ("western_atlantic",)),
        UnitsBuilt(2, "quebec", Troops(3, 0, 0, 0), Ships(), 3, 0),
        Negotiated(2, "southern_us", "democracy", 1, True),
    ]


def world_state() -> AttackState:
    """Six seats on the joined world, winter of year 5, Farah to burn or pass."""
    capitals = ("britain", "brazil", "egypt", "japan", "india", "eastern_australia")
    holdings = {
        "britain": (0, (14, 2, 3, 2)),
        "france": (0, (6, 1, 1, 0)),
        "germany": (0, (9, 2, 2, 1)),
        "scandinavia": (0, (2, 0, 0, 0)),
        "brazil": (1, (11, 2, 1, 1)),
        "amazonia": (1, (3, 0, 0, 0)),
        "argentina": (1, (2, 1, 0, 0)),
        "egypt": (2, (10, 3, 2, 2)),
        "ethiopia": (2, (4, 0, 0, 0)),
        "arabia": (2, (2, 0, 1, 0)),
        "japan": (3, (8, 1, 1, 3)),
        "manchuria": (3, (3, 1, 0, 0)),
        "kamchatka": (3, (2, 0, 0, 0)),
        "chukotka": (3, (1, 0, 0, 0)),
        "india": (4, (12, 2, 1, 1)),
        "tibet": (4, (3, 0, 0, 0)),
        "indochina": (4, (2, 0, 1, 0)),
        "eastern_australia": (5, (7, 1, 1, 1)),
        "new_guinea": (5, (2, 0, 0, 0)),
        "new_zealand": (5, (1, 0, 0, 0)),
        "alaska": (5, (2, 0, 0, 0)),
    }
    return position(
        holdings,
        layout="world",
        players=6,
        governments=("monarchy", "fascism", "communism", "democracy", "fascism", "communism"),
        capitals=capitals,
        coasts={"britain": (1, 2, 1, 1), "japan": (2, 1, 0, 1)},
        zones={
            "north_sea": (0, (0, 2, 1, 0), (0, 0, 0, 0)),
            "sea_of_japan": (3, (1, 1, 0, 0), (2, 0, 0, 0)),
            "arabian_sea": (4, (0, 1, 0, 0), (0, 0, 0, 0)),
        },
        year=5,
        season=WINTER,
        order=(5, 0, 1, 2, 3, 4),
        position=0,
    )


def world_recent() -> list[Event]:
    return [
        AssaultGathered(5, "alaska", "chukotka", Troops(2, 0, 0, 0)),  # across the world's edge
        ShipsSailed(3, "japan", "sea_of_japan", Ships(1, 1, 0, 0), Troops(2, 0, 0, 0), ("sea_of_japan",)),
        UnitsBuilt(2, "egypt", Troops(2, 1, 0, 0), Ships(), 4, 0),
    ]


def army_battle() -> tuple[AttackView, list[Event]]:
    """The events of one move in the battle for Maghreb (neutral deputy aside): lines, a salvo, fire."""
    view = RULES.view(western_state(), None)
    events: list[Event] = [
        ArmyBattleBegan(0, 1, -1, "maghreb", Troops(5, 2, 1, 1), Troops(2, 1, 1, 1)),
        LineSet(
            "maghreb",
            0,
            "defender",
            Troops(1, 1, 1, 1),
            Troops(),
            Troops(5, 2, 1, 1),
            Troops(1, 1, 1, 1),
            Troops(1, 0, 0, 0),
        ),
        LineSet(
            "maghreb",
            0,
            "attacker",
            Troops(2, 1, 1, 0),
            Troops(2, 1, 1, 0),
            Troops(3, 1, 0, 1),
            Troops(1, 1, 1, 1),
            Troops(1, 0, 0, 0),
        ),
        DiceRolled(0, "salvo at Maghreb", 6, (2,), 40),
        Volley(
            "maghreb",
            0,
            "attacker",
            True,
            (2,),
            1,
            Troops(1, 0, 0, 0),
            Troops(2, 1, 1, 0),
            Troops(3, 1, 0, 1),
            Troops(0, 1, 1, 1),
            Troops(1, 0, 0, 0),
        ),
        DiceRolled(1, "fire at Maghreb", 6, (1, 4, 6), 41),
        Volley(
            "maghreb",
            1,
            "defender",
            False,
            (1, 4, 6),
            1,
            Troops(1, 0, 0, 0),
            Troops(1, 1, 1, 0),
            Troops(3, 1, 0, 1),
            Troops(0, 1, 1, 1),
            Troops(1, 0, 0, 0),
        ),
        DiceRolled(0, "fire at Maghreb", 6, (1, 2, 3, 3, 6), 44),
        Volley(
            "maghreb",
            2,
            "attacker",
            False,
            (1, 2, 3, 3, 6),
            3,
            Troops(0, 1, 1, 1),
            Troops(2, 2, 1, 0),
            Troops(2, 0, 0, 1),
            Troops(),
            Troops(1, 0, 0, 0),
        ),
    ]
    return view, events


def navy_battle() -> tuple[AttackView, list[Event]]:
    """A revealed round in the Central Atlantic: a tie, a hit on the first ship, carrier air support."""
    base = western_state()
    fleets, empty = ((0, 2, 1, 1), (1, 1, 0, 1)), ((0, 0, 0, 0), (0, 0, 0, 0))
    battle = NavyBattle(
        zone=0, attacker=0, defender=1, ships=fleets, cargo=empty, awaiting="retreat", round=2
    )
    from rules.attack.board import board

    battle = replace(battle, zone=board("western").zone_index["central_atlantic"])
    view = RULES.view(replace(base, navy_battle=battle), None)
    events: list[Event] = [
        LinesRevealed(
            "central_atlantic",
            1,
            ("destroyer", "battleship", "carrier", "destroyer"),
            ("submarine", "destroyer", "carrier"),
        ),
        DiceRolled(0, "navy destroyer in the central_atlantic", 6, (2,), 50),
        DiceRolled(1, "navy submarine in the central_atlantic", 6, (3,), 51),
        ShipsEngaged(
            "central_atlantic",
            1,
            0,
            "destroyer",
            "submarine",
            2,
            3,
            5,
            4,
            (),
            (("defender", "submarine", "sunk"),),
        ),
        ShipsEngaged(
            "central_atlantic",
            1,
            1,
            "battleship",
            "destroyer",
            4,
            4,
            5,
            3,
            (),
            (("defender", "destroyer", "sunk"),),
        ),
        ShipsEngaged(
            "central_atlantic",
            1,
            2,
            "carrier",
            "carrier",
            6,
            1,
            2,
            5,
            (("defender", 4),),
            (("attacker", "carrier", "sunk"), ("attacker", "destroyer", "sunk")),
        ),
        ShipsEngaged("central_atlantic", 1, 3, "destroyer", "carrier", 5, 5, 3, 3, (), ()),
    ]
    return view, events


def navy_waiting() -> tuple[AttackView, list[Event]]:
    """Before the reveal: the fleets, one line-up set (its contents nowhere in the public view)."""
    base = western_state()
    from rules.attack.board import board

    zone = board("western").zone_index["central_atlantic"]
    battle = NavyBattle(
        zone=zone,
        attacker=0,
        defender=1,
        ships=((0, 2, 1, 1), (1, 1, 0, 1)),
        cargo=((2, 0, 0, 0), (0, 0, 0, 0)),
        lineups=((1, 2), None),
    )
    view = RULES.view(replace(base, navy_battle=battle), None)
    return view, [NavyBattleBegan(0, 1, "central_atlantic", Ships(0, 2, 1, 1), Ships(1, 1, 0, 1))]


def hand_view() -> AttackView:
    """Alice's own view: three cards, and her line-up set in a battle still waiting for the other side."""
    base = western_state()
    from rules.attack.board import board

    zone = board("western").zone_index["central_atlantic"]
    battle = NavyBattle(
        zone=zone,
        attacker=0,
        defender=1,
        ships=((0, 2, 1, 1), (1, 1, 0, 1)),
        cargo=((0, 0, 0, 0), (0, 0, 0, 0)),
        lineups=((1, 2, 3), None),
    )
    seats = tuple(replace(s, hand=(5, 18, 33)) if i == 0 else s for i, s in enumerate(base.seats))
    return RULES.view(replace(base, seats=seats, navy_battle=battle), 0)


def setup_state() -> AttackState:
    """The very start: governments being chosen, every region neutral and face down."""
    state = position(
        players=4, layout="pacific", capitals=("india", "japan", "eastern_australia", "mongolia")
    )
    owner = tuple(-1 for _ in state.owner)
    army = tuple((0, 0, 0, 0) for _ in state.army)
    return replace(
        state,
        stage=Stage.GOVERNMENT,
        owner=owner,
        army=army,
        year=0,
        seats=tuple(replace(s, government=-1, capital=-1) for s in state.seats),
    )

"""Sample Axis & Allies pictures for render tests, golden pictures and the bench: plain data built from
the board's 1942 setup, no engine needed."""

from __future__ import annotations

from dataclasses import replace

from render.axis_allies import BattlePicture, Fire, MapPicture
from render.axis_allies.diff import MapChanges, Move
from rules.axis_allies.board import POWERS, classic_board
from rules.axis_allies.views import AAView
from rules.core.dice import SeededRng
from rules.core.events import Event

BOARD = classic_board()
SEATS = {
    "russia": "Alice",
    "germany": "Bartholomew the Unready",
    "uk": "Chen",
    "japan": "Dörte",
    "usa": "Émile",
}


def starting_owners() -> dict[str, str | None]:
    return {name: t.original_owner for name, t in BOARD.territories.items() if not t.is_sea}


def starting_units() -> dict[str, dict[str, dict[str, int]]]:
    return {
        name: {power: dict(units) for power, units in by_power.items()}
        for name, by_power in BOARD.starting_units.items()
    }


def start() -> MapPicture:
    """The 1942 setup as round 1 begins: the USSR to play."""
    return MapPicture(
        owners=starting_owners(),
        units=starting_units(),
        ipcs=dict(BOARD.starting_ipcs),
        income=dict(BOARD.starting_ipcs),
        to_move="russia",
        phase="purchase",
        round=1,
        title="Axis & Allies",
        seat_names=SEATS,
    )


def midgame() -> MapPicture:
    """Round 3, Germany in combat: some territories changed hands, two battles pending, a crowded
    North Sea and a Karelia holding units of three powers."""
    owners = starting_owners()
    owners.update({"Karelia S.S.R.": "germany", "China": "japan", "Libya": "uk", "Sinkiang": "japan"})
    units = starting_units()
    units["Karelia S.S.R."] = {
        "germany": {"infantry": 6, "tank": 5, "artillery": 2, "fighter": 2},
        "russia": {"factory": 1},
    }
    units["Russia"] = {
        "russia": {"infantry": 14, "tank": 3, "fighter": 2, "aa_gun": 1, "factory": 1},
        "uk": {"fighter": 2},
    }
    units["North Sea Zone"] = {
        "uk": {"battleship": 2, "transport": 3, "carrier": 1, "fighter": 2, "destroyer": 1},
        "usa": {"transport": 2, "submarine": 1},
        "germany": {"submarine": 3},
    }
    income = {"russia": 17, "germany": 41, "uk": 29, "japan": 33, "usa": 36}
    return MapPicture(
        owners=owners,
        units=units,
        ipcs={"russia": 2, "germany": 11, "uk": 0, "japan": 40, "usa": 128},
        income=income,
        to_move="germany",
        phase="combat_move",
        round=3,
        title="Axis & Allies · #war-room",
        battles=("Russia", "North Sea Zone"),
        seat_names=SEATS,
    )


def empty() -> MapPicture:
    """Nobody owns anything, nothing stands anywhere."""
    return MapPicture(
        owners={}, units={}, ipcs={}, income={}, to_move=None, phase=None, round=0, title="Empty"
    )


def crowded() -> MapPicture:
    """Every power with every unit type in one small sea zone and one small territory."""
    everything = ("infantry", "artillery", "tank", "aa_gun", "fighter", "bomber")
    fleet = ("fighter", "transport", "submarine", "destroyer", "carrier", "battleship")
    units = starting_units()
    units["Baltic Sea Zone"] = {p: {u: 10 + k for k, u in enumerate(fleet)} for p in POWERS}
    units["Switzerland"] = {p: {u: 99 for u in everything} for p in POWERS}
    picture = start()
    return replace(picture, units=units, owners={**picture.owners, "Switzerland": "germany"})


def battle() -> BattlePicture:
    """Round 2 in Karelia: Germany against the USSR and a British fighter; the casualties chosen, the
    odds before the round given by the caller."""
    return BattlePicture(
        territory="Karelia S.S.R.",
        attacker="germany",
        defenders=("russia", "uk"),
        attacking={
            "germany": {"infantry": 3, "artillery": 2, "tank": 4, "fighter": 2, "bomber": 1},
        },
        defending={
            "russia": {"infantry": 5, "tank": 1, "fighter": 1, "aa_gun": 1, "factory": 1},
            "uk": {"fighter": 2},
        },
        round=2,
        attacker_fire=(
            Fire("germany", "infantry", 1, (1, 3, 6)),
            Fire("germany", "artillery", 2, (2, 5)),
            Fire("germany", "tank", 3, (4, 3, 2, 1)),
            Fire("germany", "fighter", 3, (6, 6)),
            Fire("germany", "bomber", 4, (4,)),
            Fire("germany", "battleship", 4, (2,)),  # bombarding from the sea zone
        ),
        defender_fire=(
            Fire("russia", "infantry", 2, (2, 5, 1, 4, 6)),
            Fire("russia", "tank", 2, (3,)),
            Fire("russia", "fighter", 4, (2,)),
            Fire("uk", "fighter", 4, (6, 5)),
        ),
        attacker_lost={"germany": {"infantry": 2, "tank": 1}},
        defender_lost={"russia": {"infantry": 5, "tank": 1, "aa_gun": 1}, "uk": {"fighter": 1}},
        odds=(0.58, 0.03, 0.39),
        seat_names={"germany": "Bartholomew the Unready", "russia": "Alice", "uk": "Chen"},
    )


def midgame_changes() -> MapPicture:
    """The midgame picture with a round's changes: moves (one across the Pacific's edge), captures,
    battles fought, units lost and placed."""
    changes = MapChanges(
        moves=(
            Move("germany", ("East Europe", "Karelia S.S.R."), 13),
            Move("germany", ("Germany", "Baltic Sea Zone", "Finland Norway"), 2),
            Move("uk", ("United Kingdom", "North Sea Zone"), 3),
            Move("russia", ("Caucasus", "Russia"), 4),
            Move("japan", ("Manchuria", "China"), 5),
            Move("usa", ("West US Sea Zone", "Hawaii Sea Zone", "Midway Sea Zone"), 2),
            Move("japan", ("Japan Sea Zone", "Midway Sea Zone"), 2),
            Move("usa", ("Alaska", "Soviet Far East"), 1),
        ),
        captured=("Karelia S.S.R.", "China", "Libya"),
        battles=(("Karelia S.S.R.", "germany"), ("North Sea Zone", "uk"), ("Midway Sea Zone", None)),
        lost={
            ("Karelia S.S.R.", "germany"): 3,
            ("Karelia S.S.R.", "russia"): 7,
            ("North Sea Zone", "germany"): 2,
            ("Midway Sea Zone", "usa"): 2,
            ("Midway Sea Zone", "japan"): 2,
        },
        placed={("Germany", "germany"): 6, ("Russia", "russia"): 8, ("Japan", "japan"): 4},
    )
    return replace(midgame(), changes=changes)


def game_turns(rounds: int, seed: str = "replay") -> list[tuple[AAView, list[Event]]]:
    """A five-power AI game played for ``rounds`` rounds (or to its end): for each power's turn, the
    public view at its end and the public events of it, as a replay is made from."""
    from rules.axis_allies import RULES
    from rules.axis_allies.ai import AxisAlliesAI
    from rules.axis_allies.events import TurnBegan

    rng = SeededRng(seed)
    state, _ = RULES.setup({}, 5, rng)
    agents = [AxisAlliesAI(s) for s in range(5)]
    out: list[tuple[AAView, list[Event]]] = []
    current: list[Event] = []
    while RULES.result(state) is None and state.round <= rounds:
        seat = RULES.to_act(state)[0]
        state, happened = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
        for event in (e for e in (RULES.redact(e, None) for e in happened) if e is not None):
            if isinstance(event, TurnBegan) and current:
                out.append((RULES.view(state, None), current))
                current = []
            current.append(event)
    out.append((RULES.view(state, None), current))
    return out

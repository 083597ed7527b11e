"""Sample Axis & Allies pictures for render tests, golden pictures and the bench: plain data built from
the board's 1942 setup, no engine needed."""

from __future__ import annotations

from dataclasses import replace

from render.axis_allies import BattlePicture, MapPicture
from rules.axis_allies.board import POWERS, classic_board

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
    return BattlePicture(
        territory="Karelia S.S.R.",
        attacker="germany",
        defenders=("russia", "uk"),
        attacking={
            "germany": {"infantry": 3, "artillery": 2, "tank": 4, "fighter": 2, "bomber": 1, "battleship": 1}
        },
        defending={
            "russia": {"infantry": 5, "tank": 1, "fighter": 1, "aa_gun": 1, "factory": 1},
            "uk": {"fighter": 2},
        },
        round=2,
        attacker_dice=(1, 3, 6, 2, 5, 4, 3, 2, 1, 6, 6, 4, 2),
        defender_dice=(2, 5, 1, 4, 6, 3, 2, 2),
        attacker_hits=5,
        defender_hits=4,
    )

"""Issue 29, a newcomer's first Axis & Allies game in the terminal: plurals, the Mediterranean spelled as
players read it (both spellings typed), and a suggestion for a mistyped command or unit."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bot.games.axis_allies import choices as aa_choices
from bot.games.axis_allies.presenter import PRESENTER
from bot.games.axis_allies.text import describe, parse, situation, unit_table
from bot.games.axis_allies.units import parse_units, unit_id, units_text
from bot.models import ServiceError
from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Buy, Casualties, Place, Retreat
from rules.axis_allies.combat.events import RocketStrike
from rules.axis_allies.events import CapitalCaptured, IncomeCollected
from rules.axis_allies.state import Phase
from rules.axis_allies.text import describe as event_text
from rules.core.dice import SeededRng
from rules.core.errors import IllegalAction

WEST = "West Mediteranean Sea Zone"  # the data's key (TripleA's spelling), kept: saved games name it


def _state():  # type: ignore[no-untyped-def]
    state, _ = RULES.setup({}, 2, SeededRng("words"))
    return state


def refused(words: list[str]) -> str:
    with pytest.raises(ServiceError) as caught:
        parse(words, _state())
    return caught.value.message


def test_a_mistyped_command_gets_the_likely_word() -> None:
    assert refused(["casualtes"]) == (
        "“casualtes” is not a command here. Did you mean casualties? Type help for the list."
    )
    assert "Did you mean buy?" in refused(["byu", "2", "tank"])
    assert "Did you mean moves?" in refused(["mvoes"])


def test_commands_and_words_near_none_go_on_to_the_generic_reader() -> None:
    state = _state()
    assert parse(["xyzzy"], state) is None  # the generic reader says it is not a command
    assert parse(["undo"], state) is None  # the terminal's own commands are not this game's to refuse
    assert parse(["buy", "2", "tanks"], state) == Buy((("tank", 2),))


def test_place_reads_the_space_without_in() -> None:
    """A newcomer typed "place 3 inf russia" and was told to say where to place them."""
    state = _state()
    assert parse(["place", "3", "inf", "russia"], state) == Place((("infantry", 3),), "Russia")
    two = parse(["place", "3", "infantry,", "2", "tanks", "karelia", "ssr"], state)
    assert two == Place((("infantry", 3), ("tank", 2)), "Karelia S.S.R.")
    assert parse(["place", "1", "tank", "in", "russia"], state) == Place((("tank", 1),), "Russia")
    assert "Say where to place them" in refused(["place", "3", "inf"])  # no space at all: as before


def test_a_mistyped_unit_gets_the_likely_units() -> None:
    with pytest.raises(ServiceError) as caught:
        unit_id("tanx")
    assert "Did you mean transport or tank?" in caught.value.message
    with pytest.raises(ServiceError) as caught:
        parse(["casualties", "2", "infantery"], _state())
    assert "Did you mean infantry" in caught.value.message


def test_counts_are_in_the_plural() -> None:
    assert units_text(parse_units("2 art, 2 aa, 2 ic, 1 ac, 2 ac")) == (
        "2 artillery, 3 aircraft carriers, 2 AA guns, 2 industrial complexes"
    )
    assert units_text(parse_units("1 aa, 1 tpt:inf+aa")) == "1 transport (AA gun + infantry), 1 AA gun"


def test_one_ipc_is_singular_in_the_log_and_the_refusals() -> None:
    """Before: "collected 1 IPCs", "its 1 unspent IPCs", "cost Germany 1 IPCs", "you have 1 IPCs"."""
    names = ["Ann", "Bob"]
    assert event_text(IncomeCollected("russia", 1, 1), names) == "USSR collected 1 IPC (now 1)."
    assert event_text(CapitalCaptured("germany", "Russia", "russia", 1), names) == (
        "Germany took USSR's capital Russia and its 1 unspent IPC."
    )
    assert event_text(CapitalCaptured("germany", "Russia", "russia", 2), names) == (
        "Germany took USSR's capital Russia and its 2 unspent IPCs."
    )
    assert event_text(RocketStrike("Germany", "Russia", "germany", "russia", 1, 1), names) == (
        "Germany fired a rocket from Germany at Russia: [1] cost USSR 1 IPC."
    )
    state = _state()
    poor = replace(state, ipcs=tuple(1 for _ in state.ipcs))
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(poor, RULES.to_act(poor)[0], Buy((("infantry", 1),)), SeededRng("buy"))
    assert caught.value.message == "1 infantry cost 3 IPCs; you have 1 IPC."


def test_the_mediterranean_is_spelled_as_players_read_it_and_typed_either_way() -> None:
    for typed in ("west mediterranean", "West Mediteranean", "west mediterranean sea zone"):
        assert aa_choices.space_name(typed) == WEST
    assert aa_choices.spaces("west mediterr") == [("West Mediterranean Sea Zone", WEST)]
    assert aa_choices.spaces("west mediteran") == [("West Mediterranean Sea Zone", WEST)]
    command = describe(Battle(WEST))
    assert command == "battle West Mediterranean Sea Zone"
    assert parse(command.split(), _state()) == Battle(WEST)  # the command reads back to the action
    assert parse(["retreat", "central", "mediterranean"], _state()) == Retreat(
        "Central Mediteranean Sea Zone"
    )


def test_typed_casualties_read_spaces_and_names() -> None:
    assert parse(["casualties", "2", "inf,", "1", "armour"], _state()) == Casualties(
        (("infantry", 2), ("tank", 1))
    )


def test_a_mistyped_space_gets_the_likely_names_as_players_read_them() -> None:
    with pytest.raises(ServiceError) as caught:
        aa_choices.space_name("west mediteranian")
    assert "Did you mean West Mediterranean Sea Zone" in caught.value.message
    assert "Mediteranean" not in caught.value.message
    with pytest.raises(ServiceError) as caught:
        aa_choices.space_name("alsaka")
    assert caught.value.message == "There is no territory or sea zone called “alsaka”. Did you mean Alaska?"
    with pytest.raises(ServiceError) as caught:
        aa_choices.space_name("mediter")
    assert "could be Central Mediterranean Sea Zone, East Mediterranean Sea Zone or West Mediterranean" in (
        caught.value.message
    )


def test_the_standing_counts_territories_in_words() -> None:
    """Before: "USSR 24 IPCs (+24, 8 land)"."""
    standing = PRESENTER.standing(RULES.view(_state(), None), 0) or ""
    assert standing.startswith("USSR 24 IPCs (+24, ") and " territories" in standing
    assert " land" not in standing


def test_the_prompt_names_the_phase_as_the_log_does() -> None:
    """The prompt said "noncombat move" (the engine's key); the log says it as "USSR: non-combat move"."""
    state = _state()
    assert situation(RULES.view(replace(state, phase=Phase.NONCOMBAT_MOVE), None)).startswith(
        "non-combat move, "
    )
    assert situation(RULES.view(replace(state, phase=Phase.COMBAT_MOVE), None)).startswith("combat move, ")
    assert situation(RULES.view(state, None)).startswith("purchase, ")


def test_the_unit_table_writes_a_dash_for_units_that_never_roll_in_battle() -> None:
    """`units` gave the AA gun attack 0 and defence 0, though it fires at aircraft (hits on 1)."""
    rows = {line.split("  ")[0]: line.split() for line in unit_table("").splitlines()[1:]}
    assert rows["AA gun"][2:] == ["–", "–", "1", "5"]
    assert rows["Industrial complex"][2:] == ["–", "–", "0", "15"]
    assert rows["Transport"][1:] == ["0", "1", "2", "8"]  # a transport's 0 attack is a real 0

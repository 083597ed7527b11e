"""The shared name reader: spellings with spaces and the "did you mean" every game uses."""

from rules.core.names import closest, did_you_mean, either, normalise


def test_spaces_hyphens_and_case_read_as_the_engine_key() -> None:
    assert normalise("  North Sea ") == "north_sea"
    assert normalise("elder-fen") == "elder_fen"
    assert normalise("Karelia S.S.R.") == "karelia_s_s_r"


def test_a_slip_of_the_thumb_finds_the_word() -> None:
    assert closest("alsaka", ["alaska", "alberta", "argentina"]) == ["alaska"]
    assert closest("plce", ["place", "attack", "fortify", "end"]) == ["place"]
    assert closest("casualtes", ["casualties", "battle", "retreat"]) == ["casualties"]


def test_nothing_near_gives_no_hint() -> None:
    assert closest("zzzz", ["alaska", "brazil"]) == []
    assert did_you_mean("zzzz", ["alaska", "brazil"]) == ""


def test_the_hint_is_in_players_words() -> None:
    assert did_you_mean("north afrca", ["north_africa", "brazil"]) == " Did you mean north africa?"
    shown = {"north_africa": "North Africa"}
    assert did_you_mean("north afrca", ["north_africa"], shown) == " Did you mean North Africa?"
    assert either(["a", "b", "c"]) == "a, b or c"


def test_a_list_reads_as_a_player_writes_it() -> None:
    """``listed``: the one join every game's words use ("Ann, Bob and Cy"; ``either``'s "or")."""
    from rules.core.words import listed

    assert [listed(names) for names in ([], ["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cy"])] == [
        "",
        "Ann",
        "Ann and Bob",
        "Ann, Bob and Cy",
    ]
    assert either(["a"]) == "a" and either(["a", "b"]) == "a or b"

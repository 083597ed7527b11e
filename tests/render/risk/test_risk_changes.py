"""What changed, drawn on the Risk board (``render.risk.changes``), and one attack's whole fight read from
the engine's events (``render.risk.fight``), with scripted dice."""

from __future__ import annotations

import typing
from itertools import combinations

from msgspec.structs import replace

from render.risk import badge_layout, changes, last_fight, render_battle, render_board
from render.risk.base import board_base
from render.risk.board import _legend_rows
from rules.core.dice import ScriptedRng
from rules.core.events import Event
from rules.risk import RULES
from rules.risk.actions import Attack, Occupy
from rules.risk.events import ArmiesMoved, BattleFought, TerritoryConquered
from rules.risk.state import Phase, RiskState
from tests.render.risk import samples

BOARD = samples.BOARD


def test_changes_count_each_territorys_armies_gained_and_lost() -> None:
    changed = changes(samples.changes_events())
    assert changed.deltas == {
        "siberia": +3 - 2,  # reinforced, then lost two attacking Mongolia
        "afghanistan": +4,  # conquered: counts from the conquest, the four moved in
        "kamchatka": -1,
        "alaska": -1,
        "china": -6,
        "india": +6,
    }  # Ural: +5 reinforced, −1 in battle, −4 moved into Afghanistan: no change, no tag
    assert changed.attacks == (
        ("ural", "afghanistan"),
        ("kamchatka", "alaska"),
        ("siberia", "mongolia"),
    )
    assert changed.conquered == ("afghanistan",)
    assert changed.moves == ((2, "china", "india", 6),)  # the fortify move; the move-in is the attack's
    assert changed.eliminated == {5: 2}


def test_the_setup_deal_is_no_change() -> None:
    _, setup_events = RULES.setup({}, 3, _rng())
    assert not changes(setup_events)


def _rng() -> typing.Any:
    from rules.core.dice import SeededRng

    return SeededRng("deal")


def test_a_tag_goes_on_each_changed_badge_and_no_badge_collides() -> None:
    base = board_base("world_map", 1600)
    view = samples.six_player_view(big=True)
    deltas = changes(samples.changes_events()).deltas
    plain, _ = badge_layout(view, base)
    tagged, centres = badge_layout(view, base, deltas)
    for i, t in enumerate(view.territories):
        a, b = plain[i], tagged[i]
        assert a is not None and b is not None
        assert (b.size[0] > a.size[0]) == (t.id in deltas), t.id
    boxes = [
        (x - s.size[0] / 2, y - s.size[1] / 2, x + s.size[0] / 2, y + s.size[1] / 2)
        for s, (x, y) in zip(tagged, centres, strict=True)
        if s is not None
    ]
    for p, q in combinations(boxes, 2):
        assert not (p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3])


def test_the_legend_says_who_knocked_a_player_out() -> None:
    view = samples.six_player_view()
    rows = _legend_rows(view, samples.NAMES[:6], changes(samples.changes_events()))
    assert rows[5].note == "out, by Chen"
    assert all(r.note == "" for r in rows[:5])


def test_every_kind_of_change_shows_on_the_board() -> None:
    view = samples.six_player_view(big=False)
    events = samples.changes_events()
    drawn = render_board(view, samples.NAMES[:6], recent=events)
    for kind in {type(e) for e in events}:  # leaving out any kind of event changes the picture
        fewer = tuple(e for e in events if not isinstance(e, kind))
        assert render_board(view, samples.NAMES[:6], recent=fewer) != drawn, kind.__name__


def _kamchatka_attack() -> RiskState:
    """Chen (seat 2) attacks Alice's Alaska (3 armies) from Kamchatka (10)."""
    state = samples.six_player_state(big=False)
    owner, armies = list(state.owner), list(state.armies)
    for tid, seat, n in (("kamchatka", 2, 10), ("alaska", 0, 3)):
        owner[BOARD.index(tid)], armies[BOARD.index(tid)] = seat, n
    return replace(state, owner=tuple(owner), armies=tuple(armies), phase=Phase.ATTACK, current=2)


# Roll 1: 6 5 4 against 3 2, Alaska loses two. Roll 2: 6 1 1 against 6, a tie: Kamchatka loses one.
# Roll 3: 5 3 2 against 2: Alaska falls.
UNTIL_CONQUERED = [6, 5, 4, 3, 2, 6, 1, 1, 6, 5, 3, 2, 2]


def _public(events: list[Event]) -> list[Event]:
    return [e for e in (RULES.redact(e, None) for e in events) if e is not None]


def test_an_until_attack_is_one_fight_with_every_roll_and_the_armies_before_and_after() -> None:
    rng = ScriptedRng(UNTIL_CONQUERED)
    state, events = RULES.apply(_kamchatka_attack(), 2, Attack("kamchatka", "alaska", 3, until=1), rng)
    assert rng.unused == 0
    fight = last_fight(RULES.view(state, None), _public(events))
    assert fight is not None
    assert [(r.attacker_dice, r.defender_dice) for r in fight.rolls] == [
        ((6, 5, 4), (3, 2)),
        ((6, 1, 1), (6,)),
        ((5, 3, 2), (2,)),
    ]
    assert (fight.attacker_lost, fight.defender_lost, fight.conquered) == (1, 3, True)
    assert (fight.attacker_before, fight.attacker_after) == (10, 9)
    assert (fight.defender_before, fight.defender_after, fight.moved_in) == (3, 0, None)  # moving in next
    state, moved = RULES.apply(state, 2, Occupy(5), ScriptedRng([]))
    after = last_fight(RULES.view(state, None), _public(events + moved))
    assert after is not None and (after.attacker_after, after.moved_in) == (9, 5)


def test_a_fight_goes_back_from_the_view_past_later_moves() -> None:
    """The events may run on after the fight (a fortify move out of the attacking territory): the
    armies at the fight's end are the view's with those taken back out."""
    rng = ScriptedRng([6, 5, 4, 3, 2])  # one roll: Alaska loses two
    state, events = RULES.apply(_kamchatka_attack(), 2, Attack("kamchatka", "alaska", 3), rng)
    fight = last_fight(RULES.view(state, None), events)
    assert fight is not None and (fight.attacker_after, fight.defender_after) == (10, 1)
    later = [*events, ArmiesMoved(2, "kamchatka", "yakutsk", 4, False)]
    moved = list(state.armies)
    moved[BOARD.index("kamchatka")] -= 4
    moved[BOARD.index("yakutsk")] += 4
    view = RULES.view(replace(state, armies=tuple(moved)), None)
    again = last_fight(view, later)
    assert again is not None and (again.attacker_before, again.attacker_after) == (10, 10)


def test_separate_attacks_are_separate_fights_and_a_view_of_another_moment_gives_no_armies() -> None:
    events: list[Event] = [
        BattleFought(2, 1, "ural", "afghanistan", (6,), (1,), 0, 1),
        BattleFought(2, 0, "kamchatka", "alaska", (6,), (1,), 0, 1),
        TerritoryConquered(2, 0, "kamchatka", "alaska"),
    ]
    fight = last_fight(samples.six_player_view(), events)
    assert fight is not None and fight.source == "kamchatka" and len(fight.rolls) == 1
    assert fight.conquered and fight.attacker_before is None  # Alaska is still Alice's in that view
    assert last_fight(None, events[:1]) is not None
    assert last_fight(None, []) is None
    assert render_battle(fight, samples.NAMES).startswith(b"\x89PNG")


def test_a_second_attack_on_the_same_territory_is_its_own_fight() -> None:
    """Two attacks on Alaska in a turn (from Kamchatka, then from the Northwest Territory): the card is
    the second's alone, its armies before those the first left (A&A's card had merged two battles)."""
    start = _kamchatka_attack()
    owner, armies = list(start.owner), list(start.armies)
    owner[BOARD.index("northwest_territory")], armies[BOARD.index("northwest_territory")] = 2, 6
    start = replace(start, owner=tuple(owner), armies=tuple(armies))
    state, first = RULES.apply(start, 2, Attack("kamchatka", "alaska", 3), ScriptedRng([6, 5, 4, 3, 2]))
    state, second = RULES.apply(state, 2, Attack("northwest_territory", "alaska", 2), ScriptedRng([1, 1, 6]))
    fight = last_fight(RULES.view(state, None), _public(first + second))
    assert fight is not None and (fight.source, len(fight.rolls)) == ("northwest_territory", 1)
    assert (fight.attacker_before, fight.attacker_after) == (6, 5)
    assert (fight.defender_before, fight.defender_after, fight.conquered) == (1, 1, False)

"""Skirmish pictures: made from views only (the map is the same whoever looks, a hand only in its owner's
picture), small enough, the battle board from the view while a battle runs and from the events once it
is over, and "what changed" read right from the events."""

from __future__ import annotations

import io

import pytest
from msgspec.structs import replace
from PIL import Image

from render.skirmish import PICTURES, battle_picture, board_image, changes, render_board
from rules.skirmish.events import AttackDeclared, BattleEnded, DefenceDeclared, LossesTaken, TroopsPlaced
from rules.skirmish.pieces import Units
from rules.skirmish.secrets import vary_secrets
from rules.skirmish.views import view
from tests.render.skirmish import samples

MIB = 1024 * 1024


def test_the_map_is_the_same_for_every_viewer_and_never_shows_a_hand() -> None:
    state = samples.midgame_state()
    public = render_board(view(state, None), samples.NAMES[:5], recent=samples.recent_events())
    for seat in range(state.players):
        varied = vary_secrets(state, (seat + 1) % state.players, 3)
        assert render_board(view(varied, seat), samples.NAMES[:5], recent=samples.recent_events()) == public


def test_cards_are_drawn_only_in_their_owners_private_picture() -> None:
    state = samples.midgame_state()
    assert PICTURES.private(view(state, None), samples.NAMES) is None
    mine = PICTURES.private(view(state, 0), samples.NAMES)
    assert mine is not None and mine != PICTURES.private(view(state, 2), samples.NAMES)
    swapped = replace(state, hands=((state.hands[0][1], state.hands[0][0]), *state.hands[1:]))
    assert PICTURES.private(view(swapped, 0), samples.NAMES) == mine  # the same hand, the same picture
    assert PICTURES.private(view(vary_secrets(state, 0, 9), 1), samples.NAMES) == PICTURES.private(
        view(state, 1), samples.NAMES
    )


def test_every_picture_is_a_small_png_and_the_map_is_1100_wide() -> None:
    crowded = replace(
        samples.midgame_state(6),
        units=tuple(Units(troop=60 // 6, cavalry=2, cannon=1, general=1) for _ in range(33)),
    )
    pictures = [
        render_board(view(crowded, None), samples.NAMES, recent=samples.recent_events(), title="Skirmish"),
        PICTURES.battle(samples.battle_view(), (), samples.NAMES),
        PICTURES.private(samples.hand_view(), samples.NAMES),
    ]
    for png in pictures:
        assert png is not None and png.startswith(b"\x89PNG") and len(png) < MIB
    assert Image.open(io.BytesIO(pictures[0])).width == 1100


def test_the_battle_board_comes_from_the_view_while_it_runs_and_from_the_events_after() -> None:
    live = battle_picture(samples.battle_view(), (), samples.NAMES)
    assert live is not None and len(live.skirmishes) == 3 and live.waiting.startswith("Alice")
    assert live.skirmishes[0].attack_extra == ("+1 counter", "Push +2") and live.higher == "defender"
    ended = battle_picture(samples.midgame_view(3), samples.ended_battle_events(), samples.NAMES)
    assert ended is not None and ended.winner == "defender"
    assert [s.winner for s in ended.skirmishes] == ["defender", "defender", "attacker"]
    assert ended.skirmishes[2].attack_dice == (4, 3) and ended.skirmishes[2].note == "2x"  # the extra die
    assert ended.skirmishes[1].defend_extra == ("Push +2",)
    # The battle's last step alone (the events of one move): what it tells is drawn, nothing invented.
    tail = battle_picture(samples.midgame_view(3), samples.ended_battle_events()[-2:], samples.NAMES)
    assert tail is not None and tail.winner == "defender" and tail.skirmishes[-1].attack_dice == ()
    assert PICTURES.battle(samples.midgame_view(3), samples.recent_events()[:1], samples.NAMES) is None


def test_changes_count_a_battles_units_once_it_is_over() -> None:
    events = [
        TroopsPlaced(0, "oakhollow", 5),
        AttackDeclared(0, 1, "oakhollow", "sable_ford", Units(troop=4), 4, 0, 0),
        DefenceDeclared(1, "sable_ford", Units(troop=2), 2, 0, 0),
    ]
    during = changes(events)
    assert during.attacks == (("oakhollow", "sable_ford"),) and during.deltas == ()  # on the board: no delta
    ended = BattleEnded(
        0, 1, "oakhollow", "sable_ford", "defender", "count", Units(troop=1), Units(troop=2), True
    )
    extra = LossesTaken(1, 1, "defender", "extra dice", Units(), Units(), Units(troop=1))
    after = changes([*events, extra, ended])
    assert dict(after.deltas) == {"oakhollow": 5 + 1 - 4, "sable_ford": -1}
    assert changes([ended]).deltas == () and changes([ended]).attacks == (("oakhollow", "sable_ford"),)


@pytest.mark.parametrize("width", [550, 1100])
def test_the_map_renders_at_other_widths_with_the_same_layout(width: int) -> None:
    image = board_image(samples.midgame_view(), samples.NAMES[:5], width=width)
    assert image.width == width and image.height == pytest.approx(1012 * width / 1100, rel=0.05)


def test_a_view_of_another_map_is_refused() -> None:
    broken = replace(samples.midgame_view(), territories=samples.midgame_view().territories[1:])
    with pytest.raises(ValueError, match="not of the Skirmish map"):
        board_image(broken, samples.NAMES)


def test_the_standings_headers_keep_apart_so_cards_and_troops_left_read_as_two() -> None:
    """A newcomer's two-player map read "CardsTroops left" at 550 px: with one column of players, "Troops
    left" filled its column to 4 px of "Cards". Every header keeps at least 10 px (at full size) from the
    header on its left, in both layouts."""
    from render.core.fonts import font, text_width
    from render.skirmish.base import REFERENCE_WIDTH
    from render.skirmish.legend import COLUMNS, HEAD_PX, column_widths

    ui = 1100 / REFERENCE_WIDTH
    head = font(round(HEAD_PX * ui))
    for columns in (1, 2):
        widths = column_widths(columns, ui)
        for label, width in zip(COLUMNS, widths, strict=True):
            assert width - text_width(label, head) >= 10 * ui, (columns, label)


def test_the_battle_board_says_the_defender_adds_one_a_die_and_counts_one_die() -> None:
    """A newcomer saw the defender's 6 become 7 on the battle board with nothing saying why (the rules give
    the defender +1 for each of its dice in a skirmish), and a side of one die read "1 dice"."""
    from dataclasses import replace as changed

    from render.skirmish.battle import side_line
    from render.skirmish.picture import SidePicture

    one = SidePicture(seat=1, territory="Oakhollow", units=Units(troop=1), declared=1)
    assert side_line(one, "Defender") == "1 die · +1 a die"
    assert side_line(changed(one, declared=3, ones=1), "Attacker") == "3 dice · 1 one off"
    assert side_line(changed(one, declared=3, bonus=1), "Defender") == "3 dice · +1 a die · +1 every skirmish"


def test_a_defender_still_choosing_is_not_shown_with_no_units_left() -> None:
    """A newcomer asked to defend a territory of three troops read "no units left" on the battle board:
    no defender was on the board yet because she had not chosen them."""
    from dataclasses import replace as changed

    from render.skirmish.battle import no_units
    from render.skirmish.picture import SidePicture

    choosing = SidePicture(seat=0, territory="Northwatch", units=Units())
    assert no_units(choosing, "Defender") == "defenders not chosen yet"
    assert no_units(changed(choosing, declared=3), "Defender") == "no units left"  # all lost since
    assert no_units(choosing, "Attacker") == "no units left"


def test_the_title_says_what_the_player_to_act_does_in_each_step_of_a_turn() -> None:
    """The header read "Alice to standard": a phase's name is not a verb."""
    from render.skirmish.board import title_info
    from rules.skirmish.state import Phase

    said = {}
    for phase in (Phase.STANDARD, Phase.EXCHANGE, Phase.ATTACK, Phase.MOVE):
        state = replace(samples.midgame_state(3), phase=phase)
        said[phase] = title_info(view(state, None), samples.NAMES, "Skirmish", None).action
    assert said == {
        Phase.STANDARD: "to take standard actions",
        Phase.EXCHANGE: "to exchange units",
        Phase.ATTACK: "to attack",
        Phase.MOVE: "to make the free move",
    }


def test_the_battle_boards_question_is_written_whole_on_two_lines_when_long() -> None:
    """A newcomer's battle board read "Waiting for Player 1: set the defender's dice against the attacker's
    to form the s…"."""
    import dataclasses

    from render.skirmish.battle import LINE_H, battle_image, footer_lines

    live = battle_picture(samples.battle_view(), (), samples.NAMES)
    assert live is not None
    prompt = "Player 1: set the defender's dice against the attacker's to form the skirmishes"
    long = dataclasses.replace(live, waiting=prompt)
    lines = footer_lines(long, samples.NAMES, 1000, 1.0)
    assert len(lines) == 2 and " ".join(lines) == f"Waiting for {prompt}"
    assert footer_lines(live, samples.NAMES, 1000, 1.0) == [f"Waiting for {live.waiting}"]
    grown = battle_image(long, samples.NAMES).height - battle_image(live, samples.NAMES).height
    assert grown == LINE_H


def test_the_legend_reads_when_the_board_is_shown_550_px_wide() -> None:
    """At 16 and 19 px on the 1100 px board the key and the headings were 8 px on a phone and the rows 9.5;
    now as Attack!'s standings: rows at least 10.5 px, headings and the key 9, the key written whole."""
    from render.core.fonts import font, text_width
    from render.skirmish.base import REFERENCE_WIDTH
    from render.skirmish.legend import HEAD_PX, KEY_PX, KEY_SHADING, ROW_PX

    shown = 550 / REFERENCE_WIDTH
    assert ROW_PX * shown >= 10.5 and HEAD_PX * shown >= 9 and KEY_PX * shown >= 9
    assert text_width(KEY_SHADING, font(KEY_PX)) <= REFERENCE_WIDTH - 40


def test_a_seats_battle_board_is_the_last_battle_it_fought_in() -> None:
    """A turn's notice to the defender of the first battle showed the second, between two other seats:
    given a seat, the last battle it fought in, drawn as that battle alone; given none, the last."""
    sweep = [
        AttackDeclared(0, 2, "oakhollow", "millbrook", Units(troop=5), 5, 0, 0),
        BattleEnded(0, 2, "oakhollow", "millbrook", "attacker", "5-to-1", Units(troop=5), Units(), False),
    ]
    events = [*samples.ended_battle_events(), *sweep]
    view = samples.midgame_view(3)
    first = battle_picture(view, samples.ended_battle_events(), samples.NAMES)
    assert battle_picture(view, events, samples.NAMES, seat=1) == first
    last = battle_picture(view, events, samples.NAMES)
    assert last is not None and last != first and last.winner == "attacker"
    assert battle_picture(view, events, samples.NAMES, seat=2) == last
    assert battle_picture(view, events, samples.NAMES, seat=0) == last  # in both: its last
    assert PICTURES.battle(view, events, samples.NAMES, seat=1) == PICTURES.battle(
        view, samples.ended_battle_events(), samples.NAMES
    )

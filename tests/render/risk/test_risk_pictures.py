"""Risk's ``PICTURES``, the four entry points callers use, on views and events made by the rules engine."""

from __future__ import annotations

import io

from msgspec.structs import replace
from PIL import Image

from render.risk import PICTURES, base, last_fight, render_battle, render_board, render_hand
from render.risk.replay import replay, replay_frames
from rules.core.dice import ScriptedRng, SeededRng
from rules.core.events import Event
from rules.risk import RULES
from rules.risk.actions import Attack
from rules.risk.secrets import vary_secrets
from rules.risk.state import Phase, RiskState
from tests.render.risk import samples
from tests.rules.risk.position import position

NAMES = ("Alice", "Bob", "Chen")


def _new_game() -> tuple[RiskState, SeededRng]:
    rng = SeededRng("render pictures")
    state, _ = RULES.setup({"setup_batch": 40}, len(NAMES), rng)
    return state, rng


def _attacks(count: int) -> tuple[RiskState, list[Event]]:
    """From a new game, the first legal move each time until ``count`` attacks have been rolled; the
    events of every move since the attack phase began."""
    state, rng = _new_game()
    events: list[Event] = []
    while count:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal(state, seat)
        attack = next((a for a in legal if isinstance(a, Attack)), None)
        state, happened = RULES.apply(state, seat, attack or legal[0], rng)
        if state.phase is Phase.ATTACK:
            events += happened
        count -= attack is not None
    return state, events


def _png(data: bytes | None) -> Image.Image:
    assert data is not None
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_board_is_the_public_board_at_1600_on_the_world_map() -> None:
    state, _ = _new_game()
    public = RULES.view(state, None)
    drawn = PICTURES.board(public, NAMES, title="Risk · #table")
    assert drawn == render_board(public, NAMES, title="Risk · #table", layout="world_map", width=1600)
    assert _png(drawn).width == 1600


def test_board_draws_the_recent_attacks() -> None:
    state, events = _attacks(1)
    public = RULES.view(state, None)
    with_arrows = PICTURES.board(public, NAMES, title="Risk", recent=events)
    assert with_arrows == render_board(public, NAMES, title="Risk", recent=tuple(events))
    assert with_arrows != PICTURES.board(public, NAMES, title="Risk")


def test_battle_draws_the_last_attack_among_the_events() -> None:
    state, events = _attacks(2)
    public = RULES.view(state, None)
    fight = last_fight(public, events)
    assert fight is not None
    drawn = PICTURES.battle(public, events, NAMES)
    assert drawn == render_battle(fight, NAMES)
    assert _png(drawn).width == 1000


def test_no_battle_no_picture() -> None:
    state, _ = _new_game()
    public = RULES.view(state, None)
    assert PICTURES.battle(public, [], NAMES) is None
    setup_events = RULES.setup({}, 3, SeededRng("another"))[1]
    assert PICTURES.battle(public, setup_events, NAMES) is None


def test_private_is_the_viewers_own_hand() -> None:
    state, _ = _new_game()
    state = replace(state, hands=((0, 43), (5,), ()), deck=tuple(range(6, 43)) + (1, 2, 3, 4))
    mine = RULES.view(state, 0)
    assert PICTURES.private(mine, NAMES) == render_hand((0, 43), view=mine)
    assert PICTURES.private(mine, NAMES) != PICTURES.private(RULES.view(state, 1), NAMES)


def test_an_empty_hand_still_gets_its_picture_and_the_public_none() -> None:
    state, _ = _new_game()
    assert state.hands[0] == ()
    mine = RULES.view(state, 0)
    assert PICTURES.private(mine, NAMES) == render_hand((), view=mine)
    assert PICTURES.private(RULES.view(state, None), NAMES) is None


def test_warm_builds_the_layer_the_board_uses() -> None:
    base.clear_cache()
    PICTURES.warm()
    assert len(base._BASES) == 1  # a private cache: the test peeks
    state, _ = _new_game()
    PICTURES.board(RULES.view(state, None), NAMES, title="Risk")
    assert len(base._BASES) == 1  # the board found it built: nothing more was added


def test_no_picture_shows_another_seats_secrets() -> None:
    """Every picture, drawn from every seat's view and the public one with the events as that viewer
    sees them, stays the same when another seat's hidden things (its cards) change."""
    state, events = _attacks(3)
    state = replace(state, hands=((0, 43), (5, 6), (7,)), deck=tuple(range(8, 43)) + (1, 2, 3, 4))
    for viewer in (None, 0, 1, 2):
        seen = [e for e in (RULES.redact(e, viewer) for e in events) if e is not None]
        view = RULES.view(state, viewer)
        drawn = (
            PICTURES.board(view, NAMES, title="Risk", recent=seen),
            PICTURES.battle(view, seen, NAMES),
            replay_frames([(view, seen)], NAMES),
        )
        for owner in range(3):
            if owner == viewer:
                continue
            secret = vary_secrets(state, owner, 7)
            assert secret.hands[owner] != state.hands[owner]  # the owner's cards did change
            varied = RULES.view(secret, viewer)
            again = (
                PICTURES.board(varied, NAMES, title="Risk", recent=seen),
                PICTURES.battle(varied, seen, NAMES),
                replay_frames([(varied, seen)], NAMES),
            )
            assert again == drawn, (viewer, owner)


def test_a_replay_of_a_game_is_an_animated_gif_of_its_turns() -> None:
    turns = samples.game_turns(3, 6)
    made = replay(turns, NAMES)
    gif = Image.open(io.BytesIO(made.data))
    assert gif.format == "GIF" and gif.n_frames == made.frames == len(turns) == 7
    assert made.width == 960 and len(made.data) < 8 * 1024 * 1024


def test_a_seats_battle_card_is_the_last_battle_it_fought_in() -> None:
    """A turn's notice pinged Bob with the card of the battle two other seats fought last, when the one
    that took his armies came before it: given Bob, the last battle Bob fought in, its armies as they
    stood then (the later battle's losses taken back); given nobody, or a seat that fought none, the last."""
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 5), "egypt": (0, 5), "east_africa": (2, 4)})
    events: list[Event] = []
    for attack in (Attack("ukraine", "ural", 3), Attack("egypt", "east_africa", 3)):
        state, more = RULES.apply(state, 0, attack, ScriptedRng([6, 6, 6, 1, 1]))
        events += more
    public = RULES.view(state, None)
    bobs = last_fight(public, events, seat=1)
    assert bobs is not None
    assert (bobs.defender, bobs.target) == (1, "ural")
    assert (bobs.defender_before, bobs.defender_after, bobs.attacker_before) == (5, 3, 10)
    for seat in (None, 2, 3):
        last = last_fight(public, events, seat)
        assert last is not None and (last.defender, last.target, last.defender_after) == (2, "east_africa", 2)
    assert PICTURES.battle(public, events, NAMES, seat=1) == render_battle(bobs, NAMES)
    assert PICTURES.battle(public, events, NAMES, seat=1) != PICTURES.battle(public, events, NAMES)

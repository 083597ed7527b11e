"""A setup turn places several hexes, one command each, and each answer had said only "Alice placed a
city hex at F4": now it says how many more the turn places, and what the player still holds; the move
that ends the turn says nothing of the kind."""

from __future__ import annotations

from pathlib import Path

from bot.games.hexwar.making import making
from bot.games.hexwar.presenter import PRESENTER
from rules.hexwar import RULES
from rules.hexwar.actions import PlaceUnit
from rules.hexwar.ai import HexWarAI
from rules.hexwar.state import Phase
from rules.hexwar.views import placing_left
from tests.bot.discord_world import discord_world
from tests.bot.hexwar.play import SHORT, WITH, open_game, state_of, type_command, user_of
from tests.bot.hexwar.test_terminal import _units_phase
from tests.rules.hexwar.test_setup import advance


async def test_each_placement_says_how_many_more_this_turn_places(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "hex.db"), games=WITH) as (fd, bot):
        game_id = await open_game(fd, bot, {**SHORT, "hexes_per_turn": 3, "opening_hexes": 0})
        before = await state_of(bot, game_id)
        seat = before.current
        user = await user_of(fd, bot, game_id, seat)
        agent = HexWarAI(1)
        last_lines = []
        for left in (3, 2, 1):
            assert (before.phase, before.current, placing_left(before)) == (Phase.HEXES, seat, left)
            answer = await type_command(fd, user, making(agent.choose(before, seat)))
            assert answer.ephemeral
            last_lines.append(answer.embeds[0]["description"].split("\n")[-1])
            after = await state_of(bot, game_id)
            kinds = zip(("land", "city", "port", "water"), after.hands[seat], strict=True)
            holding = ", ".join(f"{n} {kind}" for kind, n in kinds if n)
            if left == 3:
                assert last_lines[-1] == f"2 more hexes to place this turn (you hold {holding})."
            elif left == 2:
                assert last_lines[-1] == f"1 more hex to place this turn (you hold {holding})."
            before = after
        assert "to place this turn" not in last_lines[-1] and before.current != seat  # the turn passed


def test_starting_units_left_this_turn_are_counted_too() -> None:
    state, first, name = _units_phase(units_per_turn=5)
    placed, _ = RULES.apply(state, first, PlaceUnit("inf", name, 2), None)  # type: ignore[arg-type]
    assert placing_left(placed) == 3 and placed.current == first
    said = PRESENTER.still_to_do(RULES.view(placed, None))
    assert said is not None and said.startswith("3 more starting units to place this turn (you have ")
    # The rounds have nothing to count.
    rounds = advance(state, lambda s: s.phase is Phase.ORDERS)
    assert placing_left(rounds) == 0 and PRESENTER.still_to_do(RULES.view(rounds, None)) is None

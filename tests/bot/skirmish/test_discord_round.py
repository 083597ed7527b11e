"""A full round of Skirmish for three players on the fake Discord, driven as players would: slash commands
for the turn, a battle decided step by step through the buttons (with the bot restarted in the middle of
it, and the button from before the restart still working), and a battle that the defender's standing
orders, set out of turn and answered privately, decide without asking.

The game's seed is fixed (``helpers.FixedSeed``), so the deal and the dice are the same on every run: bob
(seat 1) moves first, then alice, then carol.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.app import create_bot
from bot.settings import Settings
from rules.skirmish.board import skirmish_map
from rules.skirmish.legal import attacks
from tests.bot.discord_world import discord_world
from tests.bot.skirmish.helpers import (
    CHANNEL,
    WITH,
    click,
    latest_buttons,
    position,
    public_text,
    seat_of,
    three_player_game,
    waiting,
)

PRIMARY = {  # the button a player clicks for each battle step: the common answer
    "defend": ("defend", ""),
    "losses": ("losses", ""),
    "assign": ("assign", "best"),
    "extra": ("extra", "best"),
    "cards": ("pass", ""),
    "order": ("order", "best"),
    "occupy": ("occupy", "advance"),
}


async def attack_on(fd: Any, app: Any, game_id: int, attacker: str, defender: str) -> Any:
    """``/sk attack`` from the attacker's first territory that borders one of the defender's."""
    state, _ = await position(app, game_id)
    mine, theirs = await seat_of(fd, app, game_id, attacker), await seat_of(fd, app, game_id, defender)
    board = skirmish_map()
    attack = next(a for a in attacks(state, mine, board) if state.owner[board.index(a.target)] == theirs)
    answer = await fd.slash(attacker, CHANNEL, "sk attack", {"from": attack.source, "to": attack.target})
    assert answer.embeds, answer.content  # the attacker's own answer, not a refusal
    return answer


async def fight_by_buttons(fd: Any, app: Any, game_id: int, on_first: Any = None) -> list[tuple[str, str]]:
    """Answer each battle step with its common button, as whoever the battle waits for; ``on_first`` runs
    (and may restart the bot, returning the new one) before the first answer after the defence."""
    clicked: list[tuple[str, str]] = []
    while True:
        state, _ = await position(app, game_id)
        if state.battle is None:
            return clicked
        user, step = await waiting(fd, app, game_id)
        if on_first is not None and step != "defend":
            app = await on_first()
            on_first = None
        answer = await click(fd, user, *PRIMARY[step])
        # Each step's answer shows the battle board as it now stands (or as it ended); sharing out the
        # winners comes after the board showed the win, and shows the map's change in words.
        shown = [a.filename for a in answer.followups[-1].attachments]
        assert ("battle.png" in shown) == (step != "occupy"), step
        clicked.append((user, step))


async def finish_turn(fd: Any, app: Any, game_id: int, user: str) -> None:
    """Click through the rest of ``user``'s turn: each step's "done" button, or discard for them."""
    for _ in range(10):
        who, _ = await waiting(fd, app, game_id)
        if who != user:
            return
        await click(fd, user, "end")
    raise AssertionError(f"{user}'s turn did not end")


async def test_a_full_round_for_three_with_a_battle_by_buttons_a_restart_and_standing_orders(
    tmp_path: Path, monkeypatch: Any
) -> None:
    database = str(tmp_path / "skirmish.db")
    async with discord_world(database, games=WITH) as (fd, app):
        game_id = await three_player_game(fd, app, monkeypatch)
        assert await waiting(fd, app, game_id) == ("bob", "standard")

        # Carol sets her standing orders out of turn; only she sees the answer, and the channel nothing.
        shown = len(fd.messages(CHANNEL, ephemeral=False))
        orders = await fd.slash(
            "carol",
            CHANNEL,
            "sk orders",
            defend="all",
            losses="cheapest",
            assign="best",
            cards_from="99",
            order="best",
        )
        assert orders.ephemeral and "defend all" in orders.content and "assign best" in orders.content
        assert len(fd.messages(CHANNEL, ephemeral=False)) == shown
        assert "orders" not in public_text(fd, shown)

        # Bob: reinforce and place by button, draw a card by button, on to the attack.
        reinforced = await fd.slash("bob", CHANNEL, "sk reinforce")
        assert reinforced.embeds and "reinforced" in reinforced.embeds[0]["description"]
        await click(fd, "bob", "front")
        await click(fd, "bob", "draw")
        drawn_text = public_text(fd, shown)  # the draw's answer is Bob's own (issue 28)
        hand = await fd.slash("bob", CHANNEL, "sk hand")
        assert hand.ephemeral and "hand.png" in hand.files
        card_name = hand.embeds[0]["description"].split(":")[0].split(" ", 1)[1]
        assert card_name not in drawn_text, "the drawn card is named only in bob's private reply"
        peek = await fd.slash("alice", CHANNEL, "sk hand")
        assert peek.ephemeral and card_name not in peek.embeds[0]["description"]
        passed_by = latest_buttons(fd)  # "Done exchanging": bob attacks straight away instead

        # Bob attacks alice; she alone is asked (a ping of her own), and the battle goes step by step.
        attacked = await attack_on(fd, app, game_id, "bob", "alice")
        await fd.wait_idle(settle=0.2)
        asked = [m for m in fd.messages(CHANNEL, ephemeral=False) if "waits for your decision" in m.content]
        assert asked and asked[-1].pings == {f"user:{fd.user_id('alice')}"}
        # The defence's buttons are hers, on her message; bob's answer has the battle, not her buttons.
        assert any(c.endswith(":defend") for c in asked[-1].custom_ids)
        assert "battle.png" in attacked.files and not attacked.message.custom_ids

        async def restart() -> Any:
            """The bot goes down mid-battle; a new one on the same database carries on."""
            nonlocal app
            await app.close()
            app = create_bot(Settings(token="fake-token", database=database), games=WITH)
            await fd.start_bot(app)
            return app

        clicked = await fight_by_buttons(fd, app, game_id, on_first=restart)
        assert ("alice", "defend") in clicked and len(clicked) >= 2, clicked
        # Bob attacked instead of clicking "Done exchanging": that answer's buttons went with his move.
        assert passed_by.custom_ids == []
        await finish_turn(fd, app, game_id, "bob")

        # Alice's turn: she attacks carol, whose standing orders answer every step of the defence.
        assert (await waiting(fd, app, game_id))[0] == "alice"
        await fd.slash("alice", CHANNEL, "sk end")  # no standard action
        start = len(fd.messages(CHANNEL, ephemeral=False))
        await attack_on(fd, app, game_id, "alice", "carol")
        clicked = await fight_by_buttons(fd, app, game_id)
        assert all(user == "alice" for user, _ in clicked), clicked
        # Alice's answers are hers (issue 28): she reads how carol's standing orders defended.
        told = "\n".join(
            e.get("description", "") for m in fd.messages(CHANNEL)[start:] if m.ephemeral for e in m.embeds
        )
        assert "defended" in told and "(by standing order)" in told
        await finish_turn(fd, app, game_id, "alice")

        # Carol's turn, by the buttons alone, brings the round back to bob.
        assert (await waiting(fd, app, game_id))[0] == "carol"
        await fd.slash("carol", CHANNEL, "sk end")
        await finish_turn(fd, app, game_id, "carol")
        await fd.wait_idle(settle=0.2)
        state, _ = await position(app, game_id)
        assert await waiting(fd, app, game_id) == ("bob", "standard") and state.turn == 4 and state.round == 2
        fd.assert_clean()
        await app.close()

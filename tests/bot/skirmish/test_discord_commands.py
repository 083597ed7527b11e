"""The /sk commands on the fake Discord beyond a plain round: autocomplete offers what is legal now (and
only to the seat that may act), bad input gets one ephemeral sentence and changes nothing, cards stay in
private replies, and the private card menu plays a card in a battle.

Same fixed seed as the round test: bob (seat 1) moves first; he draws a Rally, then attacks alice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.skirmish.board import skirmish_map
from rules.skirmish.legal import attacks
from tests.bot.discord_world import discord_world
from tests.bot.skirmish.helpers import (
    CHANNEL,
    WITH,
    latest_buttons,
    position,
    public_text,
    seat_of,
    three_player_game,
    waiting,
)


async def test_autocomplete_refusals_private_cards_and_the_card_menu(
    tmp_path: Path, monkeypatch: Any
) -> None:
    async with discord_world(str(tmp_path / "commands.db"), games=WITH) as (fd, app):
        game_id = await three_player_game(fd, app, monkeypatch)
        board = skirmish_map()
        state, version = await position(app, game_id)
        bob, alice = await seat_of(fd, app, game_id, "bob"), await seat_of(fd, app, game_id, "alice")

        # Autocomplete: bob's attacks (skipping ahead from his standard actions is allowed); nothing for
        # alice, whose turn it is not.
        sources = await fd.autocomplete("bob", CHANNEL, "sk attack", "from", "")
        assert sources and all(state.owner[board.index(c["value"])] == bob for c in sources)
        source = sources[0]["value"]
        targets = await fd.autocomplete("bob", CHANNEL, "sk attack", "to", "", **{"from": source})
        assert targets and {c["value"] for c in targets} <= {
            board.ids[n] for n in board.neighbours[board.index(source)]
        }
        assert await fd.autocomplete("alice", CHANNEL, "sk attack", "from", "") == []
        orders = await fd.autocomplete("carol", CHANNEL, "sk orders", "assign", "hi")
        assert [c["value"] for c in orders] == ["highest"]

        # Bad input: one sentence, only to the player, and the game does not change.
        target = next(c["value"] for c in targets if state.owner[board.index(c["value"])] != bob)
        mine = next(board.ids[t] for t in range(board.size) if state.owner[t] == bob)
        cases = [
            ("alice", "sk reinforce", {}, "not your turn"),
            ("bob", "sk attack", {"from": source, "to": target, "units": "11 troops"}, "at most 10 units"),
            ("bob", "sk attack", {"from": source, "to": target, "units": "3 dragons"}, "is not a unit"),
            (
                "bob",
                "sk exchange",
                {"territory": mine, "give": "1 troop, 1 cavalry", "get": "cannon"},
                "one type",
            ),
            ("bob", "sk card", {"card": "0", "skirmish": 1}, "you do not hold that card"),
            ("carol", "sk orders", {"defend": "sometimes"}, "one of all or ask"),
            ("dave", "sk end", {}, "not playing"),
        ]
        for user, command, values, says in cases:
            answer = await fd.slash(user, CHANNEL, command, values)
            assert answer.ephemeral, f"{command} by {user} should be refused privately"
            assert says in answer.content.lower(), answer.content
            assert (await position(app, game_id))[1] == version, f"{command} changed the game"

        # A drawn card is named only to its holder: the channel says "a card"; /sk hand and the
        # discard autocomplete show it to bob alone.
        shown = len(fd.messages(CHANNEL, ephemeral=False))
        await fd.slash("bob", CHANNEL, "sk draw")
        hand = await fd.slash("bob", CHANNEL, "sk hand")
        assert hand.ephemeral and "Rally" in hand.embeds[0]["description"] and "hand.png" in hand.files
        assert "Rally" not in public_text(fd, shown)  # the draw's answer is Bob's own (issue 28)
        assert "Rally" not in (await fd.slash("alice", CHANNEL, "sk hand")).embeds[0]["description"]
        assert [
            c["name"].split(" ")[0] for c in await fd.autocomplete("bob", CHANNEL, "sk discard", "card", "")
        ] == ["Rally"]
        assert await fd.autocomplete("alice", CHANNEL, "sk discard", "card", "") == []

        # Bob attacks alice; at his counters-and-cards step he plays the Rally from the private menu.
        await fd.slash("bob", CHANNEL, "sk end")
        state, _ = await position(app, game_id)
        attack = next(a for a in attacks(state, bob, board) if state.owner[board.index(a.target)] == alice)
        await fd.slash("bob", CHANNEL, "sk attack", {"from": attack.source, "to": attack.target})
        assert await waiting(fd, app, game_id) == ("alice", "defend")
        # Alice answers by setting standing orders: they answer her steps now and later, and stay hers
        # alone (the log shows others nothing of them; the steps they answered are public as usual).
        shown = len(fd.messages(CHANNEL, ephemeral=False))
        orders = await fd.slash("alice", CHANNEL, "sk orders", defend="all", assign="best", order="formed")
        assert orders.ephemeral and "defend all" in orders.content and "answered" in orders.content
        assert "Alice …" in public_text(fd, shown)  # the table is told her answered steps in a line
        assert await waiting(fd, app, game_id) == ("bob", "cards")
        state, _ = await position(app, game_id)
        assert (state.orders[alice].defend, state.orders[alice].assign, state.orders[alice].order) == (
            "all",
            "best",
            "formed",
        )
        log = await fd.slash("bob", CHANNEL, "game log")
        told = log.embeds[0]["description"]
        assert "Alice defended" in told  # the steps her orders answered, in the public log as usual
        assert "kept secret" not in told and "set orders" not in told and "'formed'" not in told
        message = latest_buttons(fd)
        menu_id = next(c for c in message.custom_ids if c.startswith("wbm:"))
        refused = await fd.click("alice", message, menu_id)
        assert refused.ephemeral and "another player's" in refused.content
        menu = await fd.click("bob", message, menu_id)
        assert menu.ephemeral and "Rally" in str(menu.message.components)
        select = next(c for c in menu.message.custom_ids if c.startswith("skc:"))
        option = menu.message.component(select)["options"][0]["value"]
        played = await fd.select("bob", menu.message, select, [option])
        assert played.followups[-1].embeds  # the move's answer, to Bob alone since issue 28
        assert "Bob played Rally." in str(played.followups[-1].embeds) + public_text(fd, shown)
        state, _ = await position(app, game_id)
        assert not state.hands[bob] and int(option.split(".")[0]) in state.discard
        told = str([m.embeds for m in played.followups]) + public_text(fd, shown)
        assert "Battle for" in told, "alice's orders took the rest of her steps"
        fd.assert_clean()

"""A move costs one read of the store, one decode of the state and one commit: counted through the fake
Discord for a Risk attack and an Axis & Allies move (the channel lookup reads the game with its seats;
the service applies the move to what was read; presenting it uses what the service handed back)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.app import WarboardBot
from bot.games import GAMES
from bot.service import GameService
from bot.store import SqliteStore
from rules.axis_allies.actions import Move
from rules.hexwar.actions import SubmitOrders
from rules.risk.actions import Attack, EndPhase
from rules.risk.state import Phase
from tests.bot.discord_world import discord_world

WRITES = {"commit", "create_game", "add_timer", "delete_timer", "claim_timer", "set_dm_turns"}
WRITES |= {"set_guild_settings", "close"}


class CountingStore:
    """The real store, counting each call by name (a read is any call that is not a write)."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._store, name)

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return await method(*args, **kwargs)

        return counted

    @property
    def reads(self) -> int:
        return sum(n for name, n in self.calls.items() if name not in WRITES)


def count_decodes(service: GameService) -> Counter[str]:
    """Count the service's state decodes from now on."""
    counter: Counter[str] = Counter()
    decode = service.state_of

    def counted(game: Any) -> Any:
        counter["decodes"] += 1
        return decode(game)

    service.state_of = counted  # type: ignore[method-assign]
    return counter


async def new_game(bot: WarboardBot, fd: Any, ruleset: str, seats: int, options: dict[str, str]) -> int:
    """A started game in the channel "risk": alice in the first seat, AIs in the others."""
    status = await bot.service.create(fd.channel_id("risk"), fd.user_id("alice"), "alice", ruleset, options)
    for _ in range(seats - 1):
        await bot.service.join(status.game_id, fd.user_id("alice"), "", ai=True)
    await bot.service.start(status.game_id, fd.user_id("alice"), seed="trips")
    return status.game_id


async def play_alice_until(bot: WarboardBot, game_id: int, user: int, done: Any) -> Any:
    """Alice's seat plays the AI's moves (and the AI its own) until ``done(state)``."""
    game = GAMES[(await bot.service.load(game_id)).ruleset]
    for _ in range(2000):
        await bot.service.play_ai(game_id)
        record = await bot.service.load(game_id)
        state = bot.service.state_of(record)
        if done(state):
            return state
        seat = game.rules.to_act(state)[0]
        await bot.service.act(game_id, user, game.agent(record.version).choose(state, seat))
    raise AssertionError("never reached")


async def one_command(
    bot: WarboardBot, store: CountingStore, fd: Any, name: str, options: dict[str, Any]
) -> None:
    store.calls.clear()
    decodes = count_decodes(bot.service)
    answer = await fd.slash("alice", "risk", name, **options)
    assert answer.embeds, answer.content  # the move's (private) answer, not a refusal
    assert (store.reads, store.calls["commit"], decodes["decodes"]) == (1, 1, 1), dict(store.calls)


async def test_a_risk_attack_reads_the_store_once(tmp_path) -> None:
    store = CountingStore(await SqliteStore.open(str(tmp_path / "g.db")))
    async with discord_world(str(tmp_path / "unused.db"), store=store) as (fd, bot):  # type: ignore[arg-type]
        game_id = await new_game(bot, fd, "risk", 2, {"setup_batch": "40"})

        def attacking(state: Any) -> bool:
            return state.phase is Phase.ATTACK and state.current == 0 and not state.pending

        state = await play_alice_until(bot, game_id, fd.user_id("alice"), attacking)
        attack = next(
            a for a in GAMES["risk"].rules.legal(state, 0) if isinstance(a, Attack) and a.until is None
        )
        await one_command(bot, store, fd, "risk attack", {"from": attack.source, "to": attack.target})
        fd.assert_clean()
    await store._store.close()


async def test_an_aa_move_reads_the_store_once(tmp_path) -> None:
    store = CountingStore(await SqliteStore.open(str(tmp_path / "g.db")))
    async with discord_world(str(tmp_path / "unused.db"), store=store) as (fd, bot):  # type: ignore[arg-type]
        game_id = await new_game(bot, fd, "axis_allies", 5, {})
        status = await bot.service.status(game_id)  # seats are drawn: alice plays her seat's power
        seat = next(s.seat for s in status.seats if s.user_id == fd.user_id("alice"))
        state = await play_alice_until(
            bot,
            game_id,
            fd.user_id("alice"),
            lambda s: s.phase == "combat_move" and s.seat_of[s.power] == seat,
        )
        move = next(m for m in GAMES["axis_allies"].rules.legal(state, seat) if isinstance(m, Move))
        making = GAMES["axis_allies"].making(move)
        await one_command(bot, store, fd, making.name, dict(making.options))  # type: ignore[union-attr]
        fd.assert_clean()
    await store._store.close()


# ---- a move that ends the turn ----------------------------------------------------------------------
# Issue 28 item 7: the move's result carries the game as it committed it, so the announcement reads only
# the log's last rows and whom to tell beyond the channel: the channel's game, the log's tail and the
# listeners (players wanting DMs, followers) are the three reads; the move's own decode is the only one.


async def two_humans(
    bot: WarboardBot, fd: Any, ruleset: str, options: dict[str, str]
) -> tuple[int, dict[int, int]]:
    """A started game in the channel "risk" between alice and bob (seats drawn): its id and each seat's
    member, its status message already posted (as the start's announcement does on Discord)."""
    status = await bot.service.create(fd.channel_id("risk"), fd.user_id("alice"), "alice", ruleset, options)
    await bot.service.join(status.game_id, fd.user_id("bob"), "bob")
    await bot.service.start(status.game_id, fd.user_id("alice"), seed="trips")
    await bot.announcer.refresh_status(status.game_id)
    started = await bot.service.status(status.game_id)
    return status.game_id, {seat.seat: seat.user_id for seat in started.seats if seat.user_id is not None}


async def play_until(bot: WarboardBot, game_id: int, users: dict[int, int], stop: Any) -> None:
    """Both seats play the AI's moves (the later seat first, in a round of orders) until the move about
    to be made is one ``stop(state, seat, action)`` keeps for the test to make by command."""
    game = GAMES[(await bot.service.load(game_id)).ruleset]
    for _ in range(3000):
        record = await bot.service.load(game_id)
        state = bot.service.state_of(record)
        seat = game.rules.to_act(state)[-1]
        action = game.agent(record.version).choose(state, seat)
        if stop(state, seat, action):
            return
        await bot.service.act(game_id, users[seat], action)
    raise AssertionError("never reached")


async def turn_ending_command(
    bot: WarboardBot, store: CountingStore, fd: Any, game_id: int, name: str
) -> tuple[int, int]:
    """Alice's ``name`` command ends the turn: its (reads, decodes), after checking the turn passed."""
    before = (await bot.service.status(game_id)).turn_label
    store.calls.clear()
    decodes = count_decodes(bot.service)
    answer = await fd.slash("alice", "risk", name)
    assert answer.embeds, answer.content
    counted = store.reads, decodes["decodes"]
    assert store.calls["commit"] == 1, dict(store.calls)
    assert (await bot.service.status(game_id)).turn_label != before
    return counted


async def test_ending_a_risk_turn_reads_the_game_once(tmp_path) -> None:
    store = CountingStore(await SqliteStore.open(str(tmp_path / "g.db")))
    async with discord_world(str(tmp_path / "unused.db"), store=store) as (fd, bot):  # type: ignore[arg-type]
        game_id, users = await two_humans(bot, fd, "risk", {"setup_batch": "40"})
        alice = next(seat for seat, user in users.items() if user == fd.user_id("alice"))

        def alice_ends_her_turn(state: Any, seat: int, action: Any) -> bool:
            return state.phase is Phase.FORTIFY and seat == alice and isinstance(action, EndPhase)

        await play_until(bot, game_id, users, alice_ends_her_turn)
        reads, decodes = await turn_ending_command(bot, store, fd, game_id, "risk end")
        assert (reads, decodes) == (3, 1), dict(store.calls)
        assert set(store.calls) == {"game_and_seats", "log_tail", "listeners", "commit"}
        fd.assert_clean()
    await store._store.close()


async def test_the_last_orders_of_a_hexwar_round_read_the_game_once(tmp_path) -> None:
    store = CountingStore(await SqliteStore.open(str(tmp_path / "g.db")))
    async with discord_world(str(tmp_path / "unused.db"), store=store) as (fd, bot):  # type: ignore[arg-type]
        game_id, users = await two_humans(bot, fd, "hexwar", {})
        alice = next(seat for seat, user in users.items() if user == fd.user_id("alice"))
        rules = GAMES["hexwar"].rules

        def alice_hands_in_the_rounds_last_orders(state: Any, seat: int, action: Any) -> bool:
            last = rules.to_act(state) == (alice,)
            return last and isinstance(action, SubmitOrders) and not action.hold

        await play_until(bot, game_id, users, alice_hands_in_the_rounds_last_orders)
        reads, decodes = await turn_ending_command(bot, store, fd, game_id, "hex submit")
        assert (reads, decodes) == (3, 1), dict(store.calls)
        fd.assert_clean()
    await store._store.close()

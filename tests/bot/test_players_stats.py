"""/stats and /leaderboard (issue 35, item 5) through the fake Discord: three members play two games of two
kinds to the end, and what /stats, /leaderboard and the lobby say is exactly what happened: the ratings
the library gives for those results in that order, the games and wins, the turns played, the latest
results."""

from __future__ import annotations

import time
from pathlib import Path

from bot.clock import stamp
from bot.games import GAMES
from bot.ratings import Played, Rating, rate
from bot.results import parts
from bot.standings import MemberStats, Reliability
from bot.stats import HOW_RATED, NONE_YET, rating_text, record_text, stats_text
from tests.bot.discord_world import discord_world
from tests.bot.players_play import open_table, play

MEMBERS = ("alice", "bob", "carol")
KINDS = (("skirmish", "risk"), ("hexwar", "lobby"))  # (game, channel), played in this order


async def test_three_members_play_two_games_to_the_end_and_stats_and_leaderboard_show_exactly_that(
    tmp_path: Path,
) -> None:
    async with discord_world(str(tmp_path / "g.db")) as (fd, bot):
        users = {fd.user_id(m): m for m in MEMBERS}
        expected: dict[str, dict[int, Rating]] = {}
        finished: list[tuple[str, int, dict[int, int]]] = []  # (game, id, place by member)
        turns: dict[int, int] = dict.fromkeys(users, 0)
        for name, channel in KINDS:
            started = time.perf_counter()
            await open_table(fd, GAMES[name], channel, MEMBERS)
            joined = [
                m for m in fd.messages(channel, ephemeral=False) if "joined game #" in (m.content or "")
            ]
            if not finished:  # nobody has finished a game yet
                assert all("Reliability: no finished games here yet." in m.content for m in joined)
            else:
                after_one = "played before the deadline (none missed) in 1 finished game; 0 seats abandoned."
                assert all(after_one in m.content for m in joined)
            game_id = await play(fd, bot, GAMES[name], channel, MEMBERS)
            print(name, "played to the end in", round(time.perf_counter() - started, 1), "s")
            found = await bot.service.loaded(game_id)
            assert found.game.status == "ended"
            rules = GAMES[name].rules
            outcome = rules.result(bot.service.state_of(found.game))
            assert outcome is not None, "played to its result, not ended by hand"
            made = parts(found.seats, outcome.winners, await bot.store.game_outline(game_id))
            assert all(p.weight == 1.0 and p.missed == 0 and not p.abandoned for p in made)
            board = expected.setdefault(name, {})
            board.update(rate(board, [Played(p.user_id, p.side, p.place) for p in made]))
            finished.append((name, game_id, {p.user_id: p.place for p in made if p.user_id is not None}))
            for p in made:
                assert p.user_id is not None
                turns[p.user_id] += p.turns
            assert all(p.turns > 0 for p in made)

        for user, member in users.items():
            answer = await fd.slash(member, "lobby", "stats")
            assert answer.ephemeral
            (embed,) = answer.embeds
            assert embed["footer"]["text"] == HOW_RATED
            text = embed["description"]
            for name, board in expected.items():
                title = GAMES[name].title
                assert f"**{title}**: {rating_text(board[user])} · {record_text(board[user])}" in text
            total = turns[user]
            assert (
                f"**Reliability**: {total} of {total} turns played before the deadline (none missed) "
                "in 2 finished games; 0 seats abandoned." in text
            )
            lines = [line for line in text.splitlines() if line.startswith("- ")]
            want = []
            for name, game_id, places in reversed(finished):
                ended = (await bot.service.load(game_id)).updated_at
                verb = {1: "Won", 2: "Lost", 0: "Drawn (ended unfinished)"}[places[user]]
                want.append(f"- {verb}: {GAMES[name].title}, game #{game_id}, {stamp(ended, 'd')}")
            assert lines == want

        someone = fd.user_id("bob")
        one_game = await fd.slash("alice", "lobby", "stats", member=someone, game="hexwar")
        text = one_game.embeds[0]["description"]
        assert GAMES["skirmish"].title not in text.split("**Reliability**")[0]
        assert f"{rating_text(expected['hexwar'][someone])}" in text

        for name, board in expected.items():
            answer = await fd.slash("carol", "lobby", "leaderboard", game=name, min_games=1)
            assert answer.ephemeral
            ranked = sorted(board.items(), key=lambda kv: (kv[1].shown, kv[0]), reverse=True)
            want = "\n".join(
                f"{n}. <@{user}>: {rating_text(r)} · {record_text(r)}"
                for n, (user, r) in enumerate(ranked, 1)
            )
            assert answer.embeds[0]["description"] == want
            assert answer.embeds[0]["footer"]["text"] == f"Members with at least 1 rated game. {HOW_RATED}"
            nobody = await fd.slash("carol", "lobby", "leaderboard", game=name)
            assert nobody.embeds[0]["description"] == "Nobody here has played 3 rated games of it yet."
        # The rebuild from the stored results gives the live numbers exactly.
        guild = fd.guild_id("War Room")
        live = {name: await bot.store.leaderboard(guild, name, 1) for name in expected}
        assert all(dict(live[name]) == board for name, board in expected.items())
        assert await bot.store.rebuild_standings() == (6, 3)
        assert {name: await bot.store.leaderboard(guild, name, 1) for name in expected} == live
        wrong = await fd.slash("carol", "lobby", "leaderboard", game="chess")
        assert wrong.ephemeral and wrong.content.startswith("Warboard plays ")
        fd.assert_clean()


def test_stats_of_a_member_with_nothing_finished_say_so_once() -> None:
    titles = {"risk": "Risk"}.__getitem__
    assert stats_text(MemberStats(), titles) == NONE_YET
    assert stats_text(MemberStats(), titles, "risk") == "**Risk**: no rated games here yet."
    left = MemberStats(reliability=Reliability(abandoned=1))
    assert stats_text(left, titles) == (
        f"{NONE_YET}\n**Reliability**: no finished games here yet; 1 seat abandoned."
    )
    one = MemberStats(reliability=Reliability(games=1, turns=12, missed=2))
    assert stats_text(one, titles).endswith(
        "**Reliability**: 10 of 12 turns played before the deadline (2 missed) in 1 finished game; "
        "0 seats abandoned."
    )
